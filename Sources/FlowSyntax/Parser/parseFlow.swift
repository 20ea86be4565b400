import FlowSource

/// Keys of a screen mapping.
public let screenKeys = ["name", "step", "description", "presentation", "back", "analytics", "terminal", "variants",
                         "enter", "exit", "fields", "on", "after", "texts", "every", "use", "lists", "screenshot_protected"]
/// Keys of a transition mapping.
public let transitionKeys = ["to", "overlay", "flow", "returns", "end", "if", "do", "validate", "note"]

extension FlowParser {
    func parseFlow(_ name: Located<String>, _ node: YAMLNode) -> FlowDefinitionSyntax? {
        let what = "flow '\(name.value)'"
        let keys = ["title", "start", "outcomes", "on", "after", "screens", "description"]
        guard let fields = reader.mapping(node, what, keys: keys, owner: name.range) else { return nil }
        return FlowDefinitionSyntax(
            name: name,
            title: optionalText(fields, "title", what),
            start: reader.required(fields, "start", in: what, hint: "name its first screen").flatMap { reader.text($0, "'start' of \(what)") },
            outcomes: fields["outcomes"].map { reader.distinctTextList($0, "'outcomes' of \(what)") } ?? [],
            on: fields["on"].map { parseEventTransitions($0, "the global transitions of \(what)") } ?? [],
            after: fields["after"].map { parseTimers($0, "the global timers of \(what)") } ?? [],
            screens: reader.required(fields, "screens", in: what).map { reader.entries($0, "the screens of \(what)").compactMap(parseScreen) } ?? [],
            description: optionalText(fields, "description", what))
    }

    func parseScreen(_ id: Located<String>, _ node: YAMLNode) -> ScreenSyntax? {
        let what = "screen '\(id.value)'"
        let errorsBefore = reader.errors.count
        guard let fields = reader.mapping(node, what, keys: screenKeys, owner: id.range) else { return nil }
        if let use = fields["use"], !reader.expandsComponents {
            // Read once the app's components are known: until then the screen is only its ID and what it uses.
            return ScreenSyntax(id: id, name: nil, step: nil, description: nil, presentation: nil, back: nil, analytics: nil, terminal: nil,
                                variants: [], enter: [], exit: [], fields: [], on: [], after: [],
                                written: WrittenScreen(node: node, file: reader.file, uses: parseComponentUses(use, what), useRange: use.range))
        }
        var screen = ScreenSyntax(
            id: id,
            name: reader.required(fields, "name", in: what, hint: "add the screen's name as the spec writes it").flatMap { reader.text($0, "'name' of \(what)") },
            step: optionalText(fields, "step", what),
            description: optionalText(fields, "description", what),
            presentation: optionalText(fields, "presentation", what),
            back: optionalText(fields, "back", what),
            analytics: optionalText(fields, "analytics", what),
            terminal: fields["terminal"].flatMap { reader.bool($0, "'terminal' of \(what)") },
            variants: fields["variants"].map { parseVariants($0, what) } ?? [],
            enter: fields["enter"].map { parseActions($0, "'enter' of \(what)") } ?? [],
            exit: fields["exit"].map { parseActions($0, "'exit' of \(what)") } ?? [],
            fields: fields["fields"].map { reader.entries($0, "the fields of \(what)").compactMap { parseField($0, $1, screen: id.value) } } ?? [],
            on: fields["on"].map { parseEventTransitions($0, "the transitions of \(what)") } ?? [],
            after: fields["after"].map { parseTimers($0, "the timers of \(what)") } ?? [])
        var textConditions: [String: ExpressionSource] = [:]
        screen.texts = fields["texts"].map { node in
            reader.entries(node, "the texts of \(what)").compactMap { name, value in
                let text = "text '\(name.value)' of \(what)"
                // `{ text: …, when: … }`: a text shown only while its condition holds.
                guard case .mapping = value.content else { return reader.expression(value, text).map { (name: name, template: $0) } }
                guard let parts = reader.mapping(value, text, keys: ["text", "when"], owner: name.range) else { return nil }
                if let condition = parts["when"].flatMap({ reader.expression($0, "'when' of \(text)") }) {
                    textConditions[name.value] = condition
                }
                guard let words = parts["text"] else {
                    reader.report("missing-key", "\(text) has no 'text'; write the words it shows, as in '\(name.value): { text: …, when: … }'", at: name.range)
                    return nil
                }
                return reader.expression(words, "'text' of \(text)").map { (name: name, template: $0) }
            }
        } ?? []
        screen.textConditions = textConditions
        screen.every = fields["every"].map { parseTimers($0, "the recurring timers of \(what)") } ?? []
        screen.lists = fields["lists"].map { parseScreenLists($0, what) } ?? []
        screen.screenshotProtected = fields["screenshot_protected"].flatMap { reader.bool($0, "'screenshot_protected' of \(what)") }
        screen.hasSyntaxErrors = reader.errors.count > errorsBefore
        return screen
    }

    func parseVariants(_ node: YAMLNode, _ screen: String) -> [VariantSyntax] {
        reader.entries(node, "the variants of \(screen)").compactMap { name, value in
            let what = "variant '\(name.value)' of \(screen)"
            guard let fields = reader.mapping(value, what, keys: ["when", "description", "after", "loading"], owner: name.range) else { return nil }
            var variant = VariantSyntax(name: name,
                                        when: fields["when"].flatMap { reader.expression($0, "'when' of \(what)") },
                                        description: optionalText(fields, "description", what),
                                        after: fields["after"].map { parseTimers($0, "the timers of \(what)") } ?? [])
            variant.loading = fields["loading"].flatMap { reader.bool($0, "'loading' of \(what)") }
            return variant
        }
    }

    func parseEventTransitions(_ node: YAMLNode, _ what: @autoclosure () -> String) -> [EventTransitionsSyntax] {
        reader.entries(node, what()).map { event, value in
            EventTransitionsSyntax(event: event, transitions: parseTransitionSpec(value, "the transition on '\(event.value)'"))
        }
    }

    func parseTimers(_ node: YAMLNode, _ what: @autoclosure () -> String) -> [TimerSyntax] {
        reader.entries(node, what()).map { delay, value in
            TimerSyntax(delay: delay, transitions: parseTransitionSpec(value, "the timer after '\(delay.value)'"))
        }
    }

    /// A scalar target, one transition mapping, or a list of guarded alternatives.
    func parseTransitionSpec(_ node: YAMLNode, _ what: @autoclosure () -> String) -> [TransitionSyntax] {
        switch node.content {
        case .scalar:
            guard let target = reader.text(node, what()) else { return [] }
            if target.value.isEmpty {
                reader.report("missing-key", "\(what()) has no target; write a screen ID, 'back', or a mapping", at: node.range)
                return []
            }
            return [TransitionSyntax(target: target.value == "back" ? .back(target.range) : .screen(target),
                                     guardExpression: nil, actions: [], validate: nil, note: nil, range: node.range)]
        case .mapping:
            return parseTransition(node, what()).map { [$0] } ?? []
        case .sequence(let items):
            return items.compactMap { parseTransition($0, "an alternative of \(what())") }
        }
    }

    func parseTransition(_ node: YAMLNode, _ what: @autoclosure () -> String) -> TransitionSyntax? {
        guard let fields = reader.mapping(node, what(), keys: transitionKeys) else { return nil }
        var targets: [TargetSyntax] = []
        if let to = fields["to"].flatMap({ reader.text($0, "'to' of \(what())") }) {
            targets.append(to.value == "back" ? .back(to.range) : .screen(to))
        }
        if let overlay = fields["overlay"].flatMap({ reader.text($0, "'overlay' of \(what())") }) {
            targets.append(.overlay(overlay))
        }
        if let flow = fields["flow"].flatMap({ reader.text($0, "'flow' of \(what())") }) {
            let returns = fields["returns"].map { parseEventTransitions($0, "'returns' of \(what())") } ?? []
            targets.append(.flow(flow, returns: returns))
        } else if let returns = fields["returns"] {
            reader.report("misplaced-key", "'returns' only goes with 'flow:'; it says where each end of the sub-flow leads", at: fields.keyRange("returns") ?? returns.range)
        }
        if let end = fields["end"].flatMap({ reader.text($0, "'end' of \(what())") }) {
            targets.append(.end(end))
        }
        if targets.count > 1 {
            reader.report("conflicting-keys", "\(what()) has more than one target; use one of 'to', 'overlay', 'flow' or 'end'", at: targets[1].range)
        }
        return TransitionSyntax(
            target: targets.first,
            guardExpression: fields["if"].flatMap { reader.expression($0, "the guard of \(what())") },
            actions: fields["do"].map { parseActions($0, "'do' of \(what())") } ?? [],
            validate: fields["validate"].flatMap { reader.bool($0, "'validate' of \(what())") },
            note: optionalText(fields, "note", what()),
            range: node.range)
    }

    /// Action kinds, in the order the docs list them.
    static let actionKinds = ["set", "append", "clear", "fill", "call", "analytics", "push", "toast", "raise"]

    func parseActions(_ node: YAMLNode, _ what: @autoclosure () -> String) -> [ActionSyntax] {
        reader.list(node, what()).compactMap { item in
            guard let fields = reader.mapping(item, "an action of \(what())", keys: Self.actionKinds) else { return nil }
            guard fields.count == 1, let (kind, _, value) = fields.entries.first else {
                if fields.count > 1 {
                    reader.report("conflicting-keys", "an action has one key; split \(fields.keys.sorted().map { "'\($0)'" }.joined(separator: " and ")) into separate list items", at: item.range)
                } else if fields.unknownKeys == 0 {
                    reader.report("missing-key", "an action needs one of: \(Self.actionKinds.joined(separator: ", "))", at: item.range)
                }
                return nil
            }
            return parseAction(kind, value, range: item.range)
        }
    }

    func parseAction(_ kind: String, _ node: YAMLNode, range: SourceRange) -> ActionSyntax? {
        let parsed: ActionSyntax.Kind?
        switch kind {
        case "set": parsed = .set(assignments(node, "'set'"))
        case "append": parsed = .append(assignments(node, "'append'"))
        case "clear": parsed = .clear(reader.textList(node, "'clear'"))
        case "fill": parsed = .fill(assignments(node, "'fill'"))
        case "call":
            if node.scalar != nil {
                parsed = reader.text(node, "'call'").map { .call($0, with: []) }
            } else if let fields = reader.mapping(node, "'call'", keys: ["service", "with"]) {
                parsed = reader.required(fields, "service", in: "'call'", hint: "name the operation, e.g. equals.create_account")
                    .flatMap { reader.text($0, "'service' of 'call'") }
                    .map { .call($0, with: fields["with"].map { assignments($0, "'with'") } ?? []) }
            } else {
                parsed = nil
            }
        case "analytics":
            if node.scalar != nil {
                parsed = reader.text(node, "'analytics'").map { .analytics($0, properties: []) }
            } else if let fields = reader.mapping(node, "'analytics'", keys: ["event", "properties"]) {
                parsed = reader.required(fields, "event", in: "'analytics'").flatMap { reader.text($0, "'event' of 'analytics'") }
                    .map { .analytics($0, properties: fields["properties"].map { assignments($0, "'properties'") } ?? []) }
            } else {
                parsed = nil
            }
        case "push": parsed = reader.expression(node, "'push'").map { .push($0) }
        case "toast": parsed = reader.expression(node, "'toast'").map { .toast($0) }
        case "raise": parsed = reader.text(node, "'raise'").map { .raise($0) }
        default: parsed = nil
        }
        return parsed.map { ActionSyntax(kind: $0, range: range) }
    }
}
