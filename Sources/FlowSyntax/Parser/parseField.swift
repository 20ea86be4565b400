import FlowSource

/// Field keys, and the rule keys with the kind of argument each takes.
public let fieldKeys = ["type", "label", "hint", "placeholder", "options", "currency", "country", "country_field", "default", "when", "secret", "personal", "rules"]

public enum RuleArgumentKind: Sendable {
    case flag, integer, regex, expression, list, fieldName, bounds
}

public let ruleArgumentKinds: [(name: String, argument: RuleArgumentKind)] = [
    ("required", .flag), ("min_length", .integer), ("max_length", .integer), ("length", .integer),
    ("pattern", .regex), ("email", .flag), ("phone", .flag), ("iban", .flag), ("bic", .flag),
    ("sort_code", .flag), ("account_number", .flag), ("min_age", .integer), ("decimal_places", .integer),
    ("min", .expression), ("max", .expression), ("range", .bounds), ("one_of", .list), ("not_in", .list),
    ("equals_field", .fieldName), ("check", .expression),
]

extension FlowParser {
    func parseField(_ name: Located<String>, _ node: YAMLNode, screen: String) -> FieldSyntax? {
        let what = "field '\(name.value)' of screen '\(screen)'"
        guard let fields = reader.mapping(node, what, keys: fieldKeys, owner: name.range) else { return nil }
        var field = FieldSyntax(
            name: name,
            type: reader.required(fields, "type", in: what, hint: "e.g. text, email, digits(6), date, money, choice").flatMap { reader.text($0, "'type' of \(what)") },
            label: optionalText(fields, "label", what),
            hint: optionalText(fields, "hint", what),
            placeholder: optionalText(fields, "placeholder", what),
            options: fields["options"].map { parseOptions($0, what) } ?? [],
            currency: optionalText(fields, "currency", what),
            country: optionalText(fields, "country", what),
            countryField: optionalText(fields, "country_field", what),
            defaultValue: fields["default"].flatMap { reader.valueExpression($0, "'default' of \(what)") },
            rules: fields["rules"].map { parseRules($0, what) } ?? [])
        field.shownWhen = fields["when"].flatMap { reader.expression($0, "'when' of \(what)") }
        field.secret = fields["secret"].flatMap { reader.bool($0, "'secret' of \(what)") }
        field.personal = fields["personal"].flatMap { reader.bool($0, "'personal' of \(what)") }
        return field
    }

    /// Options as a list of values, or a mapping of value to label.
    func parseOptions(_ node: YAMLNode, _ what: String) -> [OptionSyntax] {
        if case .mapping = node.content {
            return reader.entries(node, "'options' of \(what)").map { value, label in
                OptionSyntax(value: value, label: reader.text(label, "the label of option '\(value.value)'"))
            }
        }
        return reader.textList(node, "'options' of \(what)", allowSingle: false).map { OptionSyntax(value: $0, label: nil) }
    }

    func parseRules(_ node: YAMLNode, _ what: String) -> [RuleSyntax] {
        let ruleNames = ruleArgumentKinds.map(\.name)
        return reader.list(node, "'rules' of \(what)").compactMap { item in
            guard let fields = reader.mapping(item, "a rule of \(what)", keys: ruleNames + ["message", "when"]) else { return nil }
            let kinds = ruleArgumentKinds.filter { fields[$0.name] != nil }
            guard kinds.count == 1, let (kindName, argumentKind) = kinds.first, let argumentNode = fields[kindName] else {
                if kinds.isEmpty {
                    guard fields.unknownKeys == 0 else { return nil }
                    reader.report("missing-key", "a rule of \(what) names no rule; use one of: \(ruleNames.joined(separator: ", "))", at: reader.keyRange(of: item))
                } else {
                    reader.report("conflicting-keys", "a rule has one rule key; split \(kinds.map { "'\($0.name)'" }.joined(separator: " and ")) into separate rules", at: reader.keyRange(of: item))
                }
                return nil
            }
            let kind = Located(kindName, at: fields.keyRange(kindName) ?? item.range)
            let ruleWhat = "rule '\(kindName)' of \(what)"
            let argument: RuleSyntax.Argument?
            switch argumentKind {
            case .flag: argument = reader.bool(argumentNode, "'\(kindName)'").map { .flag($0) }
            case .integer: argument = reader.integer(argumentNode, "'\(kindName)'").map { .integer($0) }
            case .regex: argument = reader.text(argumentNode, "'\(kindName)'").map { .text($0) }
            case .fieldName: argument = reader.text(argumentNode, "'\(kindName)'").map { .text($0) }
            case .expression: argument = reader.valueExpression(argumentNode, "'\(kindName)'").map { .expression($0) }
            case .list: argument = .list(reader.textList(argumentNode, "'\(kindName)'", allowSingle: false))
            case .bounds:
                if let bounds = reader.mapping(argumentNode, "'range'", keys: ["min", "max"]) {
                    argument = .bounds(min: bounds["min"].flatMap { reader.valueExpression($0, "'min' of 'range'") },
                                       max: bounds["max"].flatMap { reader.valueExpression($0, "'max' of 'range'") })
                } else {
                    argument = nil
                }
            }
            guard let argument else { return nil }
            let message = reader.required(fields, "message", in: ruleWhat, hint: "add the exact message users see when it fails")
                .flatMap { reader.text($0, "'message' of \(ruleWhat)") }
            let condition = fields["when"].flatMap { reader.valueExpression($0, "'when' of \(ruleWhat)") }
            return RuleSyntax(kind: kind, argument: argument, message: message, range: item.range, condition: condition)
        }
    }
}
