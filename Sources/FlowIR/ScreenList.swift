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
    /// The actions a row offers besides a tap (`swipe:`, `long_press:`), in declaration order; names are unique in the list.
    public var actions: [RowAction] = []
    /// The screen texts (in `Screen.texts`) that are this list's empty state: they read as written while the list
    /// has no rows, and as nothing otherwise.
    public var emptyTexts: [String] = []
    public var range: SourceRange

    public init(name: String, rows: TypedExpression, rowName: String, element: ValueType, range: SourceRange) {
        self.name = name; self.rows = rows; self.rowName = rowName; self.element = element; self.range = range
    }
}

extension ScreenList {
    /// One action of a list's rows besides a tap: a button revealed by swiping the row (SwiftUI's `.swipeActions`) or
    /// offered by pressing and holding it (`.contextMenu`), sending an event whose payload is filled from the row.
    public struct RowAction: Sendable {
        public enum Gesture: String, Sendable, Hashable {
            case swipe
            case longPress = "long_press"
        }
        /// Which edge of the row a swipe reveals the button at: trailing is a swipe left.
        public enum Edge: String, Sendable, Hashable {
            case trailing, leading
        }
        public var name: String
        public var gesture: Gesture
        public var edge: Edge
        /// A red button (`role: destructive`).
        public var destructive: Bool
        /// Each row's label as `rows.map(row, label)` (a `list<text>`).
        public var label: TypedExpression
        public var event: String
        public var payload: [(field: String, source: PayloadSource)]
        public var range: SourceRange

        public init(name: String, gesture: Gesture, edge: Edge, destructive: Bool, label: TypedExpression, event: String,
                    payload: [(field: String, source: PayloadSource)], range: SourceRange) {
            self.name = name; self.gesture = gesture; self.edge = edge; self.destructive = destructive
            self.label = label; self.event = event; self.payload = payload; self.range = range
        }
    }

    /// The event the action named `action` sends and where its payload comes from; `nil` names the tap.
    public func rowEvent(_ action: String?) -> (event: String, payload: [(field: String, source: PayloadSource)])? {
        guard let action else { return tap }
        return actions.first { $0.name == action }.map { ($0.event, $0.payload) }
    }
}
