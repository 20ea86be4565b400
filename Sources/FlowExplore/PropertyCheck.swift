import FlowExpression
import FlowIR
import FlowRuntime

/// A property with its conditions prepared for the program, judging one explored step at a time.
struct PropertyCheck {
    let property: Property
    let app: App
    private let condition: (compiled: CompiledCondition, source: String)?
    private let when: CompiledCondition?
    private let check: (compiled: CompiledCondition, source: String)?

    init(_ property: Property, program: RuntimeProgram) {
        self.property = property
        app = program.app
        switch property.form {
        case .always(let always):
            condition = (program.compileCondition(always.expression), always.source); when = nil; check = nil
        case .never(let forbidden):
            condition = forbidden.condition.map { (program.compileCondition($0.expression), $0.source) }
            when = forbidden.when.map { program.compileCondition($0.expression) }
            check = nil
        case .after(_, let then):
            condition = nil
            when = then.when.map { program.compileCondition($0.expression) }
            check = then.check.map { (program.compileCondition($0.expression), $0.source) }
        }
    }

    /// What the properties read before a step: each one's `when:` (nil: it has none, or it could not be read) and the screen.
    struct Before {
        var when: [Bool]
        var screen: Int

        init(properties: [PropertyCheck], run: inout Interpreter) {
            screen = run.screen
            when = properties.map { property in
                guard let condition = property.when else { return true }
                return (try? run.holds(condition)) ?? false
            }
        }
    }

    /// Why the step `move` (which ran `steps`) broke the property, or nil when it holds.
    func judge(move: ExploreMove, steps: [MacroStep], before: Before, after run: inout Interpreter) -> String? {
        let index = app.properties.firstIndex { $0.name == property.name } ?? 0
        let began = before.when.indices.contains(index) ? before.when[index] : true
        switch property.form {
        case .always:
            return judgeState(&run)
        case .never(let forbidden):
            if forbidden.condition != nil, let broken = judgeState(&run) { return broken }
            guard began else { return nil }
            if let pattern = forbidden.effect,
               let effect = steps.lazy.flatMap(\.effects).first(where: { $0.kind == pattern.kind && $0.value == pattern.value }),
               !forbidden.unlessAfter.contains(where: { handled($0, in: steps) }) {
                return "\(title): \(effect.kind) '\(effect.value)' was emitted" + whenText(forbidden.when) + " (\(move.summary) on \(screenID(before.screen)))"
            }
            if let screen = forbidden.screen, run.screen == screen, before.screen != screen {
                return "\(title): \(screenID(screen)) was shown" + whenText(forbidden.when) + " (\(move.summary) from \(screenID(before.screen)))"
            }
            return nil
        case .after(let trigger, let then):
            guard began, triggered(trigger, move: move, steps: steps, before: before, run: run) else { return nil }
            if let screen = then.screen, run.screen != screen {
                return "\(title): after \(triggerText(trigger))" + whenText(then.when) + " the screen is \(screenID(run.screen)), not \(screenID(screen))"
            }
            if let check {
                do {
                    if try !run.holds(check.compiled) {
                        return "\(title): after \(triggerText(trigger))" + whenText(then.when) + ", \(check.source) does not hold (on \(screenID(run.screen)))"
                    }
                } catch {
                    return "\(title): after \(triggerText(trigger)), \(check.source) cannot be evaluated: \(error)"
                }
            }
            return nil
        }
    }

    /// Whether what must hold in every state (`always:`, `never: <condition>`) is broken now.
    func judgeState(_ run: inout Interpreter) -> String? {
        guard let condition else { return nil }
        let mustHold: Bool
        if case .always = property.form { mustHold = true } else { mustHold = false }
        do {
            let holds = try run.holds(condition.compiled)
            if holds == mustHold { return nil }
            return "\(title): \(condition.source) \(mustHold ? "does not hold" : "holds") on \(screenID(run.screen))"
        } catch {
            return "\(title): \(condition.source) cannot be evaluated on \(screenID(run.screen)): \(error)"
        }
    }

    private func triggered(_ trigger: Property.Trigger, move: ExploreMove, steps: [MacroStep], before: Before, run: Interpreter) -> Bool {
        switch trigger {
        case .restart: return move == .restart
        case .event(let name):
            // Handled, whoever sent it: the person, a service's answer (one a scenario's world gives at once too) or the
            // app itself. An event no transition takes (its guard false, nothing there handles it) changed nothing.
            return handled(name, in: steps)
        case .screen(let screen): return run.screen == screen && before.screen != screen
        }
    }

    /// Whether a transition for `event` was taken in these steps.
    private func handled(_ event: String, in steps: [MacroStep]) -> Bool {
        steps.contains { step in
            step.microSteps.contains { micro in
                guard micro.event == event, case .taken = micro.outcome else { return false }
                return true
            }
        }
    }

    private var title: String { "property '\(property.name)' broken" }

    private func whenText(_ condition: Property.Condition?) -> String {
        condition.map { " while \($0.source) held" } ?? ""
    }

    private func triggerText(_ trigger: Property.Trigger) -> String {
        switch trigger {
        case .restart: "a restart"
        case .event(let name): "'\(name)'"
        case .screen(let screen): "arriving on \(screenID(screen))"
        }
    }

    private func screenID(_ screen: Int) -> String {
        app.screens.indices.contains(screen) ? app.screens[screen].id : "?"
    }
}
