/// The run-to-completion engine every generated machine shares, as Swift source.
///
/// It is fixed library code, like the support functions: it reads the app's tables and calls the
/// app's translated guards, actions and validators through the names the generated module
/// declares (`Machine`, `Event`, `Effect`, `Tables`), so no text is spliced into it. It mirrors
/// FlowRuntime's `Interpreter` step for step (the differential tests hold it to that).
enum EngineSource {
    static let text = #"""
/// Where a transition leads. The argument column of a row says which screen, sub-flow or outcome.
enum TargetKind: UInt8, Sendable {
    case stay, screen, overlay, back, subflow, end
}

/// One row of the transition table: taken on `event` when the guard holds.
struct TransitionRow: Sendable {
    /// The event's number (`Event.number`); -1 for timer and sub-flow return rows.
    var event: Int32
    /// Guard function number, 0 for none.
    var guardID: Int32
    /// Action list number, 0 for none.
    var actionsID: Int32
    var target: TargetKind
    /// Screen number (screen, overlay), sub-flow call number (subflow) or outcome number (end).
    var argument: Int32
    /// Whether the screen's fields are validated before the guard is read.
    var validates: Bool
}

/// What the engine knows of each screen.
struct ScreenEntry: Sendable {
    var flow: Int32
    /// Own transitions: `rows[rowStart..<rowEnd]`.
    var rowStart: Int32
    var rowEnd: Int32
    /// Fields: `fields[fieldStart..<fieldEnd]`.
    var fieldStart: Int32
    var fieldEnd: Int32
    /// Timers: `timers[timerStart..<timerEnd]`.
    var timerStart: Int32
    var timerEnd: Int32
    /// Variants: `variants[variantStart..<variantEnd]`.
    var variantStart: Int32
    var variantEnd: Int32
    var enterActions: Int32
    var exitActions: Int32
    /// Screen-view analytics event, -1 for none (an index into `strings`).
    var analytics: Int32
}

/// What the engine knows of each flow.
struct FlowEntry: Sendable {
    var start: Int32
    /// Global transitions: `rows[rowStart..<rowEnd]`.
    var rowStart: Int32
    var rowEnd: Int32
    /// Global timers: `timers[timerStart..<timerEnd]`.
    var timerStart: Int32
    var timerEnd: Int32
    /// The flow's name (an index into `strings`), used to name sub-flow outcomes.
    var name: Int32
}

/// A timer: fires `rows[rowStart..<rowEnd]` after `milliseconds` on its screen (or flow).
struct TimerEntry: Sendable {
    var milliseconds: Int
    var rowStart: Int32
    var rowEnd: Int32
}

/// A sub-flow call site: the flow run and where each of its outcomes leads (`returns[returnStart..<returnEnd]`).
struct SubflowEntry: Sendable {
    var flow: Int32
    var returnStart: Int32
    var returnEnd: Int32
}

/// Where one outcome of a sub-flow leads: `rows[rowStart..<rowEnd]`.
struct ReturnEntry: Sendable {
    var outcome: Int32
    var rowStart: Int32
    var rowEnd: Int32
}

/// A form field: its name, validator number (0 for none) and the guard under which it is shown (0: always),
/// with that guard's source for messages.
struct FieldEntry: Sendable {
    var name: Int32
    var validator: Int32
    var shownWhen: Int32
    var shownWhenSource: Int32
}

/// A state variant: its name and condition (a guard number; 0 always holds).
struct VariantEntry: Sendable {
    var name: Int32
    var condition: Int32
}

/// A timer the machine has started and not yet seen fire or cancelled.
struct ActiveTimer: Sendable {
    var token: TimerToken
    /// The screen whose timer this is, -1 for a flow's global timer, -2 for an app-wide recurring timer.
    var screen: Int32
    var flow: Int32
    var timer: Int32
}

/// A sub-flow in progress: who called it and how deep the history was then.
struct CallFrame: Sendable {
    var caller: Int32
    var subflow: Int32
    var historyDepth: Int
}

/// How an event was handled.
enum StepOutcome {
    case taken, rejected, ignored
}

/// The app's tables, read once into one shared object the machine keeps a reference to, so a
/// step reads them through one pointer instead of a lazily initialised global per access.
final class TableStorage: Sendable {
    static let shared = TableStorage()

    let strings = Machine.Tables.strings
    let screenIDs = Machine.Tables.screenIDs
    let screens = Machine.Tables.screens
    let rows = Machine.Tables.rows
    let flows = Machine.Tables.flows
    let timers = Machine.Tables.timers
    let subflows = Machine.Tables.subflows
    let returns = Machine.Tables.returns
    let fields = Machine.Tables.fields
    let variants = Machine.Tables.variants
}

/// Reads a table written one row per line, numbers separated by spaces (the encoded table style).
func decodeTable<Row>(_ text: String, _ build: ([Int32]) -> Row) -> [Row] {
    var result: [Row] = []
    var row: [Int32] = []
    for line in text.split(separator: "\n") {
        row.removeAll(keepingCapacity: true)
        for field in line.split(separator: " ") { row.append(Int32(field) ?? 0) }
        result.append(build(row))
    }
    return result
}

/// Reads a string table written one string per line.
func decodeLines(_ text: String) -> [String] {
    text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

extension Machine {
    // MARK: Public API

    /// The seed ID of the current screen.
    public var screenID: String { tables.strings[Int(tables.screenIDs[Int(screenNumber)])] }

    /// The name of the first variant of the current screen whose condition holds.
    public func variant() throws -> String? {
        let entry = tables.screens[Int(screenNumber)]
        for index in Int(entry.variantStart)..<Int(entry.variantEnd) {
            let variant = tables.variants[index]
            if try variant.condition == 0 || evaluateGuard(variant.condition, nil) { return tables.strings[Int(variant.name)] }
        }
        return nil
    }

    /// Types into a field of the current screen; nothing is validated until a transition asks for it.
    ///
    /// - Throws: `FlowFailure` when the current screen has no field of that name.
    public mutating func fill(_ field: String, _ input: FieldInput) throws {
        let entry = tables.screens[Int(screenNumber)]
        for index in Int(entry.fieldStart)..<Int(entry.fieldEnd) where tables.strings[Int(tables.fields[index].name)] == field {
            let shownWhen = tables.fields[index].shownWhen
            if shownWhen != 0, !(try evaluateGuard(shownWhen, nil)) {
                throw FlowFailure("field '\(field)' is not shown on '\(screenID)' now (it shows when \(tables.strings[Int(tables.fields[index].shownWhenSource)]))")
            }
            inputs[index] = input
            if !errors.isEmpty { errors[field] = nil }
            return
        }
        throw FlowFailure("screen '\(screenID)' has no field '\(field)'")
    }

    /// Sends an event and runs until the machine is stable again, appending what the host must do to `effects`.
    ///
    /// Nothing is allocated for an event whose transitions only move between screens, read and write
    /// plain state and emit effects: pass the same `effects` buffer each time (after
    /// `removeAll(keepingCapacity: true)`).
    public mutating func send(_ event: Event, into effects: inout [Effect]) throws {
        if case .timerFired(let token) = event {
            try fire(token, into: &effects)
            try drainRaised(into: &effects)
        } else {
            _ = try dispatch(event, into: &effects)
            try drainRaised(into: &effects)
            restartInactivityTimers(into: &effects)
        }
        try checkInvariants()
    }

    /// Sends an event and returns the effects to perform, in order.
    public mutating func send(_ event: Event) throws -> [Effect] {
        var effects: [Effect] = []
        try send(event, into: &effects)
        return effects
    }

    /// Goes back to the previous screen, or closes the open sheet, as the system back gesture does.
    /// - Returns: false when there is nowhere to go back to.
    @discardableResult
    public mutating func back(into effects: inout [Effect]) throws -> Bool {
        let moved = try goBack(into: &effects)
        try drainRaised(into: &effects)
        restartInactivityTimers(into: &effects)
        try checkInvariants()
        return moved
    }

    /// A flow's own timers measure inactivity: whatever the person does starts them again.
    @inline(__always)
    mutating func restartInactivityTimers(into effects: inout [Effect]) {
        guard ended == nil else { return }
        let flow = tables.screens[Int(screenNumber)].flow
        guard tables.flows[Int(flow)].timerStart != tables.flows[Int(flow)].timerEnd else { return }
        startFlowTimers(flow, into: &effects)
    }

    /// Cancels every running flow timer and starts those of `flow`.
    @inline(__always)
    mutating func startFlowTimers(_ flow: Int32, into effects: inout [Effect]) {
        var index = 0
        while index < activeTimers.count {
            if activeTimers[index].screen == -1 {
                effects.append(.cancelTimer(activeTimers[index].token))
                activeTimers.remove(at: index)
            } else {
                index += 1
            }
        }
        let entry = tables.flows[Int(flow)]
        for timer in entry.timerStart..<entry.timerEnd { schedule(timer, screen: -1, flow: flow, into: &effects) }
    }

    // MARK: Steps
    //
    // The step functions are inlined into `send`: measured on the 10,000-screen ring, the calls
    // between them cost more than their bodies.

    @inline(__always)
    mutating func drainRaised(into effects: inout [Effect]) throws {
        var budget = 1000
        while ended == nil, !raised.isEmpty {
            budget -= 1
            guard budget > 0 else { throw FlowFailure("more than 1000 events in one step on '\(screenID)': raised events loop") }
            let next = raised.removeFirst()
            _ = try dispatch(next, into: &effects)
        }
    }

    /// Takes the first enabled transition of the current screen for `event`, or else of its flow.
    @inline(__always)
    mutating func dispatch(_ event: Event, into effects: inout [Effect]) throws -> StepOutcome {
        guard ended == nil else { return .ignored }
        let number = event.number
        let screen = tables.screens[Int(screenNumber)]
        // A screen's own transitions for the event hide the flow's global ones, enabled or not.
        let (outcome, matched) = try take(Int(screen.rowStart)..<Int(screen.rowEnd), event: number, payload: event, into: &effects)
        if matched { return outcome }
        let flow = tables.flows[Int(screen.flow)]
        return try take(Int(flow.rowStart)..<Int(flow.rowEnd), event: number, payload: event, into: &effects).outcome
    }

    mutating func fire(_ token: TimerToken, into effects: inout [Effect]) throws {
        guard ended == nil, let index = activeTimers.firstIndex(where: { $0.token == token }) else { return }
        let active = activeTimers.remove(at: index)
        // A recurring timer (app.every) is armed again before its actions run, as the interpreter does.
        if active.screen == -2 { schedule(active.timer, screen: -2, flow: active.flow, into: &effects) }
        let timer = tables.timers[Int(active.timer)]
        _ = try take(Int(timer.rowStart)..<Int(timer.rowEnd), event: -1, payload: nil, into: &effects)
    }

    /// Takes the first enabled row of `rows` whose event is `event` (-1: every row), validating once when asked.
    /// - Returns: What happened, and whether any row was for the event at all.
    @inline(__always)
    mutating func take(_ rows: Range<Int>, event: Int32, payload: Event?, into effects: inout [Effect]) throws -> (outcome: StepOutcome, matched: Bool) {
        var validated = false
        var matched = false
        for index in rows {
            let row = tables.rows[index]
            guard event < 0 || row.event == event else { continue }
            matched = true
            // Fields are validated before any guard reads them, as the interpreter does.
            if row.validates && !validated {
                validated = true
                let invalid = try validateCurrentScreen()
                if !invalid.isEmpty {
                    errors = invalid
                    return (.rejected, true)
                }
                if !errors.isEmpty { errors = [:] }
            }
            if row.guardID != 0 {
                guard try evaluateGuard(row.guardID, payload) else { continue }
            }
            try apply(row, payload: payload, into: &effects)
            return (.taken, true)
        }
        return (.ignored, matched)
    }

    @inline(__always)
    mutating func apply(_ row: TransitionRow, payload: Event?, into effects: inout [Effect]) throws {
        switch row.target {
        case .stay:
            if row.actionsID != 0 { try runActions(row.actionsID, payload, into: &effects) }
        case .screen:
            try leave(screenNumber, into: &effects)
            if row.actionsID != 0 { try runActions(row.actionsID, payload, into: &effects) }
            pushHistory(to: row.argument)
            try enter(row.argument, into: &effects)
        case .overlay:
            if row.actionsID != 0 { try runActions(row.actionsID, payload, into: &effects) }
            overlayOpeners.append(screenNumber)
            screenNumber = row.argument
            try enterActions(row.argument, into: &effects)
        case .back:
            if row.actionsID != 0 { try runActions(row.actionsID, payload, into: &effects) }
            _ = try goBack(into: &effects)
        case .subflow:
            try leave(screenNumber, into: &effects)
            if row.actionsID != 0 { try runActions(row.actionsID, payload, into: &effects) }
            callFrames.append(CallFrame(caller: screenNumber, subflow: row.argument, historyDepth: history.count))
            history.append(screenNumber)
            let flow = tables.subflows[Int(row.argument)].flow
            try enter(tables.flows[Int(flow)].start, into: &effects)
        case .end:
            try leave(screenNumber, into: &effects)
            if row.actionsID != 0 { try runActions(row.actionsID, payload, into: &effects) }
            try end(with: row.argument, payload: payload, into: &effects)
        }
    }

    /// Ends the current flow: back to the caller of a sub-flow, or the end of the run.
    mutating func end(with outcome: Int32, payload: Event?, into effects: inout [Effect]) throws {
        guard let frame = callFrames.popLast() else {
            ended = tables.strings[Int(outcome)]
            for timer in activeTimers { effects.append(.cancelTimer(timer.token)) }
            activeTimers.removeAll()
            return
        }
        history.removeSubrange(min(frame.historyDepth, history.count)...)
        overlayOpeners.removeAll()
        screenNumber = frame.caller
        let subflow = tables.subflows[Int(frame.subflow)]
        for index in Int(subflow.returnStart)..<Int(subflow.returnEnd) where tables.returns[index].outcome == outcome {
            let route = tables.returns[index]
            if try take(Int(route.rowStart)..<Int(route.rowEnd), event: -1, payload: payload, into: &effects).outcome == .ignored {
                try enter(frame.caller, into: &effects)
            }
            return
        }
        try enter(frame.caller, into: &effects)
    }

    /// Returns to the previous screen or closes the top sheet; false when there is nowhere to go.
    mutating func goBack(into effects: inout [Effect]) throws -> Bool {
        if let opener = overlayOpeners.popLast() {
            cancelTimers(of: screenNumber, into: &effects)
            let exit = tables.screens[Int(screenNumber)].exitActions
            if exit != 0 { try runActions(exit, nil, into: &effects) }
            screenNumber = opener
            return true
        }
        guard let previous = history.popLast() else { return false }
        if let frame = callFrames.last, history.count < frame.historyDepth {
            callFrames.removeLast()
        }
        try leave(screenNumber, into: &effects)
        try enter(previous, into: &effects)
        return true
    }

    @inline(__always)
    mutating func leave(_ screen: Int32, into effects: inout [Effect]) throws {
        cancelTimers(of: screen, into: &effects)
        let exit = tables.screens[Int(screen)].exitActions
        if exit != 0 { try runActions(exit, nil, into: &effects) }
        if !errors.isEmpty { errors = [:] }
    }

    /// Where `back` returns to: a target already on the back stack (of the current flow) is gone back to,
    /// dropping what was above it; any other target is pushed over the current screen (the interpreter's rule).
    @inline(__always)
    mutating func pushHistory(to target: Int32) {
        guard target != screenNumber else { return }
        let floor = min(callFrames.last?.historyDepth ?? 0, history.count)
        if let existing = history[floor...].lastIndex(of: target) {
            history.removeSubrange(existing...)
        } else {
            history.append(screenNumber)
        }
    }

    /// Makes `screen` current: screen-view analytics, entry actions, its timers and its flow's global timers.
    @inline(__always)
    mutating func enter(_ screen: Int32, into effects: inout [Effect]) throws {
        let previousFlow = tables.screens[Int(screenNumber)].flow
        screenNumber = screen
        try enterActions(screen, into: &effects)
        let flow = tables.screens[Int(screen)].flow
        let entry = tables.flows[Int(flow)]
        // Nothing to restart when the flow has no global timers and none are running.
        if entry.timerStart == entry.timerEnd && activeTimers.isEmpty { return }
        if flow != previousFlow || !activeTimers.contains(where: { $0.screen == -1 && $0.flow == flow }) {
            startFlowTimers(flow, into: &effects)
        }
    }

    @inline(__always)
    mutating func enterActions(_ screen: Int32, into effects: inout [Effect]) throws {
        let entry = tables.screens[Int(screen)]
        if entry.analytics >= 0 {
            effects.append(.analytics(AnalyticsEvent(name: tables.strings[Int(entry.analytics)])))
        }
        if entry.enterActions != 0 { try runActions(entry.enterActions, nil, into: &effects) }
        for timer in entry.timerStart..<entry.timerEnd { schedule(timer, screen: screen, flow: entry.flow, into: &effects) }
    }

    mutating func schedule(_ timer: Int32, screen: Int32, flow: Int32, into effects: inout [Effect]) {
        nextTimerToken += 1
        let token = TimerToken(rawValue: nextTimerToken)
        activeTimers.append(ActiveTimer(token: token, screen: screen, flow: flow, timer: timer))
        effects.append(.startTimer(token, milliseconds: tables.timers[Int(timer)].milliseconds))
    }

    @inline(__always)
    mutating func cancelTimers(of screen: Int32, into effects: inout [Effect]) {
        guard !activeTimers.isEmpty else { return }
        var index = 0
        while index < activeTimers.count {
            if activeTimers[index].screen == screen {
                effects.append(.cancelTimer(activeTimers[index].token))
                activeTimers.remove(at: index)
            } else {
                index += 1
            }
        }
    }

    // MARK: Forms

    /// The input of field `offset` of the current screen (nil when nothing was typed).
    func formInput(_ offset: Int) -> FieldInput? {
        let entry = tables.screens[Int(screenNumber)]
        let index = Int(entry.fieldStart) + offset
        guard index < Int(entry.fieldEnd) else { return nil }
        return inputs[index]
    }

    /// Types `input` into field `offset` of the current screen as a person would (nil: empties it); the
    /// field's error goes (`fill:`, `clear: [form.<field>]` and defaults).
    mutating func setInput(_ offset: Int, _ input: FieldInput?) {
        let entry = tables.screens[Int(screenNumber)]
        let index = Int(entry.fieldStart) + offset
        guard index < Int(entry.fieldEnd) else { return }
        inputs[index] = input
        if !errors.isEmpty { errors[tables.strings[Int(tables.fields[index].name)]] = nil }
    }

    /// Forgets what was typed on the current screen (`clear: [form]`).
    mutating func clearForm() {
        let entry = tables.screens[Int(screenNumber)]
        for index in Int(entry.fieldStart)..<Int(entry.fieldEnd) { inputs[index] = nil }
    }

    /// Each invalid field of the current screen with its first failing rule's message.
    func validateCurrentScreen() throws -> [String: String] {
        let entry = tables.screens[Int(screenNumber)]
        var invalid: [String: String] = [:]
        for index in Int(entry.fieldStart)..<Int(entry.fieldEnd) where tables.fields[index].validator != 0 {
            let shownWhen = tables.fields[index].shownWhen
            if shownWhen != 0, !(try evaluateGuard(shownWhen, nil)) { continue }
            if let message = try validateField(tables.fields[index].validator, inputs[index]) {
                invalid[tables.strings[Int(tables.fields[index].name)]] = message
            }
        }
        return invalid
    }
}
"""#
}
