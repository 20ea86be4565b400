import FlowSource

extension FlowParser {
    func parseProperty(_ name: Located<String>, _ node: YAMLNode) -> PropertySyntax? {
        let what = "property '\(name.value)'"
        guard let fields = reader.mapping(node, what, keys: ["text", "always", "never", "after", "when", "then"], owner: name.range) else { return nil }
        var property = PropertySyntax(name: name, text: optionalText(fields, "text", what), form: nil, range: name.range)
        let forms = ["always", "never", "after"].filter { fields[$0] != nil }
        guard forms.count == 1 else {
            if forms.isEmpty {
                if fields.unknownKeys == 0 {
                    reader.report("missing-key", "\(what) says no rule; write one of 'always:', 'never:' or 'after:' with 'then:'", at: name.range)
                }
            } else {
                reader.report("conflicting-keys", "\(what) has \(forms.map { "'\($0)'" }.joined(separator: " and ")); a property is one rule, write one per property", at: name.range)
            }
            return property
        }
        for key in ["when", "then"] where forms[0] != "after" && fields[key] != nil {
            if key == "when", forms[0] == "never" { continue }
            reader.report("misplaced-key", "'\(key)' of \(what) belongs to an 'after:' property", at: fields.keyRange(key) ?? node.range)
        }
        if let always = fields["always"] {
            property.form = reader.expression(always, "'always' of \(what)").map { .always($0) }
        } else if let never = fields["never"] {
            property.form = parseForbidden(never, what: what, outerWhen: fields["when"]).map { .never($0) }
        } else if let after = fields["after"] {
            guard let trigger = parseTrigger(after, what: what) else { return property }
            let when = fields["when"].flatMap { reader.expression($0, "'when' of \(what)") }
            guard let then = reader.required(fields, "then", in: what, hint: "say what must be so right after it: 'then: { screen: <ID>, check: <condition> }'") else { return property }
            guard let thenFields = reader.mapping(then, "'then' of \(what)", keys: ["screen", "check"]) else { return property }
            let screen = thenFields["screen"].flatMap { reader.text($0, "'screen' of 'then' of \(what)") }
            let check = thenFields["check"].flatMap { reader.expression($0, "'check' of 'then' of \(what)") }
            if screen == nil, check == nil, thenFields.unknownKeys == 0 {
                reader.report("missing-key", "'then' of \(what) is empty; give 'screen:', 'check:' or both", at: then.range)
                return property
            }
            property.form = .after(trigger, when: when, thenScreen: screen, thenCheck: check)
        }
        return property
    }

    private func parseForbidden(_ node: YAMLNode, what: String, outerWhen: YAMLNode?) -> PropertySyntax.Forbidden? {
        if node.scalar != nil {
            guard let condition = reader.expression(node, "'never' of \(what)") else { return nil }
            return PropertySyntax.Forbidden(condition: condition, when: outerWhen.flatMap { reader.expression($0, "'when' of \(what)") })
        }
        let effectKinds = ["push", "analytics", "toast", "call"]
        guard let fields = reader.mapping(node, "'never' of \(what)", keys: effectKinds + ["screen", "when", "unless_after"]) else { return nil }
        let written = effectKinds.filter { fields[$0] != nil }
        if written.count > 1 {
            reader.report("conflicting-keys", "'never' of \(what) names \(written.map { "'\($0)'" }.joined(separator: " and ")); name one effect per property", at: node.range)
            return nil
        }
        var forbidden = PropertySyntax.Forbidden()
        if let kind = written.first, let valueNode = fields[kind] {
            guard let value = reader.text(valueNode, "'\(kind)' of 'never' of \(what)") else { return nil }
            forbidden.effect = (Located(kind, at: fields.keyRange(kind) ?? valueNode.range), value)
        }
        forbidden.screen = fields["screen"].flatMap { reader.text($0, "'screen' of 'never' of \(what)") }
        forbidden.when = (fields["when"] ?? outerWhen).flatMap { reader.expression($0, "'when' of \(what)") }
        if let unless = fields["unless_after"] {
            forbidden.unlessAfter = reader.distinctTextList(unless, "'unless_after' of \(what)")
            if forbidden.effect == nil, !forbidden.unlessAfter.isEmpty {
                reader.report("misplaced-key", "'unless_after' of \(what) allows an effect after an event; name the effect ('push:', 'analytics:', 'toast:', 'call:')",
                              at: fields.keyRange("unless_after") ?? unless.range)
            }
        }
        if forbidden.effect == nil, forbidden.screen == nil, fields.unknownKeys == 0 {
            reader.report("missing-key", "'never' of \(what) names nothing to forbid; give an effect ('push:', 'analytics:', 'toast:', 'call:') or a 'screen:'", at: node.range)
            return nil
        }
        return forbidden
    }

    private func parseTrigger(_ node: YAMLNode, what: String) -> PropertySyntax.Trigger? {
        if node.scalar != nil {
            guard let word = reader.text(node, "'after' of \(what)") else { return nil }
            if word.value == "restart" { return .restart(word.range) }
            reader.report("invalid-value", "'after' of \(what) is '\(word.value)'; write 'restart', '{ event: <name> }' or '{ screen: <ID> }'", at: word.range)
            return nil
        }
        guard let fields = reader.mapping(node, "'after' of \(what)", keys: ["event", "screen"]) else { return nil }
        if let event = fields["event"], fields["screen"] == nil { return reader.text(event, "'event' of 'after' of \(what)").map { .event($0) } }
        if let screen = fields["screen"], fields["event"] == nil { return reader.text(screen, "'screen' of 'after' of \(what)").map { .screen($0) } }
        reader.report("invalid-value", "'after' of \(what) must name one 'event:' or one 'screen:'", at: node.range)
        return nil
    }
}
