import FlowSource

/// Scenario steps and expectations about a screen's lists.
extension FlowParser {
    /// `tap_row: { list: assets, index: 0 }` or `tap_row: { list: assets, key: A1 }`.
    func parseTapRow(_ node: YAMLNode) -> StepSyntax.Kind? {
        let what = "'tap_row'"
        guard let fields = reader.mapping(node, what, keys: ["list", "index", "key"]) else { return nil }
        guard let list = reader.required(fields, "list", in: what, hint: "name the list, as in 'tap_row: { list: assets, index: 0 }'")
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
        return .tapRow(list: list, index: index, key: key)
    }

    /// `rows: { assets: [{ name: ISA, value: "£100.00" }, ...] }`: each row's texts, in order; `[]` for no rows.
    func expectedRows(_ node: YAMLNode) -> [(list: Located<String>, rows: [[FillSyntax]])] {
        reader.entries(node, "'rows'").map { list, value in
            (list, reader.list(value, "the rows of '\(list.value)'").map { fills($0, "a row of '\(list.value)'") })
        }
    }
}
