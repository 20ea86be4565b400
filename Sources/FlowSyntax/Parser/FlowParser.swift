import FlowSource

/// Parses one `.flow.yaml` file into its syntax tree.
///
/// Every syntax problem is reported and parsing goes on, so one run lists them all.
/// - Parameters:
///   - file: The file's bytes and display path.
///   - limits: Bounds on size, nesting and alias expansion.
///   - diagnostics: Receives YAML and shape problems.
/// - Returns: The file's syntax, or nil when the YAML itself could not be read.
public func parseFlowFile(_ file: SourceFile, limits: YAMLLimits = .default, diagnostics: some DiagnosticCollector) -> FlowFileSyntax? {
    guard file.bytes.count <= limits.maxFileBytes else {
        diagnostics.error("file-too-large", "file is \(file.bytes.count) bytes, over the \(limits.maxFileBytes)-byte limit for one flow file; split it with 'include'",
                          at: .wholeFile(file.path))
        return nil
    }
    guard let root = loadYAML(file, limits: limits, diagnostics: diagnostics) else { return nil }
    let parser = FlowParser(reader: NodeReader(file: file, diagnostics: diagnostics))
    return parser.parseFile(root, path: file.path)
}

/// The top-level sections a flow file may have.
public let flowFileSections = ["app", "include", "types", "state", "derived", "invariants", "events",
                               "services", "flows", "criteria", "scenarios", "questions", "properties",
                               "document", "requirements", "translations", "components"]

struct FlowParser {
    let reader: NodeReader

    func parseFile(_ root: YAMLNode, path: String) -> FlowFileSyntax {
        var syntax = FlowFileSyntax(path: path)
        guard let top = reader.mapping(root, "a flow file", keys: flowFileSections) else { return syntax }
        if let node = top["app"] { syntax.app = parseApp(node) }
        if let node = top["include"] { syntax.includes = reader.textList(node, "'include'") }
        if let node = top["types"] { syntax.types = reader.entries(node, "'types'").compactMap(parseType) }
        if let node = top["state"] { syntax.state = reader.entries(node, "'state'").compactMap(parseState) }
        if let node = top["derived"] { syntax.derived = reader.entries(node, "'derived'").compactMap(parseDerived) }
        if let node = top["invariants"] { syntax.invariants = reader.entries(node, "'invariants'").compactMap(parseInvariant) }
        if let node = top["events"] { syntax.events = reader.entries(node, "'events'").compactMap(parseEvent) }
        if let node = top["services"] { syntax.services = reader.entries(node, "'services'").compactMap(parseService) }
        if let node = top["flows"] { syntax.flows = reader.entries(node, "'flows'").compactMap(parseFlow) }
        if let node = top["criteria"] { syntax.criteria = reader.entries(node, "'criteria'").compactMap(parseCriterion) }
        if let node = top["scenarios"] { syntax.scenarios = reader.entries(node, "'scenarios'").compactMap(parseScenario) }
        if let node = top["properties"] { syntax.properties = reader.entries(node, "'properties'").compactMap(parseProperty) }
        if let node = top["questions"] { syntax.questions = reader.entries(node, "'questions'").compactMap(parseQuestion) }
        if let node = top["document"] { syntax.document = parseDocument(node) }
        if let node = top["translations"] { syntax.translations = parseTranslations(node) }
        if let node = top["components"] { syntax.components = reader.entries(node, "'components'").compactMap(parseComponent) }
        if let node = top["requirements"] { syntax.requirements = reader.entries(node, "'requirements'").compactMap(parseRequirement) }
        return syntax
    }

    func optionalText(_ fields: NodeReader.Fields, _ key: String, _ what: @autoclosure () -> String) -> Located<String>? {
        fields[key].flatMap { reader.text($0, "'\(key)' of \(what())") }
    }

    // MARK: App

    func parseApp(_ node: YAMLNode) -> AppSyntax? {
        let keys = ["name", "id", "seed", "version", "currency", "locale", "locales", "current_locale", "start", "description", "on", "every"]
        guard let fields = reader.mapping(node, "the 'app' section", keys: keys) else { return nil }
        let what = "the 'app' section"
        var app = AppSyntax(range: node.range)
        app.name = reader.required(fields, "name", in: what, hint: "add the app's display name").flatMap { reader.text($0, "'name'") }
        app.id = optionalText(fields, "id", what)
        app.seed = optionalText(fields, "seed", what)
        app.version = optionalText(fields, "version", what)
        app.currency = reader.required(fields, "currency", in: what, hint: "add the default ISO 4217 currency, e.g. GBP").flatMap { reader.text($0, "'currency'") }
        app.locale = reader.required(fields, "locale", in: what, hint: "add the default locale, e.g. en-GB").flatMap { reader.text($0, "'locale'") }
        app.locales = fields["locales"].map { reader.distinctTextList($0, "'locales'") } ?? []
        app.currentLocale = optionalText(fields, "current_locale", what)
        app.start = reader.required(fields, "start", in: what, hint: "name the flow the app starts in").flatMap { reader.text($0, "'start'") }
        app.description = optionalText(fields, "description", what)
        app.on = fields["on"].map { parseEventTransitions($0, "the app-wide transitions") } ?? []
        app.every = fields["every"].map { parseTimers($0, "the recurring timers of the app") } ?? []
        return app
    }

    // MARK: Domain

    func typedNames(_ node: YAMLNode, _ what: @autoclosure () -> String) -> [TypedNameSyntax] {
        reader.entries(node, what()).compactMap { name, value in
            guard let type = reader.expression(value, "the type of '\(name.value)'") else { return nil }
            return TypedNameSyntax(name: name, type: type)
        }
    }

    func assignments(_ node: YAMLNode, _ what: @autoclosure () -> String) -> [AssignmentSyntax] {
        reader.entries(node, what()).compactMap { path, value in
            guard let expression = reader.valueExpression(value, "the value of '\(path.value)'") else { return nil }
            return AssignmentSyntax(path: path, value: expression)
        }
    }

    func parseType(_ name: Located<String>, _ node: YAMLNode) -> TypeDeclarationSyntax? {
        let what = "type '\(name.value)'"
        guard let fields = reader.mapping(node, what, keys: ["enum", "record", "description", "labels"], owner: name.range) else { return nil }
        let description = optionalText(fields, "description", what)
        switch (fields["enum"], fields["record"]) {
        case (let cases?, nil):
            var declaration = TypeDeclarationSyntax(name: name, kind: .enumeration(reader.textList(cases, "the cases of \(what)", allowSingle: false)), description: description)
            declaration.labels = fields["labels"].map { node in
                reader.entries(node, "the labels of \(what)").compactMap { name, value in reader.text(value, "the label of '\(name.value)'").map { (name, $0) } }
            } ?? []
            return declaration
        case (nil, let record?):
            return TypeDeclarationSyntax(name: name, kind: .record(typedNames(record, "the fields of \(what)")), description: description)
        case (.some, .some):
            reader.report("conflicting-keys", "\(what) has both 'enum' and 'record'; a type is one or the other", at: name.range)
            return nil
        case (nil, nil):
            if fields.unknownKeys == 0 {
                reader.report("missing-key", "\(what) has neither 'enum' nor 'record'", at: name.range)
            }
            return nil
        }
    }

    func parseState(_ name: Located<String>, _ node: YAMLNode) -> StateDeclarationSyntax? {
        let what = "state '\(name.value)'"
        if node.scalar != nil {
            // Shorthand `balance: money`.
            return StateDeclarationSyntax(name: name, type: reader.expression(node, "the type of \(what)"), initial: nil, description: nil)
        }
        guard let fields = reader.mapping(node, what, keys: ["type", "initial", "description", "persist", "personal"], owner: name.range) else { return nil }
        var declaration = StateDeclarationSyntax(
            name: name,
            type: reader.required(fields, "type", in: what).flatMap { reader.expression($0, "the type of \(what)") },
            initial: fields["initial"].flatMap { reader.valueExpression($0, "the initial value of \(what)") },
            description: optionalText(fields, "description", what),
            persist: fields["persist"].flatMap { reader.bool($0, "'persist' of \(what)") })
        declaration.personal = fields["personal"].flatMap { reader.bool($0, "'personal' of \(what)") }
        return declaration
    }

    func parseDerived(_ name: Located<String>, _ node: YAMLNode) -> DerivedDeclarationSyntax? {
        let what = "derived value '\(name.value)'"
        guard let fields = reader.mapping(node, what, keys: ["type", "value", "description"], owner: name.range) else { return nil }
        return DerivedDeclarationSyntax(
            name: name,
            type: reader.required(fields, "type", in: what).flatMap { reader.expression($0, "the type of \(what)") },
            value: reader.required(fields, "value", in: what).flatMap { reader.expression($0, "the value of \(what)") },
            description: optionalText(fields, "description", what))
    }

    func parseInvariant(_ name: Located<String>, _ node: YAMLNode) -> InvariantSyntax? {
        let what = "invariant '\(name.value)'"
        guard let fields = reader.mapping(node, what, keys: ["text", "check"], owner: name.range) else { return nil }
        return InvariantSyntax(
            name: name,
            text: optionalText(fields, "text", what),
            check: reader.required(fields, "check", in: what, hint: "add the condition that must always hold").flatMap { reader.expression($0, "the check of \(what)") })
    }

    func parseEvent(_ name: Located<String>, _ node: YAMLNode) -> EventDeclarationSyntax? {
        let what = "event '\(name.value)'"
        guard let fields = reader.mapping(node, what, keys: ["payload", "description"], owner: name.range) else { return nil }
        return EventDeclarationSyntax(
            name: name,
            payload: fields["payload"].map { typedNames($0, "the payload of \(what)") } ?? [],
            description: optionalText(fields, "description", what))
    }

    func parseService(_ name: Located<String>, _ node: YAMLNode) -> ServiceSyntax? {
        let what = "service '\(name.value)'"
        guard let fields = reader.mapping(node, what, keys: ["name", "description", "operations"], owner: name.range) else { return nil }
        let operations = reader.required(fields, "operations", in: what).map { node in
            reader.entries(node, "the operations of \(what)").compactMap { operationName, value -> OperationSyntax? in
                let opWhat = "operation '\(name.value).\(operationName.value)'"
                guard let op = reader.mapping(value, opWhat, keys: ["input", "outcomes", "description", "timeout", "when_left"], owner: operationName.range) else { return nil }
                // No outcomes at all is the checker's 'missing-outcomes' (one diagnostic, not also a missing key).
                let outcomes = op["outcomes"].map { node -> [OutcomeSyntax] in
                    if case .sequence = node.content {
                        // A flow's outcomes are a list, an operation's a mapping (each may carry output): the
                        // names are kept, so calls and handlers that use them are not reported again.
                        let names = reader.textList(node, "the outcomes of \(opWhat)")
                        let written = names.map { "\($0.value): {}" }.joined(separator: ", ")
                        reader.report("wrong-type", "the outcomes of \(opWhat) must be a mapping, found a list", at: node.range,
                                      notes: [.init("write each outcome as a key, with its output if it has one: outcomes: { \(written) }")])
                        return names.map { OutcomeSyntax(name: $0, output: [], description: nil) }
                    }
                    return reader.entries(node, "the outcomes of \(opWhat)").compactMap { outcomeName, value -> OutcomeSyntax? in
                        let outcomeWhat = "outcome '\(outcomeName.value)' of \(opWhat)"
                        guard let outcome = reader.mapping(value, outcomeWhat, keys: ["output", "description"]) else { return nil }
                        return OutcomeSyntax(name: outcomeName,
                                             output: outcome["output"].map { typedNames($0, "the output of \(outcomeWhat)") } ?? [],
                                             description: optionalText(outcome, "description", outcomeWhat))
                    }
                } ?? []
                return OperationSyntax(name: operationName, description: optionalText(op, "description", opWhat),
                                       input: op["input"].map { typedNames($0, "the input of \(opWhat)") } ?? [],
                                       outcomes: outcomes, timeout: op["timeout"].flatMap { parseCallTimeout($0, opWhat) },
                                       whenLeft: optionalText(op, "when_left", opWhat))
            }
        } ?? []
        return ServiceSyntax(name: name, displayName: optionalText(fields, "name", what),
                             description: optionalText(fields, "description", what), operations: operations)
    }
}

extension FlowParser {
    /// `timeout: { after: 2m, outcome: timed_out }` of an operation.
    func parseCallTimeout(_ node: YAMLNode, _ what: String) -> CallTimeoutSyntax? {
        let timeoutWhat = "the timeout of \(what)"
        guard let fields = reader.mapping(node, timeoutWhat, keys: ["after", "outcome"]) else { return nil }
        let hint = "write it as timeout: { after: 2m, outcome: timed_out }"
        guard let after = reader.required(fields, "after", in: timeoutWhat, hint: hint).flatMap({ reader.text($0, "'after' of \(timeoutWhat)") }),
              let outcome = reader.required(fields, "outcome", in: timeoutWhat, hint: hint).flatMap({ reader.text($0, "'outcome' of \(timeoutWhat)") })
        else { return nil }
        return CallTimeoutSyntax(after: after, outcome: outcome, range: node.range)
    }
}
