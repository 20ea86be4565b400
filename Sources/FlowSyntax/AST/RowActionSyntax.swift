import FlowSource

/// How a person reaches a row action: by swiping the row (SwiftUI's `.swipeActions`) or by pressing and holding it
/// (`.contextMenu`).
public enum RowGesture: String, Sendable, Hashable, CaseIterable {
    case swipe
    case longPress = "long_press"

    /// The scenario step that performs it: `swipe_row`, `long_press_row`.
    public var step: String { rawValue + "_row" }
}

/// One action of a list's rows under `swipe:` or `long_press:`:
/// `delete: { label: Delete, event: asset_swiped_delete, role: destructive }`.
public struct RowActionSyntax: Sendable {
    public var name: Located<String>
    public var gesture: RowGesture
    /// The button's words, with the row's name bound (`"Archive {recipient.name}"`).
    public var label: ExpressionSource?
    /// The event the action sends, its payload filled from the row as a tap's is.
    public var event: Located<String>?
    /// `destructive` (a red button; SwiftUI's `role: .destructive`); nil for an ordinary one.
    public var role: Located<String>?
    /// For a swipe: `trailing` (swipe left, the default) or `leading` (swipe right).
    public var edge: Located<String>?
    public var range: SourceRange

    public init(name: Located<String>, gesture: RowGesture, range: SourceRange) {
        self.name = name; self.gesture = gesture; self.range = range
    }
}
