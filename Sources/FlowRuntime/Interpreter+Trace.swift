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
    public var lastStep: MacroStep? { stepCount > log.droppedSteps ? macroStep(stepCount - 1) : nil }

    /// Macro step number `index` (absolute), which must still be kept.
    func macroStep(_ index: Int) -> MacroStep {
        let record = log.steps[index]
        let begin = log.begin(ofStep: index)
        let ends = record.ends
        let micro = log.micro[begin.micro..<ends.micro].map(microStep)
        var changes: [String: Value] = [:]
        for change in log.changes[begin.changes..<ends.changes] { changes[app.state[change.slot].name] = log.value(of: change) }
        let trigger: Trigger = switch record.trigger {
        case .start: .start
        case .event(let event): .event(name(event))
        case .timer(let delay): .timer(name(delay))
        case .back: .back
        case .restart: .restart
        }
        let effects = log.effects[begin.effects..<ends.effects].map { number in
            number >= 0 ? program.staticEffects[number] : log.dynamicEffects[-number - 1]
        }
        let screen = Int(record.screen)
        return MacroStep(index: index, time: record.time, trigger: trigger, microSteps: micro, effects: effects, changes: changes,
                         screen: app.screens[screen].id,
                         variant: record.variant >= 0 ? program.variantNames[screen][Int(record.variant)] : nil,
                         ended: record.ended >= 0 ? log.endings[record.ended] : nil, rules: log.rules[begin.rules..<ends.rules])
    }

    private func microStep(_ record: TraceLog.Micro) -> MicroStep {
        let guards = log.guards[record.guardStart..<record.guardEnd].map {
            MicroStep.GuardResult(source: name(Int($0 / 2)), value: $0 % 2 == 1)
        }
        let screenID = app.screens[Int(record.screen)].id
        let outcome: MicroStep.Outcome = switch record.kind {
        case .taken, .takenGlobal:
            .taken(from: screenID, to: record.to >= 0 ? app.screens[Int(record.to)].id : nil, alternative: Int(record.detail),
                   global: record.kind == .takenGlobal)
        case .rejected: .rejected(screen: screenID, errors: log.rejections[record.detail])
        case .ignored: .ignored(screen: screenID)
        case .callForgotten: .decided(screen: screenID, .callForgotten)
        case .answerDropped: .decided(screen: screenID, .answerDropped)
        case .subflowAbandoned: .decided(screen: screenID, .subflowAbandoned)
        }
        return MicroStep(event: name(Int(record.event)), outcome: outcome, guards: guards)
    }
}
