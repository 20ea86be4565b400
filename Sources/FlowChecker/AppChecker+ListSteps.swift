import FlowIR
import FlowSource
import FlowSyntax

/// Scenario steps and expectations about screens' lists: `tap_row:` and `expect: { rows: ... }`.
extension AppChecker {
    func resolveTapRow(_ list: Located<String>, index: Located<Int>?, key: Located<String>?) -> Scenario.RowChoice? {
        let lists = app.screens.flatMap(\.lists)
        guard lists.contains(where: { $0.name == list.value }) else {
            let names = Set(lists.map(\.name)).sorted()
            error("unknown-member", "no screen of app '\(app.id)' shows a list '\(list.value)'" + (names.isEmpty ? "; declare it under a screen's 'lists:'" : ""),
                  at: list.range, notes: closestMatch(to: list.value, among: names).map { [.init("did you mean '\($0)'?")] } ?? [])
            return nil
        }
        guard lists.contains(where: { $0.name == list.value && $0.tap != nil }) else {
            error("unknown-event", "a tap on a row of list '\(list.value)' sends nothing; give the list 'tap:' with the event it sends", at: list.range)
            return nil
        }
        if let index {
            guard index.value >= 0 else {
                error("invalid-value", "a row's index counts from 0; \(index.value) is no row", at: index.range)
                return nil
            }
            return .index(index.value)
        }
        return key.map { .key($0.value) }
    }

    /// `swipe_row` / `long_press_row`: a list some screen shows, one of its row actions reached by that gesture, and the row.
    func resolveRowAction(_ gesture: RowGesture, list: Located<String>, index: Located<Int>?, key: Located<String>?,
                          action: Located<String>) -> (action: String, row: Scenario.RowChoice)? {
        let lists = app.screens.flatMap(\.lists).filter { $0.name == list.value }
        guard !lists.isEmpty else {
            let names = Set(app.screens.flatMap(\.lists).map(\.name)).sorted()
            error("unknown-member", "no screen of app '\(app.id)' shows a list '\(list.value)'" + (names.isEmpty ? "; declare it under a screen's 'lists:'" : ""),
                  at: list.range, notes: closestMatch(to: list.value, among: names).map { [.init("did you mean '\($0)'?")] } ?? [])
            return nil
        }
        let wanted: ScreenList.RowAction.Gesture = gesture == .swipe ? .swipe : .longPress
        let offered = Set(lists.flatMap(\.actions).filter { $0.gesture == wanted }.map(\.name)).sorted()
        guard offered.contains(action.value) else {
            let other = lists.flatMap(\.actions).first { $0.name == action.value }
            let hint = other.map { _ in "; '\(action.value)' is reached by \(gesture == .swipe ? "a long press ('long_press_row')" : "a swipe ('swipe_row')")" }
                ?? (offered.isEmpty ? "; give the list '\(gesture.rawValue):' with the action" : "; its \(gesture.rawValue) actions are \(offered.map { "'\($0)'" }.joined(separator: ", "))")
            error("unknown-member", "the rows of list '\(list.value)' have no \(gesture == .swipe ? "swipe" : "long-press") action '\(action.value)'" + hint,
                  at: action.range, notes: other == nil ? closestMatch(to: action.value, among: offered).map { [.init("did you mean '\($0)'?")] } ?? [] : [])
            return nil
        }
        if let index {
            guard index.value >= 0 else {
                error("invalid-value", "a row's index counts from 0; \(index.value) is no row", at: index.range)
                return nil
            }
            return (action.value, .index(index.value))
        }
        return key.map { (action.value, .key($0.value)) }
    }

    func resolveExpectedRows(_ expect: ExpectSyntax, screen: Int?) -> [(list: String, rows: [[(name: String, text: String)]])] {
        guard !expect.rows.isEmpty else { return [] }
        guard let screen else {
            if expect.screen == nil, let first = expect.rows.first {
                error("missing-key", "'rows' needs 'screen' in the same expectation", at: first.list.range)
            }
            return []
        }
        var resolved: [(list: String, rows: [[(name: String, text: String)]])] = []
        for entry in expect.rows {
            let lists = app.screens[screen].lists
            guard let list = lists.first(where: { $0.name == entry.list.value }) else {
                error("unknown-member", "screen '\(app.screens[screen].id)' shows no list '\(entry.list.value)'"
                      + (lists.isEmpty ? "; declare it under the screen's 'lists:'" : "; its lists are \(lists.map { "'\($0.name)'" }.joined(separator: ", "))"),
                      at: entry.list.range, notes: closestMatch(to: entry.list.value, among: lists.map(\.name)).map { [.init("did you mean '\($0)'?")] } ?? [])
                continue
            }
            let names = list.texts.map(\.name)
            var rows: [[(name: String, text: String)]] = []
            for row in entry.rows {
                var texts: [(name: String, text: String)] = []
                for item in row {
                    guard case .text(let text) = item.value else {
                        error("wrong-type", "the expected row text '\(item.field.value)' must be the words shown", at: item.field.range)
                        continue
                    }
                    guard names.contains(item.field.value) else {
                        error("unknown-member", "the rows of list '\(list.name)' have no text '\(item.field.value)'"
                              + (names.isEmpty ? "" : "; their texts are \(names.map { "'\($0)'" }.joined(separator: ", "))"),
                              at: item.field.range, notes: closestMatch(to: item.field.value, among: names).map { [.init("did you mean '\($0)'?")] } ?? [])
                        continue
                    }
                    texts.append((item.field.value, text.value))
                }
                rows.append(texts)
            }
            resolved.append((list.name, rows))
        }
        return resolved
    }
}
