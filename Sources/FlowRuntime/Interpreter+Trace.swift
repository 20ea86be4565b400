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
        func range(_ end: KeyPath<TraceLog.Step, Int32>) -> Range<Int> { Int(previous?[keyPath: end] ?? 0)..<Int(record[keyPath: end]) }
        let micro = log.micro[range(\.microEnd)].map(microStep)
        var changes: [String: Value] = [:]
        for change in log.changes[range(\.changeEnd)] { changes[app.state[Int(change.slot)].name] = change.value }
        let trigger: Trigger = switch record.trigger {
        case .start: .start
        case .event(let event): .event(name(event))
        case .timer(let delay): .timer(name(delay))
        case .back: .back
        }
        let effects = log.effects[range(\.effectEnd)].map { number in
            number >= 0 ? program.staticEffects[Int(number)] : log.dynamicEffects[Int(-number) - 1]
        }
        let screen = Int(record.screen)
        return MacroStep(index: index, time: record.time, trigger: trigger, microSteps: micro, effects: effects, changes: changes,
                         screen: app.screens[screen].id,
                         variant: record.variant >= 0 ? program.screens[screen].variants[Int(record.variant)].name : nil,
                         ended: record.ended >= 0 ? log.endings[Int(record.ended)] : nil, rules: Array(log.rules[range(\.ruleEnd)]))
    }

    private func microStep(_ record: TraceLog.Micro) -> MicroStep {
        let guards = log.guards[Int(record.guardStart)..<Int(record.guardEnd)].map {
            MicroStep.GuardResult(source: name(Int($0 / 2)), value: $0 % 2 == 1)
        }
        let screenID = app.screens[Int(record.screen)].id
        let outcome: MicroStep.Outcome = switch record.kind {
        case .taken, .takenGlobal:
            .taken(from: screenID, to: record.to >= 0 ? app.screens[Int(record.to)].id : nil, alternative: Int(record.detail),
                   global: record.kind == .takenGlobal)
        case .rejected: .rejected(screen: screenID, errors: log.rejections[Int(record.detail)])
        case .ignored: .ignored(screen: screenID)
        }
        return MicroStep(event: name(Int(record.event)), outcome: outcome, guards: guards)
    }
}
