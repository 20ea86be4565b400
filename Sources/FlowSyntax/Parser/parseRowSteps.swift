import FlowSource

/// Scenario steps and expectations about a screen's lists.
extension FlowParser {
    /// `tap_row: { list: assets, index: 0 }` or `tap_row: { list: assets, key: A1 }`.
    func parseTapRow(_ node: YAMLNode) -> StepSyntax.Kind? {
        guard let (_, list, index, key) = rowStep(node, "tap_row", extraKeys: [], example: "{ list: assets, index: 0 }") else { return nil }
        return .tapRow(list: list, index: index, key: key)
    }

    /// `swipe_row: { list: assets, key: A1, action: delete }` or `long_press_row: { … }`.
    func parseRowAction(_ node: YAMLNode, _ gesture: RowGesture) -> StepSyntax.Kind? {
        guard let (fields, list, index, key) = rowStep(node, gesture.step, extraKeys: ["action"], example: "{ list: assets, index: 0, action: delete }"),
              let action = reader.required(fields, "action", in: "'\(gesture.step)'",
                                           hint: "name the row's action, as in '\(gesture.step): { list: \(list.value), index: 0, action: delete }'")
                .flatMap({ reader.text($0, "'action' of '\(gesture.step)'") }) else { return nil }
        return .rowAction(gesture, list: list, index: index, key: key, action: action)
    }

    /// The list and the row (by position or by key) a row step names.
    private func rowStep(_ node: YAMLNode, _ step: String, extraKeys: [String], example: String)
        -> (NodeReader.Fields, Located<String>, Located<Int>?, Located<String>?)? {
        let what = "'\(step)'"
        guard let fields = reader.mapping(node, what, keys: ["list", "index", "key"] + extraKeys) else { return nil }
        guard let list = reader.required(fields, "list", in: what, hint: "name the list, as in '\(step): \(example)'")
            .flatMap({ reader.text($0, "'list' of \(what)") }) else { return nil }
        let index = fields["index"].flatMap { reader.integer($0, "'index' of \(what)") }
        let key = fields["key"].flatMap { reader.text($0, "'key' of \(what)") }
        if (index == nil) == (key == nil) {
            if fields["index"] == nil && fields["key"] == nil {
                reader.report("missing-key", "\(what) needs 'index' (the row's position, from 0) or 'key' (the row's key)", at: node.range)
            } else if index != nil && key != nil {
                reader.report("conflicting-keys", "\(what) takes 'index' or 'key', not both", at: node.range)
            }
            return nil
        }
        return (fields, list, index, key)
    }

    /// `rows: { assets: [{ name: ISA, value: "£100.00" }, ...] }`: each row's texts, in order; `[]` for no rows.
    func expectedRows(_ node: YAMLNode, _ what: String = "'rows'") -> [(list: Located<String>, rows: [[FillSyntax]])] {
        reader.entries(node, what).map { list, value in
            (list, reader.list(value, "the rows of '\(list.value)'").map { fills($0, "a row of '\(list.value)'") })
        }
    }

    /// `options: { document_type: [Passport, "Driver's license"] }`: each choice field's option labels, in order.
    func expectedOptions(_ node: YAMLNode) -> [(field: Located<String>, labels: [Located<String>])] {
        reader.entries(node, "'options'").map { field, value in
            (field, reader.list(value, "the options of '\(field.value)'").compactMap { reader.text($0, "an option label of '\(field.value)'") })
        }
    }
}
