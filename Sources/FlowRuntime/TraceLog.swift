import FlowExpression

/// The trace of a run as flat logs of small numbers, appended to without allocating per step;
/// `Interpreter.trace` turns them into ``MacroStep`` values when someone reads them. Records
/// are kept small (32-bit numbers, effects by reference) because a long run writes one per event.
struct TraceLog: Sendable {
    enum Trigger: Sendable {
        case start
        case event(Int)
        case timer(Int)
        case back
        /// The app was closed and launched again.
        case restart
    }

    struct Step: Sendable {
        var time: Int
        var triggerKind: UInt8
        /// The event or timer-delay name number of the trigger.
        var triggerName: Int32
        var screen: Int32
        /// Variant index, or -1.
        var variant: Int32
        /// Index into `endings`, or -1.
        var ended: Int32
        /// Where this step's entries end in each log (they start where the previous step's end).
        var microEnd: Int32
        var effectEnd: Int32
        var changeEnd: Int32
        var ruleEnd: Int32
        var guardEnd: Int32

        var trigger: Trigger {
            switch triggerKind {
            case 0: .start
            case 1: .event(Int(triggerName))
            case 2: .timer(Int(triggerName))
            case 4: .restart
            default: .back
            }
        }
    }

    struct Micro: Sendable {
        enum Kind: UInt8, Sendable { case taken, takenGlobal, rejected, ignored }
        var event: Int32
        var screen: Int32
        /// Taken: the screen reached, or -1 when the run ended.
        var to: Int32
        /// Taken: the alternative's index. Rejected: the index of the errors in `rejections`.
        var detail: Int32
        var guardStart: Int32
        var guardEnd: Int32
        var kind: Kind
    }

    var steps: [Step] = []
    /// How many of the oldest steps were let go (`retainedSteps`); step numbers stay absolute.
    var droppedSteps = 0
    /// Keep only about this many recent steps (nil: all of them, as scenarios and reports need).
    var retainedSteps: Int?
    /// The number of steps recorded so far, the dropped ones included.
    var stepTotal: Int { droppedSteps + steps.count }
    var micro: [Micro] = []
    /// Guard results: the interned guard source times two, plus one when it held.
    var guards: [Int32] = []
    /// Effects: n ≥ 0 is the program's static effect n; n < 0 is `dynamicEffects[-n - 1]`.
    var effects: [Int32] = []
    var dynamicEffects: [Effect] = []
    var changes: [(slot: Int32, value: Value)] = []
    var rules: [RuleResult] = []
    var rejections: [[String: String]] = []
    var endings: [String] = []

    /// Slots written in the current step with their values before it; compared when it ends.
    /// Only the first `touchedCount` entries belong to the current step (the array is reused).
    private var touched: [(slot: Int, before: Value)] = []
    private var touchedCount = 0
    /// Per slot, the number of the step that last wrote it (so each slot is remembered once a step).
    private var touchedInStep: [Int] = []

    /// Sizes the per-slot write tracking for an app with `slots` state values.
    mutating func trackWrites(toSlots slots: Int) {
        touchedInStep = Array(repeating: -1, count: slots)
    }

    /// Starts a step; entries left by a step that failed half-way are dropped.
    mutating func beginStep() {
        if let last = steps.last {
            truncate(&micro, to: last.microEnd)
            truncate(&effects, to: last.effectEnd)
            truncate(&changes, to: last.changeEnd)
            truncate(&rules, to: last.ruleEnd)
            truncate(&guards, to: last.guardEnd)
        } else {
            micro.removeAll(); effects.removeAll(); changes.removeAll(); rules.removeAll(); guards.removeAll()
        }
        touchedCount = 0
    }

    private func truncate<T>(_ log: inout [T], to end: Int32) {
        if log.count != Int(end) { log.removeSubrange(Int(end)...) }
    }

    mutating func endStep(trigger: Trigger, time: Int, screen: Int, variant: Int?, ended: String?, globals: [Value]) {
        for index in 0..<touchedCount {
            let slot = touched[index].slot
            if globals[slot] != touched[index].before { changes.append((Int32(truncatingIfNeeded: slot), globals[slot])) }
        }
        let (kind, name): (UInt8, Int) = switch trigger {
        case .start: (0, 0)
        case .event(let event): (1, event)
        case .timer(let delay): (2, delay)
        case .back: (3, 0)
        case .restart: (4, 0)
        }
        var ending: Int32 = -1
        if let ended {
            endings.append(ended)
            ending = Int32(truncatingIfNeeded: endings.count - 1)
        }
        steps.append(Step(time: time, triggerKind: kind, triggerName: Int32(truncatingIfNeeded: name), screen: Int32(truncatingIfNeeded: screen),
                          variant: Int32(truncatingIfNeeded: variant ?? -1), ended: ending,
                          microEnd: Int32(truncatingIfNeeded: micro.count), effectEnd: Int32(truncatingIfNeeded: effects.count),
                          changeEnd: Int32(truncatingIfNeeded: changes.count), ruleEnd: Int32(truncatingIfNeeded: rules.count),
                          guardEnd: Int32(truncatingIfNeeded: guards.count)))
        if let limit = retainedSteps, steps.count > 2 * max(1, limit) { dropOldest(keeping: max(1, limit)) }
    }

    /// Lets go of all but the `keeping` most recent steps, so a long headless run keeps a bounded trace
    /// (amortised: it runs once every `keeping` steps).
    private mutating func dropOldest(keeping: Int) {
        let cut = steps.count - keeping
        guard cut > 0 else { return }
        let base = steps[cut - 1]
        let microBase = Int(base.microEnd), effectBase = Int(base.effectEnd), changeBase = Int(base.changeEnd)
        let ruleBase = Int(base.ruleEnd), guardBase = Int(base.guardEnd)
        steps.removeFirst(cut)
        droppedSteps += cut
        micro.removeFirst(microBase)
        effects.removeFirst(effectBase)
        changes.removeFirst(changeBase)
        rules.removeFirst(ruleBase)
        guards.removeFirst(guardBase)
        // Side tables are indexed from the logs: drop what no kept entry refers to, and renumber.
        let firstDynamic = effects.lazy.filter { $0 < 0 }.map { Int(-$0 - 1) }.min() ?? dynamicEffects.count
        dynamicEffects.removeFirst(firstDynamic)
        let firstRejection = micro.lazy.filter { $0.kind == .rejected }.map { Int($0.detail) }.min() ?? rejections.count
        rejections.removeFirst(firstRejection)
        let firstEnding = steps.lazy.filter { $0.ended >= 0 }.map { Int($0.ended) }.min() ?? endings.count
        endings.removeFirst(firstEnding)
        for index in effects.indices where effects[index] < 0 { effects[index] += Int32(truncatingIfNeeded: firstDynamic) }
        for index in micro.indices {
            micro[index].guardStart -= Int32(truncatingIfNeeded: guardBase)
            micro[index].guardEnd -= Int32(truncatingIfNeeded: guardBase)
            if micro[index].kind == .rejected { micro[index].detail -= Int32(truncatingIfNeeded: firstRejection) }
        }
        for index in steps.indices {
            steps[index].microEnd -= Int32(truncatingIfNeeded: microBase)
            steps[index].effectEnd -= Int32(truncatingIfNeeded: effectBase)
            steps[index].changeEnd -= Int32(truncatingIfNeeded: changeBase)
            steps[index].ruleEnd -= Int32(truncatingIfNeeded: ruleBase)
            steps[index].guardEnd -= Int32(truncatingIfNeeded: guardBase)
            if steps[index].ended >= 0 { steps[index].ended -= Int32(truncatingIfNeeded: firstEnding) }
        }
    }

    /// Whether slot was written in the step being recorded (or, once it ended, in the last step).
    func wasWritten(slot: Int, inStep step: Int) -> Bool { touchedInStep[slot] == step }

    /// Call before writing a state slot; its current value is remembered once a step.
    mutating func willWrite(slot: Int, in globals: [Value]) {
        guard touchedInStep[slot] != stepTotal else { return }
        touchedInStep[slot] = stepTotal
        if touchedCount < touched.count { touched[touchedCount] = (slot, globals[slot]) } else { touched.append((slot, globals[slot])) }
        touchedCount += 1
    }

    mutating func guardResult(source: Int, value: Bool) {
        guards.append(Int32(truncatingIfNeeded: source * 2 + (value ? 1 : 0)))
    }

    /// An effect the program knows in advance (screen views, fixed pushes and toasts), by number.
    mutating func staticEffect(_ number: Int) {
        effects.append(Int32(truncatingIfNeeded: number))
    }

    mutating func effect(_ effect: Effect) {
        dynamicEffects.append(effect)
        effects.append(Int32(truncatingIfNeeded: -dynamicEffects.count))
    }

    /// Keeps an effect known only at run time and returns the number `effects` refers to it by (to append once
    /// its place in the step's order is known).
    mutating func dynamicEffect(_ effect: Effect) -> Int32 {
        dynamicEffects.append(effect)
        return Int32(truncatingIfNeeded: -dynamicEffects.count)
    }

    /// Records a micro step; `guards` are the positions of its guard results in `guards`.
    mutating func taken(event: Int, from: Int, to: Int?, alternative: Int, global: Bool, guards range: Range<Int>? = nil) {
        record(event: event, screen: from, to: to ?? -1, detail: alternative, kind: global ? .takenGlobal : .taken, guards: range)
    }

    mutating func rejected(event: Int, screen: Int, errors: [String: String], guards range: Range<Int>) {
        rejections.append(errors)
        record(event: event, screen: screen, to: -1, detail: rejections.count - 1, kind: .rejected, guards: range)
    }

    mutating func ignored(event: Int, screen: Int, guards range: Range<Int>? = nil) {
        record(event: event, screen: screen, to: -1, detail: 0, kind: .ignored, guards: range)
    }

    private mutating func record(event: Int, screen: Int, to: Int, detail: Int, kind: Micro.Kind, guards range: Range<Int>?) {
        let range = range ?? guards.count..<guards.count
        micro.append(Micro(event: Int32(truncatingIfNeeded: event), screen: Int32(truncatingIfNeeded: screen), to: Int32(truncatingIfNeeded: to),
                           detail: Int32(truncatingIfNeeded: detail), guardStart: Int32(truncatingIfNeeded: range.lowerBound),
                           guardEnd: Int32(truncatingIfNeeded: range.upperBound), kind: kind))
    }

}
