import FlowSource

/// The keys of a component: the parts of a screen it can hold, its parameters and what it is.
public let componentKeys = ["parameters", "description", "fields", "texts", "on", "after", "every", "enter", "exit", "variants", "use"]

extension FlowParser {
    func parseComponent(_ name: Located<String>, _ node: YAMLNode) -> ComponentSyntax? {
        let what = "component '\(name.value)'"
        guard let fields = reader.mapping(node, what, keys: componentKeys, owner: name.range) else { return nil }
        let parameters = fields["parameters"].map { parameters in
            reader.entries(parameters, "the parameters of \(what)").compactMap { parameter, value -> ComponentParameterSyntax? in
                let parameterWhat = "parameter '\(parameter.value)' of \(what)"
                if value.scalar != nil {
                    return reader.text(value, "the kind of \(parameterWhat)").map { ComponentParameterSyntax(name: parameter, kind: $0) }
                }
                guard let entry = reader.mapping(value, parameterWhat, keys: ["type", "default", "description"], owner: parameter.range),
                      let kind = reader.required(entry, "type", in: parameterWhat, hint: "write screen, event, name, words or a type such as Bank")
                        .flatMap({ reader.text($0, "'type' of \(parameterWhat)") })
                else { return nil }
                return ComponentParameterSyntax(name: parameter, kind: kind, defaultValue: entry["default"],
                                                description: optionalText(entry, "description", parameterWhat))
            }
        } ?? []
        return ComponentSyntax(name: name, description: optionalText(fields, "description", what), parameters: parameters,
                               body: node, file: reader.file)
    }

    /// `use: [tab_bar, { bank_picker: { next: consent } }]`, or one mapping `use: { tab_bar: {}, bank_picker: { … } }`.
    func parseComponentUses(_ node: YAMLNode, _ owner: String) -> [ComponentUseSyntax] {
        let what = "'use' of \(owner)"
        let entries: [(key: Located<String>, value: YAMLNode?)]
        switch node.content {
        case .mapping:
            entries = reader.entries(node, what).map { ($0.key, $0.value) }
        case .scalar where !node.isNull:
            entries = reader.text(node, what).map { [($0, nil)] } ?? []
        case .scalar:
            entries = []
        case .sequence(let items):
            entries = items.flatMap { item -> [(key: Located<String>, value: YAMLNode?)] in
                if item.scalar != nil { return reader.text(item, "a component of \(what)").map { [($0, nil)] } ?? [] }
                return reader.entries(item, "a component of \(what)").map { ($0.key, $0.value) }
            }
        }
        return entries.map { name, value in
            let arguments = value.map { value in
                reader.entries(value, "the arguments of '\(name.value)' in \(what)").map { (name: $0.key, value: $0.value) }
            } ?? []
            return ComponentUseSyntax(component: name, arguments: arguments)
        }
    }
}
