import FlowExpression
import FlowIR

/// One row of a screen's list as it shows now: what tells it apart (its key, or its position) and its texts.
public struct ShownRow: Hashable, Sendable {
    public var id: String
    public var texts: [String: String]
    public init(id: String, texts: [String: String]) { self.id = id; self.texts = texts }
}

extension Interpreter {
    /// The current screen's lists (`lists:`), by name, each row with its texts filled in.
    public func rows() throws -> [String: [ShownRow]] {
        var shown: [String: [ShownRow]] = [:]
        for list in currentScreen.lists { shown[list.name] = try rows(of: list) }
        return shown
    }

    /// The rows of one list of the current screen.
    func rows(of list: ScreenList) throws -> [ShownRow] {
        var copy = self
        let ids: [String]
        if let keys = list.keys {
            ids = try Self.elements(copy.evaluateExpression(keys, event: [:])).map(Self.words)
        } else {
            ids = try Self.elements(copy.evaluateExpression(list.rows, event: [:])).indices.map(String.init)
        }
        var rows = ids.map { ShownRow(id: $0, texts: [:]) }
        for text in list.texts {
            let values = try Self.elements(copy.evaluateExpression(text.value, event: [:]))
            for (index, value) in values.enumerated() where rows.indices.contains(index) { rows[index].texts[text.name] = Self.words(value) }
        }
        return rows
    }

    /// The position of the row of `list` whose key reads `key` on the current screen; nil when none does.
    public func rowIndex(_ list: String, key: String) throws -> Int? {
        guard let declared = currentScreen.lists.first(where: { $0.name == list }) else { return nil }
        return try rows(of: declared).firstIndex { $0.id == key }
    }

    /// Taps row `index` of `list` on the current screen: sends the list's row event with its payload filled from the
    /// row. Fails when the screen has no such list, the list no row event, or the row is not there.
    @discardableResult
    public mutating func tapRow(_ list: String, at index: Int) throws -> MacroStep {
        try sendRowEvent(list, action: nil, at: index)
    }

    /// Performs row action `action` (`swipe:`, `long_press:`) on row `index` of `list` on the current screen: sends the
    /// action's event with its payload filled from the row, as a tap does.
    @discardableResult
    public mutating func rowAction(_ list: String, _ action: String, at index: Int) throws -> MacroStep {
        try sendRowEvent(list, action: action, at: index)
    }

    /// The row actions of `list` on the current screen with each row's label, in declaration order; none when the
    /// screen does not show the list.
    public func rowActions(_ list: String) throws -> [(action: ScreenList.RowAction, labels: [String])] {
        guard let declared = currentScreen.lists.first(where: { $0.name == list }) else { return [] }
        var copy = self
        return try declared.actions.map { action in (action, try Self.elements(copy.evaluateExpression(action.label, event: [:])).map(Self.words)) }
    }

    /// Sends the event of a tap (`action` nil) or of a row action on row `index` of `list`, its payload filled from the row.
    private mutating func sendRowEvent(_ list: String, action: String?, at index: Int) throws -> MacroStep {
        let screenID = currentScreen.id
        guard let declared = currentScreen.lists.first(where: { $0.name == list }) else {
            throw RuntimeFailure(message: "screen '\(screenID)' shows no list '\(list)'", step: stepCount)
        }
        guard let rowEvent = declared.rowEvent(action) else {
            if let action {
                let names = declared.actions.map { "'\($0.name)'" }
                throw RuntimeFailure(message: "the rows of list '\(list)' on '\(screenID)' have no action '\(action)'"
                                     + (names.isEmpty ? " (no 'swipe:' or 'long_press:')" : "; their actions are \(names.joined(separator: ", "))"), step: stepCount)
            }
            throw RuntimeFailure(message: "the rows of list '\(list)' on '\(screenID)' send nothing when tapped (no 'tap:')", step: stepCount)
        }
        let elements = try Self.elements(evaluateExpression(declared.rows, event: [:]))
        guard elements.indices.contains(index) else {
            throw RuntimeFailure(message: "list '\(list)' on '\(screenID)' has \(elements.count) row\(elements.count == 1 ? "" : "s"); there is no row \(index)", step: stepCount)
        }
        var payload: [String: Value] = [:]
        for entry in rowEvent.payload {
            switch entry.source {
            case .row: payload[entry.field] = elements[index]
            case .index: payload[entry.field] = .int(index)
            case .key:
                if let keys = declared.keys, case let values = try Self.elements(evaluateExpression(keys, event: [:])), values.indices.contains(index) {
                    payload[entry.field] = values[index]
                }
            case .field(let name):
                if case .record(let fields) = elements[index] { payload[entry.field] = fields[name] ?? .null }
            }
        }
        return try send(rowEvent.event, payload: payload)
    }

    private static func elements(_ value: Value) -> [Value] {
        if case .list(let elements) = value { return elements }
        return []
    }

    private static func words(_ value: Value) -> String {
        if case .text(let words) = value { return words }
        return value.description
    }
}

extension Interpreter {
    /// Taps the row a scenario chose: by position, or the one whose key reads as written.
    @discardableResult
    public mutating func tapRow(_ list: String, _ row: Scenario.RowChoice) throws -> MacroStep {
        try tapRow(list, at: rowPosition(list, row))
    }

    /// Performs the row action a scenario chose on the row it chose.
    @discardableResult
    public mutating func rowAction(_ list: String, _ action: String, _ row: Scenario.RowChoice) throws -> MacroStep {
        try rowAction(list, action, at: rowPosition(list, row))
    }

    /// The position of the row a scenario chose: as written, or the one whose key reads as written.
    func rowPosition(_ list: String, _ row: Scenario.RowChoice) throws -> Int {
        switch row {
        case .index(let index): return index
        case .key(let key):
            guard let index = try rowIndex(list, key: key) else {
                let keys = try rows()[list]?.map { "'\($0.id)'" } ?? []
                throw RuntimeFailure(message: "list '\(list)' on '\(currentScreen.id)' has no row with the key '\(key)'"
                                     + (keys.isEmpty ? "" : "; its keys are \(keys.joined(separator: ", "))"), step: stepCount)
            }
            return index
        }
    }
}

/// The first way the current screen's lists differ from a scenario's `rows:`, in words; nil when they agree.
func checkRows(_ expected: [(list: String, rows: [[(name: String, text: String)]])], run: Interpreter) throws -> String? {
    guard !expected.isEmpty else { return nil }
    let shown = try run.rows()
    for list in expected {
        let rows = shown[list.list] ?? []
        guard rows.count == list.rows.count else {
            return "expected \(list.rows.count) row\(list.rows.count == 1 ? "" : "s") in list \(list.list) on \(run.currentScreen.id), found \(rows.count)"
                + (rows.isEmpty ? "" : ": " + rows.map { row in "[" + row.texts.sorted { $0.key < $1.key }.map { "\($0.key) \"\($0.value)\"" }.joined(separator: ", ") + "]" }.joined(separator: ", "))
        }
        for (index, row) in list.rows.enumerated() {
            for text in row where rows[index].texts[text.name] != text.text {
                return "expected row \(index) of list \(list.list) on \(run.currentScreen.id) to show \(text.name) \"\(text.text)\", found \"\(rows[index].texts[text.name] ?? "")\""
                    + invisibleDifference(expected: text.text, found: rows[index].texts[text.name] ?? "")
            }
        }
    }
    return nil
}
