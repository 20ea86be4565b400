import FlowIR
import FlowSource
import FlowSyntax

/// Scenario expectations about the words a person picks from: `expect: { options: … }` (a choice field's option
/// labels, in the current locale) and `expect: { row_actions: … }` (the label of each row's swipe and long-press
/// actions).
extension AppChecker {
    /// `options: { document_type: [Passport, "Driver's license", National ID card] }`: every option's label, in order.
    func resolveExpectedOptions(_ expect: ExpectSyntax, screen: Int?) -> [(field: String, labels: [String])] {
        guard !expect.options.isEmpty else { return [] }
        guard let screen else {
            if expect.screen == nil, let first = expect.options.first {
                error("missing-key", "'options' needs 'screen' in the same expectation", at: first.field.range)
            }
            return []
        }
        let shown = app.screens[screen]
        let choices = shown.fields.filter { !$0.options.isEmpty }.map(\.name)
        var resolved: [(field: String, labels: [String])] = []
        for entry in expect.options {
            guard choices.contains(entry.field.value) else {
                let what = shown.fields.contains { $0.name == entry.field.value } ? "no options (it is not a choice)" : "no field '\(entry.field.value)'"
                let listing = choices.isEmpty ? "; it has no choice field" : "; its choice fields are \(choices.map { "'\($0)'" }.joined(separator: ", "))"
                let subject = shown.fields.contains { $0.name == entry.field.value } ? "field '\(entry.field.value)' of screen '\(shown.id)' has" : "screen '\(shown.id)' has"
                error("unknown-member", "\(subject) \(what)\(listing)", at: entry.field.range,
                      notes: closestMatch(to: entry.field.value, among: choices).map { [.init("did you mean '\($0)'?")] } ?? [])
                continue
            }
            resolved.append((entry.field.value, entry.labels.map(\.value)))
        }
        return resolved
    }

    /// `row_actions: { favorites: [{ remove: Remove, send_money: Send money }] }`: each row's action labels, row by row.
    func resolveExpectedRowActions(_ expect: ExpectSyntax, screen: Int?) -> [(list: String, rows: [[(name: String, text: String)]])] {
        guard !expect.rowActions.isEmpty else { return [] }
        guard let screen else {
            if expect.screen == nil, let first = expect.rowActions.first {
                error("missing-key", "'row_actions' needs 'screen' in the same expectation", at: first.list.range)
            }
            return []
        }
        var resolved: [(list: String, rows: [[(name: String, text: String)]])] = []
        for entry in expect.rowActions {
            let lists = app.screens[screen].lists
            guard let list = lists.first(where: { $0.name == entry.list.value }) else {
                error("unknown-member", "screen '\(app.screens[screen].id)' shows no list '\(entry.list.value)'"
                      + (lists.isEmpty ? "; declare it under the screen's 'lists:'" : "; its lists are \(lists.map { "'\($0.name)'" }.joined(separator: ", "))"),
                      at: entry.list.range, notes: closestMatch(to: entry.list.value, among: lists.map(\.name)).map { [.init("did you mean '\($0)'?")] } ?? [])
                continue
            }
            let names = list.actions.map(\.name)
            var rows: [[(name: String, text: String)]] = []
            for row in entry.rows {
                var labels: [(name: String, text: String)] = []
                for item in row {
                    guard case .text(let text) = item.value else {
                        error("wrong-type", "the expected label of row action '\(item.field.value)' must be the words shown", at: item.field.range)
                        continue
                    }
                    guard names.contains(item.field.value) else {
                        error("unknown-member", "the rows of list '\(list.name)' have no action '\(item.field.value)'"
                              + (names.isEmpty ? " (no 'swipe:' or 'long_press:')" : "; their actions are \(names.map { "'\($0)'" }.joined(separator: ", "))"),
                              at: item.field.range, notes: closestMatch(to: item.field.value, among: names).map { [.init("did you mean '\($0)'?")] } ?? [])
                        continue
                    }
                    labels.append((item.field.value, text.value))
                }
                rows.append(labels)
            }
            resolved.append((list.name, rows))
        }
        return resolved
    }
}
