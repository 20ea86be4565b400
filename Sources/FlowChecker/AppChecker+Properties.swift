import FlowExpression
import FlowIR
import FlowSource
import FlowSyntax

extension AppChecker {
    /// Properties (`properties:`): each condition typed as a yes/no over the state, each screen, event and effect resolved.
    func resolveProperties() {
        let environment = domainEnvironment()
        let effectNames = collectEffects()
        for entry in propertyTable.entries {
            let syntax = entry.value
            guard let form = syntax.form else { continue }
            func condition(_ source: ExpressionSource?, _ role: String) -> Property.Condition? {
                guard let source, let typed = check(source, expected: .bool, in: environment, role: role) else { return nil }
                return Property.Condition(expression: typed, source: source.text)
            }
            func screen(_ name: Located<String>?) -> Int? {
                guard let name else { return nil }
                return resolveScreenList([name]).first
            }
            let resolved: Property.Form?
            switch form {
            case .always(let source):
                resolved = condition(source, "property condition").map { .always($0) }
            case .never(let forbidden):
                var result = Property.Forbidden(condition: condition(forbidden.condition, "property condition"),
                                                screen: screen(forbidden.screen), when: condition(forbidden.when, "property 'when'"))
                if let effect = forbidden.effect {
                    let known = effectNames[effect.kind.value] ?? []
                    if !known.contains(effect.value.value) && screensWithBrokenTargets.isEmpty {
                        error("unknown-effect", "no action of app '\(app.id)' emits \(effect.kind.value) '\(effect.value.value)'", at: effect.value.range,
                              notes: closestMatch(to: effect.value.value, among: known.sorted()).map { [.init("did you mean '\($0)'?")] } ?? [])
                    }
                    result.effect = Property.EffectPattern(kind: effect.kind.value, value: effect.value.value)
                }
                for name in forbidden.unlessAfter {
                    if handledEvents.contains(name.value) || eventIndex[name.value] != nil {
                        result.unlessAfter.append(name.value)
                    } else {
                        error("unknown-event", "property '\(entry.name)' names event '\(name.value)', which no screen handles", at: name.range,
                              notes: closestMatch(to: name.value, among: handledEvents.sorted()).map { [.init("did you mean '\($0)'?")] } ?? [])
                    }
                }
                resolved = .never(result)
            case .after(let trigger, let when, let thenScreen, let thenCheck):
                let resolvedTrigger: Property.Trigger?
                switch trigger {
                case .restart: resolvedTrigger = .restart
                case .event(let name):
                    if handledEvents.contains(name.value) || eventIndex[name.value] != nil {
                        resolvedTrigger = .event(name.value)
                    } else {
                        error("unknown-event", "property '\(entry.name)' names event '\(name.value)', which no screen handles", at: name.range,
                              notes: closestMatch(to: name.value, among: handledEvents.sorted()).map { [.init("did you mean '\($0)'?")] } ?? [])
                        resolvedTrigger = nil
                    }
                case .screen(let name): resolvedTrigger = screen(name).map { .screen($0) }
                }
                let expectation = Property.Expectation(when: condition(when, "property 'when'"), screen: screen(thenScreen),
                                                       check: condition(thenCheck, "property check"))
                resolved = resolvedTrigger.map { .after($0, then: expectation) }
            }
            if let resolved {
                app.properties.append(Property(name: entry.name, text: syntax.text?.value, form: resolved, range: entry.range))
            }
        }
    }
}
