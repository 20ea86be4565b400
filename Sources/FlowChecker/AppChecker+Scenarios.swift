import Foundation
import FlowExpression
import FlowIR
import FlowSource
import FlowSyntax

extension AppChecker {
    func resolveScenarios() {
        // The tables below serve scenario steps only; an app without scenarios skips building them.
        guard !scenarioTable.entries.isEmpty else { return }
        let environment = domainEnvironment()
        let allFields = Dictionary(grouping: app.screens.flatMap { screen in screen.fields.map { (screen.id, $0) } }, by: { $0.1.name })
        let effectNames = collectEffects()
        for entry in scenarioTable.entries {
            let syntax = entry.value
            var startScreen: Int?
            if let flowName = syntax.flow {
                if let flow = flowTable[flowName.value] {
                    startScreen = app.flows[flow].start >= 0 ? app.flows[flow].start : nil
                } else {
                    error("unknown-flow", "'\(flowName.value)' is not a flow of this app", at: flowName.range, notes: flowTable.suggestion(for: flowName.value))
                }
            }
            if let start = syntax.start {
                startScreen = resolveScreenReference(start, as: "start screen")
            }
            var givenState = syntax.givenState.compactMap { assignment -> (path: [String], value: TypedExpression)? in
                guard let (path, type) = resolveStatePath(assignment.path),
                      let value = check(assignment.value, expected: type, in: environment) else { return nil }
                return (path, value)
            }
            if let locale = syntax.locale, let start = scenarioLocale(locale) { givenState.insert(start, at: 0) }
            let givenServices = syntax.givenServices.compactMap(resolveOutcomeChoice)
            var clock: Int64?
            if let text = syntax.givenClock {
                if let date = ISO8601DateFormatter().date(from: text.value) {
                    clock = Int64((date.timeIntervalSince1970 * 1000).rounded())
                } else {
                    error("invalid-value", "clock '\(text.value)' must be an ISO 8601 UTC time such as 2026-01-05T09:00:00Z", at: text.range)
                }
            }
            var steps: [Scenario.Step] = []
            for step in syntax.steps {
                switch step.kind {
                case .send(let event, let payload):
                    guard handledEvents.contains(event.value) else {
                        error("unknown-event", "no screen of app '\(app.id)' handles event '\(event.value)'", at: event.range,
                              notes: closestMatch(to: event.value, among: handledEvents.sorted()).map { [.init("did you mean '\($0)'?")] } ?? [])
                        continue
                    }
                    if let raised = raisedEvents.first(where: { $0.name == event.value }) {
                        // An event the flows raise stands for something the flows decided; a scenario plays what a
                        // person or another system does, so sending one would test a path the app never takes.
                        error("internal-event", "event '\(event.value)' is raised by the flows ('raise: \(event.value)'), not sent from outside; a scenario sends what a person or a service does",
                              at: event.range, notes: [.init("the flows raise it here; send the event that leads there instead", at: raised.range)])
                        continue
                    }
                    let declared = eventIndex[event.value].map { app.events[$0].payload } ?? []
                    var values: [(name: String, value: TypedExpression)] = []
                    for item in payload {
                        guard let field = declared.first(where: { $0.name == item.path.value }) else {
                            error("unknown-member", "event '\(event.value)' carries no '\(item.path.value)'", at: item.path.range,
                                  notes: closestMatch(to: item.path.value, among: declared.map(\.name)).map { [.init("did you mean '\($0)'?")] } ?? [])
                            continue
                        }
                        if let value = check(item.value, expected: field.type, in: environment) { values.append((field.name, value)) }
                    }
                    steps.append(.init(kind: .send(event: event.value, payload: values), range: step.range))
                case .fill(let fills), .fillRefused(let fills):
                    var values: [(field: String, value: Scenario.FillValue)] = []
                    for fill in fills {
                        guard allFields[fill.field.value] != nil else {
                            error("unknown-field", "no screen of app '\(app.id)' has a field '\(fill.field.value)'", at: fill.field.range,
                                  notes: closestMatch(to: fill.field.value, among: allFields.keys.sorted()).map { [.init("did you mean '\($0)'?")] } ?? [])
                            continue
                        }
                        switch fill.value {
                        case .text(let text): values.append((fill.field.value, .text(text.value)))
                        case .list(let items): values.append((fill.field.value, .list(items.map(\.value))))
                        }
                    }
                    if case .fillRefused = step.kind {
                        steps.append(.init(kind: .fillRefused(values), range: step.range))
                    } else {
                        steps.append(.init(kind: .fill(values), range: step.range))
                    }
                case .advance(let duration):
                    guard let milliseconds = parseDuration(duration.value) else {
                        error("invalid-duration", "'\(duration.value)' is not a duration; write a whole number with ms, s, m, h or d, e.g. 30s", at: duration.range)
                        continue
                    }
                    steps.append(.init(kind: .advance(milliseconds: milliseconds), range: step.range))
                case .outcome(let choices):
                    steps.append(.init(kind: .outcome(choices.compactMap(resolveOutcomeChoice)), range: step.range))
                case .back:
                    steps.append(.init(kind: .back, range: step.range))
                case .restart:
                    steps.append(.init(kind: .restart, range: step.range))
                case .tapRow(let list, let index, let key):
                    if let choice = resolveTapRow(list, index: index, key: key) {
                        steps.append(.init(kind: .tapRow(list: list.value, row: choice), range: step.range))
                    }
                case .rowAction(let gesture, let list, let index, let key, let action):
                    if let resolved = resolveRowAction(gesture, list: list, index: index, key: key, action: action) {
                        steps.append(.init(kind: .rowAction(list: list.value, action: resolved.action, row: resolved.row), range: step.range))
                    }
                case .expect(let expect):
                    steps.append(.init(kind: .expect(resolveExpectation(expect, allFields: allFields, effectNames: effectNames, environment: environment)), range: step.range))
                }
            }
            app.scenarios.append(Scenario(name: entry.name, description: syntax.description?.value, startScreen: startScreen,
                                          givenState: givenState, givenServices: givenServices, clockStart: clock, steps: steps, range: entry.range))
        }
    }

    func resolveOutcomeChoice(_ choice: OutcomeChoiceSyntax) -> Scenario.ServiceChoice? {
        guard let (service, operation) = resolveOperation(choice.operation) else { return nil }
        let outcomes = app.services[service].operations[operation].outcomes
        guard let outcome = outcomes.firstIndex(where: { $0.name == choice.outcome.value }) else {
            if outcomes.isEmpty { return nil }
            error("unknown-outcome", "operation '\(choice.operation.value)' has no outcome '\(choice.outcome.value)'; its outcomes are \(outcomes.map { "'\($0.name)'" }.joined(separator: ", "))",
                  at: choice.outcome.range, notes: closestMatch(to: choice.outcome.value, among: outcomes.map(\.name)).map { [.init("did you mean '\($0)'?")] } ?? [])
            return nil
        }
        let declared = outcomes[outcome].output
        var output: [String: TypedExpression] = [:]
        let environment = domainEnvironment()
        for item in choice.output {
            guard let field = declared.first(where: { $0.name == item.path.value }) else {
                error("unknown-member", "outcome '\(choice.outcome.value)' of '\(choice.operation.value)' has no output '\(item.path.value)'"
                      + (declared.isEmpty ? "" : "; its outputs are \(declared.map { "'\($0.name)'" }.joined(separator: ", "))"),
                      at: item.path.range, notes: closestMatch(to: item.path.value, among: declared.map(\.name)).map { [.init("did you mean '\($0)'?")] } ?? [])
                continue
            }
            if let value = check(item.value, expected: field.type, in: environment, role: "output '\(field.name)'") { output[field.name] = value }
        }
        return .init(service: service, operation: operation, outcome: outcome, output: output)
    }

    /// Every effect any action can emit, by kind, so scenario expectations can be checked against them.
    func collectEffects() -> [String: Set<String>] {
        var result: [String: Set<String>] = ["analytics": [], "push": [], "toast": [], "call": []]
        app.forEachDeclaredEffect { kind, value, _ in
            result[kind, default: []].insert(value)
            // A toast or a push reads as its translation in another locale.
            if kind == "push" || kind == "toast" { result[kind, default: []].formUnion(messageTranslations(of: value)) }
        }
        return result
    }

    func resolveExpectation(_ expect: ExpectSyntax, allFields: [String: [(String, Field)]], effectNames: [String: Set<String>],
                            environment: TypeEnvironment) -> Scenario.Expectation {
        var screen: Int?
        if let name = expect.screen {
            screen = resolveScreenReference(name, as: "expected screen")
        }
        if let variant = expect.variant {
            if let screen {
                let names = app.screens[screen].variants.map(\.name)
                if !names.contains(variant.value) {
                    error("unknown-variant", "screen '\(app.screens[screen].id)' has no variant '\(variant.value)'", at: variant.range,
                          notes: closestMatch(to: variant.value, among: names).map { [.init("did you mean '\($0)'?")] } ?? [])
                }
            } else if expect.screen == nil {
                // With a screen that did not resolve, that screen is the mistake (already reported).
                error("missing-key", "'variant' needs 'screen' in the same expectation", at: variant.range)
            }
        }
        var errors: [(field: String, message: String)]?
        if let written = expect.errors {
            errors = []
            for item in written {
                guard case .text(let message) = item.value else {
                    error("wrong-type", "the expected error of '\(item.field.value)' must be the message text", at: item.field.range)
                    continue
                }
                let candidates: [Field]
                if let screen {
                    candidates = app.screens[screen].fields.filter { $0.name == item.field.value }
                } else {
                    candidates = (allFields[item.field.value] ?? []).map(\.1)
                }
                guard !candidates.isEmpty else {
                    let names = screen.map { app.screens[$0].fields.map(\.name) } ?? allFields.keys.sorted()
                    error("unknown-field", "\(screen.map { "screen '\(app.screens[$0].id)'" } ?? "no screen") has \(screen == nil ? "a " : "no ")field '\(item.field.value)'",
                          at: item.field.range, notes: closestMatch(to: item.field.value, among: names).map { [.init("did you mean '\($0)'?")] } ?? [])
                    continue
                }
                let messages = candidates.flatMap { $0.rules.flatMap { [$0.message] + messageTranslations(of: $0.message) } }
                if !messages.contains(message.value) && !messagesOfBrokenRules.contains(message.value) {
                    error("unknown-message", "no rule of field '\(item.field.value)' has the message \"\(message.value)\"", at: message.range,
                          notes: closestMatch(to: message.value, among: messages).map { [.init("did you mean \"\($0)\"?")] } ?? [])
                }
                errors?.append((item.field.value, message.value))
            }
        }
        let state = expect.state.compactMap { assignment -> (path: [String], value: TypedExpression)? in
            guard let (path, type) = resolveStatePath(assignment.path, allowDerived: true),
                  let value = check(assignment.value, expected: type, in: environment) else { return nil }
            return (path, value)
        }
        let resolveEffects = { (list: [EffectSyntax], exact: Bool) -> [Scenario.Effect] in
            list.map { effect in
                let known = effectNames[effect.kind.value] ?? []
                // The actions of a transition whose target did not resolve are left out with it (already reported).
                if !known.contains(effect.value.value) && !known.contains(where: { $0.contains("{") && DisplayText.template($0, couldRead: effect.value.value) })
                    && self.screensWithBrokenTargets.isEmpty {
                    self.error("unknown-effect", "no action of app '\(self.app.id)' emits \(effect.kind.value) '\(effect.value.value)'", at: effect.value.range,
                               notes: closestMatch(to: effect.value.value, among: known.sorted()).map { [.init("did you mean '\($0)'?")] } ?? [])
                }
                var properties: [String: TypedExpression] = [:]
                if effect.kind.value == "call" {
                    properties = self.resolveCallArguments(effect, environment: environment)
                } else {
                    for property in effect.properties {
                        if let value = self.check(property.value, expected: nil, in: environment, role: "property '\(property.path.value)'") {
                            properties[property.path.value] = value
                        }
                    }
                }
                return Scenario.Effect(kind: effect.kind.value, value: effect.value.value, properties: properties,
                                       detailsAreComplete: exact && effect.detailsWritten)
            }
        }
        var texts: [(name: String, text: String)] = []
        var saidScreenIsMissing = false
        for item in expect.texts {
            guard case .text(let text) = item.value else {
                error("wrong-type", "the expected text '\(item.field.value)' must be the words shown", at: item.field.range)
                continue
            }
            guard let screen else {
                if expect.screen != nil || saidScreenIsMissing { continue }  // the screen did not resolve (reported there), or said once
                saidScreenIsMissing = true
                error("missing-key", "'texts' needs 'screen' in the same expectation", at: item.field.range)
                continue
            }
            let names = app.screens[screen].texts.map(\.name)
            guard names.contains(item.field.value) else {
                error("unknown-member", "screen '\(app.screens[screen].id)' has no text '\(item.field.value)'"
                      + (names.isEmpty ? "; declare it under the screen's 'texts:'" : "; its texts are \(names.map { "'\($0)'" }.joined(separator: ", "))"),
                      at: item.field.range, notes: closestMatch(to: item.field.value, among: names).map { [.init("did you mean '\($0)'?")] } ?? [])
                continue
            }
            texts.append((item.field.value, text.value))
        }
        var expectation = Scenario.Expectation(screen: screen, variant: expect.variant?.value, errors: errors, state: state,
                                    effects: resolveEffects(expect.effects, false), noEffects: resolveEffects(expect.noEffects, false),
                                    exactEffects: expect.exactEffects.map { resolveEffects($0, true) })
        expectation.texts = texts
        expectation.rows = resolveExpectedRows(expect, screen: screen)
        expectation.options = resolveExpectedOptions(expect, screen: screen)
        expectation.rowActions = resolveExpectedRowActions(expect, screen: screen)
        expectation.captions = resolveExpectedCaptions(expect, screen: screen)
        expectation.checks = expect.checks.compactMap { source in
            check(source, expected: .bool, in: environment, role: "check").map { (source.text, $0) }
        }
        return expectation
    }

    /// The arguments an expected call must carry, each checked against the operation's declared input.
    func resolveCallArguments(_ effect: EffectSyntax, environment: TypeEnvironment) -> [String: TypedExpression] {
        guard !effect.properties.isEmpty else { return [:] }
        let parts = effect.value.value.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, let serviceIndex = serviceTable[parts[0]],
              let operation = app.services[serviceIndex].operations.first(where: { $0.name == parts[1] }) else { return [:] }
        var arguments: [String: TypedExpression] = [:]
        for argument in effect.properties {
            guard let input = operation.input.first(where: { $0.name == argument.path.value }) else {
                error("unknown-member", "operation '\(effect.value.value)' takes no argument '\(argument.path.value)'"
                      + (operation.input.isEmpty ? "" : "; its inputs are \(operation.input.map { "'\($0.name)'" }.joined(separator: ", "))"),
                      at: argument.path.range, notes: closestMatch(to: argument.path.value, among: operation.input.map(\.name)).map { [.init("did you mean '\($0)'?")] } ?? [])
                continue
            }
            if let value = check(argument.value, expected: input.type, in: environment, role: "argument '\(input.name)'") {
                arguments[input.name] = value
            }
        }
        return arguments
    }
}
