import FlowExpression
import FlowIR

extension MutantCollector {
    /// `row-text-swapped` for each pair of adjacent texts of a list's rows, `row-event-dropped` for a list whose
    /// rows send an event when tapped, and `row-action-dropped` / `row-action-swapped` for each row action. Each is a
    /// part of the screen (`list <name>`) that criteria can name in `concerns:`.
    mutating func lists(of screen: Screen, index screenIndex: Int) {
        for (listIndex, list) in screen.lists.enumerated() {
            part = .list(list.name)
            for position in list.texts.indices.dropLast() {
                let first = list.texts[position], second = list.texts[position + 1]
                guard first.value != second.value else { continue }
                add(.rowTextSwapped, "row texts \(first.name) ↔ \(second.name)", range: list.range, screen: screenIndex,
                    flow: screen.flow, event: nil) { app in
                    guard app.screens.indices.contains(screenIndex), app.screens[screenIndex].lists.indices.contains(listIndex),
                          app.screens[screenIndex].lists[listIndex].texts.indices.contains(position + 1) else { return }
                    app.screens[screenIndex].lists[listIndex].texts[position].value = second.value
                    app.screens[screenIndex].lists[listIndex].texts[position + 1].value = first.value
                }
            }
            if let tap = list.tap {
                add(.rowEventDropped, "tap: \(tap.event) → dropped", range: list.range, screen: screenIndex,
                    flow: screen.flow, event: nil) { app in
                    guard app.screens.indices.contains(screenIndex), app.screens[screenIndex].lists.indices.contains(listIndex) else { return }
                    app.screens[screenIndex].lists[listIndex].tap = nil
                }
            }
            rowActions(of: list, list: listIndex, screen: screenIndex, flow: screen.flow)
        }
        part = nil
    }
}

extension MutantCollector {
    /// A row action dropped, and a row action's event exchanged with the tap's (or, without a tap, the next action's):
    /// a swipe that opens the row instead of deleting it, a tap that deletes.
    private mutating func rowActions(of list: ScreenList, list listIndex: Int, screen screenIndex: Int, flow: Int) {
        for (position, action) in list.actions.enumerated() {
            let gesture = action.gesture == .swipe ? "swipe" : "long_press"
            add(.rowActionDropped, "\(gesture) \(action.name): \(action.event) → dropped", range: action.range, screen: screenIndex, flow: flow, event: nil) { app in
                guard app.screens.indices.contains(screenIndex), app.screens[screenIndex].lists.indices.contains(listIndex),
                      app.screens[screenIndex].lists[listIndex].actions.indices.contains(position) else { return }
                app.screens[screenIndex].lists[listIndex].actions.remove(at: position)
            }
            let other: (name: String, event: String, payload: [(field: String, source: ScreenList.PayloadSource)], action: Int?)?
            if let tap = list.tap {
                other = ("tap", tap.event, tap.payload, nil)
            } else if list.actions.indices.contains(position + 1) {
                let next = list.actions[position + 1]
                other = (next.name, next.event, next.payload, position + 1)
            } else {
                other = nil
            }
            guard let other, other.event != action.event else { continue }
            add(.rowActionSwapped, "\(gesture) \(action.name): \(action.event) ↔ \(other.name): \(other.event)", range: action.range,
                screen: screenIndex, flow: flow, event: nil) { app in
                guard app.screens.indices.contains(screenIndex), app.screens[screenIndex].lists.indices.contains(listIndex),
                      app.screens[screenIndex].lists[listIndex].actions.indices.contains(position) else { return }
                app.screens[screenIndex].lists[listIndex].actions[position].event = other.event
                app.screens[screenIndex].lists[listIndex].actions[position].payload = other.payload
                if let index = other.action {
                    app.screens[screenIndex].lists[listIndex].actions[index].event = action.event
                    app.screens[screenIndex].lists[listIndex].actions[index].payload = action.payload
                } else {
                    app.screens[screenIndex].lists[listIndex].tap = (action.event, action.payload)
                }
            }
        }
    }
}

/// `update-field-swapped` at a record written from another (`a with {name: …}`, lowered to a record whose other fields
/// read `a.<field>`): the new value goes into another field of the same type that the record kept, and the field meant
/// to change keeps its old value.
func updateFieldEdits(of node: TypedExpression) -> [(MutationOperator, TypedExpression, String)] {
    guard case .record(let type, let fields) = node.kind else { return [] }
    /// The record a field is kept from (`a` in `name: a.name`), or nil when the field is written anew.
    func keptFrom(_ field: TypedRecordField) -> TypedExpression? {
        if case .member(let base, let name) = field.value.kind, name == field.name { return base }
        return nil
    }
    let kept = fields.compactMap(keptFrom)
    guard let base = kept.first, kept.allSatisfy({ $0 == base }) else { return [] }
    var out: [(MutationOperator, TypedExpression, String)] = []
    for (changed, field) in fields.enumerated() where keptFrom(field) == nil {
        guard let other = fields.indices.first(where: { keptFrom(fields[$0]) != nil && fields[$0].value.type == field.value.type }) else { continue }
        var swapped = fields
        swapped[other].value = field.value
        swapped[changed].value = TypedExpression(type: field.value.type, span: field.value.span, kind: .member(base, field.name))
        out.append((.updateFieldSwapped, TypedExpression(type: node.type, span: node.span, kind: .record(type: type, fields: swapped)),
                    "with {\(field.name): …} → {\(fields[other].name): …} (\(type))"))
    }
    return out
}
