import FlowSource

/// `lists: { assets: { rows: assets, row: asset, key: asset.id, texts: {...}, tap: asset_tapped, empty: {...} } }`:
/// a collection a screen shows, one row per element of a list expression.
public struct ScreenListSyntax: Sendable {
    public var name: Located<String>
    /// The list expression the rows come from.
    public var rows: ExpressionSource?
    /// The name each row's element goes by in the row's texts and key (`row` when not written).
    public var row: Located<String>?
    /// What tells rows apart (SwiftUI's `id`), read with the row's name bound; the position when not written.
    public var key: ExpressionSource?
    /// Each row's texts, with the row's name bound.
    public var texts: [(name: Located<String>, template: ExpressionSource)] = []
    /// The event a tap on a row sends, its payload filled from the row.
    public var tap: Located<String>?
    /// Texts the screen shows while the list has no rows (the empty state).
    public var empty: [(name: Located<String>, template: ExpressionSource)] = []
    /// The actions a row offers besides a tap (`swipe:`, `long_press:`), in declaration order.
    public var actions: [RowActionSyntax] = []
    public var range: SourceRange

    public init(name: Located<String>, range: SourceRange) {
        self.name = name
        self.range = range
    }
}
