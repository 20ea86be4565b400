import FlowExpression
import FlowIR
import FlowSource
import FlowSyntax

extension AppChecker {
    func resolveScreenList(_ names: [Located<String>]) -> [Int] {
        names.compactMap { name in
            if let index = screenTable[name.value] { return index }
            error("unknown-screen", "'\(name.value)' is not a screen of app '\(app.id)'", at: name.range, notes: suggestion(forScreen: name.value))
            return nil
        }
    }

    func resolveCriteria() {
        for entry in criterionTable.entries {
            let syntax = entry.value
            let screens = resolveScreenList(syntax.screens)
            var transitions: [AcceptanceCriterion.TransitionReference] = []
            for reference in syntax.transitions {
                // "<screen> <event>"; the event may itself contain a space ("after 30s").
                let parts = reference.value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true).map(String.init)
                guard parts.count == 2 else {
                    error("invalid-value", "transition reference '\(reference.value)' must be '<screen ID> <event>', e.g. 'ONB-003 select_plan'", at: reference.range)
                    continue
                }
                guard let screen = screenTable[parts[0]] else {
                    error("unknown-screen", "'\(parts[0])' is not a screen of app '\(app.id)'", at: reference.range, notes: suggestion(forScreen: parts[0]))
                    continue
                }
                let flow = app.flows[app.screens[screen].flow]
                let events = Set(app.screens[screen].transitions.map(\.event) + flow.globalTransitions.map(\.event)
                                 + app.screens[screen].timers.map { "after \($0.delaySource)" }
                                 + flow.globalTimers.map { "after \($0.delaySource)" })
                guard events.contains(parts[1]) else {
                    // A transition whose target did not resolve is reported there and left out of the screen.
                    if screensWithBrokenTargets.contains(screen) { continue }
                    var notes: [Diagnostic.Note] = []
                    if let match = closestMatch(to: parts[1], among: events.sorted()) {
                        notes.append(.init("did you mean '\(match)'?"))
                    } else if !events.isEmpty {
                        notes.append(.init("its events are: \(events.sorted().joined(separator: ", "))"))
                    }
                    error("unknown-transition", "screen '\(parts[0])' has no transition on '\(parts[1])'", at: reference.range, notes: notes)
                    continue
                }
                transitions.append(.init(screen: screen, event: parts[1]))
            }
            if syntax.screens.isEmpty && syntax.transitions.isEmpty {
                error("criterion-unlinked", "criterion '\(entry.name)' links to no screen or transition; add 'screens:' or 'transitions:'", at: entry.range)
            }
            if let text = syntax.text, text.value.allSatisfy(\.isWhitespace) {
                error("empty-message", "criterion '\(entry.name)' has empty text; quote the spec word for word", at: text.range)
            }
            // A property named in the table but not in `app.properties` failed to check: it was reported where it is.
            func resolveProperty(_ name: Located<String>) -> Int? {
                if let index = app.properties.firstIndex(where: { $0.name == name.value }) { return index }
                if propertyTable[name.value] == nil {
                    error("unknown-property", "criterion '\(entry.name)' names property '\(name.value)', which does not exist", at: name.range,
                          notes: propertyTable.suggestion(for: name.value))
                }
                return nil
            }
            var verification = AcceptanceCriterion.Verification.unverified
            switch syntax.verification {
            case .scenarios(let names):
                if names.isEmpty {
                    error("missing-evidence", "criterion '\(entry.name)' lists no scenarios; name at least one", at: entry.range)
                }
                let indices = names.compactMap { name -> Int? in
                    if let index = scenarioTable[name.value] { return index }
                    error("unknown-scenario", "criterion '\(entry.name)' names scenario '\(name.value)', which does not exist", at: name.range,
                          notes: scenarioTable.suggestion(for: name.value))
                    return nil
                }
                verification = .scenarios(indices)
            case .invariant(let name):
                if let index = invariantTable[name.value] {
                    verification = .invariant(index)
                } else {
                    error("unknown-invariant", "criterion '\(entry.name)' names invariant '\(name.value)', which does not exist", at: name.range,
                          notes: invariantTable.suggestion(for: name.value))
                }
            case .property(let name):
                if let index = resolveProperty(name) { verification = .property(index) }
            case .staticProof(let name):
                if let proof = StaticProof(rawValue: name.value) {
                    let verdict = app.prove(proof, screens: screens)
                    verification = .staticProof(verdict)
                    // Leaks of personal data are reported once, as personal-data-leak, whoever names the proof. A screen
                    // that did not resolve (a typo, or a file that is not valid YAML) is reported already: the proof
                    // over what is left would only repeat that mistake.
                    let allScreensResolved = screens.count == syntax.screens.count
                    for finding in verdict.findings where allScreensResolved && (proof != .noPersonalDataInAnalyticsOrPushes || !app.marksPersonalData) {
                        warning("static-proof-broken", "criterion '\(entry.name)' is proved by '\(proof.rawValue)', which does not hold: \(finding.message)",
                                at: finding.range, notes: [.init("the criterion", at: entry.range)])
                    }
                } else {
                    let names = StaticProof.allCases.map(\.rawValue)
                    error("unknown-static-proof", "criterion '\(entry.name)' names static proof '\(name.value)', which does not exist; the static proofs are: \(names.joined(separator: ", "))",
                          at: name.range, notes: closestMatch(to: name.value, among: names).map { [.init("did you mean '\($0)'?")] } ?? [])
                }
            case .notAutomatable(let reason):
                if reason.value.allSatisfy(\.isWhitespace) {
                    error("missing-reason", "criterion '\(entry.name)' is not automatable but gives no reason; say why it cannot be checked headlessly", at: reason.range)
                }
                verification = .notAutomatable(reason: reason.value)
            case nil where syntax.hasVerifiedBy:
                break
            case nil:
                warning("unverified-criterion", "criterion '\(entry.name)' names no evidence yet and will be reported as uncovered; add 'verified_by:'",
                        at: entry.range)
            }
            if let part = syntax.notAutomatablePart, part.value.allSatisfy(\.isWhitespace) {
                error("missing-reason", "criterion '\(entry.name)' has a part that is not automatable but gives no reason; say what needs a device and why", at: part.range)
            }
            var criterion = AcceptanceCriterion(id: entry.name, text: syntax.text?.value ?? "", section: syntax.section?.value,
                                                screens: screens, transitions: transitions, verification: verification,
                                                notAutomatablePart: syntax.notAutomatablePart?.value, range: entry.range)
            criterion.concerns = syntax.concerns.map { $0.compactMap(resolveConcern) }
            if let reason = syntax.noProperty {
                if reason.value.allSatisfy(\.isWhitespace) {
                    error("missing-reason", "criterion '\(entry.name)' says it has no property but gives no reason; say why no property checks it on every explored path", at: reason.range)
                }
                criterion.noPropertyReason = reason.value
            }
            criterion.propertyBeside = syntax.propertyBeside.flatMap(resolveProperty)
            var explained: [String: SourceRange] = [:]
            for note in syntax.survivors {
                if let first = explained[note.mutant.value] {
                    error("duplicate-key", "criterion '\(entry.name)' explains survivor '\(note.mutant.value)' twice", at: note.mutant.range,
                          notes: [.init("first explained here", at: first)])
                    continue
                }
                explained[note.mutant.value] = note.mutant.range
                if note.reason.value.allSatisfy(\.isWhitespace) {
                    error("missing-reason", "criterion '\(entry.name)' lets survivor '\(note.mutant.value)' live but gives no reason; say why its text does not cover the change",
                          at: note.reason.range)
                }
                criterion.survivorNotes.append(.init(mutant: note.mutant.value, reason: note.reason.value, range: note.mutant.range))
            }
            app.criteria.append(criterion)
        }
    }

    /// `PAY-003`, `PAY-003 tap_continue`, `PAY-003 after 30s`, `PAY-003 field amount`, `PAY-003 enter`, `PAY-003 exit`,
    /// `WAL-001 analytics`, `XC-LOCK back`.
    func resolveConcern(_ written: Located<String>) -> AcceptanceCriterion.Concern? {
        let parts = written.value.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true).map(String.init)
        guard let first = parts.first, let screen = screenTable[first] else {
            let name = parts.first ?? written.value
            error("unknown-screen", "'\(name)' is not a screen of app '\(app.id)'", at: written.range, notes: suggestion(forScreen: name))
            return nil
        }
        guard parts.count == 2 else { return .init(screen: screen, part: nil) }
        let rest = parts[1]
        let target = app.screens[screen]
        switch rest {
        case "enter": return .init(screen: screen, part: .enter)
        case "analytics":
            if target.analytics == nil {
                error("invalid-value", "concern '\(written.value)': screen '\(first)' has no screen-view analytics ('analytics:'), so there is nothing to concern", at: written.range)
                return nil
            }
            return .init(screen: screen, part: .analytics)
        case "exit": return .init(screen: screen, part: .exit)
        case "back":
            if !target.backBlocked {
                error("invalid-value", "concern '\(written.value)': screen '\(first)' does not block back ('back: blocked'), so there is nothing to concern", at: written.range)
                return nil
            }
            return .init(screen: screen, part: .back)
        default: break
        }
        if rest.hasPrefix("list ") {
            let list = String(rest.dropFirst("list ".count)).trimmingCharacters(in: .whitespaces)
            guard target.lists.contains(where: { $0.name == list }) else {
                let names = target.lists.map(\.name)
                error("unknown-member", "concern '\(written.value)': screen '\(first)' shows no list '\(list)'", at: written.range,
                      notes: closestMatch(to: list, among: names).map { [.init("did you mean '\($0)'?")] }
                        ?? (names.isEmpty ? [] : [.init("its lists are: \(names.joined(separator: ", "))")]))
                return nil
            }
            return .init(screen: screen, part: .list(list))
        }
        if rest.hasPrefix("field ") {
            let field = String(rest.dropFirst("field ".count)).trimmingCharacters(in: .whitespaces)
            guard target.fields.contains(where: { $0.name == field }) else {
                let names = target.fields.map(\.name)
                error("unknown-field", "concern '\(written.value)': screen '\(first)' has no field '\(field)'", at: written.range,
                      notes: closestMatch(to: field, among: names).map { [.init("did you mean '\($0)'?")] }
                        ?? (names.isEmpty ? [] : [.init("its fields are: \(names.joined(separator: ", "))")]))
                return nil
            }
            return .init(screen: screen, part: .field(field))
        }
        let flow = app.flows[target.flow]
        let events = Set(target.transitions.map(\.event) + flow.globalTransitions.map(\.event)
                         + target.timers.map { "after \($0.delaySource)" } + flow.globalTimers.map { "after \($0.delaySource)" })
        guard events.contains(rest) else {
            if screensWithBrokenTargets.contains(screen) { return nil }
            let choices = ["enter", "exit", "analytics", "back", "field <name>", "list <name>"] + events.sorted()
            error("unknown-transition", "concern '\(written.value)': screen '\(first)' has no transition on '\(rest)'", at: written.range,
                  notes: closestMatch(to: rest, among: events.sorted()).map { [.init("did you mean '\($0)'?")] }
                    ?? [.init("a concern names a screen, or one of its parts: \(choices.joined(separator: ", "))")])
            return nil
        }
        return .init(screen: screen, part: .transition(rest))
    }

    func resolveQuestions() {
        for entry in questionTable.entries {
            let syntax = entry.value
            app.questions.append(OpenQuestion(id: entry.name, text: syntax.text?.value ?? "", section: syntax.section?.value,
                                              assumption: syntax.assumption?.value ?? "", screens: resolveScreenList(syntax.screens), range: entry.range))
        }
    }

    func checkUnused() {
        for entry in types.entries where !usedTypes.contains(entry.name) {
            warning("unused-declaration", "type '\(entry.name)' is never used", at: entry.range)
        }
        for entry in stateTable.entries where !usedNames.contains(entry.name) {
            warning("unused-declaration", "state value '\(entry.name)' is never read or set", at: entry.range)
        }
        for entry in derivedTable.entries where !usedNames.contains(entry.name) {
            warning("unused-declaration", "derived value '\(entry.name)' is never used", at: entry.range)
        }
        for entry in serviceTable.entries {
            for operation in entry.value.operations where !calledOperations.contains("\(entry.name).\(operation.name.value)") {
                warning("unused-declaration", "operation '\(entry.name).\(operation.name.value)' is never called", at: operation.name.range)
            }
        }
        for entry in eventTable.entries where !handledEvents.contains(entry.name) {
            warning("unused-declaration", "event '\(entry.name)' is declared but no transition handles it", at: entry.range)
        }
    }
}

extension AppChecker {
    /// A declaration spelled one way and used another way everywhere (`balanse:` declared, `balance` read 110
    /// times; a screen `WAL-01` every transition calls `WAL-001`; a type `VirtualCardStatsu`) is one mistake:
    /// instead of an error at every use and an unused declaration, one error at the declaration names both
    /// spellings. Only declarations nothing resolved to are considered, so a correct declaration used correctly
    /// elsewhere never hides a typo at a use.
    func mergeMisspelledDeclarations(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        // Only uses of undeclared names can be merged; without any, nothing below would change the list.
        let mergeableCodes: Set<String> = ["unknown-name", "unknown-state", "unknown-type", "unknown-screen", "unknown-target", "unknown-element"]
        guard diagnostics.contains(where: { mergeableCodes.contains($0.code) }) else { return diagnostics }
        func quotedName(_ diagnostic: Diagnostic) -> String? {
            let message = diagnostic.message
            guard let open = message.firstIndex(of: "'") else { return nil }
            let rest = message[message.index(after: open)...]
            guard let close = rest.firstIndex(of: "'") else { return nil }
            return String(rest[..<close])
        }
        var typesInUse: Set<String> = []
        func collect(_ type: ValueType) {
            switch type {
            case .list(let inner), .optional(let inner): collect(inner)
            case .enumeration(let name), .record(let name): typesInUse.insert(name)
            default: break
            }
        }
        for value in app.state { collect(value.type) }
        for value in app.derived { collect(value.type) }
        for type in app.types { if case .record(let fields) = type.kind { for field in fields { collect(field.type) } } }
        for event in app.events { for field in event.payload { collect(field.type) } }
        for service in app.services { for operation in service.operations { for field in operation.input { collect(field.type) } } }
        for screen in app.screens { for field in screen.fields { collect(field.kind.valueType) } }
        var targeted: Set<String> = Set(app.flows.compactMap { app.screens.indices.contains($0.start) ? app.screens[$0.start].id : nil })
        func visit(_ transitions: [Transition]) {
            for transition in transitions {
                switch transition.target {
                case .screen(let index), .overlay(let index): targeted.insert(app.screens[index].id)
                case .subflow(_, let returns): for route in returns { visit(route.transitions) }
                default: break
                }
            }
        }
        for screen in app.screens { visit(screen.transitions + screen.timers.flatMap(\.transitions)) }
        for flow in app.flows { visit(flow.globalTransitions + flow.globalTimers.flatMap(\.transitions)) }

        // A traceability row naming the value or screen (`encoded_by`) is a use like any other.
        let nameCodes: Set<String> = ["unknown-name", "unknown-state", "unknown-element"]
        var candidates: [(name: String, range: SourceRange, kind: String, codes: Set<String>)] = []
        for entry in stateTable.entries where !usedNames.contains(entry.name) { candidates.append((entry.name, entry.range, "state value", nameCodes)) }
        for entry in derivedTable.entries where !usedNames.contains(entry.name) { candidates.append((entry.name, entry.range, "derived value", nameCodes)) }
        for entry in types.entries where !typesInUse.contains(entry.name) { candidates.append((entry.name, entry.range, "type", ["unknown-type", "unknown-name"])) }
        for entry in screenTable.entries where !targeted.contains(entry.name) { candidates.append((entry.name, entry.range, "screen", ["unknown-screen", "unknown-target", "unknown-element"])) }
        guard !candidates.isEmpty else { return diagnostics }

        var dropped = Set<Diagnostic>()
        var merged: [Diagnostic] = []
        for candidate in candidates {
            var uses: [String: [Diagnostic]] = [:]
            for diagnostic in diagnostics where candidate.codes.contains(diagnostic.code) && !dropped.contains(diagnostic) {
                if let name = quotedName(diagnostic) { uses[name, default: []].append(diagnostic) }
            }
            guard let spelled = closestMatch(to: candidate.name, among: uses.keys.sorted()), baseVariables[spelled] == nil,
                  types[spelled] == nil, screenTable[spelled] == nil, let found = uses[spelled], found.count >= 2,
                  let first = found.first else { continue }  // one use: its own diagnostic, with did-you-mean, says it best
            dropped.formUnion(found)
            dropped.formUnion(diagnostics.filter { ($0.code == "unused-declaration" || $0.code == "unreachable-screen") && $0.range == candidate.range })
            merged.append(.error(first.code,
                                 "\(candidate.kind) '\(candidate.name)' is used nowhere, but '\(spelled)' is used \(found.count) times and declared nowhere; is one of them misspelled?",
                                 at: candidate.range, notes: [.init("first use of '\(spelled)'", at: first.range)]))
        }
        return diagnostics.filter { !dropped.contains($0) } + merged
    }
}
