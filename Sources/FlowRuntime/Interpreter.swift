import FlowSource
import Foundation
import FlowEvaluation
import FlowExpression
import FlowIR
@_spi(Generated) import FlowMachine

/// Chooses service outcomes: per operation, a queue of one-off choices, then a default; each
/// optionally with values for some outputs (evaluated when the outcome arrives; the others are zero).
public struct ServiceOutcomes: Sendable {
    /// An outcome chosen in advance, with the output values chosen for it.
    public struct Choice: Sendable {
        public var outcome: String
        public var output: [String: TypedExpression]
        public init(outcome: String, output: [String: TypedExpression] = [:]) { self.outcome = outcome; self.output = output }
    }

    /// `service.operation` → the choice used when nothing is queued.
    public var defaults: [String: Choice] = [:]
    /// `service.operation` → choices for the next calls, in order.
    public var queued: [String: [Choice]] = [:]

    /// Defaults by outcome name alone: `["equals.debit": "failure"]`.
    public init(defaults: [String: String] = [:]) {
        self.defaults = defaults.mapValues { Choice(outcome: $0) }
    }

    mutating func next(for operation: String) -> Choice? {
        if var pending = queued[operation], !pending.isEmpty {
            let choice = pending.removeFirst()
            queued[operation] = pending
            return choice
        }
        return defaults[operation]
    }
}

/// A run stopped by a broken rule of the model, with the step and the values involved.
public struct RuntimeFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var step: Int
    /// Where the failing expression was written, when the failure is an expression's.
    public var range: SourceRange?
    public init(message: String, step: Int, range: SourceRange? = nil) {
        self.message = message; self.step = step; self.range = range
    }
    public var description: String { "step \(step): \(message)" }
}

/// Executes a checked app headlessly: run-to-completion steps over an event queue, guards and
/// actions through the expression language, validated forms, a back stack, overlays, sub-flows,
/// services whose outcomes the caller chooses, timers on a virtual clock, and invariants after
/// every step. Nothing reads the wall clock or does I/O; the record of a run is `trace`.
///
/// A step is FlowMachine's engine, the one the generated machines run: the interpreter is an
/// `EngineHost` over the tables FlowLowering builds from the app (the same rows the generated
/// `Tables.swift` holds), whose guards, actions and validators are the ``RuntimeProgram``'s closures
/// instead of translated Swift. The engine's trace hooks record the run as flat logs of numbers that
/// become ``MacroStep`` values only when read, so a step allocates nothing in the common case.
///
/// ```swift
/// var run = try Interpreter(app: tempo, clock: Timestamp(parsing: "2026-01-05T09:00:00Z")!)
/// try run.send("tap_im_new")
/// try run.fill("given_name", .text("Ayrton"))
/// try run.advance(by: 30_000)
/// print(run.trace)
/// ```
public struct Interpreter: Sendable {
    public let program: RuntimeProgram
    public var app: App { program.app }
    /// The tables the engine runs (the program's).
    @_spi(Generated) public let tables: FlowTables
    /// Where the engine is: screen, typed fields, back stack, sheets, sub-flows, running timers, raised events.
    @_spi(Generated) public var engine: EngineState<InterpretedEvent>
    /// The current screen's index in `app.screens`.
    public var screen: Int { Int(engine.screenNumber) }
    /// Messages of the current screen's invalid fields, by field name.
    public var errors: [String: String] { engine.errors }
    /// Virtual milliseconds since the run started.
    public internal(set) var elapsed = 0
    /// The outcome the run ended with, once it has.
    public var ended: String? { engine.ended }
    /// Service calls waiting for an outcome (when none was chosen in advance), oldest first.
    public internal(set) var pendingCalls: [String] = []
    public var services: ServiceOutcomes

    /// State values in their slots, then derived values (fresh only while an expression reads them).
    var scope: EvaluationScope
    let clockStart: Int
    /// Whether the app has invariants to check after each step (read on every step, so kept beside the run).
    let hasInvariants: Bool
    /// The engine's stages this run takes (the program's), kept beside the run: the step tests them throughout.
    let features: EngineFeatures
    /// The timers the engine has started and not cancelled, with when they fire on the virtual clock.
    var scheduled: [ScheduledTimer] = []
    /// The engine's output buffer, kept between steps so a step does not allocate one.
    var output: [InterpretedEffect] = []
    /// The payloads of the events in flight (sent, raised, or having started a sub-flow that still runs), by the
    /// index an ``InterpretedEvent`` carries: the event itself stays plain numbers, so the engine copies it freely.
    var payloads: [[String: Value]] = []
    /// Names met at run time that the program did not intern (events nobody declared).
    var extraNames: [String] = []
    var log = TraceLog()

    struct ScheduledTimer: Sendable {
        var fireAt: Int
        /// The engine's token: later tokens were started later, so they order timers due at the same time.
        var token: TimerToken
        /// The timer's number in the tables.
        var timer: Int32
    }

    /// Starts the app on `start` (default: the start screen of its start flow), runs its entry actions.
    public init(app: App, start: Int? = nil, clock: Timestamp = .defaultClockStart,
                services: ServiceOutcomes = ServiceOutcomes(), state overrides: [(path: [String], value: TypedExpression)] = []) throws {
        try self.init(program: RuntimeProgram(app: app), start: start, clock: clock, services: services, state: overrides)
    }

    /// Starts a run of an already prepared program (prepare once, run many times).
    public init(program: RuntimeProgram, start: Int? = nil, clock: Timestamp = .defaultClockStart,
                services: ServiceOutcomes = ServiceOutcomes(), state overrides: [(path: [String], value: TypedExpression)] = []) throws {
        self.program = program
        self.services = services
        tables = program.tables
        clockStart = clock.millisecondsSince1970
        hasInvariants = !program.invariants.isEmpty
        features = program.features
        let app = program.app
        guard let first = start ?? app.startScreen, app.screens.indices.contains(first) else {
            throw RuntimeFailure(message: "app '\(app.id)' has no start screen", step: 0)
        }
        engine = EngineState(screenNumber: Int32(truncatingIfNeeded: first))
        scope = EvaluationScope(globals: Array(repeating: .null, count: program.stateCount + app.derived.count),
                                now: clock, defaultCurrency: app.currency)
        log.trackWrites(toSlots: program.stateCount)
        for (slot, variable) in app.state.enumerated() {
            scope.globals[slot] = try program.initialValues[slot].map { try evaluate($0) } ?? zeroValue(variable.type, in: app)
        }
        for override in overrides {
            let value = try evaluate(program.compile(override.value))
            assign(value, to: override.path)
        }
        // Answers to calls the first screen makes on entry arrive in the same step, as after any event.
        try runStep(.start) { run, effects in try run.engineStart(into: &effects) }
    }

    /// Closes the app and launches it again, as a person does from the app switcher: state declared
    /// `persist: true` keeps its value, every other value starts over from its initial value; the back stack,
    /// sheets, sub-flows, typed fields, timers and calls still waiting for an answer are gone; the app starts on
    /// its start screen (not a scenario's `start:`), with its recurring timers armed again.
    @discardableResult
    public mutating func restart() throws -> MacroStep {
        try runStep(.restart) { run, effects in
            for slot in 0..<run.program.stateCount where !run.program.persistedSlots[slot] {
                let fresh = try run.program.initialValues[slot].map { try run.evaluate($0) } ?? zeroValue(run.app.state[slot].type, in: run.app)
                run.log.willWrite(slot: slot, in: run.scope.globals)
                run.scope.globals[slot] = fresh
            }
            run.pendingCalls = []
            guard let first = run.app.startScreen else { return }
            try run.engineRestart(startScreen: Int32(truncatingIfNeeded: first), into: &effects)
        }
        return macroStep(stepCount - 1)
    }

    // MARK: Public API

    /// The current screen.
    public var currentScreen: Screen { app.screens[screen] }

    /// The state values by name (a copy; derived values are read with `read(_:)`).
    public var state: [String: Value] {
        var values: [String: Value] = [:]
        for (slot, variable) in app.state.enumerated() { values[variable.name] = scope.globals[slot] }
        return values
    }

    /// The virtual clock's current instant.
    public var now: Timestamp { Timestamp(millisecondsSince1970: clockStart + elapsed) }

    /// Events the current screen reacts to now (own transitions, then the flow's global ones).
    public var availableEvents: [String] {
        let own = currentScreen.transitions.map(\.event)
        let global = app.flows[currentScreen.flow].globalTransitions.map(\.event).filter { !own.contains($0) }
        var seen: Set<String> = []
        return (own + global).filter { seen.insert($0).inserted }
    }

    /// Timers that will fire if nothing else happens: the written delay and the milliseconds left.
    public var upcomingTimers: [(delay: String, remaining: Int)] {
        scheduled.sorted { ($0.fireAt, $0.token.rawValue) < ($1.fireAt, $1.token.rawValue) }
            .map { (name(program.timerDelays[Int($0.timer)]), $0.fireAt - elapsed) }
    }

    /// What has been typed into the current screen's fields.
    public var form: [String: FieldInput] {
        let entry = tables.screens[screen]
        var typed: [String: FieldInput] = [:]
        for index in Int(entry.fieldStart)..<Int(entry.fieldEnd) {
            if let input = engine.inputs[index] { typed[tables.strings[Int(tables.fields[index].name)]] = input }
        }
        return typed
    }

    /// The number of an event name, to send it without a look-up by name (`send(eventNumber:)`).
    public func eventNumber(_ name: String) -> Int? { program.nameNumbers[name] }

    /// Sends an event with an optional payload and runs until the app is stable again.
    @discardableResult
    public mutating func send(_ event: String, payload: [String: Value] = [:]) throws -> MacroStep {
        try send(eventNumber: number(of: event), payload: payload)
        return macroStep(stepCount - 1)
    }

    /// Sends an event by its number (see `eventNumber(_:)`): the hot path for explorers and benchmarks.
    public mutating func send(eventNumber event: Int) throws {
        try runStep(.event(event)) { run, effects in
            try run.engineSend(InterpretedEvent(number: Int32(truncatingIfNeeded: event)), into: &effects)
        }
    }

    /// Sends an event with a payload by its number.
    public mutating func send(eventNumber event: Int, payload: [String: Value]) throws {
        try runStep(.event(event)) { run, effects in
            try run.engineSend(run.event(event, payload: payload), into: &effects)
        }
    }

    /// Types into a field of the current screen (no validation until a transition asks for it).
    public mutating func fill(_ field: String, _ input: FieldInput) throws {
        let index: Int
        do {
            index = try engineFillableField(field)
        } catch {
            throw runtimeFailure(error)
        }
        let declared = currentScreen.fields[index - Int(tables.screens[screen].fieldStart)]
        // A choice can only be one of its options, as on the device.
        if declared.kind.isChoice {
            let picked: [String] = switch input {
            case .text(let text): text.isEmpty ? [] : [text]
            case .list(let items): items
            }
            if let wrong = picked.first(where: { item in !declared.options.contains { $0.value == item } }) {
                let options = declared.options.map(\.value).joined(separator: ", ")
                throw RuntimeFailure(message: "'\(wrong)' is not an option of field '\(field)' on '\(currentScreen.id)' (\(options))", step: stepCount)
            }
        }
        engine.inputs[index] = input
        engine.errors[field] = nil
    }

    /// Goes back to the previous screen (or closes the open sheet), as the system back gesture does. On a
    /// screen with `back: blocked` nothing moves: the step is an ignored `back`, as with nowhere to go.
    @discardableResult
    public mutating func back() throws -> MacroStep {
        try runStep(.back) { run, effects in _ = try run.engineBack(into: &effects) }
        return macroStep(stepCount - 1)
    }

    /// Chooses the outcome of the oldest pending call of `operation` (or of the next call, if none is pending),
    /// optionally with values for some of its outputs (the others arrive at their zero value).
    public mutating func choose(_ outcome: String, for operation: String, output: [String: TypedExpression] = [:]) throws {
        if let index = pendingCalls.firstIndex(of: operation) {
            pendingCalls.remove(at: index)
            let event = number(of: "\(operation).\(outcome)")
            let payload = try outputPayload(operation: operation, outcome: outcome, chosen: output)
            try runStep(.event(event)) { run, effects in
                try run.engineSend(run.event(event, payload: payload), into: &effects)
            }
        } else {
            services.queued[operation, default: []].append(ServiceOutcomes.Choice(outcome: outcome, output: output))
        }
    }

    /// Moves the virtual clock forward, firing due timers in order (equal times: in the order they were set).
    @discardableResult
    public mutating func advance(by milliseconds: Int) throws -> [MacroStep] {
        let first = stepCount
        let target = elapsed + max(0, milliseconds)
        // Timers that keep re-arming must not hang a run: bounded at one instant and over one advance.
        var firedAtThisInstant = 0
        var fired = 0
        while ended == nil, let index = nextDueTimer(by: target) {
            let next = scheduled.remove(at: index)
            firedAtThisInstant = next.fireAt == elapsed ? firedAtThisInstant + 1 : 1
            fired += 1
            let delay = name(program.timerDelays[Int(next.timer)])
            if firedAtThisInstant > Self.timerFiringsPerInstant {
                throw RuntimeFailure(message: "more than \(Self.timerFiringsPerInstant) timers fired at +\(formatDuration(next.fireAt)) on '\(currentScreen.id)' without the clock moving: a timer loop (after \(delay))",
                                     step: stepCount)
            }
            if fired > Self.timerFiringsPerAdvance {
                throw RuntimeFailure(message: "more than \(Self.timerFiringsPerAdvance) timers fired in one advance of \(formatDuration(milliseconds)) (after \(delay) on '\(currentScreen.id)' keeps re-arming); advance in shorter steps or lengthen the timer",
                                     step: stepCount)
            }
            elapsed = next.fireAt
            scope.now = now
            try runStep(.timer(program.timerDelays[Int(next.timer)])) { run, effects in
                try run.engineSend(InterpretedEvent(firedTimer: next.token), into: &effects)
            }
        }
        elapsed = target
        scope.now = now
        return steps(from: first)
    }

    /// The position in `scheduled` of the timer due first by `target` (equal times: the one set first).
    private func nextDueTimer(by target: Int) -> Int? {
        var best: Int?
        for (index, timer) in scheduled.enumerated() where timer.fireAt <= target {
            if let current = best, (scheduled[current].fireAt, scheduled[current].token.rawValue) <= (timer.fireAt, timer.token.rawValue) { continue }
            best = index
        }
        return best
    }

    /// How many timers may fire at one virtual instant, and in one `advance`, before the run stops as a loop.
    static let timerFiringsPerInstant = 1_000
    static let timerFiringsPerAdvance = 100_000

    // MARK: Steps

    /// Runs one macro step on the engine, then records it and checks the invariants: after the record, so a
    /// step that breaks one is in the trace.
    mutating func runStep(_ trigger: TraceLog.LoggedTrigger, _ body: (inout Interpreter, inout [InterpretedEffect]) throws -> Void) throws {
        log.beginStep()
        if !payloads.isEmpty { releasePayloads() }
        // The buffer is moved out and back (not copied), so the step neither counts references nor allocates.
        var effects: [InterpretedEffect] = []
        swap(&effects, &output)
        defer { swap(&effects, &output) }
        do {
            try body(&self, &effects)
        } catch {
            if !effects.isEmpty { record(&effects) }
            throw runtimeFailure(error)
        }
        if !effects.isEmpty { record(&effects) }
        let shown = try currentVariantIndex()
        if let outcome = engine.ended { log.noteEnding(outcome) }
        log.endStep(trigger: trigger, time: elapsed, screen: screen, variant: shown, globals: scope.globals)
        if hasInvariants { try checkInvariantsAfterStep() }
    }

    /// An event to hand the engine, its payload (if any) kept in `payloads`.
    mutating func event(_ number: Int, payload: [String: Value]) -> InterpretedEvent {
        guard !payload.isEmpty else { return InterpretedEvent(number: Int32(truncatingIfNeeded: number)) }
        payloads.append(payload)
        return InterpretedEvent(number: Int32(truncatingIfNeeded: number), payloadIndex: Int32(truncatingIfNeeded: payloads.count - 1))
    }

    /// The payload of `event` (empty when it has none).
    func payload(of event: InterpretedEvent?) -> [String: Value] {
        guard let index = event?.payloadIndex, index >= 0 else { return [:] }
        return payloads[Int(index)]
    }

    /// Between steps, keeps only the payloads of the events still held: those that started a running sub-flow
    /// (its return routes read them) and any raised event a failed step left. Memory stays flat on long runs.
    private mutating func releasePayloads() {
        var kept: [[String: Value]] = []
        func keep(_ event: inout InterpretedEvent) {
            guard event.payloadIndex >= 0 else { return }
            kept.append(payloads[Int(event.payloadIndex)])
            event.payloadIndex = Int32(truncatingIfNeeded: kept.count - 1)
        }
        for index in engine.callEvents.indices {
            if var event = engine.callEvents[index] {
                keep(&event)
                engine.callEvents[index] = event
            }
        }
        for index in engine.raised.indices { keep(&engine.raised[index]) }
        payloads = kept
    }

    /// Takes what the engine emitted into the trace (effects) and onto the virtual clock (timers), in order.
    private mutating func record(_ effects: inout [InterpretedEffect]) {
        for effect in effects {
            switch effect {
            case .recorded(let number):
                log.effects.append(number)
            case .screenView(let screen):
                let number = program.screenViews[Int(screen)]
                if number >= 0 { log.effects.append(Int(number)) }
            case .analytics(let event):
                log.effect(.analytics(event: event.name, properties: [:]))
            case .startTimer(let token, let milliseconds):
                // Started and stopped in the same step (the run ended, say): nothing to schedule.
                guard let active = engine.activeTimers.first(where: { $0.token == token }) else { continue }
                scheduled.append(ScheduledTimer(fireAt: elapsed + milliseconds, token: token, timer: active.timer))
            case .cancelTimer(let token):
                if let index = scheduled.firstIndex(where: { $0.token == token }) { scheduled.remove(at: index) }
            }
        }
        effects.removeAll(keepingCapacity: true)
    }

    /// A failure of the engine (a raised-events loop, a field that cannot be typed into) at this step.
    func runtimeFailure(_ error: any Error) -> any Error {
        guard let failure = error as? FlowFailure else { return error }
        return RuntimeFailure(message: failure.message, step: stepCount)
    }

    // MARK: Actions

    mutating func run(_ actions: [RuntimeAction], payload: [String: Value], into effects: inout [InterpretedEffect]) throws {
        for action in actions { try perform(action, payload: payload, into: &effects) }
    }

    mutating func perform(_ action: RuntimeAction, payload: [String: Value], into effects: inout [InterpretedEffect]) throws {
        switch action {
        case .setSlot(let slot, let expression, let acceptsNull):
            let value = try evaluate(expression, payload: payload)
            if !acceptsNull, case .null = value { throw nullFailure(expression) }
            log.willWrite(slot: slot, in: scope.globals)
            scope.globals[slot] = value
        case .set(let slot, let members, let expression, let acceptsNull):
            let value = try evaluate(expression, payload: payload)
            if !acceptsNull, case .null = value { throw nullFailure(expression) }
            assign(value, slot: slot, members: members[...])
        case .append(let slot, let members, let expression):
            let value = try evaluate(expression, payload: payload)
            if case .null = value { throw nullFailure(expression) }
            if case .list(let items) = read(slot: slot, members: members[...]) {
                assign(.list(items + [value]), slot: slot, members: members[...])
            } else {
                assign(.list([value]), slot: slot, members: members[...])
            }
        case .clear(let slot, let members, let zero):
            assign(zero, slot: slot, members: members[...])
        case .clearFields:
            clearForm()
        case .fillField(let field, let expression, let onlyWhenEmpty):
            guard let offset = currentScreen.fields.firstIndex(where: { $0.name == field }) else { break }
            if onlyWhenEmpty, formInput(offset) != nil { break }
            let input = try expression.flatMap { FieldInput(prefilling: try evaluate($0, payload: payload)) }
            setInput(offset, input)
        case .call(let service, let operation, let arguments):
            let name = program.operationNames[service][operation]
            var values: [String: Value] = [:]
            for argument in arguments {
                let value = try evaluate(argument.value, payload: payload)
                if !argument.acceptsNull, case .null = value { throw nullFailure(argument.value) }
                values[argument.name] = value
            }
            effects.append(.recorded(log.dynamicEffect(.call(operation: name, arguments: values))))
            let policy = program.callPolicies[service][operation]
            if policy >= 0 { try engineCallStarted(policy, into: &effects) }
            if let choice = services.next(for: name) {
                let outcome = Int32(truncatingIfNeeded: number(of: "\(name).\(choice.outcome)"))
                let payload = try outputPayload(operation: name, outcome: choice.outcome, chosen: choice.output)
                engine.raised.append(event(Int(outcome), payload: payload))
            } else {
                pendingCalls.append(name)
            }
        case .analytics(let event, let properties):
            var values: [String: Value] = [:]
            for property in properties { values[property.name] = try evaluate(property.value, payload: payload) }
            effects.append(.recorded(log.dynamicEffect(.analytics(event: event, properties: values))))
        case .push(let effect), .toast(let effect):
            effects.append(.recorded(effect))
        case .pushText(let expression), .toastText(let expression):
            guard case .text(let text) = try evaluate(expression, payload: payload) else { throw nullFailure(expression) }
            let isPush = if case .pushText = action { true } else { false }
            effects.append(.recorded(log.dynamicEffect(isPush ? .push(text) : .toast(text))))
        case .raise(let event):
            // The flows give a raised event no values: each payload field is at its zero, as generated code builds it.
            engine.raised.append(self.event(event, payload: program.zeroPayloads[name(event)] ?? [:]))
        }
    }

    /// The payload of a service outcome event: each declared output at the value chosen for it, or at its zero value.
    mutating func outputPayload(operation: String, outcome: String, chosen: [String: TypedExpression]) throws -> [String: Value] {
        let zeros = program.zeroPayloads["\(operation).\(outcome)"] ?? [:]
        guard !chosen.isEmpty else { return zeros }
        var payload = zeros
        for (name, expression) in chosen where zeros[name] != nil {
            payload[name] = try evaluateExpression(expression, event: [:])
        }
        return payload
    }

    // MARK: Names

    /// The number of a name: interned by the program, or added for this run.
    mutating func number(of name: String) -> Int {
        if let known = program.nameNumbers[name] { return known }
        if let extra = extraNames.firstIndex(of: name) { return program.names.count + extra }
        extraNames.append(name)
        return program.names.count + extraNames.count - 1
    }

    func name(_ number: Int) -> String {
        number < program.names.count ? program.names[number] : extraNames[number - program.names.count]
    }
}

extension Value {
    /// The value of a guard or check; anything but `true` counts as false.
    var isTrue: Bool {
        if case .bool(true) = self { return true }
        return false
    }
}

// MARK: The engine's host

/// An event as the engine handles it in the interpreter: its name number (event `n` of the app is name `n`,
/// the number its rows carry) with its payload, or a due timer.
@_spi(Generated) public struct InterpretedEvent: EngineEvent {
    public var number: Int32
    /// Where its payload is in the interpreter's `payloads`, or -1 when it has none.
    var payloadIndex: Int32
    public var firedTimer: TimerToken?

    init(number: Int32, payloadIndex: Int32 = -1) { self.number = number; self.payloadIndex = payloadIndex }
    init(firedTimer: TimerToken) { number = -2; payloadIndex = -1; self.firedTimer = firedTimer }
}

/// What the engine emits in the interpreter: effects by their number in the trace log (the screen view by its
/// screen, so a step does no string work), and timers, which the interpreter puts on its virtual clock.
@_spi(Generated) public enum InterpretedEffect: EngineEffect {
    /// An effect number as the trace log stores it (static n ≥ 0, recorded dynamic effect n < 0).
    case recorded(Int)
    case screenView(Int32)
    case analytics(AnalyticsEvent)
    case startTimer(TimerToken, milliseconds: Int)
    case cancelTimer(TimerToken)

    public static func screenView(_ screen: Int32, in tables: FlowTables) -> InterpretedEffect { .screenView(screen) }
}

@_spi(Generated)
extension Interpreter: EngineHost {
    @_spi(Generated) public var engineFeatures: EngineFeatures { features }

    @_spi(Generated) public mutating func evaluateGuard(_ id: Int32, _ event: InterpretedEvent?) throws -> Bool {
        let fast = program.fastGuards[Int(id) - 1]
        if fast.comparison != .none, case .int(let value) = scope.globals[Int(fast.slot)] { return fast.holds(value) }
        let condition = program.guards[Int(id) - 1]
        // The common guard reads only the state: no payload to hand over.
        guard condition.readsEvent else { return try evaluate(condition).isTrue }
        return try evaluate(condition, payload: payload(of: event)).isTrue
    }

    @_spi(Generated) public mutating func runActions(_ id: Int32, _ event: InterpretedEvent?, into effects: inout [InterpretedEffect]) throws {
        let list = Int(id) - 1
        let fast = program.fastActionLists[list]
        guard fast.start >= 0 else {
            try run(program.actionLists[list], payload: payload(of: event), into: &effects)
            return
        }
        for index in Int(fast.start)..<Int(fast.end) where !runFast(program.fastActions[index]) {
            try perform(program.actionLists[list][index - Int(fast.start)], payload: payload(of: event), into: &effects)
        }
    }

    /// Runs an action's fast form; false when it must run as written (see ``FastAction``).
    @inline(__always)
    private mutating func runFast(_ action: FastAction) -> Bool {
        let slot = Int(action.slot)
        let value: Value
        switch action.kind {
        case .add:
            guard case .int(let base) = scope.globals[Int(action.source)] else { return false }
            let (sum, overflow) = base.addingReportingOverflow(action.constant)
            guard !overflow else { return false }
            value = .int(sum)
        case .setInt:
            value = .int(action.constant)
        case .setBool:
            value = .bool(action.constant != 0)
        case .general:
            return false
        }
        log.willWrite(slot: slot, in: scope.globals)
        scope.globals[slot] = value
        return true
    }

    @_spi(Generated) public mutating func validateField(_ id: Int32, _ input: FieldInput?) throws -> String? {
        let validator = program.lowered.validators[Int(id) - 1]
        return try validateField(id, field: Int(tables.screens[validator.screen].fieldStart) + validator.field, input)
    }

    @_spi(Generated) public mutating func validateField(_ id: Int32, field: Int, _ input: FieldInput?) throws -> String? {
        try validate(program.fieldRules[field], input: input)
    }

    /// A call timed out or was forgotten when its screen was left: it is no longer waiting for an `outcome:`.
    @_spi(Generated) public mutating func callAbandoned(_ policy: Int32) {
        let operation = tables.strings[Int(tables.callPolicies[Int(policy)].operation)]
        if let index = pendingCalls.firstIndex(of: operation) { pendingCalls.remove(at: index) }
    }

    /// The interpreter checks its invariants once the step is recorded (`runStep`), so a step that breaks one is in the trace.
    @_spi(Generated) public func checkInvariants() {}

    @_spi(Generated) public mutating func timerLength(_ timer: Int32) throws -> Int? {
        guard let length = program.timerLengths[Int(timer)] else { return nil }
        let timerName = program.timerLengthNames[Int(timer)]
        // A length kept in the state is read when the timer starts: a change applies from the next start.
        guard case .duration(let milliseconds) = try evaluate(length) else {
            throw RuntimeFailure(message: "timer '\(timerName)' has no length", step: stepCount)
        }
        guard milliseconds >= 0 else {
            throw RuntimeFailure(message: "timer '\(timerName)' has a negative length (\(Value.duration(milliseconds)))", step: stepCount)
        }
        return milliseconds
    }

    // MARK: The trace, through the engine's hooks

    @_spi(Generated) public func traceMark() -> Int { log.guards.end }

    @_spi(Generated) public mutating func traceGuard(row: Int, holds: Bool) {
        log.guardResult(source: program.rowTraces[row].conditionSource, value: holds)
    }

    @_spi(Generated) public mutating func traceTaken(row: Int, from: Int32, guards: Range<Int>) {
        let origin = program.rowTraces[row]
        log.taken(event: origin.event, from: Int(from), to: ended == nil ? screen : nil, alternative: origin.alternative, global: origin.global, guards: guards)
    }

    @_spi(Generated) public mutating func traceRejected(row: Int, guards: Range<Int>) {
        log.rejected(event: program.rowTraces[row].event, screen: screen, errors: engine.errors, guards: guards)
    }

    @_spi(Generated) public mutating func traceIgnored(event: Int32, rows: Range<Int>, guards: Range<Int>) {
        // A sent event is named by itself; a timer's or a return route's rows (event -1) by what their first row shows.
        if event >= 0 {
            log.ignored(event: Int(event), screen: screen, guards: guards)
        } else if let first = rows.first {
            log.ignored(event: program.rowTraces[first].event, screen: screen, guards: guards)
        }
    }

    @_spi(Generated) public mutating func traceCallForgotten(_ policy: Int32, screen: Int32) {
        log.decided(.callForgotten, event: number(of: tables.strings[Int(tables.callPolicies[Int(policy)].operation)]), screen: Int(screen))
    }

    @_spi(Generated) public mutating func traceAnswerDropped(event: Int32) {
        log.decided(.answerDropped, event: Int(event), screen: screen)
    }

    @_spi(Generated) public mutating func traceSubflowAbandoned(_ subflow: Int32) {
        let flow = tables.subflows[Int(subflow)].flow
        log.decided(.subflowAbandoned, event: number(of: app.flows[Int(flow)].name), screen: screen)
    }

    @_spi(Generated) public mutating func traceBack(from: Int32, moved: Bool) {
        let back = number(of: "back")
        if moved {
            log.taken(event: back, from: Int(from), to: screen, alternative: 0, global: false)
        } else {
            log.ignored(event: back, screen: Int(from))
        }
    }
}
