import FlowIR
import FlowSource
import FlowSyntax

extension AppChecker {
    /// `document:` and `requirements:`: the traceability table. Every reference resolves (with a did-you-mean), every
    /// requirement sits in a declared section and says what proves it, or why nothing can, or which question is open.
    func resolveRequirements() {
        var document: (syntax: DocumentSyntax, file: String)?
        var table = SymbolTable<RequirementSyntax>(kind: "requirement")
        for file in sources.files {
            if let written = file.document {
                if let first = document {
                    error("duplicate-declaration", "the document's sections are declared twice; keep one 'document:' section",
                          at: written.range, notes: [.init("first declared here", at: first.syntax.range)])
                } else {
                    document = (written, file.path)
                }
            }
            for requirement in file.requirements {
                if !NamePattern.requirementID.matches(requirement.id.value) {
                    error("invalid-name", "requirement ID '\(requirement.id.value)' must be \(NamePattern.requirementID.description)", at: requirement.id.range)
                }
                table.declare(requirement.id.value, at: requirement.id.range, requirement, diagnostics: diagnostics)
            }
        }
        guard document != nil || !table.entries.isEmpty else { return }
        var sections: [String] = []
        var sectionRanges: [String: SourceRange] = [:]
        for section in document?.syntax.sections ?? [] {
            if let first = sectionRanges[section.value] {
                error("duplicate-declaration", "section '\(section.value)' is listed twice in 'document: sections'", at: section.range,
                      notes: [.init("first listed here", at: first)])
                continue
            }
            sectionRanges[section.value] = section.range
            sections.append(section.value)
        }
        if document == nil, let first = table.entries.first {
            error("missing-key", "requirements need the document's sections; add a 'document:' section with 'sections:', the headings in order",
                  at: first.range)
        }
        var requirements: [Requirement] = []
        for entry in table.entries {
            let syntax = entry.value
            if let section = syntax.section, document != nil, sectionRanges[section.value] == nil {
                error("unknown-section", "requirement '\(entry.name)' is in section '\(section.value)', which 'document: sections' does not list",
                      at: section.range, notes: closestMatch(to: section.value, among: sections).map { [.init("did you mean '\($0)'? listed here", at: sectionRanges[$0])] } ?? [])
            }
            if let text = syntax.text, text.value.allSatisfy(\.isWhitespace) {
                error("empty-message", "requirement '\(entry.name)' has empty text; quote the document word for word", at: text.range)
            }
            let encodedBy = syntax.encodedBy.compactMap { resolveTracedElement($0, of: entry.name) }
            let provedBy = syntax.provedBy.compactMap { name -> Int? in
                if let index = app.criteria.firstIndex(where: { $0.id == name.value }) { return index }
                error("unknown-criterion", "requirement '\(entry.name)' is proved by criterion '\(name.value)', which does not exist", at: name.range,
                      notes: criterionTable.suggestion(for: name.value))
                return nil
            }
            var question: Int?
            if let name = syntax.question {
                question = app.questions.firstIndex { $0.id == name.value }
                if question == nil {
                    error("unknown-question", "requirement '\(entry.name)' points at open question '\(name.value)', which does not exist", at: name.range,
                          notes: questionTable.suggestion(for: name.value))
                }
            }
            if let reason = syntax.notAutomatable, reason.value.allSatisfy(\.isWhitespace) {
                error("missing-reason", "requirement '\(entry.name)' is not automatable but gives no reason; say why it cannot be checked headlessly", at: reason.range)
            }
            if syntax.provedBy.isEmpty && syntax.notAutomatable == nil && syntax.question == nil {
                error("missing-evidence", "requirement '\(entry.name)' says neither what proves it nor why nothing can; add 'proved_by:' (criteria), 'not_automatable:' (the reason) or 'question:' (an open question)",
                      at: entry.range)
            } else if syntax.encodedBy.isEmpty && syntax.notAutomatable == nil && syntax.question == nil {
                error("missing-key", "requirement '\(entry.name)' names no flow element that encodes it; add 'encoded_by:' (screens, fields, flows, services, values, events, scenarios)",
                      at: entry.range)
            }
            requirements.append(Requirement(id: entry.name, section: syntax.section?.value ?? "", text: syntax.text?.value ?? "",
                                            encodedBy: encodedBy, provedBy: provedBy, notAutomatable: syntax.notAutomatable?.value,
                                            question: question, range: entry.range))
        }
        app.traceability = Traceability(sections: sections, requirements: requirements)
    }

    /// Whether `name` is `service.operation` of a declared service.
    func isOperation(_ name: String) -> Bool {
        guard let dot = name.firstIndex(of: "."), let service = app.services.first(where: { $0.name == String(name[..<dot]) }) else { return false }
        return service.operations.contains { $0.name == String(name[name.index(after: dot)...]) }
    }

    /// A screen ID, `<screen ID>.<field>`, a flow, a service, `service.operation`, a state or derived value, an event,
    /// an invariant or a scenario.
    func resolveTracedElement(_ written: Located<String>, of requirement: String) -> Requirement.Element? {
        let name = written.value
        if let screen = screenTable[name] { return .screen(screen) }
        // `SCREEN.field`, unless the name is a service's operation (a screen and a service may share a name).
        if let dot = name.lastIndex(of: "."), let screen = screenTable[String(name[..<dot])], !isOperation(name) {
            let field = String(name[name.index(after: dot)...])
            if app.screens[screen].fields.contains(where: { $0.name == field }) { return .field(screen: screen, name: field) }
            let fields = app.screens[screen].fields.map(\.name)
            error("unknown-field", "'\(name)': screen '\(app.screens[screen].id)' has no field '\(field)'", at: written.range,
                  notes: closestMatch(to: field, among: fields).map { [.init("did you mean '\($0)'?")] }
                    ?? (fields.isEmpty ? [] : [.init("its fields are: \(fields.joined(separator: ", "))")]))
            return nil
        }
        // Before `service.operation`: a service's answers are events too (`auth.sign_in.denied`).
        if eventIndex[name] != nil { return .event(name) }
        if let dot = name.firstIndex(of: "."), let service = app.services.firstIndex(where: { $0.name == String(name[..<dot]) }) {
            let operation = String(name[name.index(after: dot)...])
            if let index = app.services[service].operations.firstIndex(where: { $0.name == operation }) {
                return .operation(service: service, operation: index)
            }
            let operations = app.services[service].operations.map(\.name)
            error("unknown-operation", "'\(name)': service '\(app.services[service].name)' has no operation '\(operation)'", at: written.range,
                  notes: closestMatch(to: operation, among: operations).map { [.init("did you mean '\($0)'?")] } ?? [])
            return nil
        }
        if let flow = flowTable[name] { return .flow(flow) }
        if let service = app.services.firstIndex(where: { $0.name == name }) { return .service(service) }
        if stateTable[name] != nil || derivedTable[name] != nil { return .value(name) }
        if let invariant = invariantTable[name] { return .invariant(invariant) }
        if let scenario = scenarioTable[name] { return .scenario(scenario) }
        let candidates = screenTable.names + flowTable.names + app.services.map(\.name) + stateTable.names + derivedTable.names
            + invariantTable.names + scenarioTable.names + eventIndex.keys.sorted()
        error("unknown-element", "'\(name)' is no screen, field, flow, service, operation, value, event, invariant or scenario of app '\(app.id)' (in 'encoded_by' of requirement '\(requirement)')",
              at: written.range, notes: closestMatch(to: name, among: candidates).map { [.init("did you mean '\($0)'?")] } ?? [])
        return nil
    }
}
