import FlowSource

/// Keys of one list of a screen (`lists:`).
public let screenListKeys = ["rows", "row", "key", "texts", "tap", "empty"]

extension FlowParser {
    func parseScreenLists(_ node: YAMLNode, _ screen: String) -> [ScreenListSyntax] {
        reader.entries(node, "the lists of \(screen)").compactMap { name, value in
            let what = "list '\(name.value)' of \(screen)"
            guard let fields = reader.mapping(value, what, keys: screenListKeys, owner: name.range) else { return nil }
            var list = ScreenListSyntax(name: name, range: value.range)
            list.rows = reader.required(fields, "rows", in: what, hint: "name the list the rows come from, as in 'rows: assets'")
                .flatMap { reader.expression($0, "'rows' of \(what)") }
            list.row = optionalText(fields, "row", what)
            list.key = fields["key"].flatMap { reader.expression($0, "'key' of \(what)") }
            list.texts = fields["texts"].map { templates($0, "the row texts of \(what)") } ?? []
            list.tap = optionalText(fields, "tap", what)
            list.empty = fields["empty"].map { templates($0, "the empty state of \(what)") } ?? []
            return list
        }
    }

    private func templates(_ node: YAMLNode, _ what: String) -> [(name: Located<String>, template: ExpressionSource)] {
        reader.entries(node, what).compactMap { name, value in
            reader.expression(value, "text '\(name.value)' of \(what)").map { (name: name, template: $0) }
        }
    }
}
