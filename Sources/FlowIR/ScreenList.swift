import FlowExpression
import FlowSource

/// A collection a screen shows (`lists:`): one row per element of `rows`, each with its texts, an identity and the
/// event a tap on it sends. Every per-row expression is already lowered over the whole list
/// (`rows.map(row, <text>)`), so both back ends evaluate them with what they already have.
public struct ScreenList: Sendable {
    /// Where a value of the row event's payload comes from.
    public enum PayloadSource: Sendable, Hashable {
        /// The row's element itself (`row: Asset`).
        case row
        /// Its position in the list, from 0 (`index: int`).
        case index
        /// Its key (`key:` of the list).
        case key
        /// A field of the element with the payload field's name (`id: text` ← `asset.id`).
        case field(String)
    }

    public var name: String
    /// The list the rows come from (type `list<element>`).
    public var rows: TypedExpression
    /// The name each row's element goes by (`row` when not written).
    public var rowName: String
    public var element: ValueType
    /// Each row's key as `rows.map(row, key)`; nil: rows are told apart by position.
    public var keys: TypedExpression?
    /// Each row's texts, each as `rows.map(row, text)` (a `list<text>`), in declaration order.
    public var texts: [(name: String, value: TypedExpression)] = []
    /// The event a tap on a row sends, and where each value of its payload comes from.
    public var tap: (event: String, payload: [(field: String, source: PayloadSource)])?
    /// The screen texts (in `Screen.texts`) that are this list's empty state: they read as written while the list
    /// has no rows, and as nothing otherwise.
    public var emptyTexts: [String] = []
    public var range: SourceRange

    public init(name: String, rows: TypedExpression, rowName: String, element: ValueType, range: SourceRange) {
        self.name = name; self.rows = rows; self.rowName = rowName; self.element = element; self.range = range
    }
}
