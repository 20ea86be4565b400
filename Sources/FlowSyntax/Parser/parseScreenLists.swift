import FlowSource

/// Keys of one list of a screen (`lists:`).
public let screenListKeys = ["rows", "row", "key", "texts", "tap", "swipe", "long_press", "empty"]

/// Keys of one row action (`swipe:`, `long_press:`).
public let rowActionKeys = ["label", "event", "role", "edge"]

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
            for gesture in RowGesture.allCases {
                if let actions = fields[gesture.rawValue] { list.actions += rowActions(actions, gesture, what) }
            }
            return list
        }
    }

    private func templates(_ node: YAMLNode, _ what: String) -> [(name: Located<String>, template: ExpressionSource)] {
        reader.entries(node, what).compactMap { name, value in
            reader.expression(value, "text '\(name.value)' of \(what)").map { (name: name, template: $0) }
        }
    }

    private func rowActions(_ node: YAMLNode, _ gesture: RowGesture, _ list: String) -> [RowActionSyntax] {
        reader.entries(node, "the '\(gesture.rawValue)' actions of \(list)").compactMap { name, value in
            let what = "\(gesture == .swipe ? "swipe" : "long-press") action '\(name.value)' of \(list)"
            let keys = gesture == .swipe ? rowActionKeys : rowActionKeys.filter { $0 != "edge" }
            guard let fields = reader.mapping(value, what, keys: keys, owner: name.range) else { return nil }
            var action = RowActionSyntax(name: name, gesture: gesture, range: value.range)
            action.label = reader.required(fields, "label", in: what, hint: "give the button's words, as in 'label: Delete'")
                .flatMap { reader.expression($0, "'label' of \(what)") }
            action.event = reader.required(fields, "event", in: what, hint: "name the event the action sends, as in 'event: asset_deleted'")
                .flatMap { reader.text($0, "'event' of \(what)") }
            action.role = optionalText(fields, "role", what)
            action.edge = optionalText(fields, "edge", what)
            return action
        }
    }
}
