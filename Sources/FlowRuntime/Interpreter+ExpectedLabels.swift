import FlowIR

/// The first way a choice field's option labels differ from a scenario's `options:`, in words; nil when they agree.
/// Labels are compared in order and in the current locale: a missing, extra, reordered or reworded option fails.
func checkOptions(_ expected: [(field: String, labels: [String])], run: Interpreter) throws -> String? {
    for field in expected {
        let shown = try run.options(of: field.field).map(\.label)
        guard shown != field.labels else { continue }
        let listed = { (labels: [String]) in "[" + labels.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }
        if shown.count == field.labels.count, let index = shown.indices.first(where: { shown[$0] != field.labels[$0] }) {
            return "expected option \(index) of \(field.field) on \(run.currentScreen.id) to read \"\(field.labels[index])\", found \"\(shown[index])\""
                + invisibleDifference(expected: field.labels[index], found: shown[index])
        }
        return "expected the options of \(field.field) on \(run.currentScreen.id) to read \(listed(field.labels)), found \(listed(shown))"
    }
    return nil
}

/// The first way the current screen's row actions differ from a scenario's `row_actions:`, in words; nil when they
/// agree. The rows are counted as `rows:` counts them; each row's listed actions must read exactly as written.
func checkRowActionLabels(_ expected: [(list: String, rows: [[(name: String, text: String)]])], run: Interpreter) throws -> String? {
    for list in expected {
        let offered = try run.rowActions(list.list)
        let count = try run.rows()[list.list]?.count ?? 0
        guard count == list.rows.count else {
            return "expected \(list.rows.count) row\(list.rows.count == 1 ? "" : "s") in list \(list.list) on \(run.currentScreen.id), found \(count)"
        }
        for (index, row) in list.rows.enumerated() {
            for label in row {
                let labels = offered.first { $0.action.name == label.name }?.labels ?? []
                let found = labels.indices.contains(index) ? labels[index] : ""
                guard found != label.text else { continue }
                return "expected row \(index) of list \(list.list) on \(run.currentScreen.id) to offer \(label.name) \"\(label.text)\", found \"\(found)\""
                    + invisibleDifference(expected: label.text, found: found)
            }
        }
    }
    return nil
}

/// The first field caption that differs from a scenario's `labels:`, `placeholders:` or `hints:`, in words; nil
/// when they agree. Each is compared exactly, in the current locale.
func checkCaptions(_ expected: [(field: String, caption: Field.Caption, words: String)], run: Interpreter) throws -> String? {
    for expectation in expected {
        let found = try run.captions(of: expectation.field)[expectation.caption] ?? ""
        guard found != expectation.words else { continue }
        return "expected the \(expectation.caption.rawValue) of \(expectation.field) on \(run.currentScreen.id) to read \"\(expectation.words)\", found \"\(found)\""
            + invisibleDifference(expected: expectation.words, found: found)
    }
    return nil
}
