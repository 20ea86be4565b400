import FlowSource

/// Step kinds of a scenario, in the order the docs list them.
public let scenarioStepKinds = ["send", "fill", "fill_refused", "advance", "outcome", "back", "restart", "tap_row", "swipe_row", "long_press_row", "expect"]

extension FlowParser {
    func parseScenario(_ name: Located<String>, _ node: YAMLNode) -> ScenarioSyntax? {
        let what = "scenario '\(name.value)'"
        guard let fields = reader.mapping(node, what, keys: ["description", "flow", "start", "locale", "given", "steps"], owner: name.range) else { return nil }
        var scenario = ScenarioSyntax(name: name, description: optionalText(fields, "description", what),
                                      flow: optionalText(fields, "flow", what), start: optionalText(fields, "start", what),
                                      givenState: [], givenServices: [], givenClock: nil, steps: [], range: name.range)
        scenario.locale = optionalText(fields, "locale", what)
        if let given = fields["given"], let parts = reader.mapping(given, "'given' of \(what)", keys: ["state", "services", "clock"]) {
            scenario.givenState = parts["state"].map { assignments($0, "'given.state'") } ?? []
            scenario.givenServices = parts["services"].map { outcomeChoices($0, "'given.services'") } ?? []
            scenario.givenClock = parts["clock"].flatMap { reader.text($0, "'given.clock'") }
        }
        if let steps = reader.required(fields, "steps", in: what) {
            scenario.steps = reader.list(steps, "'steps' of \(what)").compactMap { parseStep($0, what) }
        }
        return scenario
    }

    func outcomeChoices(_ node: YAMLNode, _ what: String) -> [OutcomeChoiceSyntax] {
        reader.entries(node, what).compactMap { operation, value in
            if case .mapping = value.content {
                let choiceWhat = "the outcome of '\(operation.value)'"
                guard let parts = reader.mapping(value, choiceWhat, keys: ["outcome", "output"]) else { return nil }
                return reader.required(parts, "outcome", in: choiceWhat, hint: "name the outcome, e.g. success")
                    .flatMap { reader.text($0, "'outcome' of \(choiceWhat)") }
                    .map { OutcomeChoiceSyntax(operation: operation, outcome: $0,
                                               output: parts["output"].map { assignments($0, "'output' of \(choiceWhat)") } ?? []) }
            }
            return reader.text(value, "the outcome of '\(operation.value)'").map { OutcomeChoiceSyntax(operation: operation, outcome: $0) }
        }
    }

    func fills(_ node: YAMLNode, _ what: String) -> [FillSyntax] {
        reader.entries(node, what).compactMap { field, value in
            if case .sequence = value.content {
                return FillSyntax(field: field, value: .list(reader.textList(value, "the value of '\(field.value)'")))
            }
            return reader.text(value, "the value of '\(field.value)'").map { FillSyntax(field: field, value: .text($0)) }
        }
    }

    func parseStep(_ node: YAMLNode, _ scenario: String) -> StepSyntax? {
        let what = "a step of \(scenario)"
        guard let fields = reader.mapping(node, what, keys: scenarioStepKinds) else { return nil }
        guard fields.count == 1, let (kind, _, value) = fields.entries.first else {
            if fields.count == 0 {
                guard fields.unknownKeys == 0 else { return nil }
                reader.report("missing-key", "\(what) needs one of: \(scenarioStepKinds.joined(separator: ", "))", at: node.range)
            } else {
                reader.report("conflicting-keys", "a step has one key; split \(fields.keys.sorted().map { "'\($0)'" }.joined(separator: " and ")) into separate steps", at: node.range)
            }
            return nil
        }
        let kindValue: StepSyntax.Kind?
        switch kind {
        case "send":
            if value.scalar != nil {
                kindValue = reader.text(value, "'send'").map { .send($0, payload: []) }
            } else if let send = reader.mapping(value, "'send'", keys: ["event", "payload"]) {
                kindValue = reader.required(send, "event", in: "'send'").flatMap { reader.text($0, "'event' of 'send'") }
                    .map { .send($0, payload: send["payload"].map { assignments($0, "'payload'") } ?? []) }
            } else {
                kindValue = nil
            }
        case "fill": kindValue = .fill(fills(value, "'fill'"))
        case "fill_refused": kindValue = .fillRefused(fills(value, "'fill_refused'"))
        case "advance": kindValue = reader.text(value, "'advance'").map { .advance($0) }
        case "outcome": kindValue = .outcome(outcomeChoices(value, "'outcome'"))
        case "back": kindValue = reader.bool(value, "'back'").map { _ in .back }
        case "restart":
            kindValue = reader.bool(value, "'restart'").flatMap { restart in
                if restart.value { return .restart }
                reader.report("invalid-value", "'restart' is written 'restart: true' (the app is closed and launched again)", at: value.range)
                return nil
            }
        case "tap_row": kindValue = parseTapRow(value)
        case RowGesture.swipe.step: kindValue = parseRowAction(value, .swipe)
        case RowGesture.longPress.step: kindValue = parseRowAction(value, .longPress)
        case "expect": kindValue = parseExpect(value, scenario).map { .expect($0) }
        default: kindValue = nil
        }
        return kindValue.map { StepSyntax(kind: $0, range: node.range) }
    }

    func parseExpect(_ node: YAMLNode, _ scenario: String) -> ExpectSyntax? {
        let what = "'expect' of \(scenario)"
        guard let fields = reader.mapping(node, what, keys: ["screen", "variant", "errors", "state", "texts", "rows", "options", "row_actions", "labels", "placeholders", "hints", "check", "effects", "exact_effects", "no_effects"]) else { return nil }
        var checks: [ExpressionSource] = []
        if let written = fields["check"] {
            if case .sequence = written.content {
                checks = reader.list(written, "'check'").compactMap { reader.expression($0, "a 'check' of \(what)") }
            } else if let single = reader.expression(written, "'check' of \(what)") {
                checks = [single]
            }
        }
        var expect = ExpectSyntax(
            screen: optionalText(fields, "screen", what),
            variant: optionalText(fields, "variant", what),
            errors: fields["errors"].map { fills($0, "'errors'") },
            state: fields["state"].map { assignments($0, "'state'") } ?? [],
            effects: fields["effects"].map { effects($0, "'effects'") } ?? [],
            noEffects: fields["no_effects"].map { effects($0, "'no_effects'") } ?? [],
            exactEffects: fields["exact_effects"].map { effects($0, "'exact_effects'") },
            texts: fields["texts"].map { fills($0, "'texts'") } ?? [], checks: checks)
        expect.rows = fields["rows"].map { expectedRows($0) } ?? []
        expect.options = fields["options"].map(expectedOptions) ?? []
        expect.rowActions = fields["row_actions"].map { expectedRows($0, "'row_actions'") } ?? []
        for (key, caption) in Self.expectedCaptionKeys {
            expect.captions += fields[key].map { expectedCaptions($0, key: key, caption: caption) } ?? []
        }
        return expect
    }

    static let effectKinds = ["analytics", "push", "toast", "call"]

    func effects(_ node: YAMLNode, _ what: String) -> [EffectSyntax] {
        reader.list(node, what).compactMap { item in
            let fields = reader.mapping(item, "an effect of \(what)", keys: Self.effectKinds)
            guard let fields, fields.count == 1, let (kind, _, value) = fields.entries.first else {
                if case .mapping = item.content, fields?.unknownKeys == 0 {
                    reader.report("missing-key", "an effect has exactly one of: \(Self.effectKinds.joined(separator: ", "))", at: item.range)
                }
                return nil
            }
            // An analytics event with the properties it must carry, written like the action:
            // `analytics: { event: ecosystem_impression, properties: { slot: 1 } }`; a call with its arguments:
            // `call: { service: otp.send_email_code, with: { email: form.new_email } }`.
            if kind == "analytics" || kind == "call", case .mapping = value.content {
                let (name, details) = kind == "analytics" ? ("event", "properties") : ("service", "with")
                guard let parts = reader.mapping(value, "'\(kind)'", keys: [name, details]) else { return nil }
                return reader.required(parts, name, in: "'\(kind)'", hint: kind == "analytics" ? "name the analytics event" : "name the operation, e.g. otp.send_email_code")
                    .flatMap { reader.text($0, "'\(name)' of '\(kind)'") }
                    .map { EffectSyntax(kind: Located(kind, at: item.range), value: $0,
                                        properties: parts[details].map { assignments($0, "'\(details)' of '\(kind)'") } ?? [],
                                        detailsWritten: parts[details] != nil) }
            }
            return reader.text(value, "'\(kind)'").map { EffectSyntax(kind: Located(kind, at: item.range), value: $0) }
        }
    }
}
