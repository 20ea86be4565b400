import FlowExpression
import FlowIR

extension Interpreter {
    /// The number of macro steps so far (the start counts as one).
    public var stepCount: Int { log.steps.count }

    /// The recorded run: every macro step in order.
    public var trace: Trace { Trace(steps: steps(from: 0)) }

    /// The macro steps from `first` on, e.g. those a command just caused.
    public func steps(from first: Int) -> [MacroStep] {
        (max(0, first)..<log.steps.count).map(macroStep)
    }

    /// The last macro step, if any.
    public var lastStep: MacroStep? { log.steps.isEmpty ? nil : macroStep(log.steps.count - 1) }

    func macroStep(_ index: Int) -> MacroStep {
        let record = log.steps[index]
        let previous = index > 0 ? log.steps[index - 1] : nil
        let micro = log.micro[(previous?.microEnd ?? 0)..<record.microEnd].map(microStep)
        var changes: [String: Value] = [:]
        for change in log.changes[(previous?.changeEnd ?? 0)..<record.changeEnd] { changes[app.state[change.slot].name] = change.value }
        let trigger: Trigger = switch record.trigger {
        case .start: .start
        case .event(let event): .event(name(event))
        case .timer(let delay): .timer(name(delay))
        case .back: .back
        }
        return MacroStep(index: index, time: record.time, trigger: trigger, microSteps: micro,
                         effects: Array(log.effects[(previous?.effectEnd ?? 0)..<record.effectEnd]), changes: changes,
                         screen: app.screens[record.screen].id, variant: record.variant.map { program.screens[record.screen].variants[$0].name },
                         ended: record.ended, rules: Array(log.rules[(previous?.ruleEnd ?? 0)..<record.ruleEnd]))
    }

    private func microStep(_ record: TraceLog.Micro) -> MicroStep {
        let guards = log.guards[record.guards].map { MicroStep.GuardResult(source: name($0.source), value: $0.value) }
        let screenID = app.screens[record.screen].id
        let outcome: MicroStep.Outcome = switch record.outcome {
        case .taken(let to, let alternative, let global): .taken(from: screenID, to: to.map { app.screens[$0].id }, alternative: alternative, global: global)
        case .rejected(let errors): .rejected(screen: screenID, errors: errors)
        case .ignored: .ignored(screen: screenID)
        }
        return MicroStep(event: name(record.event), outcome: outcome, guards: guards)
    }
}
