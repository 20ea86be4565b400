import FlowExpression
import FlowIR
import FlowSource
import FlowSyntax

/// A list's row actions besides a tap (`swipe:`, `long_press:`): each a labelled button sending an event whose payload
/// is filled from the row, as a tap's is.
extension AppChecker {
    func checkRowActions(_ actions: [RowActionSyntax], list: ScreenList, screen: ScreenSyntax, keyType: ValueType?, what: String,
                         environment: TypeEnvironment, rowEnvironment: TypeEnvironment,
                         overRows: (TypedExpression) -> TypedExpression) -> [ScreenList.RowAction] {
        var checked: [ScreenList.RowAction] = []
        var seen: [String: SourceRange] = [:]
        for action in actions {
            checkSnakeCase(action.name, "row action")
            let gestureWords = action.gesture == .swipe ? "swipe" : "long-press"
            if let first = seen[action.name.value] {
                error("duplicate-declaration", "\(what) has two row actions named '\(action.name.value)'; a row's swipe and long-press actions share one set of names",
                      at: action.name.range, notes: [.init("first declared here", at: first)])
                continue
            }
            seen[action.name.value] = action.name.range
            // An action with a mistake still counts as declared (with what could be read), so scenarios that name it get
            // no second error; the app is not run while it has errors.
            var edge = ScreenList.RowAction.Edge.trailing
            if let written = action.edge {
                if let value = ScreenList.RowAction.Edge(rawValue: written.value) {
                    edge = value
                } else {
                    error("invalid-value", "the edge of \(gestureWords) action '\(action.name.value)' of \(what) must be 'trailing' (swipe left, the default) or 'leading' (swipe right), not '\(written.value)'",
                          at: written.range)
                }
            }
            var destructive = false
            if let role = action.role {
                if role.value == "destructive" {
                    destructive = true
                } else {
                    error("invalid-value", "the role of \(gestureWords) action '\(action.name.value)' of \(what) can only be 'destructive' (a red button); leave it out for an ordinary one",
                          at: role.range)
                }
            }
            let key = "\(screen.id.value).\(list.name).\(action.gesture.rawValue).\(action.name.value)"
            let keyed = action.label.flatMap { source in
                checkKeyedText(source, key: key, kind: .text,
                               comment: "screen \(screen.id.value) (\(screen.name?.value ?? screen.id.value)), list '\(list.name)', the label of each row's \(gestureWords) action '\(action.name.value)'",
                               in: rowEnvironment, what: "the label of \(gestureWords) action '\(action.name.value)'")
            }
            if let keyed { app.localisation.shownInside.append(keyed.localising(list.rowName)) }
            let label = keyed?.value ?? TypedExpression(type: .text, span: 0..<0, kind: .literal(.text("")))
            let send = action.event.flatMap { event in
                checkRowEvent(event, element: list.element, keyType: keyType, rowName: list.rowName, what: what, environment: environment,
                              gesture: "the \(gestureWords) action '\(action.name.value)'")
            }
            checked.append(.init(name: action.name.value, gesture: action.gesture == .swipe ? .swipe : .longPress, edge: edge,
                                 destructive: destructive, label: overRows(label), event: send?.event ?? action.event?.value ?? "",
                                 payload: send?.payload ?? [], range: action.range))
        }
        return checked
    }
}
