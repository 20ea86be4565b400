import FlowIR
import FlowRuntime
import Foundation

extension Session {
    /// The row steps a script line can take, as scenarios write them: `{"tap_row": {"list": "assets", "key": "A2"}}`,
    /// `{"swipe_row": {"list": "assets", "action": "delete", "index": 0}}`, `{"long_press_row": {...}}`.
    static let rowStepKeys = ["tap_row", "swipe_row", "long_press_row"]

    /// Runs a script's row step: the list, for a swipe or a long press the action, and the row by its key or its
    /// position from 0 (exactly one of them). Anything else in the object is refused, never guessed.
    mutating func performRowStep(_ step: String, _ raw: Any) throws {
        let isTap = step == "tap_row"
        let example = isTap ? "{\"\(step)\": {\"list\": \"assets\", \"key\": \"A2\"}}" : "{\"\(step)\": {\"list\": \"assets\", \"action\": \"delete\", \"index\": 0}}"
        guard let fields = raw as? [String: Any] else {
            throw CommandError(description: "\"\(step)\" takes an object such as \(example), not \(jsonShown(raw))")
        }
        let allowed = isTap ? ["list", "key", "index"] : ["list", "action", "key", "index"]
        for name in fields.keys.sorted() where !allowed.contains(name) {
            throw CommandError(description: "\"\(step)\" has no \"\(name)\"; it takes \(allowed.map { "\"\($0)\"" }.joined(separator: ", ")), as in \(example)")
        }
        guard let list = fields["list"] as? String else {
            throw CommandError(description: "\"\(step)\" needs \"list\", the name of a list on the screen, as in \(example)")
        }
        let row: Scenario.RowChoice
        switch (fields["key"], fields["index"]) {
        case (let key as String, nil):
            row = .key(key)
        case (nil, let number as NSNumber) where String(cString: number.objCType) != "c":
            guard let index = Int(exactly: number.doubleValue), index >= 0 else {
                throw CommandError(description: "\"index\" of \"\(step)\" is a row's position from 0, not \(jsonShown(number))")
            }
            row = .index(index)
        case (nil, nil), (.some, .some):
            throw CommandError(description: "\"\(step)\" takes a row by \"key\" or by \"index\" (its position from 0), exactly one of them")
        case (let key?, nil):
            throw CommandError(description: "\"key\" of \"\(step)\" is a row's key as text, not \(jsonShown(key))")
        case (nil, let index?):
            throw CommandError(description: "\"index\" of \"\(step)\" is a row's position from 0, not \(jsonShown(index))")
        }
        // The list and the action are checked as a person's command is: a mistyped name is answered with the choices.
        let position: String = switch row {
        case .key(let key): key
        case .index(let index): String(index)
        }
        if isTap {
            _ = try rowChoice([list, position])
            try record(savedStep(.tapRow(list: list, row: row), payload: [:])) { try $0.tapRow(list, row) }
            return
        }
        guard let action = fields["action"] as? String else {
            throw CommandError(description: "\"\(step)\" needs \"action\", one of the row's \(step == "swipe_row" ? "swipe" : "long-press") actions, as in \(example)")
        }
        _ = try rowActionChoice(step, [list, action, position])
        try record(savedStep(.rowAction(list: list, action: action, row: row), payload: [:])) { try $0.rowAction(list, action, row) }
    }
}
