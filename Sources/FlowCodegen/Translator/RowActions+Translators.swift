import FlowExpression
import FlowIR

/// The actions of list rows besides a tap (`swipe:`, `long_press:`): the `RowAction` names, `computeRowActions(_:at:)`
/// (each action's label, gesture, edge and role, for SwiftUI's `.swipeActions` and `.contextMenu`) and
/// `rowActionEvent(_:_:at:)` (the event an action sends, filled from the row).
extension AppNames {
    /// Whether some list's rows offer actions besides a tap: an app without them gets none of this API.
    var showsRowActions: Bool { !rowActionCases.isEmpty }
}

extension TypesTranslator {
    func rowActionDeclaration() -> SwiftDeclaration {
        let cases = names.rowActionCases.map { entry -> SwiftEnumCase in
            let places = app.screens.flatMap { screen in
                screen.lists.filter { $0.actions.contains { $0.name == entry.name } }.map { "\(screen.id)'s \($0.name)" }
            }
            return nameCase(entry, doc: ["Offered on the rows of " + Self.listed(places) + "."])
        }
        let example = names.rowActionCases.first?.swift ?? "delete"
        return namesDeclaration(name: names.rowAction,
                                doc: ["The actions \(app.name)'s list rows offer besides a tap (`swipe:`, `long_press:`), by their names in the flows:",
                                      "`machine.rowActionEvent(list, .\(example), at: row.index)`."],
                                cases: cases)
    }
}

extension MachineTranslator {
    /// `computeRowActions(_:at:)`: the actions row `index` of `list` offers now, each with its label filled in.
    mutating func rowActionsFunction() -> SwiftDeclaration {
        var cases: [SwiftSwitchCase] = []
        for (index, screen) in app.screens.enumerated() {
            let scope = code.formScope(screen)
            for list in screen.lists where !list.actions.isEmpty {
                var body: [SwiftStatement] = []
                var made: [SwiftExpression] = []
                for (position, action) in list.actions.enumerated() {
                    let labels = "labels\(position)"
                    code.expressions.translatingKey = "\(screen.id).\(list.name).\(action.gesture.rawValue).\(action.name)"
                    defer { code.expressions.translatingKey = nil }
                    body.append(.declare(isLet: true, name: labels, type: nil, value: ExpressionTranslator.wrap(code.expressions.value(action.label, scope: scope))))
                    body.append(.guard(conditions: [.expression(.call(.member(.id(labels).dot("indices"), "contains"), [SwiftArgument(nil, .id("index"))]))],
                                       otherwise: [.return(.id("[]"))]))
                    made.append(.call(.id("FlowRowAction"), [
                        SwiftArgument("action", .member(nil, names.rowActionCase(action.name))),
                        SwiftArgument("label", .subscript(.id(labels), .id("index"))),
                        SwiftArgument("gesture", .member(nil, action.gesture == .swipe ? "swipe" : "longPress")),
                        SwiftArgument("edge", .member(nil, action.edge.rawValue)),
                        SwiftArgument("isDestructive", .id(action.destructive ? "true" : "false")),
                    ]))
                }
                body.append(.return(.array(made)))
                cases.append(SwiftSwitchCase(["(\(index), .\(names.listCase(list.name)))"], [.comment("\(screen.id) \(screen.name): the actions of a row of '\(list.name)'")] + body))
            }
        }
        let body: [SwiftStatement] = cases.isEmpty ? [.return(.id("[]"))]
            : [.switch(.tuple([.id("screenNumber"), .id("list")]), cases + [.default([.return(.id("[]"))])])]
        return SwiftDeclaration(doc: ["The actions row `index` of `list` offers now besides a tap (`swipe:`, `long_press:` in the flows), in",
                                      "the order the flows declare them, each with its label filled in from the row; none when the current",
                                      "screen does not show `list` or it has no row `index`. Views read `swipeActions(_:at:edge:)` and",
                                      "`contextMenuActions(_:at:)`, which do not throw."],
                                access: publicAccess,
                                .function(modifiers: [], name: "computeRowActions",
                                          parameters: [SwiftParameter(label: "_", name: "list", type: names.list), SwiftParameter(label: "at", name: "index", type: "Int")],
                                          effects: ["throws"], returns: "[FlowRowAction<\(names.rowAction)>]", body: body))
    }

    /// `rowActionEvent(_:_:at:)`: the event a row action sends, with its payload taken from the row.
    mutating func rowActionEventFunction() -> SwiftDeclaration {
        var cases: [SwiftSwitchCase] = []
        for (index, screen) in app.screens.enumerated() {
            let scope = code.formScope(screen)
            for list in screen.lists {
                for action in list.actions {
                    guard let event = app.events.first(where: { $0.name == action.event }) else { continue }
                    let body = rowEventBody(list, event: event, payload: action.payload, scope: scope)
                    cases.append(SwiftSwitchCase(["(\(index), .\(names.listCase(list.name)), .\(names.rowActionCase(action.name)))"],
                                                 [.comment("\(screen.id) \(screen.name): '\(action.name)' on a row of '\(list.name)' sends '\(action.event)'")] + body))
                }
            }
        }
        let body: [SwiftStatement] = cases.isEmpty ? [.return(.id("nil"))]
            : [.switch(.tuple([.id("screenNumber"), .id("list"), .id("action")]), cases + [.default([.return(.id("nil"))])])]
        return SwiftDeclaration(doc: ["The event row action `action` on row `index` of `list` sends now, its payload filled from the row; nil",
                                      "when the current screen does not show `list`, its rows do not offer `action`, or it has no row `index`.",
                                      "Send it as any event."],
                                access: publicAccess,
                                .function(modifiers: [], name: "rowActionEvent",
                                          parameters: [SwiftParameter(label: "_", name: "list", type: names.list),
                                                       SwiftParameter(label: "_", name: "action", type: names.rowAction),
                                                       SwiftParameter(label: "at", name: "index", type: "Int")],
                                          effects: ["throws"], returns: "\(names.event)?", body: body))
    }
}
