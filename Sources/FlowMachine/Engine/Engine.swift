/// An event of a generated machine, as the engine reads it.
@_spi(Generated) public protocol EngineEvent: Sendable {
    /// The event's number in the app's transition table (`TransitionRow.event`).
    var number: Int32 { get }
    /// The timer this event reports as due, when it is the machine's `timerFired` event.
    var firedTimer: TimerToken? { get }
}

/// An effect of a generated machine. The engine itself emits screen views and timer requests; each
/// requirement is met by a case of the generated effect enum.
@_spi(Generated) public protocol EngineEffect: Sendable {
    static func analytics(_ event: AnalyticsEvent) -> Self
    static func startTimer(_ token: TimerToken, milliseconds: Int) -> Self
    static func cancelTimer(_ token: TimerToken) -> Self
    /// The screen-view analytics of screen `screen` (its `analytics:` event). The default is `analytics`
    /// with the event's name; the interpreter records the screen's number instead, so its step does no string work.
    static func screenView(_ screen: Int32, in tables: FlowTables) -> Self
}

extension EngineEffect {
    @inlinable
    public static func screenView(_ screen: Int32, in tables: FlowTables) -> Self {
        .analytics(AnalyticsEvent(name: tables.strings[Int(tables.screens[Int(screen)].analytics)]))
    }
}

/// A generated machine as the engine drives it: its tables, where it is (`engine`), and the app's
/// translated guards, actions, validators and invariants, each numbered in the tables.
///
/// The run-to-completion step is written once, in this protocol's extension. Its methods are `@inlinable`, so
/// FlowRuntime's interpreter, a host too, gets them specialised for its own type: it runs the same tables (built by
/// FlowLowering) with guards and actions compiled to closures, and records its trace through the `trace…` hooks,
/// which default to nothing. A generated machine calls the step through the `sharedEngine…` entry points
/// (SharedEngine.swift), FlowMachine's one compiled copy, so an app's module does not compile its own.
/// The differential test holds the two programs to each other.
@_spi(Generated) public protocol EngineHost: Sendable {
    associatedtype Event: EngineEvent
    associatedtype Effect: EngineEffect
    // Borrowed (a `_read` coroutine rather than a getter): the engine's shared copy reads `engine` through this
    // requirement, and a getter would copy the whole state, retaining each of its collections, on every read.
    @_borrowed var tables: FlowTables { get }
    @_borrowed var engine: EngineState<Event> { get set }
    /// What of the engine the app uses (default: everything). A generated machine returns a constant, and the
    /// engine skips the stages its app never reaches.
    var engineFeatures: EngineFeatures { get }
    /// The machine's clock: a timer records when it started on it, so a restored one keeps its remaining time.
    var now: Timestamp { get }
    // Evaluation is `mutating` so that a host may keep scratch space in itself (the interpreter's
    // expression scope); the generated machines' non-mutating functions meet these requirements as they are.

    /// Whether guard `id` holds; `event` is the event being handled (nil for timers and entries).
    mutating func evaluateGuard(_ id: Int32, _ event: Event?) throws -> Bool
    /// Runs action list `id`, appending the effects it emits.
    mutating func runActions(_ id: Int32, _ event: Event?, into effects: inout [Effect]) throws
    /// The message of validator `id`'s first failing rule for `input`, or nil when it passes.
    mutating func validateField(_ id: Int32, _ input: FieldInput?) throws -> String?
    /// Validator `id` for the field at `field` in the fields table (default: `validateField(id, input)`).
    mutating func validateField(_ id: Int32, field: Int, _ input: FieldInput?) throws -> String?
    /// Throws `FlowFailure` naming the first invariant that does not hold.
    mutating func checkInvariants() throws
    /// The length of timer `timer` in milliseconds when the flows keep it in the state (read as the
    /// timer starts), or nil for a timer with a fixed length (`TimerEntry.milliseconds`).
    mutating func timerLength(_ timer: Int32) throws -> Int?
    /// A call of call policy `policy` is no longer waited for: it timed out or its screen was left (default: nothing).
    mutating func callAbandoned(_ policy: Int32)

    // MARK: Trace hooks (no-ops by default)

    /// A position in the host's record of guard results; the engine hands two back to say which guards a micro step read.
    func traceMark() -> Int
    /// Row `row`'s guard was read and gave `holds`.
    mutating func traceGuard(row: Int, holds: Bool)
    /// Row `row` was taken from screen `from`; `guards` are the marks around the guards read for it.
    mutating func traceTaken(row: Int, from: Int32, guards: Range<Int>)
    /// Row `row` asked for validation and the current screen's fields failed it (`engine.errors`).
    mutating func traceRejected(row: Int, guards: Range<Int>)
    /// `event` (-1: a timer or a return route, whose rows are `rows`) found no enabled row.
    mutating func traceIgnored(event: Int32, rows: Range<Int>, guards: Range<Int>)
    /// The back gesture went from screen `from` to the current screen (`moved`), or had nowhere to go.
    mutating func traceBack(from: Int32, moved: Bool)
    /// A call of call policy `policy` waiting on `screen` was forgotten as the screen was left (`when_left: cancel`).
    mutating func traceCallForgotten(_ policy: Int32, screen: Int32)
    /// Answer `event` came for a call no longer waited for, and was dropped.
    mutating func traceAnswerDropped(event: Int32)
    /// A move out of the sub-flow in progress abandoned call `subflow` (a row of the sub-flow table).
    mutating func traceSubflowAbandoned(_ subflow: Int32)
}

extension EngineHost {
    @inlinable @inline(__always) public var engineFeatures: EngineFeatures { .all }
    @inlinable @inline(__always)
    public mutating func validateField(_ id: Int32, field: Int, _ input: FieldInput?) throws -> String? { try validateField(id, input) }
    @inlinable @inline(__always) public mutating func callAbandoned(_ policy: Int32) {}
    @inlinable @inline(__always) public func traceMark() -> Int { 0 }
    @inlinable @inline(__always) public mutating func traceGuard(row: Int, holds: Bool) {}
    @inlinable @inline(__always) public mutating func traceTaken(row: Int, from: Int32, guards: Range<Int>) {}
    @inlinable @inline(__always) public mutating func traceRejected(row: Int, guards: Range<Int>) {}
    @inlinable @inline(__always) public mutating func traceIgnored(event: Int32, rows: Range<Int>, guards: Range<Int>) {}
    @inlinable @inline(__always) public mutating func traceBack(from: Int32, moved: Bool) {}
    @inlinable @inline(__always) public mutating func traceCallForgotten(_ policy: Int32, screen: Int32) {}
    @inlinable @inline(__always) public mutating func traceAnswerDropped(event: Int32) {}
    @inlinable @inline(__always) public mutating func traceSubflowAbandoned(_ subflow: Int32) {}
}

extension EngineHost {
    /// The current screen's number in the tables.
    @inlinable public var screenNumber: Int32 { engine.screenNumber }

    /// Events raised by actions, handled once the current one is done.
    @inlinable public var raised: [Event] {
        get { engine.raised }
        set { engine.raised = newValue }
    }

    // MARK: What the generated machine's public API forwards to

    /// The seed ID of the current screen.
    @inlinable public var engineScreenID: String { tables.strings[Int(tables.screenIDs[Int(engine.screenNumber)])] }

    /// The name of the first variant of the current screen whose condition holds.
    @inlinable public func engineVariant() throws -> String? {
        var copy = self
        let shown = try copy.engineVariantNumber()
        return shown < 0 ? nil : tables.strings[Int(tables.variants[Int(shown)].name)]
    }

    /// The number (in the variants table) of the first variant of the current screen whose condition holds, or -1.
    @inlinable public mutating func engineVariantNumber() throws -> Int32 {
        let entry = tables.screens[Int(engine.screenNumber)]
        var index = entry.variantStart
        while index < entry.variantEnd {
            let condition = tables.variants[Int(index)].condition
            if try condition == 0 || evaluateGuard(condition, nil) { return index }
            index += 1
        }
        return -1
    }

    /// Types into a field of the current screen; nothing is validated until a transition asks for it.
    @inlinable public mutating func engineFill(_ field: String, _ input: FieldInput) throws {
        let index = try engineFillableField(field)
        engine.inputs[index] = input
        if !engine.errors.isEmpty { engine.errors[field] = nil }
    }

    /// The number of field `field` of the current screen in the fields table, when it can be typed into now.
    /// - Throws: `FlowFailure` when the screen has no such field, or it is not shown now.
    @inlinable public mutating func engineFillableField(_ field: String) throws -> Int {
        let entry = tables.screens[Int(engine.screenNumber)]
        for index in Int(entry.fieldStart)..<Int(entry.fieldEnd) where tables.strings[Int(tables.fields[index].name)] == field {
            let shownWhen = tables.fields[index].shownWhen
            if shownWhen != 0, !(try evaluateGuard(shownWhen, nil)) {
                throw FlowFailure("field '\(field)' is not shown on '\(engineScreenID)' now (it shows when \(tables.strings[Int(tables.fields[index].shownWhenSource)]))")
            }
            return index
        }
        throw FlowFailure("screen '\(engineScreenID)' has no field '\(field)'")
    }

    /// Enters the start screen: the app's recurring timers, then the screen's view, entry actions and timers, and
    /// the events its entry raises (the interpreter's start step).
    @inlinable public mutating func engineStart(into effects: inout [Effect]) throws {
        forgetLastDecisions()
        for timer in tables.recurringTimers { try schedule(timer, screen: -2, flow: tables.startFlow, into: &effects) }
        try enter(engine.screenNumber, into: &effects)
        try drainRaised(into: &effects)
        if engineFeatures.contains(.callPolicies) { bindPendingCalls() }
        try startVariantTimers(into: &effects)
        if engineFeatures.contains(.invariants) { try checkInvariants() }
    }

    /// The app closed and launched again, after the generated machine reset its state (persisted values kept):
    /// every running timer is cancelled, the back stack, sheets, sub-flows, typed fields, raised events and errors
    /// are dropped, and `startScreen` is entered as at launch. Timer tokens keep counting, so a host never sees one twice.
    @inlinable public mutating func engineRestart(startScreen: Int32, into effects: inout [Effect]) throws {
        for timer in engine.activeTimers { effects.append(.cancelTimer(timer.token)) }
        let nextToken = engine.nextTimerToken
        engine = EngineState(screenNumber: startScreen)
        engine.nextTimerToken = nextToken
        try engineStart(into: &effects)
    }

    /// Sends an event and runs until the machine is stable again, appending what the host must do to `effects`.
    @inlinable @inline(__always) public mutating func engineSend(_ event: Event, into effects: inout [Effect]) throws {
        forgetLastDecisions()
        if let token = event.firedTimer {
            // Without timers no token is running: `fire` would ignore it.
            if engineFeatures.contains(.timers) {
                try fire(token, into: &effects)
                try drainRaised(into: &effects)
            }
        } else {
            _ = try dispatch(event, into: &effects)
            // The stages are tested here as well as inside: a host that reads its features at run time (the
            // interpreter) then skips the call, not only the work.
            if engineFeatures.contains(.raisedEvents) { try drainRaised(into: &effects) }
            if engineFeatures.contains(.flowTimers) { try restartInactivityTimers(after: event.number, into: &effects) }
        }
        if engineFeatures.contains(.callPolicies) { bindPendingCalls() }
        if engineFeatures.contains(.variantTimers) { try startVariantTimers(into: &effects) }
        if engineFeatures.contains(.invariants) { try checkInvariants() }
    }

    /// Goes back to the previous screen, or closes the open sheet, as the system back gesture does; on a
    /// screen with `back: blocked` nothing moves.
    /// - Returns: false when there is nowhere to go back to, or the screen blocks back.
    @inlinable public mutating func engineBack(into effects: inout [Effect]) throws -> Bool {
        // Once the run has ended nothing moves, back included (it would enter a screen and start its timers).
        forgetLastDecisions()
        if engineFeatures.contains(.endings), engine.ended != nil { return false }
        let from = engine.screenNumber
        let moved = try !tables.screens[Int(from)].backBlocked && goBack(into: &effects)
        traceBack(from: from, moved: moved)
        try drainRaised(into: &effects)
        try restartInactivityTimers(into: &effects)
        if engineFeatures.contains(.callPolicies) { bindPendingCalls() }
        try startVariantTimers(into: &effects)
        if engineFeatures.contains(.invariants) { try checkInvariants() }
        return moved
    }

    // MARK: Timers

    /// A flow's own timers measure inactivity: whatever the person does starts them again. A service's
    /// answer (`event`) is not the person acting, and leaves them running.
    @inlinable @inline(__always)
    public mutating func restartInactivityTimers(after event: Int32 = -1, into effects: inout [Effect]) throws {
        guard engineFeatures.contains(.flowTimers), engine.ended == nil else { return }
        let flow = tables.screens[Int(engine.screenNumber)].flow
        guard tables.flows[Int(flow)].timerStart != tables.flows[Int(flow)].timerEnd else { return }
        if tables.isServiceAnswer(event) { return }
        try startFlowTimers(flow, into: &effects)
    }

    /// Cancels every running flow timer and starts those of `flow`.
    @inlinable @inline(__always)
    public mutating func startFlowTimers(_ flow: Int32, into effects: inout [Effect]) throws {
        cancelFlowTimers(into: &effects)
        let entry = tables.flows[Int(flow)]
        for timer in entry.timerStart..<entry.timerEnd { try schedule(timer, screen: -1, flow: flow, into: &effects) }
    }

    /// Cancels every running flow timer.
    @inlinable @inline(__always)
    public mutating func cancelFlowTimers(into effects: inout [Effect]) {
        var index = 0
        while index < engine.activeTimers.count {
            if engine.activeTimers[index].screen == -1 {
                effects.append(.cancelTimer(engine.activeTimers[index].token))
                engine.activeTimers.remove(at: index)
            } else {
                index += 1
            }
        }
    }

    @inlinable
    public mutating func schedule(_ timer: Int32, screen: Int32, flow: Int32, into effects: inout [Effect]) throws {
        // A length the flows keep in the state is read as the timer starts.
        let milliseconds = try timerLength(timer) ?? tables.timers[Int(timer)].milliseconds
        // 2^52 timers are never started in a run; only a restored snapshot could bring the count there. Stopping at
        // the same limit as restoring keeps every machine's snapshot restorable.
        guard engine.nextTimerToken < TimerToken.maximum else { throw FlowFailure("no timer tokens left (\(TimerToken.maximum) were handed out)") }
        engine.nextTimerToken += 1
        let token = TimerToken(rawValue: engine.nextTimerToken)
        engine.activeTimers.append(ActiveTimer(token: token, screen: screen, flow: flow, timer: timer, startedAt: now, milliseconds: milliseconds))
        effects.append(.startTimer(token, milliseconds: milliseconds))
    }

    /// A variant's timers count from when the screen began to show it: when the current screen shows another
    /// variant than at the end of the previous step, the old variant's timers stop and the new one's start.
    @inlinable
    public mutating func startVariantTimers(into effects: inout [Effect]) throws {
        guard engineFeatures.contains(.variantTimers), engine.ended == nil else { return }
        let entry = tables.screens[Int(engine.screenNumber)]
        guard (entry.timerStart..<entry.timerEnd).contains(where: { tables.timers[Int($0)].variant >= 0 }) else { return }
        let shown = try engineVariantNumber()
        guard engine.shownVariants[engine.screenNumber] != shown else { return }
        engine.shownVariants[engine.screenNumber] = shown
        var index = 0
        while index < engine.activeTimers.count {
            if engine.activeTimers[index].screen == engine.screenNumber && tables.timers[Int(engine.activeTimers[index].timer)].variant >= 0 {
                effects.append(.cancelTimer(engine.activeTimers[index].token))
                engine.activeTimers.remove(at: index)
            } else {
                index += 1
            }
        }
        for timer in entry.timerStart..<entry.timerEnd where tables.timers[Int(timer)].variant == shown {
            try schedule(timer, screen: engine.screenNumber, flow: entry.flow, into: &effects)
        }
    }

    @inlinable @inline(__always)
    public mutating func cancelTimers(of screen: Int32, into effects: inout [Effect]) {
        guard engineFeatures.contains(.timers) else { return }
        if !engine.shownVariants.isEmpty { engine.shownVariants[screen] = nil }
        guard !engine.activeTimers.isEmpty else { return }
        var index = 0
        while index < engine.activeTimers.count {
            if engine.activeTimers[index].screen == screen {
                effects.append(.cancelTimer(engine.activeTimers[index].token))
                engine.activeTimers.remove(at: index)
            } else {
                index += 1
            }
        }
    }

    @inlinable
    public mutating func fire(_ token: TimerToken, into effects: inout [Effect]) throws {
        guard engine.ended == nil, let index = engine.activeTimers.firstIndex(where: { $0.token == token }) else { return }
        let active = engine.activeTimers.remove(at: index)
        // A recurring timer (app.every) is armed again before its actions run, as the interpreter does.
        if active.screen == -2 || tables.repeats(active.timer) { try schedule(active.timer, screen: active.screen, flow: active.flow, into: &effects) }
        // A call's deadline: the call is over, answered by its timeout outcome.
        if active.screen == -3 { return try callTimedOut(token, into: &effects) }
        let timer = tables.timers[Int(active.timer)]
        _ = try takeRows(Int(timer.rowStart)..<Int(timer.rowEnd), event: -1, payload: nil, into: &effects)
    }

    // MARK: Steps
    //
    // The step functions are inlined into `send`: measured on the 10,000-screen ring, the calls
    // between them cost more than their bodies.

    @inlinable @inline(__always)
    public mutating func drainRaised(into effects: inout [Effect]) throws {
        guard engineFeatures.contains(.raisedEvents), !engine.raised.isEmpty else { return }
        try drainRaisedEvents(into: &effects)
    }

    /// The loop of `drainRaised`, once in the machine's code: inlined, it put a copy of the whole step into
    /// every function that drains (send, start, back).
    @inlinable @inline(never)
    public mutating func drainRaisedEvents(into effects: inout [Effect]) throws {
        var budget = 1000
        while engine.ended == nil, !engine.raised.isEmpty {
            budget -= 1
            guard budget > 0 else { throw FlowFailure("more than 1000 events in one step on '\(engineScreenID)': raised events loop") }
            let next = engine.raised.removeFirst()
            _ = try dispatch(next, inline: false, into: &effects)
        }
    }

    /// Takes the first enabled transition of the current screen for `event`, or else of its flow.
    /// `inline`: the screen's rows are taken by the step inlined here (the path every event sent takes), or by
    /// `takeRows`, the one copy of the step the paths no event sent by the host takes share.
    @inlinable @inline(__always)
    public mutating func dispatch(_ event: Event, inline: Bool = true, into effects: inout [Effect]) throws -> StepOutcome {
        var screenRows = true
        if engineFeatures.contains(.callPolicies) {
            switch settleCall(answeredBy: event.number, into: &effects) {
            case .untracked: break
            case .noLongerAwaited:
                // An answer to a call no longer waited for (timed out, or its screen left) is not handled.
                traceAnswerDropped(event: event.number)
                engine.decisions.append(EngineDecisionRecord(kind: .answerDropped, subject: tables.answerPolicy(event.number),
                                                             screen: engine.screenNumber, event: event))
                return .ignored
            case .awaited(let screen):
                screenRows = answerIsOwn(waitingOn: screen)
            }
        }
        return try dispatch(number: event.number, payload: event, inline: inline, screenRows: screenRows, into: &effects)
    }

    /// Takes the first enabled transition of the current screen for event number `number`, or else of its flow;
    /// `payload` is the event the guards and actions read (nil for an outcome no service sent: a call's timeout).
    /// `screenRows`: false for an answer to another screen's call, which the screen's own transitions do not take.
    @inlinable @inline(__always)
    public mutating func dispatch(number: Int32, payload event: Event?, inline: Bool = true, screenRows: Bool = true,
                                  into effects: inout [Effect]) throws -> StepOutcome {
        if engineFeatures.contains(.endings) { guard engine.ended == nil else { return .ignored } }
        let screen = tables.screens[Int(engine.screenNumber)]
        // A screen's own transitions for the event hide the flow's global ones, enabled or not.
        if screenRows {
            let rows = Int(screen.rowStart)..<Int(screen.rowEnd)
            let (outcome, matched) = try inline ? take(rows, event: number, payload: event, into: &effects)
                                                : takeRows(rows, event: number, payload: event, into: &effects)
            if matched { return outcome }
        }
        guard engineFeatures.contains(.globalTransitions) else {
            let mark = traceMark()
            traceIgnored(event: number, rows: 0..<0, guards: mark..<mark)
            return .ignored
        }
        let flow = tables.flows[Int(screen.flow)]
        let global = try takeRows(Int(flow.rowStart)..<Int(flow.rowEnd), event: number, payload: event, into: &effects)
        if !global.matched {
            let mark = traceMark()
            traceIgnored(event: number, rows: 0..<0, guards: mark..<mark)
        }
        return global.outcome
    }

    /// Takes the first enabled row of `rows` whose event is `event` (-1: every row), validating once when asked.
    /// `returningTo` is the caller a sub-flow's return route runs on (-1: none), entered again unless the route moves on.
    /// - Returns: What happened, and whether any row was for the event at all.
    @inlinable @inline(__always)
    public mutating func take(_ rows: Range<Int>, event: Int32, payload: Event?, returningTo caller: Int32 = -1,
                              into effects: inout [Effect]) throws -> (outcome: StepOutcome, matched: Bool) {
        var validated = false
        var matched = false
        let mark = traceMark()
        for index in rows {
            let row = tables.rows[index]
            guard event < 0 || row.event == event else { continue }
            matched = true
            // Fields are validated before any guard reads them, as the interpreter does.
            if engineFeatures.contains(.forms) && row.validates && !validated {
                validated = true
                let invalid = try validateCurrentScreen()
                if !invalid.isEmpty {
                    engine.errors = invalid
                    traceRejected(row: index, guards: mark..<traceMark())
                    return (.rejected, true)
                }
                if !engine.errors.isEmpty { engine.errors = [:] }
            }
            if row.guardID != 0 {
                let holds = try evaluateGuard(row.guardID, payload)
                traceGuard(row: index, holds: holds)
                guard holds else { continue }
            }
            let guards = mark..<traceMark()
            let from = engine.screenNumber
            try apply(row, payload: payload, returningTo: caller, into: &effects)
            traceTaken(row: index, from: from, guards: guards)
            return (.taken, true)
        }
        // A screen without rows for the event is not the last word: its flow's global rows are asked next.
        if matched || event < 0 { traceIgnored(event: event, rows: rows, guards: mark..<traceMark()) }
        return (.ignored, matched)
    }

    /// `take`, called rather than inlined: the step for global transitions, timers, sub-flow returns, raised events
    /// and call timeouts. Each inlined copy of the step costs the app's module seconds of optimisation; these paths
    /// share one.
    @inlinable @inline(never)
    public mutating func takeRows(_ rows: Range<Int>, event: Int32, payload: Event?, returningTo caller: Int32 = -1,
                                  into effects: inout [Effect]) throws -> (outcome: StepOutcome, matched: Bool) {
        try take(rows, event: event, payload: payload, returningTo: caller, into: &effects)
    }

    @inlinable @inline(__always)
    public mutating func apply(_ row: TransitionRow, payload: Event?, returningTo caller: Int32 = -1, into effects: inout [Effect]) throws {
        switch row.target {
        case .stay:
            if row.actionsID != 0 { try runActions(row.actionsID, payload, into: &effects) }
            // A return route that only runs actions shows the caller again: it is entered as if the route led to it.
            if caller >= 0 { try enter(caller, into: &effects) }
        case .screen:
            let from = engine.screenNumber
            try leave(from, into: &effects)
            if row.actionsID != 0 { try runActions(row.actionsID, payload, into: &effects) }
            forgetSecrets(of: from)
            try closeSheets(into: &effects)
            if engineFeatures.contains(.subflows) { abandonCalls(leavingFor: row.argument) }
            pushHistory(to: row.argument)
            try enter(row.argument, into: &effects)
        case .overlay:
            if row.actionsID != 0 { try runActions(row.actionsID, payload, into: &effects) }
            // A return route that opens a sheet opens it over the caller, entered again first.
            if caller >= 0 { try enter(caller, into: &effects) }
            engine.pushOpener(engine.screenNumber)
            engine.screenNumber = row.argument
            try enterActions(row.argument, into: &effects)
        case .back:
            if row.actionsID != 0 { try runActions(row.actionsID, payload, into: &effects) }
            _ = try goBack(into: &effects)
        case .subflow:
            let caller = engine.screenNumber
            try leave(caller, into: &effects)
            if row.actionsID != 0 { try runActions(row.actionsID, payload, into: &effects) }
            forgetSecrets(of: caller)
            // Started from a sheet: the sheets close, the screen under them stays on the back stack, and the
            // sub-flow returns to the screen that started it (the sheet's), shown on its own.
            if try closeSheets(into: &effects) {
                engine.history.push(engine.screenNumber)
                engine.screenNumber = caller
            }
            engine.callFrames.append(CallFrame(caller: caller, subflow: row.argument, historyDepth: engine.history.count))
            engine.callEvents.append(payload)
            engine.history.push(caller)
            let flow = tables.subflows[Int(row.argument)].flow
            try enter(tables.flows[Int(flow)].start, into: &effects)
        case .end:
            try leave(engine.screenNumber, into: &effects)
            if row.actionsID != 0 { try runActions(row.actionsID, payload, into: &effects) }
            forgetSecrets(of: engine.screenNumber)
            try closeSheets(into: &effects)
            try end(with: row.argument, payload: payload, into: &effects)
        }
    }

    /// A move away from an open sheet (`to:` a screen, `flow:`, `end:`) closes every open sheet: the screens under
    /// them are left as well, innermost first (their timers stop, their exit actions run, their secret fields are
    /// forgotten), and the move is made from the screen under them all, which becomes current. The sheet showing
    /// was already left by the caller.
    /// - Returns: whether a sheet was open.
    @inlinable @inline(__always) @discardableResult
    public mutating func closeSheets(into effects: inout [Effect]) throws -> Bool {
        guard engineFeatures.contains(.overlays) else { return false }
        var closed = false
        while let opener = engine.popOpener() {
            closed = true
            engine.screenNumber = opener
            try leave(opener, into: &effects)
            forgetSecrets(of: opener)
        }
        return closed
    }

    /// Ends the current flow: back to the caller of a sub-flow, or the end of the run.
    @inlinable
    public mutating func end(with outcome: Int32, payload: Event?, into effects: inout [Effect]) throws {
        let callEvent = engine.callEvents.popLast() ?? nil
        guard let frame = engine.callFrames.popLast() else {
            engine.ended = tables.strings[Int(outcome)]
            for timer in engine.activeTimers { effects.append(.cancelTimer(timer.token)) }
            engine.activeTimers.removeAll()
            engine.shownVariants.removeAll()
            engine.pendingCalls.removeAll()
            return
        }
        engine.history.truncate(to: frame.historyDepth)
        engine.screenNumber = frame.caller
        // The sub-flow is over, and its inactivity timers with it; the caller's flow starts its own as the caller (or
        // where the route leads) is entered.
        if engineFeatures.contains(.flowTimers) { cancelFlowTimers(into: &effects) }
        let subflow = tables.subflows[Int(frame.subflow)]
        for index in Int(subflow.returnStart)..<Int(subflow.returnEnd) where tables.returns[index].outcome == outcome {
            let route = tables.returns[index]
            // A return route belongs to the transition that started the sub-flow, so it reads that event's payload.
            if try takeRows(Int(route.rowStart)..<Int(route.rowEnd), event: -1, payload: callEvent, returningTo: frame.caller, into: &effects).outcome == .ignored {
                try enter(frame.caller, into: &effects)
            }
            return
        }
        try enter(frame.caller, into: &effects)
    }

    /// Returns to the previous screen or closes the top sheet; false when there is nowhere to go.
    @inlinable
    public mutating func goBack(into effects: inout [Effect]) throws -> Bool {
        if engineFeatures.contains(.overlays), let opener = engine.popOpener() {
            cancelTimers(of: engine.screenNumber, into: &effects)
            if engineFeatures.contains(.callPolicies) { dropCalls(waitingOn: engine.screenNumber, into: &effects) }
            if engineFeatures.contains(.exitActions) {
                let exit = tables.screens[Int(engine.screenNumber)].exitActions
                if exit != 0 { try runActions(exit, nil, into: &effects) }
            }
            forgetSecrets(of: engine.screenNumber)
            let sheetFlow = tables.screens[Int(engine.screenNumber)].flow
            engine.screenNumber = opener
            // A sheet of another flow may have started its flow's timers (the person acted on it); they belong to
            // that flow while it shows, so closing it gives the opener's flow its own timers back.
            let flow = tables.screens[Int(opener)].flow
            if engineFeatures.contains(.flowTimers), sheetFlow != flow,
               engine.activeTimers.contains(where: { $0.screen == -1 && $0.flow != flow }) {
                try startFlowTimers(flow, into: &effects)
            }
            return true
        }
        guard let previous = engine.history.pop() else { return false }
        // The caller sits at `historyDepth` on the stack: popping it leaves the sub-flow, which is then over.
        if engineFeatures.contains(.subflows), let frame = engine.callFrames.last, engine.history.count <= frame.historyDepth {
            engine.callFrames.removeLast()
            if !engine.callEvents.isEmpty { engine.callEvents.removeLast() }
        }
        try leave(engine.screenNumber, into: &effects)
        forgetSecrets(of: engine.screenNumber)
        try enter(previous, into: &effects)
        return true
    }

    @inlinable @inline(__always)
    public mutating func leave(_ screen: Int32, into effects: inout [Effect]) throws {
        cancelTimers(of: screen, into: &effects)
        if engineFeatures.contains(.callPolicies) { dropCalls(waitingOn: screen, into: &effects) }
        if engineFeatures.contains(.exitActions) {
            let exit = tables.screens[Int(screen)].exitActions
            if exit != 0 { try runActions(exit, nil, into: &effects) }
        }
        if engineFeatures.contains(.forms), !engine.errors.isEmpty { engine.errors = [:] }
    }

    /// Forgets what was typed into the secret fields (`secret:`) of `screen`, which is being left: after the
    /// transition's actions, which may still read them (`call: … with: { keycode: form.keycode }`).
    @inlinable @inline(__always)
    public mutating func forgetSecrets(of screen: Int32) {
        guard engineFeatures.contains(.secretFields) else { return }
        let entry = tables.screens[Int(screen)]
        for index in Int(entry.fieldStart)..<Int(entry.fieldEnd) where tables.fields[index].secret { engine.inputs[index] = nil }
    }

    /// Where `back` returns to: a target already on the back stack (of the current flow) is gone back to,
    /// dropping what was above it; any other target is pushed over the current screen (the interpreter's rule).
    @inlinable @inline(__always)
    public mutating func pushHistory(to target: Int32) {
        guard target != engine.screenNumber else { return }
        let floor = engineFeatures.contains(.subflows) ? min(engine.callFrames.last?.historyDepth ?? 0, engine.history.count) : 0
        if let existing = engine.history.lastIndex(of: target, from: floor) {
            engine.history.truncate(to: existing)
        } else {
            engine.history.push(engine.screenNumber)
        }
    }

    /// Makes `screen` current: screen-view analytics, entry actions, its timers and its flow's global timers.
    @inlinable @inline(__always)
    public mutating func enter(_ screen: Int32, into effects: inout [Effect]) throws {
        guard engineFeatures.contains(.flowTimers) else {
            engine.screenNumber = screen
            try enterActions(screen, into: &effects)
            return
        }
        let previousFlow = tables.screens[Int(engine.screenNumber)].flow
        engine.screenNumber = screen
        try enterActions(screen, into: &effects)
        let flow = tables.screens[Int(screen)].flow
        let entry = tables.flows[Int(flow)]
        // Nothing to restart when the flow has no global timers and none are running.
        if entry.timerStart == entry.timerEnd && engine.activeTimers.isEmpty { return }
        if flow != previousFlow || !engine.activeTimers.contains(where: { $0.screen == -1 && $0.flow == flow }) {
            try startFlowTimers(flow, into: &effects)
        }
    }

    @inlinable @inline(__always)
    public mutating func enterActions(_ screen: Int32, into effects: inout [Effect]) throws {
        guard !engineFeatures.isDisjoint(with: [.screenViews, .entryActions, .timers]) else { return }
        let entry = tables.screens[Int(screen)]
        if engineFeatures.contains(.screenViews), entry.analytics >= 0 { effects.append(.screenView(screen, in: tables)) }
        if engineFeatures.contains(.entryActions), entry.enterActions != 0 { try runActions(entry.enterActions, nil, into: &effects) }
        guard engineFeatures.contains(.timers) else { return }
        for timer in entry.timerStart..<entry.timerEnd where tables.timers[Int(timer)].variant < 0 {
            try schedule(timer, screen: screen, flow: entry.flow, into: &effects)
        }
    }

    // MARK: Forms

    /// The input of field `offset` of the current screen (nil when nothing was typed).
    @inlinable
    public func formInput(_ offset: Int) -> FieldInput? {
        let entry = tables.screens[Int(engine.screenNumber)]
        let index = Int(entry.fieldStart) + offset
        guard index < Int(entry.fieldEnd) else { return nil }
        return engine.inputs[index]
    }

    /// Types `input` into field `offset` of the current screen as a person would (nil: empties it); the
    /// field's error goes (`fill:`, `clear: [form.<field>]` and defaults).
    @inlinable
    public mutating func setInput(_ offset: Int, _ input: FieldInput?) {
        let entry = tables.screens[Int(engine.screenNumber)]
        let index = Int(entry.fieldStart) + offset
        guard index < Int(entry.fieldEnd) else { return }
        engine.inputs[index] = input
        if !engine.errors.isEmpty { engine.errors[tables.strings[Int(tables.fields[index].name)]] = nil }
    }

    /// Forgets what was typed on the current screen (`clear: [form]`).
    @inlinable
    public mutating func clearForm() {
        let entry = tables.screens[Int(engine.screenNumber)]
        for index in Int(entry.fieldStart)..<Int(entry.fieldEnd) { engine.inputs[index] = nil }
    }

    /// Each invalid field of the current screen with its first failing rule's message.
    @inlinable
    public mutating func validateCurrentScreen() throws -> [String: String] {
        let entry = tables.screens[Int(engine.screenNumber)]
        var invalid: [String: String] = [:]
        for index in Int(entry.fieldStart)..<Int(entry.fieldEnd) where tables.fields[index].validator != 0 {
            let shownWhen = tables.fields[index].shownWhen
            if shownWhen != 0, !(try evaluateGuard(shownWhen, nil)) { continue }
            if let message = try validateField(tables.fields[index].validator, field: index, engine.inputs[index]) {
                invalid[tables.strings[Int(tables.fields[index].name)]] = message
            }
        }
        return invalid
    }
}
