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
            lines.append("    \(list.name) (\(rows.count) row\(rows.count == 1 ? "" : "s")\(tap))" + (rows.isEmpty ? ": empty" : ":"))
            for row in rows {
                let texts = list.texts.map { "\($0.name): \"\(row.texts[$0.name] ?? "")\"" }.joined(separator: " · ")
                lines.append("      [\(row.id)] " + texts)
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
}
