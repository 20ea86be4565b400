import FlowIR
import FlowRuntime
import FlowSource

/// A list's row gestures as coverage items: its tap and each row action (`swipe:`, `long_press:`), exercised when the
/// gesture's event arrived while the screen showing the list was current (as `tap_row`, `swipe_row` and
/// `long_press_row` send it).
extension CoverageReport {
    struct RowGestureItem {
        var screen: String
        var list: String
        /// `tap`, `swipe delete`, `long_press archive`.
        var gesture: String
        var event: String
        var range: SourceRange
        var performed: Bool

        /// `R-S6 assets: swipe delete → asset_swiped_delete`.
        var name: String { "\(screen) \(list): \(gesture) → \(event)" }
    }

    static func rowGestures(of app: App, results: [ScenarioResult]) -> [RowGestureItem] {
        var items: [RowGestureItem] = []
        for screenIndex in app.flows.flatMap(\.screens) where app.screens.indices.contains(screenIndex) {
            let screen = app.screens[screenIndex]
            for list in screen.lists {
                if let tap = list.tap {
                    items.append(RowGestureItem(screen: screen.id, list: list.name, gesture: "tap", event: tap.event, range: list.range, performed: false))
                }
                for action in list.actions {
                    items.append(RowGestureItem(screen: screen.id, list: list.name, gesture: "\(action.gesture.rawValue) \(action.name)",
                                                event: action.event, range: action.range, performed: false))
                }
            }
        }
        guard !items.isEmpty else { return [] }
        var arrived: Set<String> = []
        for result in results {
            var current: String?
            for step in result.trace.steps {
                if case .event(let event) = step.trigger, let current { arrived.insert("\(current)\u{0}\(event)") }
                current = step.screen
            }
        }
        for index in items.indices { items[index].performed = arrived.contains("\(items[index].screen)\u{0}\(items[index].event)") }
        return items
    }
}
