import FlowSource
import Foundation
import FlowExpression
import FlowIR
import struct FlowMachine.BackStack

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
/// It runs a ``RuntimeProgram``: event names are numbers, state lives in slots, expressions are
/// closures, and the trace is kept as flat logs of numbers that become ``MacroStep`` values
/// only when read, so a step allocates nothing in the common case.
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
    public internal(set) var screen: Int
    /// Messages of the current screen's invalid fields, by field name.
    public internal(set) var errors: [String: String] = [:]
    /// Virtual milliseconds since the run started.
    public internal(set) var elapsed = 0
    /// The outcome the run ended with, once it has.
    public internal(set) var ended: String?
    /// Service calls waiting for an outcome (when none was chosen in advance), oldest first.
    public internal(set) var pendingCalls: [String] = []
    public var services: ServiceOutcomes

    /// State values in their slots, then derived values (fresh only while an expression reads them).
    var scope: ExpressionScope
    let clockStart: Int
    var history = BackStack()
    var overlayOpeners: [Int] = []
    var calls: [CallFrame] = []
    var forms: [Int: [String: FieldInput]] = [:]
    var timers: [ScheduledTimer] = []
    var timerSequence = 0
    /// The variant each screen with variant timers showed at the end of the last step (screen → variant index,
    /// -1 for none), while the screen is current or under a sheet.
    var shownVariants: [Int: Int] = [:]
    var queue: [(event: Int, payload: [String: Value])] = []
    /// Names met at run time that the program did not intern (events nobody declared).
    var extraNames: [String] = []
    var log = TraceLog()

    struct CallFrame: Sendable {
        var caller: Int
        var flow: Int
        var returns: [(outcome: String, transitions: [RuntimeTransition])]
        var historyDepth: Int
    }

    struct ScheduledTimer: Sendable {
        var fireAt: Int
        var sequence: Int
        /// The screen whose timer this is, or nil for a flow's global timer (and for a recurring one).
        var screen: Int?
        var flow: Int
        var timer: RuntimeTimer
        /// An app-wide recurring timer (`app.every`): armed again when it fires, kept across screens and flows.
        var recurring = false

        /// A flow's inactivity timer: the kind that entering another flow, or any action, starts again.
        var isFlowTimer: Bool { screen == nil && !recurring }
    }

    /// Starts the app on `start` (default: the start screen of its start flow), runs its entry actions.
    public init(app: App, start: Int? = nil, clock: Timestamp = Timestamp(millisecondsSince1970: 1_767_225_600_000),
                services: ServiceOutcomes = ServiceOutcomes(), state overrides: [(path: [String], value: TypedExpression)] = []) throws {
        try self.init(program: RuntimeProgram(app: app), start: start, clock: clock, services: services, state: overrides)
    }

    /// Starts a run of an already prepared program (prepare once, run many times).
    public init(program: RuntimeProgram, start: Int? = nil, clock: Timestamp = Timestamp(millisecondsSince1970: 1_767_225_600_000),
                services: ServiceOutcomes = ServiceOutcomes(), state overrides: [(path: [String], value: TypedExpression)] = []) throws {
        self.program = program
        self.services = services
        clockStart = clock.millisecondsSince1970
        let app = program.app
        guard let first = start ?? app.startScreen, app.screens.indices.contains(first) else {
            throw RuntimeFailure(message: "app '\(app.id)' has no start screen", step: 0)
        }
        screen = first
        scope = ExpressionScope(globals: Array(repeating: .null, count: program.stateCount + app.derived.count),
                                now: clock, defaultCurrency: app.currency)
        log.trackWrites(toSlots: program.stateCount)
        for (slot, variable) in app.state.enumerated() {
            scope.globals[slot] = try program.initialValues[slot].map { try evaluate($0) } ?? zeroValue(variable.type, in: app)
        }
        for override in overrides {
            let value = try evaluate(program.compile(override.value))
            assign(value, to: override.path)
        }
        try runMacroStep(.start) {
            try $0.startRecurringTimers()
            try $0.enter(first)
            // Answers to calls the first screen makes on entry arrive in the same step, as after any event.
            try $0.drainQueue()
        }
    }

    /// Closes the app and launches it again, as a person does from the app switcher: state declared
    /// `persist: true` keeps its value, every other value starts over from its initial value; the back stack,
    /// sheets, sub-flows, typed fields, timers and calls still waiting for an answer are gone; the app starts on
    /// its start screen (not a scenario's `start:`), with its recurring timers armed again.
    @discardableResult
    public mutating func restart() throws -> MacroStep {
        try runMacroStep(.restart) { run in
            for slot in 0..<run.program.stateCount where !run.program.persistedSlots[slot] {
                let fresh = try run.program.initialValues[slot].map { try run.evaluate($0) } ?? zeroValue(run.app.state[slot].type, in: run.app)
                run.log.willWrite(slot: slot, in: run.scope.globals)
                run.scope.globals[slot] = fresh
            }
            run.history = BackStack()
            run.overlayOpeners = []
            run.calls = []
            run.forms = [:]
            run.errors = [:]
            run.timers = []
            run.queue = []
            run.pendingCalls = []
            run.ended = nil
            guard let first = run.app.startScreen else { return }
            try run.startRecurringTimers()
            run.screen = first
            try run.enter(first)
            try run.drainQueue()
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
        timers.sorted { ($0.fireAt, $0.sequence) < ($1.fireAt, $1.sequence) }.map { (name($0.timer.delay), $0.fireAt - elapsed) }
    }

    /// What has been typed into the current screen's fields.
    public var form: [String: FieldInput] { forms[screen] ?? [:] }

    /// The number of an event name, to send it without a look-up by name (`send(eventNumber:)`).
    public func eventNumber(_ name: String) -> Int? { program.nameNumbers[name] }

    /// Sends an event with an optional payload and runs until the app is stable again.
    @discardableResult
    public mutating func send(_ event: String, payload: [String: Value] = [:]) throws -> MacroStep {
        try send(eventNumber: number(of: event), payload: payload)
        return macroStep(stepCount - 1)
    }

    /// Sends an event by its number (see `eventNumber(_:)`): the hot path for explorers and benchmarks.
    public mutating func send(eventNumber event: Int, payload: [String: Value] = [:]) throws {
        try runMacroStep(.event(event)) { run in
            try run.dispatch(event, payload: payload)
            try run.drainQueue()
            try run.restartInactivityTimers()
        }
    }

    /// Types into a field of the current screen (no validation until a transition asks for it).
    public mutating func fill(_ field: String, _ input: FieldInput) throws {
        guard let declared = currentScreen.fields.first(where: { $0.name == field }) else {
            throw RuntimeFailure(message: "screen '\(currentScreen.id)' has no field '\(field)'", step: stepCount)
        }
        // A field that is not shown cannot be typed into.
        if let shown = program.screens[screen].rules.first(where: { $0.field.name == field })?.shownWhen, !(try evaluate(shown).isTrue) {
            throw RuntimeFailure(message: "field '\(field)' is not shown on '\(currentScreen.id)' now (it shows when \(declared.shownWhen?.origin?.text ?? "its condition holds"))",
                                 step: stepCount)
        }
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
        forms[screen, default: [:]][field] = input
        errors[field] = nil
    }

    /// Goes back to the previous screen (or closes the open sheet), as the system back gesture does. On a
    /// screen with `back: blocked` nothing moves: the step is an ignored `back`, as with nowhere to go.
    @discardableResult
    public mutating func back() throws -> MacroStep {
        try runMacroStep(.back) { run in
            let from = run.screen
            let backEvent = run.number(of: "back")
            if !run.program.screenBlocksBack[from], try run.goBack() {
                run.log.taken(event: backEvent, from: from, to: run.screen, alternative: 0, global: false)
            } else {
                run.log.ignored(event: backEvent, screen: from)
            }
            try run.drainQueue()
            try run.restartInactivityTimers()
        }
        return macroStep(stepCount - 1)
    }

    /// Chooses the outcome of the oldest pending call of `operation` (or of the next call, if none is pending),
    /// optionally with values for some of its outputs (the others arrive at their zero value).
    public mutating func choose(_ outcome: String, for operation: String, output: [String: TypedExpression] = [:]) throws {
        if let index = pendingCalls.firstIndex(of: operation) {
            pendingCalls.remove(at: index)
            let event = number(of: "\(operation).\(outcome)")
            let payload = try outputPayload(operation: operation, outcome: outcome, chosen: output)
            try runMacroStep(.event(event)) { run in
                try run.dispatch(event, payload: payload)
                try run.drainQueue()
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
        while ended == nil, let next = timers.filter({ $0.fireAt <= target }).min(by: { ($0.fireAt, $0.sequence) < ($1.fireAt, $1.sequence) }) {
            firedAtThisInstant = next.fireAt == elapsed ? firedAtThisInstant + 1 : 1
            fired += 1
            if firedAtThisInstant > Self.timerFiringsPerInstant {
                throw RuntimeFailure(message: "more than \(Self.timerFiringsPerInstant) timers fired at +\(formatDuration(next.fireAt)) on '\(currentScreen.id)' without the clock moving: a timer loop (after \(name(next.timer.delay)))",
                                     step: stepCount)
            }
            if fired > Self.timerFiringsPerAdvance {
                throw RuntimeFailure(message: "more than \(Self.timerFiringsPerAdvance) timers fired in one advance of \(formatDuration(milliseconds)) (after \(name(next.timer.delay)) on '\(currentScreen.id)' keeps re-arming); advance in shorter steps or lengthen the timer",
                                     step: stepCount)
            }
            timers.removeAll { $0.sequence == next.sequence }
            elapsed = next.fireAt
            scope.now = now
            if next.recurring { try schedule(next.timer, screen: nil, flow: next.flow, recurring: true) }
            try runMacroStep(.timer(next.timer.delay)) { run in
                try run.take(next.timer.transitions, event: next.timer.event, payload: [:], global: next.screen == nil)
                try run.drainQueue()
            }
        }
        elapsed = target
        scope.now = now
        return steps(from: first)
    }

    /// How many timers may fire at one virtual instant, and in one `advance`, before the run stops as a loop.
    static let timerFiringsPerInstant = 1_000
    static let timerFiringsPerAdvance = 100_000

    // MARK: Steps

    mutating func runMacroStep(_ trigger: TraceLog.Trigger, _ body: (inout Interpreter) throws -> Void) throws {
        log.beginStep()
        try body(&self)
        try startVariantTimers()
        log.endStep(trigger: trigger, time: elapsed, screen: screen, variant: try currentVariantIndex(), ended: ended, globals: scope.globals)
        try checkInvariants()
    }

    mutating func drainQueue() throws {
        var budget = 1000
        while ended == nil, !queue.isEmpty {
            budget -= 1
            guard budget > 0 else {
                throw RuntimeFailure(message: "more than 1000 events in one step on '\(currentScreen.id)': raised events loop", step: stepCount)
            }
            let next = queue.removeFirst()
            try dispatch(next.event, payload: next.payload)
        }
    }

    /// Selects and takes the transition for one event (a micro step).
    mutating func dispatch(_ event: Int, payload: [String: Value]) throws {
        guard ended == nil else { return }
        let handlers = program.screens[screen].handlers
        for handler in handlers where handler.event == event {
            try take(handler.transitions, event: event, payload: payload, global: handler.global)
            return
        }
        log.ignored(event: event, screen: screen)
    }

    /// Takes the first enabled transition of `candidates` (in order).
    mutating func take(_ candidates: [RuntimeTransition], event: Int, payload: [String: Value], global: Bool) throws {
        let from = screen
        var validated = false
        let firstGuard = log.guards.count
        for (index, transition) in candidates.enumerated() {
            // Fields are validated before any guard reads them: a guard over an empty amount
            // would otherwise fail instead of showing the field's message.
            if transition.validates && !validated {
                validated = true
                let invalid = try validate(screen)
                if !invalid.isEmpty {
                    errors = invalid
                    log.rejected(event: event, screen: from, errors: invalid, guards: firstGuard..<log.guards.count)
                    return
                }
                if !errors.isEmpty { errors = [:] }
            }
            if let condition = transition.condition {
                let holds = try evaluate(condition, payload: payload).isTrue
                log.guardResult(source: transition.conditionSource, value: holds)
                guard holds else { continue }
            }
            let guards = firstGuard..<log.guards.count
            try apply(transition, payload: payload)
            log.taken(event: event, from: from, to: ended == nil ? screen : nil, alternative: index, global: global, guards: guards)
            return
        }
        log.ignored(event: event, screen: from, guards: firstGuard..<log.guards.count)
    }

    mutating func apply(_ transition: RuntimeTransition, payload: [String: Value]) throws {
        switch transition.target {
        case .stay:
            try run(transition.actions, payload: payload)
        case .screen(let target):
            try leave(screen)
            try run(transition.actions, payload: payload)
            pushHistory(leaving: screen, for: target)
            try enter(target)
        case .overlay(let target):
            try run(transition.actions, payload: payload)
            overlayOpeners.append(screen)
            screen = target
            try enterActions(target)
        case .back:
            try run(transition.actions, payload: payload)
            _ = try goBack()
        case .subflow(let flow, let returns):
            try leave(screen)
            try run(transition.actions, payload: payload)
            calls.append(CallFrame(caller: screen, flow: flow, returns: returns, historyDepth: history.count))
            history.push(Int32(truncatingIfNeeded: screen))
            try enter(program.flows[flow].start)
        case .end(let outcome):
            try leave(screen)
            try run(transition.actions, payload: payload)
            try end(with: outcome, payload: payload)
        }
    }

    /// Ends the current flow: back to the caller of a sub-flow, or the end of the run.
    mutating func end(with outcome: String, payload: [String: Value]) throws {
        guard let frame = calls.popLast() else {
            ended = outcome
            timers.removeAll()
            shownVariants.removeAll()
            return
        }
        history.truncate(to: frame.historyDepth)
        overlayOpeners.removeAll()
        screen = frame.caller
        guard let route = frame.returns.first(where: { $0.outcome == outcome }) else {
            try enter(frame.caller)
            return
        }
        try take(route.transitions, event: number(of: "\(program.flows[frame.flow].name).\(outcome)"), payload: payload, global: false)
        if log.lastMicroStepWasIgnored {
            try enter(frame.caller)
        }
    }

    /// Records where `back` returns to when going from `current` to `target`: a target already on the back
    /// stack (of the current flow) is gone back to, dropping what was above it, so wallet → send → done →
    /// wallet does not grow the stack; any other target is pushed over `current`.
    mutating func pushHistory(leaving current: Int, for target: Int) {
        // Opening the screen that shows already (a tab tapped twice) is not a step to go back over.
        guard target != current else { return }
        let floor = min(calls.last?.historyDepth ?? 0, history.count)
        if let existing = history.lastIndex(of: Int32(truncatingIfNeeded: target), from: floor) {
            history.truncate(to: existing)
        } else {
            history.push(Int32(truncatingIfNeeded: current))
        }
    }

    /// Returns to the previous screen or closes the top sheet; false when there is nowhere to go.
    mutating func goBack() throws -> Bool {
        if let opener = overlayOpeners.popLast() {
            cancelTimers(of: screen)
            try run(program.screens[screen].exit, payload: [:])
            screen = opener
            return true
        }
        guard let previous = history.pop().map(Int.init) else { return false }
        if let frame = calls.last, history.count < frame.historyDepth {
            calls.removeLast()
        }
        try leave(screen)
        try enter(previous)
        return true
    }

    mutating func leave(_ index: Int) throws {
        cancelTimers(of: index)
        try run(program.screens[index].exit, payload: [:])
        if !errors.isEmpty { errors = [:] }
    }

    /// Makes `index` current: screen-view analytics, entry actions, its timers, and its flow's global timers.
    mutating func enter(_ index: Int) throws {
        let previousFlow = program.screens[screen].flow
        screen = index
        try enterActions(index)
        let flow = program.screens[index].flow
        if flow != previousFlow || !timers.contains(where: { $0.isFlowTimer && $0.flow == flow }) {
            if !timers.isEmpty { timers.removeAll { $0.isFlowTimer } }
            for timer in program.flows[flow].timers { try schedule(timer, screen: nil, flow: flow) }
        }
    }

    mutating func enterActions(_ index: Int) throws {
        let target = program.screens[index]
        if let effect = target.enterEffect { log.staticEffect(effect) }
        if !target.enter.isEmpty { try run(target.enter, payload: [:]) }
        for timer in target.timers where timer.variant == nil { try schedule(timer, screen: index, flow: target.flow) }
    }

    /// A variant's timers count from when the screen began to show it: when the current screen shows another
    /// variant than at the end of the previous step, the old variant's timers stop and the new one's start.
    mutating func startVariantTimers() throws {
        guard ended == nil, program.screenHasVariantTimers[screen] else { return }
        let shown = try currentVariantIndex() ?? -1
        guard shownVariants[screen] != shown else { return }
        shownVariants[screen] = shown
        let current = screen
        timers.removeAll { $0.screen == current && $0.timer.variant != nil }
        for timer in program.screens[screen].timers where timer.variant == shown {
            try schedule(timer, screen: screen, flow: program.screens[screen].flow)
        }
    }

    /// A flow's own timers measure inactivity: whatever the person does starts them again.
    mutating func restartInactivityTimers() throws {
        let flow = program.screens[screen].flow
        guard program.flowHasTimers[flow], ended == nil else { return }
        timers.removeAll { $0.isFlowTimer }
        for timer in program.flows[flow].timers { try schedule(timer, screen: nil, flow: flow) }
    }

    mutating func schedule(_ timer: RuntimeTimer, screen: Int?, flow: Int, recurring: Bool = false) throws {
        var delay = timer.delayMilliseconds
        if let length = timer.length {
            // A length kept in the state is read when the timer starts: a change applies from the next start.
            guard case .duration(let milliseconds) = try evaluate(length) else {
                throw RuntimeFailure(message: "timer 'after \(name(timer.delay))' has no length", step: stepCount)
            }
            guard milliseconds >= 0 else {
                throw RuntimeFailure(message: "timer 'after \(name(timer.delay))' has a negative length (\(Value.duration(milliseconds)))", step: stepCount)
            }
            delay = milliseconds
        }
        timerSequence += 1
        timers.append(ScheduledTimer(fireAt: elapsed + delay, sequence: timerSequence, screen: screen, flow: flow, timer: timer,
                                     recurring: recurring))
    }

    /// Arms the app's recurring timers (at launch and at each restart), in the order they are written.
    mutating func startRecurringTimers() throws {
        for timer in program.recurringTimers { try schedule(timer, screen: nil, flow: app.startFlow, recurring: true) }
    }

    mutating func cancelTimers(of index: Int) {
        if !timers.isEmpty { timers.removeAll { $0.screen == index } }
        if !shownVariants.isEmpty { shownVariants[index] = nil }
    }

    // MARK: Actions

    mutating func run(_ actions: [RuntimeAction], payload: [String: Value]) throws {
        for action in actions {
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
                forms[screen] = [:]
            case .fillField(let field, let expression, let onlyWhenEmpty):
                if onlyWhenEmpty, forms[screen]?[field] != nil { break }
                let input = try expression.flatMap { FieldInput(prefilling: try evaluate($0, payload: payload)) }
                forms[screen, default: [:]][field] = input
                errors[field] = nil
            case .call(let service, let operation, let arguments):
                let name = program.operationNames[service][operation]
                var values: [String: Value] = [:]
                for argument in arguments {
                    let value = try evaluate(argument.value, payload: payload)
                    if !argument.acceptsNull, case .null = value { throw nullFailure(argument.value) }
                    values[argument.name] = value
                }
                log.effect(.call(operation: name, arguments: values))
                if let choice = services.next(for: name) {
                    queue.append((number(of: "\(name).\(choice.outcome)"), try outputPayload(operation: name, outcome: choice.outcome, chosen: choice.output)))
                } else {
                    pendingCalls.append(name)
                }
            case .analytics(let event, let properties):
                var values: [String: Value] = [:]
                for property in properties { values[property.name] = try evaluate(property.value, payload: payload) }
                log.effect(.analytics(event: event, properties: values))
            case .push(let effect), .toast(let effect):
                log.staticEffect(effect)
            case .raise(let event):
                queue.append((event, [:]))
            }
        }
    }

    /// The payload of a service outcome event: each declared output at the value chosen for it, or at its zero value.
    mutating func outputPayload(operation: String, outcome: String, chosen: [String: TypedExpression]) throws -> [String: Value] {
        let zeros = program.outcomePayloads["\(operation).\(outcome)"] ?? [:]
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
