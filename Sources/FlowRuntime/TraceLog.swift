import FlowExpression

/// The trace of a run as flat logs of small numbers, appended to without allocating per step;
/// `Interpreter.trace` turns them into ``MacroStep`` values when someone reads them. Every entry keeps
/// its absolute position for the whole run, so letting the oldest steps go (`retainedSteps`) copies and
/// renumbers nothing: each log is a ``TraceRing``, and a long bounded run writes over what it let go.
struct TraceLog: Sendable {
    enum LoggedTrigger: Sendable {
        case start
        case event(Int)
        case timer(Int)
        case back
        /// The app was closed and launched again.
        case restart
    }

    /// Where a step's entries end in each log (absolute positions; they start where the previous step's end).
    /// The side tables (dynamic effects, rejections, endings) are let go by what the dropped entries refer to.
    struct Ends: Sendable {
        var micro = 0
        var effects = 0
        var changes = 0
        var rules = 0
        var guards = 0
        /// The side tables are appended to in step order too, so a step's ends in them say what dropping it lets go.
        var dynamicEffects = 0
        var rejections = 0
        var endings = 0
        var changedValues = 0
    }

    struct Step: Sendable {
        var ends: Ends
        var time: Int
        /// The event or timer-delay name number of the trigger.
        var triggerName: Int32
        var screen: Int32
        /// Variant index, or -1.
        var variant: Int32
        /// Position in `endings`, or -1.
        var ended: Int
        var triggerKind: UInt8

        var trigger: LoggedTrigger {
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
        enum Kind: UInt8, Sendable { case taken, takenGlobal, rejected, ignored, callForgotten, answerDropped, subflowAbandoned }
        var event: Int32
        var screen: Int32
        /// Taken: the screen reached, or -1 when the run ended.
        var to: Int32
        var kind: Kind
        /// Taken: the alternative's index. Rejected: the position of the errors in `rejections`.
        var detail: Int
        /// The positions of the guard results it read in `guards`.
        var guardStart: Int
        var guardEnd: Int
    }

    /// A state slot with a value: a whole number (the commonest state) in place, any other value by its position in
    /// a side log, so the record is plain numbers and writing over it costs nothing. `changes` holds each slot a step
    /// changed with its value at the end of the step (side log `changedValues`); `touched`, each slot the current
    /// step wrote with its value before the step (side log `touchedValues`).
    struct SlotValue: Sendable {
        var slot: Int
        /// The value's position in the side log, or -1 when the value is the whole number `int`.
        var valueIndex: Int
        var int: Int

        init(slot: Int, int: Int) { self.slot = slot; valueIndex = -1; self.int = int }
        init(slot: Int, valueIndex: Int) { self.slot = slot; self.valueIndex = valueIndex; int = 0 }
    }

    var steps = TraceRing<Step>()
    /// Keep only this many recent steps (nil: all of them, as scenarios and reports need).
    var retainedSteps: Int? {
        didSet { stepsBeforeDropping = keptSteps.map { $0 + max(64, $0 / 2) } ?? Int.max }
    }
    /// The steps kept: `retainedSteps`, at least the last one.
    private var keptSteps: Int? { retainedSteps.map { max(1, $0) } }
    /// How many steps the logs hold before the oldest are let go, down to `keptSteps` (read on every step).
    private var stepsBeforeDropping = Int.max
    /// How many of the oldest steps were let go (`retainedSteps`); step numbers stay absolute. The logs let steps go
    /// in batches (`endStep`), so some older steps may still be stored: they are not read.
    var droppedSteps: Int {
        guard let kept = keptSteps else { return steps.start }
        return max(steps.start, steps.end - kept)
    }
    /// The number of steps recorded so far, the dropped ones included.
    var stepTotal: Int { steps.end }
    /// Where the newest step let go ended: where the oldest kept step's entries start.
    private(set) var droppedEnds = Ends()
    /// Whether a step began and did not end (it failed half-way): the next one drops what it left.
    private var stepOpen = false
    /// Where the ending the step being recorded shows is in `endings` (`noteEnding`), or -1.
    private var stepEnding = -1
    var micro = TraceRing<Micro>()
    /// Guard results: the interned guard source times two, plus one when it held.
    var guards = TraceRing<Int32>()
    /// Effects: n ≥ 0 is the program's static effect n; n < 0 is `dynamicEffects[-n - 1]`.
    var effects = TraceRing<Int>()
    var dynamicEffects = TraceRing<Effect>()
    var changes = TraceRing<SlotValue>()
    var changedValues = TraceRing<Value>()
    var rules = TraceRing<RuleResult>()
    var rejections = TraceRing<[String: String]>()
    var endings = TraceRing<String>()

    /// Slots written in the current step with their values before it; compared when it ends. Only the first
    /// `touchedCount` entries (and `touchedValueCount` values) belong to the current step (the arrays are reused).
    private var touched: [SlotValue] = []
    private var touchedCount = 0
    private var touchedValues: [Value] = []
    private var touchedValueCount = 0
    /// Per slot, the number of the step that last wrote it (so each slot is remembered once a step).
    private var touchedInStep: [Int] = []

    /// Sizes the per-slot write tracking for an app with `slots` state values.
    mutating func trackWrites(toSlots slots: Int) {
        touchedInStep = Array(repeating: -1, count: slots)
    }

    /// Starts a step; entries left by a step that failed half-way are dropped.
    mutating func beginStep() {
        stepEnding = -1
        touchedCount = 0
        touchedValueCount = 0
        if stepOpen { dropUnfinishedStep() }
        stepOpen = true
    }

    private mutating func dropUnfinishedStep() {
        // Entries past where the newest recorded step ended belong to the step that failed.
        let recordedEnds = steps.end > steps.start ? steps[steps.end - 1].ends : droppedEnds
        micro.truncate(to: recordedEnds.micro)
        effects.truncate(to: recordedEnds.effects)
        changes.truncate(to: recordedEnds.changes)
        rules.truncate(to: recordedEnds.rules)
        guards.truncate(to: recordedEnds.guards)
        dynamicEffects.truncate(to: recordedEnds.dynamicEffects)
        rejections.truncate(to: recordedEnds.rejections)
        endings.truncate(to: recordedEnds.endings)
        changedValues.truncate(to: recordedEnds.changedValues)
    }

    /// Notes that the run has ended with `outcome` (the step being recorded shows it; called before `endStep`).
    mutating func noteEnding(_ outcome: String) {
        stepEnding = endings.end
        endings.append(outcome)
    }

    mutating func endStep(trigger: LoggedTrigger, time: Int, screen: Int, variant: Int?, globals: [Value]) {
        for index in 0..<touchedCount {
            let entry = touched[index]
            // Whole numbers, the commonest state, are compared without copying either value.
            if entry.valueIndex < 0, case .int(let now) = globals[entry.slot] {
                if now != entry.int { changes.append(SlotValue(slot: entry.slot, int: now)) }
                continue
            }
            let before = entry.valueIndex < 0 ? Value.int(entry.int) : touchedValues[entry.valueIndex]
            if globals[entry.slot] != before { recordChange(slot: entry.slot, globals[entry.slot]) }
        }
        let (kind, name): (UInt8, Int) = switch trigger {
        case .start: (0, 0)
        case .event(let event): (1, event)
        case .timer(let delay): (2, delay)
        case .back: (3, 0)
        case .restart: (4, 0)
        }
        let ending = stepEnding
        stepEnding = -1
        let ends = Ends(micro: micro.end, effects: effects.end, changes: changes.end, rules: rules.end, guards: guards.end,
                        dynamicEffects: dynamicEffects.end, rejections: rejections.end, endings: endings.end,
                        changedValues: changedValues.end)
        stepOpen = false
        steps.append(filler: Step(ends: ends, time: 0, triggerName: 0, screen: 0, variant: 0, ended: 0, triggerKind: 0)) { step in
            step.ends = ends
            step.time = time
            step.triggerName = Int32(truncatingIfNeeded: name)
            step.screen = Int32(truncatingIfNeeded: screen)
            step.variant = Int32(truncatingIfNeeded: variant ?? -1)
            step.ended = ending
            step.triggerKind = kind
        }
        if steps.end - steps.start > stepsBeforeDropping, let kept = keptSteps { dropSteps(before: steps.end - kept) }
    }

    /// Lets the steps before `first` go, with their entries in every log, so a long headless run keeps a bounded
    /// trace. Done in batches (of at least 64 steps, or half as many as are kept), so a step costs almost nothing for it.
    private mutating func dropSteps(before first: Int) {
        let ends = steps[first - 1].ends
        dynamicEffects.dropFirst(upTo: ends.dynamicEffects)
        rejections.dropFirst(upTo: ends.rejections)
        endings.dropFirst(upTo: ends.endings)
        changedValues.dropFirst(upTo: ends.changedValues)
        steps.dropFirst(upTo: first)
        micro.dropFirst(upTo: ends.micro)
        effects.dropFirst(upTo: ends.effects)
        changes.dropFirst(upTo: ends.changes)
        rules.dropFirst(upTo: ends.rules)
        guards.dropFirst(upTo: ends.guards)
        droppedEnds = ends
    }

    /// Where step `index` (kept) begins in each log.
    func begin(ofStep index: Int) -> Ends {
        index > steps.start ? steps[index - 1].ends : droppedEnds
    }

    /// Whether slot was written in the step being recorded (or, once it ended, in the last step).
    func wasWritten(slot: Int, inStep step: Int) -> Bool { touchedInStep[slot] == step }

    /// Call before writing a state slot; its current value is remembered once a step.
    mutating func willWrite(slot: Int, in globals: [Value]) {
        guard touchedInStep[slot] != stepTotal else { return }
        touchedInStep[slot] = stepTotal
        let before: SlotValue
        if case .int(let int) = globals[slot] {
            before = SlotValue(slot: slot, int: int)
        } else {
            before = SlotValue(slot: slot, valueIndex: touchedValueCount)
            if touchedValueCount < touchedValues.count { touchedValues[touchedValueCount] = globals[slot] } else { touchedValues.append(globals[slot]) }
            touchedValueCount += 1
        }
        if touchedCount < touched.count { touched[touchedCount] = before } else { touched.append(before) }
        touchedCount += 1
    }

    /// Records that `slot` ends the step holding `value`.
    private mutating func recordChange(slot: Int, _ value: Value) {
        if case .int(let int) = value {
            changes.append(SlotValue(slot: slot, int: int))
        } else {
            changedValues.append(value)
            changes.append(SlotValue(slot: slot, valueIndex: changedValues.end - 1))
        }
    }

    /// The value a recorded change left its slot holding.
    func value(of change: SlotValue) -> Value {
        change.valueIndex < 0 ? .int(change.int) : changedValues[change.valueIndex]
    }

    mutating func guardResult(source: Int, value: Bool) {
        guards.append(Int32(truncatingIfNeeded: source * 2 + (value ? 1 : 0)))
    }

    mutating func effect(_ effect: Effect) {
        effects.append(dynamicEffect(effect))
    }

    /// Keeps an effect known only at run time and returns the number `effects` refers to it by (to append once
    /// its place in the step's order is known).
    mutating func dynamicEffect(_ effect: Effect) -> Int {
        dynamicEffects.append(effect)
        return -dynamicEffects.end
    }

    /// Records a micro step; `guards` are the positions of its guard results in `guards`.
    mutating func taken(event: Int, from: Int, to: Int?, alternative: Int, global: Bool, guards range: Range<Int>? = nil) {
        record(event: event, screen: from, to: to ?? -1, detail: alternative, kind: global ? .takenGlobal : .taken, guards: range)
    }

    mutating func rejected(event: Int, screen: Int, errors: [String: String], guards range: Range<Int>) {
        rejections.append(errors)
        record(event: event, screen: screen, to: -1, detail: rejections.end - 1, kind: .rejected, guards: range)
    }

    mutating func ignored(event: Int, screen: Int, guards range: Range<Int>? = nil) {
        record(event: event, screen: screen, to: -1, detail: 0, kind: .ignored, guards: range)
    }

    /// An engine decision (`kind` one of callForgotten, answerDropped, subflowAbandoned) about `event` on `screen`.
    mutating func decided(_ kind: Micro.Kind, event: Int, screen: Int) {
        record(event: event, screen: screen, to: -1, detail: 0, kind: kind, guards: nil)
    }

    private mutating func record(event: Int, screen: Int, to: Int, detail: Int, kind: Micro.Kind, guards range: Range<Int>?) {
        let range = range ?? guards.end..<guards.end
        micro.append(filler: Micro(event: 0, screen: 0, to: 0, kind: kind, detail: 0, guardStart: 0, guardEnd: 0)) { entry in
            entry.event = Int32(truncatingIfNeeded: event)
            entry.screen = Int32(truncatingIfNeeded: screen)
            entry.to = Int32(truncatingIfNeeded: to)
            entry.kind = kind
            entry.detail = detail
            entry.guardStart = range.lowerBound
            entry.guardEnd = range.upperBound
        }
    }
}

/// A log that keeps its entries' absolute positions while the oldest are let go: a ring buffer that doubles
/// when the entries kept fill it. A run that keeps a bounded trace writes in place, never copying or
/// renumbering what it keeps; one that keeps everything grows as an array does.
struct TraceRing<Element: Sendable>: Sendable {
    /// A power of two long (or empty): position p is at `p & (storage.count - 1)`.
    private var storage: [Element] = []
    /// The absolute position of the oldest entry kept, and one past the newest.
    private(set) var start = 0
    private(set) var end = 0

    /// The entry at absolute `position`, which must be kept (`start..<end`).
    subscript(position: Int) -> Element {
        storage[position & (storage.count - 1)]
    }

    /// The entries at `positions` (all kept), oldest first.
    subscript(positions: Range<Int>) -> [Element] {
        positions.map { self[$0] }
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if end - start == storage.count { grow(filling: element) }
        storage.withUnsafeMutableBufferPointer { buffer in
            // In bounds: the mask keeps the position below the storage's (power-of-two) length.
            buffer[end & (buffer.count - 1)] = element
        }
        end += 1
    }

    /// Appends an entry that `write` fills in place over whatever the slot held (`filler` when the ring grows).
    /// For the records a step writes: built on the stack and then copied, they cost a store-forwarding stall.
    @inline(__always)
    mutating func append(filler: @autoclosure () -> Element, _ write: (inout Element) -> Void) {
        if end - start == storage.count { grow(filling: filler()) }
        storage.withUnsafeMutableBufferPointer { buffer in
            write(&buffer[end & (buffer.count - 1)])
        }
        end += 1
    }

    /// Doubles the storage, each kept entry moved to its place in the longer ring.
    @inline(never)
    private mutating func grow(filling filler: Element) {
        let capacity = max(16, storage.count * 2)
        var grown = Array(repeating: filler, count: capacity)
        for position in start..<end { grown[position & (capacity - 1)] = self[position] }
        storage = grown
    }

    /// Lets go of the entries before `position`.
    mutating func dropFirst(upTo position: Int) { start = max(start, min(position, end)) }

    /// Forgets the entries from `position` on (those of a step that failed half-way).
    mutating func truncate(to position: Int) {
        if end > position { end = max(start, position) }
    }
}
