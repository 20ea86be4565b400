import FlowExpression
import FlowIR

extension MutantCollector {
    /// `action-label-changed`: the words a person picks by read wrong. Two adjacent row actions of a list exchange
    /// their labels (a "Delete" button that reads "Share"), a list's only action reads as its name (`remove`), and
    /// two adjacent options of a choice field exchange their labels (the "Passport" option reads "Driver's license"
    /// and sends `passport`), and two adjacent fields exchange their labels. Only a scenario that checks the labels
    /// (`row_actions:`, `options:`, `labels:`) kills it.
    mutating func actionLabels(of screen: Screen, index screenIndex: Int) {
        for (listIndex, list) in screen.lists.enumerated() {
            part = .list(list.name)
            for (position, action) in list.actions.enumerated() {
                let gesture = action.gesture == .swipe ? "swipe" : "long_press"
                if list.actions.count == 1 {
                    let name = TypedExpression(type: .text, span: 0..<0, kind: .literal(.text(action.name)))
                    let reading = TypedExpression(type: action.label.type, span: action.label.span,
                                                  kind: .macro(.map, list: list.rows, variable: list.rowName, body: name, filter: nil))
                    add(.actionLabelChanged, "\(gesture) \(action.name): label → '\(action.name)'", range: action.range, screen: screenIndex,
                        flow: screen.flow, event: nil) { app in
                        guard app.screens.indices.contains(screenIndex), app.screens[screenIndex].lists.indices.contains(listIndex),
                              app.screens[screenIndex].lists[listIndex].actions.indices.contains(position) else { return }
                        app.screens[screenIndex].lists[listIndex].actions[position].label = reading
                    }
                    continue
                }
                guard list.actions.indices.contains(position + 1) else { continue }
                let next = list.actions[position + 1]
                guard next.label != action.label else { continue }
                add(.actionLabelChanged, "\(gesture) \(action.name) label ↔ \(next.name) label", range: action.range, screen: screenIndex,
                    flow: screen.flow, event: nil) { app in
                    guard app.screens.indices.contains(screenIndex), app.screens[screenIndex].lists.indices.contains(listIndex),
                          app.screens[screenIndex].lists[listIndex].actions.indices.contains(position + 1) else { return }
                    app.screens[screenIndex].lists[listIndex].actions[position].label = next.label
                    app.screens[screenIndex].lists[listIndex].actions[position + 1].label = action.label
                }
            }
        }
        for (fieldIndex, field) in screen.fields.enumerated() {
            part = .field(field.name)
            for position in field.options.indices.dropLast() {
                let first = field.options[position], second = field.options[position + 1]
                guard first.label != nil || first.localised != nil || second.label != nil || second.localised != nil else { continue }
                add(.actionLabelChanged, "option \(first.value) label ↔ \(second.value) label", range: field.range, screen: screenIndex,
                    flow: screen.flow, event: nil) { app in
                    guard app.screens.indices.contains(screenIndex), app.screens[screenIndex].fields.indices.contains(fieldIndex),
                          app.screens[screenIndex].fields[fieldIndex].options.indices.contains(position + 1) else { return }
                    // Each option keeps its value (what is filled in and sent); only what it reads as moves.
                    app.screens[screenIndex].fields[fieldIndex].options[position].label = second.label ?? second.value
                    app.screens[screenIndex].fields[fieldIndex].options[position].localised = second.localised
                    app.screens[screenIndex].fields[fieldIndex].options[position + 1].label = first.label ?? first.value
                    app.screens[screenIndex].fields[fieldIndex].options[position + 1].localised = first.localised
                }
            }
        }
        fieldLabels(of: screen, index: screenIndex)
        part = nil
    }

    /// Two adjacent labelled fields of a screen exchange their labels (the "Recipient" box reads "Note"), each
    /// keeping its value and rules: only a scenario that checks `labels:` kills it.
    private mutating func fieldLabels(of screen: Screen, index screenIndex: Int) {
        let labelled = screen.fields.indices.filter { screen.fields[$0].label != nil }
        for (first, second) in zip(labelled, labelled.dropFirst()) {
            let one = screen.fields[first], other = screen.fields[second]
            guard one.label != other.label || one.captions[.label] != other.captions[.label] else { continue }
            part = .field(one.name)
            add(.actionLabelChanged, "label ↔ \(other.name) label", range: one.range, screen: screenIndex, flow: screen.flow, event: nil) { app in
                guard app.screens.indices.contains(screenIndex), app.screens[screenIndex].fields.indices.contains(second) else { return }
                app.screens[screenIndex].fields[first].label = other.label
                app.screens[screenIndex].fields[first].captions[.label] = other.captions[.label]
                app.screens[screenIndex].fields[second].label = one.label
                app.screens[screenIndex].fields[second].captions[.label] = one.captions[.label]
            }
        }
    }
}
