import Foundation
import FlowExpression
import FlowIR

/// Chooses service outcomes: per operation, a queue of one-off choices, then a default.
public struct ServiceOutcomes: Sendable {
    /// `service.operation` → outcome name, used when nothing is queued.
    public var defaults: [String: String] = [:]
    /// `service.operation` → outcome names for the next calls, in order.
    public var queued: [String: [String]] = [:]
    /// `service.operation` → output values sent with the default outcome (evaluated when it arrives).
    public var defaultOutputs: [String: [String: TypedExpression]] = [:]
    /// Output values of the queued outcomes, in step with `queued` (shorter when none were chosen).
    var queuedOutputs: [String: [[String: TypedExpression]]] = [:]

    public init(defaults: [String: String] = [:]) {
        self.defaults = defaults
    }

    /// Queues the outcome (and output values) of the next call of `operation`.
    mutating func enqueue(_ outcome: String, output: [String: TypedExpression], for operation: String) {
        var outputs = queuedOutputs[operation] ?? []
        while outputs.count < (queued[operation] ?? []).count { outputs.append([:]) }
        queued[operation, default: []].append(outcome)
        outputs.append(output)
        queuedOutputs[operation] = outputs
    }

    mutating func next(for operation: String) -> (outcome: String, output: [String: TypedExpression])? {
        if var pending = queued[operation], !pending.isEmpty {
            let outcome = pending.removeFirst()
            queued[operation] = pending
            var outputs = queuedOutputs[operation] ?? []
            let output = outputs.isEmpty ? [:] : outputs.removeFirst()
            queuedOutputs[operation] = outputs
            return (outcome, output)
        }
        return defaults[operation].map { ($0, defaultOutputs[operation] ?? [:]) }
    }
}

/// A run stopped by a broken rule of the model, with the step and the values involved.
public struct RuntimeFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var step: Int
    public var description: String { "step \(step): \(message)" }
}

/// Executes a checked app headlessly: run-to-completion steps over an event queue, guards and
/// actions through the expression language, validated forms, a back stack, overlays, sub-flows,
/// services whose outcomes the caller chooses, timers on a virtual clock, and invariants after
/// every step. Nothing reads the wall clock or does I/O; the record of a run is `trace`.
///
/// ```swift
/// var run = try Interpreter(app: tempo, clock: Timestamp(parsing: "2026-01-05T09:00:00Z")!)
/// try run.send("tap_im_new")
/// try run.fill("given_name", .text("Ayrton"))
/// try run.advance(by: 30_000)
/// print(run.trace)
/// ```
public struct Interpreter: Sendable {
    public let app: App
    public internal(set) var screen: Int
    public internal(set) var state: [String: Value]
    /// Messages of the current screen's invalid fields, by field name.
    public internal(set) var errors: [String: String] = [:]
    public internal(set) var trace = Trace()
    /// Virtual milliseconds since the run started.
    public internal(set) var elapsed = 0
    /// The outcome the run ended with, once it has.
    public internal(set) var ended: String?
    /// Service calls waiting for an outcome (when none was chosen in advance), oldest first.
    public internal(set) var pendingCalls: [String] = []
    public var services: ServiceOutcomes

    let clockStart: Int
    var history: [Int] = []
    var overlayOpeners: [Int] = []
    var calls: [CallFrame] = []
    var forms: [Int: [String: FieldInput]] = [:]
    var timers: [ScheduledTimer] = []
    var timerSequence = 0
    var queue: [(event: String, payload: [String: Value])] = []
    var rules: [Int: [String: [CompiledRule]]] = [:]
    // The macro step being recorded.
    var microSteps: [MicroStep] = []
    var effects: [Effect] = []
    var ruleResults: [RuleResult] = []

    struct CallFrame: Sendable {
        var caller: Int
        var flow: Int
        var returns: [SubflowReturn]
        var historyDepth: Int
    }

    struct ScheduledTimer: Sendable {
        var fireAt: Int
        var sequence: Int
        /// The screen whose timer this is, or nil for a flow's global timer.
        var screen: Int?
        var flow: Int
        var timer: FlowIR.Timer
    }

    /// Starts the app on `start` (default: the start screen of its start flow), runs its entry actions.
    public init(app: App, start: Int? = nil, clock: Timestamp = Timestamp(millisecondsSince1970: 1_767_225_600_000),
                services: ServiceOutcomes = ServiceOutcomes(), state overrides: [(path: [String], value: TypedExpression)] = []) throws {
        self.app = app
        self.services = services
        clockStart = clock.millisecondsSince1970
        guard let first = start ?? app.startScreen, app.screens.indices.contains(first) else {
            throw RuntimeFailure(message: "app '\(app.id)' has no start screen", step: 0)
        }
        screen = first
        state = [:]
        for variable in app.state {
            state[variable.name] = try variable.initial.map { try evaluateExpression($0, event: [:]) } ?? zeroValue(variable.type)
        }
        for override in overrides {
            let value = try evaluateExpression(override.value, event: [:])
            assign(value, to: override.path)
        }
        for (index, screen) in app.screens.enumerated() where !screen.fields.isEmpty {
            rules[index] = compileRules(for: screen, in: app)
        }
        try runMacroStep(.start) {
            try $0.enter(first)
            // Answers to calls the first screen makes on entry arrive in the same step, as after any event.
            try $0.drainQueue()
        }
    }

    // MARK: Public API

    /// The current screen.
    public var currentScreen: Screen { app.screens[screen] }

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
        timers.sorted { ($0.fireAt, $0.sequence) < ($1.fireAt, $1.sequence) }.map { ($0.timer.delaySource, $0.fireAt - elapsed) }
    }

    /// What has been typed into the current screen's fields.
    public var form: [String: FieldInput] { forms[screen] ?? [:] }

    /// Sends an event with an optional payload and runs until the app is stable again.
    @discardableResult
    public mutating func send(_ event: String, payload: [String: Value] = [:]) throws -> MacroStep {
        try runMacroStep(.event(event)) { run in
            try run.dispatch(event, payload: payload)
            try run.drainQueue()
        }
    }

    /// Types into a field of the current screen (no validation until a transition asks for it).
    public mutating func fill(_ field: String, _ input: FieldInput) throws {
        guard currentScreen.fields.contains(where: { $0.name == field }) else {
            throw RuntimeFailure(message: "screen '\(currentScreen.id)' has no field '\(field)'", step: trace.steps.count)
        }
        forms[screen, default: [:]][field] = input
        errors[field] = nil
    }

    /// Goes back to the previous screen (or closes the open sheet), as the system back gesture does.
    @discardableResult
    public mutating func back() throws -> MacroStep {
        try runMacroStep(.back) { run in
            let from = run.currentScreen.id
            if try run.goBack() {
                run.microSteps.append(MicroStep(event: "back", outcome: .taken(from: from, to: run.currentScreen.id, alternative: 0, global: false), guards: []))
            } else {
                run.microSteps.append(MicroStep(event: "back", outcome: .ignored(screen: from), guards: []))
            }
            try run.drainQueue()
        }
    }

    /// Chooses the outcome of the oldest pending call of `operation` (or of the next call, if none is pending),
    /// optionally with values for some of its outputs (the others arrive at their zero value).
    public mutating func choose(_ outcome: String, for operation: String, output: [String: TypedExpression] = [:]) throws {
        if let index = pendingCalls.firstIndex(of: operation) {
            pendingCalls.remove(at: index)
            try runMacroStep(.event("\(operation).\(outcome)")) { run in
                try run.dispatch("\(operation).\(outcome)", payload: run.outputPayload(operation: operation, outcome: outcome, chosen: output))
                try run.drainQueue()
            }
        } else {
            services.enqueue(outcome, output: output, for: operation)
        }
    }

    /// Moves the virtual clock forward, firing due timers in order (equal times: in the order they were set).
    @discardableResult
    public mutating func advance(by milliseconds: Int) throws -> [MacroStep] {
        let target = elapsed + max(0, milliseconds)
        var fired: [MacroStep] = []
        while ended == nil, let next = timers.filter({ $0.fireAt <= target }).min(by: { ($0.fireAt, $0.sequence) < ($1.fireAt, $1.sequence) }) {
            timers.removeAll { $0.sequence == next.sequence }
            elapsed = next.fireAt
            fired.append(try runMacroStep(.timer(next.timer.delaySource)) { run in
                try run.fire(next)
                try run.drainQueue()
            })
        }
        elapsed = target
        return fired
    }

    // MARK: Steps

    mutating func runMacroStep(_ trigger: Trigger, _ body: (inout Interpreter) throws -> Void) throws -> MacroStep {
        let before = state
        microSteps = []
        effects = []
        ruleResults = []
        try body(&self)
        var changes: [String: Value] = [:]
        for (key, value) in state where before[key] != value { changes[key] = value }
        let step = MacroStep(index: trace.steps.count, time: elapsed, trigger: trigger, microSteps: microSteps, effects: effects,
                             changes: changes, screen: currentScreen.id, variant: try currentVariant(), ended: ended, rules: ruleResults)
        trace.steps.append(step)
        try checkInvariants()
        return step
    }

    mutating func drainQueue() throws {
        var budget = 1000
        while ended == nil, !queue.isEmpty {
            budget -= 1
            guard budget > 0 else {
                throw RuntimeFailure(message: "more than 1000 events in one step on '\(currentScreen.id)': raised events loop", step: trace.steps.count)
            }
            let next = queue.removeFirst()
            try dispatch(next.event, payload: next.payload)
        }
    }

    /// Selects and takes the transition for one event (a micro step).
    mutating func dispatch(_ event: String, payload: [String: Value]) throws {
        guard ended == nil else { return }
        let own = currentScreen.transitions.filter { $0.event == event }
        let candidates = own.isEmpty ? app.flows[currentScreen.flow].globalTransitions.filter { $0.event == event } : own
        try take(candidates, event: event, payload: payload, global: own.isEmpty)
    }

    mutating func fire(_ scheduled: ScheduledTimer) throws {
        try take(scheduled.timer.transitions, event: "after \(scheduled.timer.delaySource)", payload: [:], global: scheduled.screen == nil)
    }

    /// Takes the first enabled transition of `candidates` (in order).
    mutating func take(_ candidates: [Transition], event: String, payload: [String: Value], global: Bool) throws {
        var guards: [MicroStep.GuardResult] = []
        let from = currentScreen.id
        var validated = false
        for (index, transition) in candidates.enumerated() {
            // Fields are validated before any guard reads them: a guard over an empty amount
            // would otherwise fail instead of showing the field's message.
            if transition.validates && !validated {
                validated = true
                let invalid = try validate(screen)
                if !invalid.isEmpty {
                    errors = invalid
                    microSteps.append(MicroStep(event: event, outcome: .rejected(screen: from, errors: invalid), guards: guards))
                    return
                }
                errors = [:]
            }
            if let condition = transition.condition {
                let holds = try evaluateExpression(condition, event: payload).asBool
                guards.append(.init(source: transition.conditionSource ?? "", value: holds))
                guard holds else { continue }
            }
            try apply(transition, payload: payload)
            microSteps.append(MicroStep(event: event, outcome: .taken(from: from, to: ended == nil ? currentScreen.id : nil, alternative: index, global: global),
                                        guards: guards))
            return
        }
        microSteps.append(MicroStep(event: event, outcome: .ignored(screen: from), guards: guards))
    }

    mutating func apply(_ transition: Transition, payload: [String: Value]) throws {
        switch transition.target {
        case .stay:
            try run(transition.actions, payload: payload)
        case .screen(let target):
            try leave(screen)
            try run(transition.actions, payload: payload)
            history.append(screen)
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
            history.append(screen)
            try enter(app.flows[flow].start)
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
            return
        }
        history.removeSubrange(min(frame.historyDepth, history.count)...)
        overlayOpeners.removeAll()
        screen = frame.caller
        guard let route = frame.returns.first(where: { $0.outcome == outcome }) else {
            try enter(frame.caller)
            return
        }
        let before = microSteps.count
        try take(route.transitions, event: "\(app.flows[frame.flow].name).\(outcome)", payload: payload, global: false)
        if microSteps.count > before, case .ignored = microSteps[microSteps.count - 1].outcome {
            try enter(frame.caller)
        }
    }

    /// Returns to the previous screen or closes the top sheet; false when there is nowhere to go.
    mutating func goBack() throws -> Bool {
        if let opener = overlayOpeners.popLast() {
            cancelTimers(of: screen)
            try exitActions(screen)
            screen = opener
            return true
        }
        guard let previous = history.popLast() else { return false }
        if let frame = calls.last, history.count < frame.historyDepth {
            calls.removeLast()
        }
        try leave(screen)
        try enter(previous)
        return true
    }

    mutating func leave(_ index: Int) throws {
        cancelTimers(of: index)
        try exitActions(index)
        errors = [:]
    }

    mutating func exitActions(_ index: Int) throws {
        try run(app.screens[index].exit, payload: [:])
    }

    /// Makes `index` current: screen-view analytics, entry actions, its timers, and its flow's global timers.
    mutating func enter(_ index: Int) throws {
        let previousFlow = app.screens[screen].flow
        screen = index
        try enterActions(index)
        let flow = app.screens[index].flow
        if flow != previousFlow || !timers.contains(where: { $0.screen == nil && $0.flow == flow }) {
            timers.removeAll { $0.screen == nil }
            for timer in app.flows[flow].globalTimers { schedule(timer, screen: nil, flow: flow) }
        }
    }

    mutating func enterActions(_ index: Int) throws {
        let target = app.screens[index]
        if let analytics = target.analytics {
            effects.append(.analytics(event: analytics, properties: [:]))
        }
        try run(target.enter, payload: [:])
        for timer in target.timers { schedule(timer, screen: index, flow: target.flow) }
    }

    mutating func schedule(_ timer: FlowIR.Timer, screen: Int?, flow: Int) {
        timerSequence += 1
        timers.append(ScheduledTimer(fireAt: elapsed + timer.delayMilliseconds, sequence: timerSequence, screen: screen, flow: flow, timer: timer))
    }

    mutating func cancelTimers(of index: Int) {
        timers.removeAll { $0.screen == index }
    }

    // MARK: Actions

    mutating func run(_ actions: [Action], payload: [String: Value]) throws {
        for action in actions {
            switch action.kind {
            case .set(let path, let expression):
                assign(try evaluateExpression(expression, event: payload), to: path)
            case .append(let path, let expression):
                let value = try evaluateExpression(expression, event: payload)
                if case .list(let items) = read(path) { assign(.list(items + [value]), to: path) } else { assign(.list([value]), to: path) }
            case .clear(let path):
                let type = pathType(path)
                assign(type.map(zeroValue) ?? .null, to: path)
            case .clearFields:
                forms[screen] = [:]
            case .call(let service, let operation, let arguments):
                let name = "\(app.services[service].name).\(app.services[service].operations[operation].name)"
                var values: [String: Value] = [:]
                for argument in arguments { values[argument.name] = try evaluateExpression(argument.value, event: payload) }
                effects.append(.call(operation: name, arguments: values))
                if let (outcome, output) = services.next(for: name) {
                    queue.append(("\(name).\(outcome)", try outputPayload(operation: name, outcome: outcome, chosen: output)))
                } else {
                    pendingCalls.append(name)
                }
            case .analytics(let event, let properties):
                var values: [String: Value] = [:]
                for property in properties { values[property.name] = try evaluateExpression(property.value, event: payload) }
                effects.append(.analytics(event: event, properties: values))
            case .push(let text):
                effects.append(.push(text))
            case .toast(let text):
                effects.append(.toast(text))
            case .raise(let event):
                queue.append((event, [:]))
            }
        }
    }

    /// The payload of a service outcome event: each declared output at the value chosen for it, or at its zero value.
    func outputPayload(operation: String, outcome: String, chosen: [String: TypedExpression] = [:]) throws -> [String: Value] {
        guard let declaration = app.events.first(where: { $0.name == "\(operation).\(outcome)" }) else { return [:] }
        var payload: [String: Value] = [:]
        for field in declaration.payload {
            payload[field.name] = try chosen[field.name].map { try evaluateExpression($0, event: [:]) } ?? zeroValue(field.type)
        }
        return payload
    }
}
