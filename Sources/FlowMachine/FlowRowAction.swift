/// How a person reaches a row action: by swiping the row (SwiftUI's `.swipeActions`) or by pressing and holding it
/// (`.contextMenu`).
public enum FlowRowGesture: String, Hashable, Sendable {
    case swipe
    case longPress
}

/// Which edge of a row a swipe reveals an action at: `trailing` is a swipe left, `leading` a swipe right (SwiftUI's
/// `HorizontalEdge`).
public enum FlowSwipeEdge: String, Hashable, Sendable {
    case trailing
    case leading
}

/// One action a row of a list offers besides a tap (`swipe:` or `long_press:` in the flows), ready for SwiftUI:
///
/// ```swift
/// ForEach(machine.rows(.assets)) { row in
///     AssetRow(row)
///         .swipeActions(edge: .trailing) {
///             ForEach(machine.swipeActions(.assets, at: row.index, edge: .trailing)) { action in
///                 Button(action.label, role: action.isDestructive ? .destructive : nil) {
///                     if let event = try? machine.rowActionEvent(.assets, action.action, at: row.index) { model.send(event) }
///                 }
///             }
///         }
/// }
/// ```
public struct FlowRowAction<Action: FlowName>: Identifiable, Hashable, Sendable {
    /// The action's name in the flows (what `rowActionEvent(_:_:at:)` takes).
    public let action: Action
    /// The button's words, filled in from the row.
    public let label: String
    public let gesture: FlowRowGesture
    /// For a swipe, the edge its button shows at (`.trailing` for a long press, where it means nothing).
    public let edge: FlowSwipeEdge
    /// A red button (`role: destructive` in the flows; SwiftUI's `ButtonRole.destructive`).
    public let isDestructive: Bool

    public var id: Action { action }

    public init(action: Action, label: String, gesture: FlowRowGesture, edge: FlowSwipeEdge, isDestructive: Bool) {
        self.action = action; self.label = label; self.gesture = gesture; self.edge = edge; self.isDestructive = isDestructive
    }
}

/// A generated machine whose list rows offer actions besides a tap: the actions of a row now, and the event each sends.
public protocol FlowRowActing: FlowListShowing {
    /// Every row action name of the app (`RegentRowAction`).
    associatedtype RowAction: FlowName
    /// The actions row `index` of `list` offers now, in declaration order, each with its label; throws the
    /// `FlowFailure` of a value the flows cannot compute now.
    func computeRowActions(_ list: List, at index: Int) throws -> [FlowRowAction<RowAction>]
    /// The event row action `action` on row `index` of `list` sends, its payload filled from the row; nil when the
    /// current screen does not show `list`, its rows do not offer `action`, or it has no row `index`.
    func rowActionEvent(_ list: List, _ action: RowAction, at index: Int) throws -> Event?
}

extension FlowRowActing {
    /// The buttons a swipe of row `index` of `list` reveals at `edge`; none when they cannot be computed
    /// (`readFailure()` says why).
    public func swipeActions(_ list: List, at index: Int, edge: FlowSwipeEdge = .trailing) -> [FlowRowAction<RowAction>] {
        ((try? computeRowActions(list, at: index)) ?? []).filter { $0.gesture == .swipe && $0.edge == edge }
    }

    /// The actions pressing and holding row `index` of `list` offers (a context menu); none when they cannot be
    /// computed.
    public func contextMenuActions(_ list: List, at index: Int) -> [FlowRowAction<RowAction>] {
        ((try? computeRowActions(list, at: index)) ?? []).filter { $0.gesture == .longPress }
    }
}
