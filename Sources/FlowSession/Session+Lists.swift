import FlowIR
import FlowRuntime

extension Session {
    /// The screen's lists as they show now, a row a line with its key and texts; none when it shows no list.
    func listLines() -> [String] {
        let screen = interpreter.currentScreen
        guard !screen.lists.isEmpty else { return [] }
        let shown = try? interpreter.rows()
        var lines = ["  lists:"]
        for list in screen.lists {
            guard let rows = shown?[list.name] else {
                lines.append("    \(list.name): (cannot be shown)")
                continue
            }
            let tap = list.tap.map { ", a tap sends \($0.event)" } ?? ""
            let actions = list.actions.map { ", \($0.gesture == .swipe ? "swipe" : "long-press") \($0.name) sends \($0.event)" }.joined()
            lines.append("    \(list.name) (\(rows.count) row\(rows.count == 1 ? "" : "s")\(tap)\(actions))" + (rows.isEmpty ? ": empty" : ":"))
            let labels = (try? interpreter.rowActions(list.name)) ?? []
            for (index, row) in rows.enumerated() {
                let texts = list.texts.map { "\($0.name): \"\(row.texts[$0.name] ?? "")\"" }.joined(separator: " · ")
                let buttons = labels.compactMap { entry in entry.labels.indices.contains(index) ? "[\(entry.action.name): \"\(entry.labels[index])\"]" : nil }
                lines.append("      [\(row.id)] " + texts + (buttons.isEmpty ? "" : "  " + buttons.joined(separator: " ")))
            }
        }
        return lines
    }

    /// `tap_row <list> <key or position>`: a row's key when one reads so, else a position from 0.
    func rowChoice(_ arguments: [String]) throws -> (String, Scenario.RowChoice) {
        guard arguments.count == 2 else { throw CommandError(description: "tap_row needs a list and a row's key or position, as in 'tap_row assets A2'") }
        let list = arguments[0]
        let which = arguments[1].trimmingCharacters(in: .whitespaces)
        let lists = interpreter.currentScreen.lists
        guard lists.contains(where: { $0.name == list }) else {
            throw CommandError(description: "'\(interpreter.currentScreen.id)' shows no list '\(list)'"
                               + (lists.isEmpty ? "" : "; its lists: " + lists.map(\.name).joined(separator: ", ")))
        }
        if try interpreter.rowIndex(list, key: which) != nil { return (list, .key(which)) }
        if let index = Int(which) { return (list, .index(index)) }
        return (list, .key(which))
    }

    /// `swipe_row <list> <action> <key or position>` (or `long_press_row`): the list, one of its actions of that
    /// gesture, and the row (last, as a key may have spaces).
    func rowActionChoice(_ command: String, _ arguments: [String]) throws -> (String, Scenario.RowChoice, String) {
        guard arguments.count == 3 else {
            throw CommandError(description: "\(command) needs a list, an action and a row's key or position, as in '\(command) assets delete A2'")
        }
        let (list, row) = try rowChoice([arguments[0], arguments[2]])
        let action = arguments[1]
        let gesture: ScreenList.RowAction.Gesture = command == "swipe_row" ? .swipe : .longPress
        let offered = interpreter.currentScreen.lists.first { $0.name == list }?.actions.filter { $0.gesture == gesture }.map(\.name) ?? []
        guard offered.contains(action) else {
            throw CommandError(description: "the rows of '\(list)' have no \(gesture == .swipe ? "swipe" : "long-press") action '\(action)'"
                               + (offered.isEmpty ? "" : "; their \(gesture == .swipe ? "swipe" : "long-press") actions: " + offered.joined(separator: ", ")))
        }
        return (list, row, action)
    }

    /// The scenario step a row action is saved as.
    func rowActionStep(_ list: String, _ action: String, _ row: Scenario.RowChoice) -> String {
        let gesture = interpreter.currentScreen.lists.lazy.flatMap(\.actions).first { $0.name == action }?.gesture
            ?? app.screens.lazy.flatMap(\.lists).flatMap(\.actions).first { $0.name == action }?.gesture
        let step = gesture == .longPress ? "long_press_row" : "swipe_row"
        return switch row {
        case .index(let index): "- \(step): { list: \(list), index: \(index), action: \(action) }"
        case .key(let key): "- \(step): { list: \(list), key: \(yamlQuoted(key)), action: \(action) }"
        }
    }
}
