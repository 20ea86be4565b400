import FlowExpression

/// The trace of a run as flat logs of numbers, appended to without allocating per step;
/// `Interpreter.trace` turns them into ``MacroStep`` values when someone reads them.
struct TraceLog: Sendable {
    enum Trigger: Sendable {
        case start
        case event(Int)
        case timer(Int)
        case back
    }

    struct Step: Sendable {
        var trigger: Trigger
        var time: Int
        var screen: Int
        var variant: Int?
        var ended: String?
        /// Where this step's entries end in each log (they start where the previous step's end).
        var microEnd: Int
        var effectEnd: Int
        var changeEnd: Int
        var ruleEnd: Int
        var guardEnd: Int
    }

    struct Micro: Sendable {
        enum Outcome: Sendable {
            /// `to` is nil when the run ended.
            case taken(to: Int?, alternative: Int, global: Bool)
            case rejected(errors: [String: String])
            case ignored
        }
        var event: Int
        var screen: Int
        var outcome: Outcome
        var guards: Range<Int>
    }

    var steps: [Step] = []
    var micro: [Micro] = []
    var guards: [(source: Int, value: Bool)] = []
    var effects: [Effect] = []
    var changes: [(slot: Int, value: Value)] = []
    var rules: [RuleResult] = []

    /// Slots written in the current step with their values before it; compared when it ends.
    private var touched: [(slot: Int, before: Value)] = []
    /// Per slot, the number of the step that last wrote it (so each slot is remembered once a step).
    private var touchedInStep: [Int] = []

    mutating func reserve(slots: Int) {
        touchedInStep = Array(repeating: -1, count: slots)
    }

    /// Starts a step; entries left by a step that failed half-way are dropped.
    mutating func beginStep() {
        let last = steps.last
        if micro.count != (last?.microEnd ?? 0) { micro.removeSubrange((last?.microEnd ?? 0)...) }
        if effects.count != (last?.effectEnd ?? 0) { effects.removeSubrange((last?.effectEnd ?? 0)...) }
        if changes.count != (last?.changeEnd ?? 0) { changes.removeSubrange((last?.changeEnd ?? 0)...) }
        if rules.count != (last?.ruleEnd ?? 0) { rules.removeSubrange((last?.ruleEnd ?? 0)...) }
        if guards.count != (last?.guardEnd ?? 0) { guards.removeSubrange((last?.guardEnd ?? 0)...) }
        touched.removeAll(keepingCapacity: true)
    }

    mutating func endStep(trigger: Trigger, time: Int, screen: Int, variant: Int?, ended: String?, globals: [Value]) {
        for entry in touched where globals[entry.slot] != entry.before {
            changes.append((entry.slot, globals[entry.slot]))
        }
        steps.append(Step(trigger: trigger, time: time, screen: screen, variant: variant, ended: ended,
                          microEnd: micro.count, effectEnd: effects.count, changeEnd: changes.count, ruleEnd: rules.count,
                          guardEnd: guards.count))
    }

    /// Call before writing a state slot.
    mutating func willWrite(slot: Int, current: Value) {
        guard touchedInStep[slot] != steps.count else { return }
        touchedInStep[slot] = steps.count
        touched.append((slot, current))
    }

    mutating func guardResult(source: Int, value: Bool) {
        guards.append((source, value))
    }

    mutating func effect(_ effect: Effect) {
        effects.append(effect)
    }

    /// Records a micro step; `guards` are the positions of its guard results in `guards`.
    mutating func taken(event: Int, from: Int, to: Int?, alternative: Int, global: Bool, guards range: Range<Int>? = nil) {
        micro.append(Micro(event: event, screen: from, outcome: .taken(to: to, alternative: alternative, global: global),
                           guards: range ?? guards.count..<guards.count))
    }

    mutating func rejected(event: Int, screen: Int, errors: [String: String], guards range: Range<Int>) {
        micro.append(Micro(event: event, screen: screen, outcome: .rejected(errors: errors), guards: range))
    }

    mutating func ignored(event: Int, screen: Int, guards range: Range<Int>? = nil) {
        micro.append(Micro(event: event, screen: screen, outcome: .ignored, guards: range ?? guards.count..<guards.count))
    }

    var lastMicroStepWasIgnored: Bool {
        if let last = micro.last, case .ignored = last.outcome { return true }
        return false
    }
}
