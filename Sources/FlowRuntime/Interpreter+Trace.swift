import FlowExpression
import FlowIR

extension Interpreter {
    /// The number of macro steps so far (the start counts as one).
    public var stepCount: Int { log.stepTotal }

    /// How many recent macro steps the trace keeps (nil, the default: all). A long headless run
    /// (`flowc run --script`) sets it so memory stays flat; step numbers stay those of the whole run.
    public var retainedSteps: Int? {
        get { log.retainedSteps }
        set { log.retainedSteps = newValue }
    }

    /// The recorded run: every macro step kept, in order.
    public var trace: Trace { Trace(steps: steps(from: 0)) }

    /// The macro steps from number `first` on (those still kept), e.g. those a command just caused;
    /// none when `first` is past the last step.
    public func steps(from first: Int) -> [MacroStep] {
        let start = max(log.droppedSteps, first)
        guard start < stepCount else { return [] }
        return (start..<stepCount).map(macroStep)
    }

    /// The last macro step, if any.
    public var lastStep: MacroStep? { log.steps.isEmpty ? nil : macroStep(stepCount - 1) }

    /// Macro step number `index` (absolute), which must still be kept.
    func macroStep(_ index: Int) -> MacroStep {
        let local = index - log.droppedSteps
        let record = log.steps[local]
        let previous = local > 0 ? log.steps[local - 1] : nil
        func range(_ end: KeyPath<TraceLog.Step, Int32>) -> Range<Int> { Int(previous?[keyPath: end] ?? 0)..<Int(record[keyPath: end]) }
        let micro = log.micro[range(\.microEnd)].map(microStep)
        var changes: [String: Value] = [:]
        for change in log.changes[range(\.changeEnd)] { changes[app.state[Int(change.slot)].name] = change.value }
        let trigger: Trigger = switch record.trigger {
        case .start: .start
        case .event(let event): .event(name(event))
        case .timer(let delay): .timer(name(delay))
        case .back: .back
        case .restart: .restart
        }
        let effects = log.effects[range(\.effectEnd)].map { number in
            number >= 0 ? program.staticEffects[Int(number)] : log.dynamicEffects[Int(-number) - 1]
        }
        let screen = Int(record.screen)
        return MacroStep(index: index, time: record.time, trigger: trigger, microSteps: micro, effects: effects, changes: changes,
                         screen: app.screens[screen].id,
                         variant: record.variant >= 0 ? program.variantNames[screen][Int(record.variant)] : nil,
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
