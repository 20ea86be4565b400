import Foundation

/// Why a snapshot cannot be restored: what kind of thing is wrong (`reason`, for code that decides what to do)
/// and a sentence naming it (`description`, for logs). A snapshot is data the device stored: it may be from
/// another release, corrupted, or edited; a machine refuses it rather than resume somewhere the flows cannot go.
public struct SnapshotMismatch: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong with a refused snapshot.
    public enum Reason: String, Sendable, Equatable, CaseIterable {
        /// Written in a layout this FlowMachine does not read.
        case format
        /// Not in the layout of a snapshot: a key missing, a number where text belongs (damaged or edited).
        case layout
        /// Taken from another app.
        case otherApp
        /// Taken with other flows of this app (another release: the tables' fingerprint differs).
        case otherFlows
        /// The domain state does not decode as this app's state (a value of the wrong type, a missing key).
        case state
        /// The machine's clock is outside years 1 to 9999.
        case clock
        /// The screen showing is not one of the app's, or its ID disagrees with its number.
        case screen
        /// The back stack names screens the app does not have, or disagrees with the sub-flow calls.
        case backStack
        /// The open sheets name screens the app does not have, or the app opens no sheet at all.
        case sheets
        /// A sub-flow call the app cannot make (another call site, a missing call, the event that started it unreadable).
        case subflows
        /// A running timer the app does not have where it is: another screen's, a screen not showing, a start after `now`.
        case timers
        /// Timer tokens repeated or beyond the next token to hand out.
        case timerTokens
        /// Something typed into a field the app does not have.
        case inputs
        /// Something typed into a `secret:` field: a PIN or a keycode never comes back from storage.
        case secretInput
        /// A field error for a field the app does not have, or an empty one.
        case errors
        /// An ending that is no outcome of the app, or an ended run with things still in progress.
        case ending
        /// A shown variant that is not one of its screen's, or of a screen not showing.
        case variants
        /// A service call waited for that the app does not make or track, waits on a screen it cannot, or whose deadline is not running.
        case calls
    }

    public var reason: Reason
    public var description: String

    public init(_ reason: Reason, _ description: String) { self.reason = reason; self.description = description }
}

extension TimerToken {
    /// The largest timer token a machine hands out and a snapshot may hold: one token per timer started, so a
    /// real run never comes near it, and it is still exact in a JSON number read as a double.
    public static var maximum: Int { 1 << 52 }
}

extension EngineHost {
    /// Checks `snapshot` against `tables` in full: every number in range, and every screen, sheet, sub-flow call,
    /// timer, token, input, error and ending consistent with the tables and with each other, so that a restored
    /// machine is one the flows can reach and no later step can trap on it.
    /// - Throws: `SnapshotMismatch` with the first problem found.
    public static func validateRestored<State>(_ snapshot: FlowSnapshot<State>, appID: String, tables: FlowTables) throws {
        var check = SnapshotCheck(tables: tables, appID: appID)
        try check.validate(snapshot.navigation, screenID: snapshot.screenID, now: snapshot.now,
                           callEventNumber: { Self.decodedCallEvent($0)?.number })
    }
}

extension EngineHost {
    /// Checks where the machine is now as restoring checks a snapshot of it, without encoding one: whatever the
    /// engine reaches must be a state restore accepts (tests and long runs hold the engine to its restore rules,
    /// on the interpreter as well, whose events are not `Codable`).
    /// - Throws: `SnapshotMismatch` with the first problem found.
    public func validateNavigation(appID: String) throws {
        var navigation = engineNavigation
        // The events that started the calls, by their number in the tables (nil where a timer or a route started it).
        navigation.callEvents = engine.callEvents.isEmpty ? nil : engine.callEvents.map { $0.map { String($0.number) } }
        var check = SnapshotCheck(tables: tables, appID: appID)
        try check.validate(navigation, screenID: engineScreenID, now: now, callEventNumber: { Int32($0) })
    }
}

/// The checks of a snapshot's navigation against an app's tables (see `EngineHost.validateRestored`).
struct SnapshotCheck {
    let tables: FlowTables
    let appID: String

    init(tables: FlowTables, appID: String) { self.tables = tables; self.appID = appID }

    private func fail(_ reason: SnapshotMismatch.Reason, _ text: String) -> SnapshotMismatch {
        SnapshotMismatch(reason, "the snapshot \(text); it cannot be restored into '\(appID)'")
    }

    private var screenCount: Int { tables.screens.count }
    private func isScreen(_ number: Int32) -> Bool { number >= 0 && Int(number) < screenCount }
    private func screenName(_ number: Int32) -> String {
        isScreen(number) ? "'\(tables.strings[Int(tables.screenIDs[Int(number)])])'" : "number \(number)"
    }

    /// `callEventNumber` reads an event that started a sub-flow as the app's event number (nil: not one of the app's events).
    mutating func validate(_ navigation: NavigationSnapshot, screenID: String, now: Timestamp, callEventNumber: (String) -> Int32?) throws {
        guard Timestamp.validRange.contains(now.millisecondsSince1970) else {
            throw fail(.clock, "has its clock at \(now.millisecondsSince1970) ms since 1970, outside years 1 to 9999")
        }
        // The screen.
        guard isScreen(navigation.screen) else { throw fail(.screen, "shows screen number \(navigation.screen), which the app does not have") }
        guard tables.strings[Int(tables.screenIDs[Int(navigation.screen)])] == screenID else {
            throw fail(.screen, "says it shows '\(screenID)' but its numbers name \(screenName(navigation.screen))")
        }
        // The back stack.
        if let wrong = navigation.history.first(where: { !isScreen($0) }) {
            throw fail(.backStack, "has screen number \(wrong) on its back stack, which the app does not have")
        }
        // Sheets: every screen under a sheet is the app's, and some sheet is opened at all when one is open.
        if let wrong = navigation.overlayOpeners.first(where: { !isScreen($0) }) {
            throw fail(.sheets, "has a sheet open over screen number \(wrong), which the app does not have")
        }
        if !navigation.overlayOpeners.isEmpty && !tables.rows.contains(where: { $0.target == .overlay }) {
            throw fail(.sheets, "has a sheet open, but the app never opens one")
        }
        try validateSubflows(navigation, callEventNumber: callEventNumber)
        try validateInputs(navigation)
        try validateEnding(navigation)
        try validateTimers(navigation, now: now)
        try validateVariants(navigation)
        try validateCalls(navigation)
    }

    private func validateSubflows(_ navigation: NavigationSnapshot, callEventNumber: (String) -> Int32?) throws {
        var depth = -1
        for frame in navigation.callFrames {
            guard frame.subflow >= 0 && Int(frame.subflow) < tables.subflows.count else {
                throw fail(.subflows, "has a sub-flow call number \(frame.subflow), which the app does not have")
            }
            guard isScreen(frame.caller), callSites(of: frame.subflow).contains(frame.caller) else {
                throw fail(.subflows, "has \(screenName(frame.caller)) calling sub-flow '\(subflowName(frame.subflow))', which it never calls")
            }
            guard frame.historyDepth > depth && frame.historyDepth <= navigation.history.count else {
                throw fail(.subflows, "has the call of sub-flow '\(subflowName(frame.subflow))' at back-stack depth \(frame.historyDepth), outside 0...\(navigation.history.count) or at or below an outer call")
            }
            // The caller sits on the back stack at the call's depth while the call runs: `back` to it leaves the
            // call, and a move to it (or anywhere outside the sub-flow) abandons the call (`abandonCalls`).
            guard frame.historyDepth < navigation.history.count, navigation.history[frame.historyDepth] == frame.caller else {
                let found = frame.historyDepth < navigation.history.count ? screenName(navigation.history[frame.historyDepth]) : "nothing"
                throw fail(.backStack, "has \(screenName(frame.caller)) calling sub-flow '\(subflowName(frame.subflow))' at back-stack depth \(frame.historyDepth), where the back stack holds \(found), not the caller")
            }
            depth = frame.historyDepth
        }
        // Each call keeps the event that started it, which its return routes read (`event.plan`): it must be one that
        // starts that sub-flow from that caller, or none where a timer starts it. A machine keeps one per call, so a
        // snapshot with calls and no events (or another count) was edited.
        let events = navigation.callEvents ?? []
        if !navigation.callFrames.isEmpty || !events.isEmpty {
            guard events.count == navigation.callFrames.count else {
                throw fail(.subflows, "has \(events.count) events that started sub-flows for \(navigation.callFrames.count) sub-flow calls")
            }
        }
        for (frame, event) in zip(navigation.callFrames, events) {
            let starts = startingEvents(of: frame.subflow, from: frame.caller)
            let call = "the call of sub-flow '\(subflowName(frame.subflow))' from \(screenName(frame.caller))"
            guard let event else {
                guard starts.byTimer || starts.byReturnRoute else {
                    throw fail(.subflows, "has \(call) started by no event, but only an event starts it there")
                }
                continue
            }
            guard let number = callEventNumber(event) else {
                throw fail(.subflows, "has an event that started sub-flow '\(subflowName(frame.subflow))' which is not one of the app's events")
            }
            guard starts.events.contains(number) || starts.byReturnRoute else {
                throw fail(.subflows, "has \(call) started by event number \(number), which does not start it there")
            }
        }
        // A flow the app only runs as a sub-flow is shown only inside a call of it, and is on the back stack only
        // above a call (`back` would otherwise lead into it with nothing to return to).
        let onlySubflows = subflowOnlyFlows()
        if navigation.callFrames.isEmpty {
            for screen in [navigation.screen] + navigation.overlayOpeners where onlySubflows.contains(tables.screens[Int(screen)].flow) {
                let flow = tables.strings[Int(tables.flows[Int(tables.screens[Int(screen)].flow)].name)]
                throw fail(.subflows, "shows \(screenName(screen)) of flow '\(flow)', which runs only as a sub-flow, but no call of it is in progress")
            }
        }
        // Inside calls, a screen of a flow that only runs as a sub-flow shows only while its own call is the innermost
        // (the calls above it ended, or were abandoned by a move to it). Flows whose screens also open as sheets
        // are left out: such a sheet may start a call and show again, on its own, when that call ends.
        if let innermost = navigation.callFrames.last {
            let base = navigation.overlayOpeners.first ?? navigation.screen
            let flow = tables.screens[Int(base)].flow
            let running = tables.subflows[Int(innermost.subflow)].flow
            if flow != running && onlySubflows.contains(flow) && !sheetFlows().contains(flow) {
                throw fail(.subflows, "shows \(screenName(base)) of flow '\(tables.strings[Int(tables.flows[Int(flow)].name)])', which runs only as a sub-flow, but the innermost call in progress is of '\(subflowName(innermost.subflow))'")
            }
        }
        let lowestCall = navigation.callFrames.first?.historyDepth ?? navigation.history.count
        for (index, screen) in navigation.history.enumerated() where index <= lowestCall && onlySubflows.contains(tables.screens[Int(screen)].flow) {
            // The caller itself sits at the call's depth; only what is below every call is outside the sub-flows.
            if index == lowestCall && !navigation.callFrames.isEmpty { continue }
            let flow = tables.strings[Int(tables.flows[Int(tables.screens[Int(screen)].flow)].name)]
            throw fail(.subflows, "has \(screenName(screen)) of flow '\(flow)', which runs only as a sub-flow, on its back stack below any call of it")
        }
    }

    /// What can start sub-flow `subflow` from `caller`: the events of the caller's rows and its flow's global rows
    /// that call it, whether a timer there does (no event), and whether a return route does (it passes on the event
    /// of the call it returns from, whichever that was).
    private func startingEvents(of subflow: Int32, from caller: Int32) -> (events: Set<Int32>, byTimer: Bool, byReturnRoute: Bool) {
        func calling(_ start: Int32, _ end: Int32) -> [TransitionRow] {
            tables.rows[Int(start)..<Int(end)].filter { $0.target == .subflow && $0.argument == subflow }
        }
        let screen = tables.screens[Int(caller)]
        let flow = tables.flows[Int(screen.flow)]
        let events = Set((calling(screen.rowStart, screen.rowEnd) + calling(flow.rowStart, flow.rowEnd)).map(\.event))
        let timers = Array(screen.timerStart..<screen.timerEnd) + Array(flow.timerStart..<flow.timerEnd) + tables.recurringTimers
        let byTimer = timers.contains { !calling(tables.timers[Int($0)].rowStart, tables.timers[Int($0)].rowEnd).isEmpty }
        let byReturnRoute = tables.returns.contains { !calling($0.rowStart, $0.rowEnd).isEmpty }
        return (events, byTimer, byReturnRoute)
    }

    private func subflowName(_ subflow: Int32) -> String {
        tables.strings[Int(tables.flows[Int(tables.subflows[Int(subflow)].flow)].name)]
    }

    /// The screens with a transition that calls sub-flow `subflow`: their own rows and timers, their flow's global
    /// rows and timers, and the rows that apply anywhere (recurring timers, sub-flow return routes). One pass over
    /// the screens, so a restore of a 10,000-screen app stays quick.
    private func callSites(of subflow: Int32) -> Set<Int32> {
        func calls(_ start: Int32, _ end: Int32) -> Bool {
            tables.rows[Int(start)..<Int(end)].contains { $0.target == .subflow && $0.argument == subflow }
        }
        func timerCalls(_ timer: Int32) -> Bool { calls(tables.timers[Int(timer)].rowStart, tables.timers[Int(timer)].rowEnd) }
        let anywhere = tables.returns.contains { calls($0.rowStart, $0.rowEnd) } || tables.recurringTimers.contains(where: timerCalls)
        let byFlow = tables.flows.map { flow in calls(flow.rowStart, flow.rowEnd) || (flow.timerStart..<flow.timerEnd).contains(where: timerCalls) }
        var sites: Set<Int32> = []
        for (index, screen) in tables.screens.enumerated()
        where anywhere || byFlow[Int(screen.flow)] || calls(screen.rowStart, screen.rowEnd) || (screen.timerStart..<screen.timerEnd).contains(where: timerCalls) {
            sites.insert(Int32(index))
        }
        return sites
    }

    /// The flows with a screen some transition opens as a sheet (`overlay:`).
    private func sheetFlows() -> Set<Int32> {
        Set(tables.rows.filter { $0.target == .overlay && isScreen($0.argument) }.map { tables.screens[Int($0.argument)].flow })
    }

    /// Flows run as sub-flows that no transition outside a call leads into.
    private func subflowOnlyFlows() -> Set<Int32> {
        let called = Set(tables.subflows.map(\.flow))
        guard !called.isEmpty else { return [] }
        var reached: Set<Int32> = [tables.startFlow]
        var pending = [tables.startFlow]
        while let flow = pending.popLast() {
            let entry = tables.flows[Int(flow)]
            var rowRanges = [Int(entry.rowStart)..<Int(entry.rowEnd)]
            var timers = Array(Int(entry.timerStart)..<Int(entry.timerEnd)) + tables.recurringTimers.map(Int.init)
            for screen in tables.screens where screen.flow == flow {
                rowRanges.append(Int(screen.rowStart)..<Int(screen.rowEnd))
                timers += Array(Int(screen.timerStart)..<Int(screen.timerEnd))
            }
            rowRanges += timers.map { Int(tables.timers[$0].rowStart)..<Int(tables.timers[$0].rowEnd) }
            rowRanges += tables.returns.map { Int($0.rowStart)..<Int($0.rowEnd) }
            for range in rowRanges {
                for row in tables.rows[range] where (row.target == .screen || row.target == .overlay) && isScreen(row.argument) {
                    let target = tables.screens[Int(row.argument)].flow
                    if reached.insert(target).inserted { pending.append(target) }
                }
            }
        }
        return called.subtracting(reached)
    }

    private func validateInputs(_ navigation: NavigationSnapshot) throws {
        var seen: Set<Int> = []
        for input in navigation.inputs {
            guard tables.fields.indices.contains(input.field) else {
                throw fail(.inputs, "has something typed into field number \(input.field), which the app does not have")
            }
            let name = tables.strings[Int(tables.fields[input.field].name)]
            guard seen.insert(input.field).inserted else { throw fail(.inputs, "has field '\(name)' typed twice") }
            guard !tables.fields[input.field].secret else {
                throw fail(.secretInput, "holds what was typed into the secret field '\(name)', which a machine never saves")
            }
        }
        // A sheet closed by the back gesture leaves its errors until the next validation, so any field of the app may have one.
        let names = Set(tables.fields.map { tables.strings[Int($0.name)] })
        if let wrong = navigation.errors.keys.sorted().first(where: { !names.contains($0) }) {
            throw fail(.errors, "has an error for field '\(wrong)', which the app does not have")
        }
        if let empty = navigation.errors.keys.sorted().first(where: { navigation.errors[$0]?.isEmpty ?? false }) {
            throw fail(.errors, "has an empty error for field '\(empty)'")
        }
    }

    private func validateEnding(_ navigation: NavigationSnapshot) throws {
        guard let ended = navigation.ended else { return }
        let outcomes = Set(tables.rows.filter { $0.target == .end }.map { tables.strings.indices.contains(Int($0.argument)) ? tables.strings[Int($0.argument)] : "" })
        guard outcomes.contains(ended) else {
            let known = outcomes.isEmpty ? "the app has none" : "the app's are " + outcomes.sorted().map { "'\($0)'" }.joined(separator: ", ")
            throw fail(.ending, "says the app ended with '\(ended)', which is no outcome of the app (\(known))")
        }
        guard navigation.callFrames.isEmpty, navigation.runningTimers.isEmpty, (navigation.shownVariants ?? [:]).isEmpty else {
            throw fail(.ending, "says the app ended with '\(ended)' but has sub-flows, timers or variants still running")
        }
    }

    private func validateTimers(_ navigation: NavigationSnapshot, now: Timestamp) throws {
        guard navigation.nextTimerToken >= 0 && navigation.nextTimerToken <= TimerToken.maximum else {
            throw fail(.timerTokens, "has its next timer token at \(navigation.nextTimerToken), outside 0...\(TimerToken.maximum)")
        }
        var tokens: Set<Int> = []
        var places: Set<[Int]> = []
        let showing = Set([navigation.screen] + navigation.overlayOpeners)
        let showingFlows = Set(showing.map { tables.screens[Int($0)].flow })
        for timer in navigation.runningTimers {
            let token = timer.token.rawValue
            guard token >= 1 && token <= navigation.nextTimerToken, tokens.insert(token).inserted else {
                throw fail(.timerTokens, "has a running timer with token \(token), repeated or outside 1...\(navigation.nextTimerToken)")
            }
            guard timer.timer >= 0 && Int(timer.timer) < tables.timers.count else {
                throw fail(.timers, "has a running timer number \(timer.timer), which the app does not have")
            }
            let entry = tables.timers[Int(timer.timer)]
            let belongs: Bool
            switch timer.screen {
            case -3:
                // A call's deadline: it belongs to exactly one waiting call (checked in `validateCalls`).
                belongs = timer.flow == -1 && tables.callPolicies.contains { $0.timer == timer.timer }
                    && (navigation.pendingCalls ?? []).contains { $0.deadline == token }
            case -2:
                belongs = tables.recurringTimers.contains(timer.timer) && timer.flow == tables.startFlow
            case -1:
                belongs = timer.flow >= 0 && Int(timer.flow) < tables.flows.count && showingFlows.contains(timer.flow)
                    && (tables.flows[Int(timer.flow)].timerStart..<tables.flows[Int(timer.flow)].timerEnd).contains(timer.timer)
            default:
                belongs = isScreen(timer.screen) && showing.contains(timer.screen) && timer.flow == tables.screens[Int(timer.screen)].flow
                    && (tables.screens[Int(timer.screen)].timerStart..<tables.screens[Int(timer.screen)].timerEnd).contains(timer.timer)
                    && (entry.variant < 0 || navigation.shownVariants?[timer.screen] == entry.variant)
            }
            guard belongs else {
                throw fail(.timers, "has timer number \(timer.timer) running for screen \(timer.screen) of flow \(timer.flow), where the app does not run it now")
            }
            guard timer.screen == -3 || places.insert([Int(timer.screen), Int(timer.timer)]).inserted else {
                throw fail(.timers, "has timer number \(timer.timer) running twice")
            }
            guard Timestamp.validRange.contains(timer.startedAt.millisecondsSince1970), timer.startedAt <= now else {
                throw fail(.timers, "has timer number \(timer.timer) started at \(timer.startedAt.millisecondsSince1970) ms since 1970, after the snapshot's clock or outside years 1 to 9999")
            }
            // A fixed length is the table's; a length the flows keep in the state (0 in the table) was read as it started.
            guard timer.milliseconds >= 0, entry.milliseconds == 0 || timer.milliseconds == entry.milliseconds else {
                throw fail(.timers, "has timer number \(timer.timer) running for \(timer.milliseconds) ms, not its length")
            }
        }
    }

    private func validateVariants(_ navigation: NavigationSnapshot) throws {
        let showing = Set([navigation.screen] + navigation.overlayOpeners)
        for (screen, variant) in (navigation.shownVariants ?? [:]).sorted(by: { $0.key < $1.key }) {
            guard isScreen(screen), showing.contains(screen) else {
                throw fail(.variants, "has a variant shown on screen \(screenName(screen)), which is not showing")
            }
            let entry = tables.screens[Int(screen)]
            guard variant == -1 || (entry.variantStart..<entry.variantEnd).contains(variant) else {
                throw fail(.variants, "has variant number \(variant) shown on \(screenName(screen)), which is not one of its variants")
            }
        }
    }
}

extension SnapshotCheck {
    /// Every waiting call is of an operation the app tracks, waits on one of the app's screens (one showing, when
    /// leaving it would have cancelled the call), and has exactly its operation's deadline running, once.
    func validateCalls(_ navigation: NavigationSnapshot) throws {
        let calls = navigation.pendingCalls ?? []
        guard navigation.ended == nil || calls.isEmpty else {
            throw SnapshotMismatch(.ending, "the snapshot says the app ended with '\(navigation.ended ?? "")' but has service calls still waited for; it cannot be restored into '\(appID)'")
        }
        func fail(_ text: String) -> SnapshotMismatch {
            SnapshotMismatch(.calls, "the snapshot \(text); it cannot be restored into '\(appID)'")
        }
        let showing = Set([navigation.screen] + navigation.overlayOpeners)
        var deadlines: Set<Int> = []
        for call in calls {
            guard call.policy >= 0 && Int(call.policy) < tables.callPolicies.count else {
                throw fail("waits for a call of policy number \(call.policy), which the app does not have")
            }
            let policy = tables.callPolicies[Int(call.policy)]
            let operation = tables.strings[Int(policy.operation)]
            guard call.screen >= 0 && Int(call.screen) < tables.screens.count else {
                throw fail("waits for '\(operation)' on screen number \(call.screen), which the app does not have")
            }
            guard !policy.cancelsOnLeave || showing.contains(call.screen) else {
                let screen = tables.strings[Int(tables.screenIDs[Int(call.screen)])]
                throw fail("waits for '\(operation)' on '\(screen)', which is not showing (leaving it cancels the call)")
            }
            if policy.timer < 0 {
                guard call.deadline == 0 else { throw fail("has a deadline for '\(operation)', which never times out") }
                continue
            }
            guard deadlines.insert(call.deadline).inserted,
                  navigation.runningTimers.contains(where: { $0.token.rawValue == call.deadline && $0.screen == -3 && $0.timer == policy.timer }) else {
                throw fail("waits for '\(operation)' without a deadline of its own running (token \(call.deadline))")
            }
        }
        let running = navigation.runningTimers.filter { $0.screen == -3 }.count
        guard running == deadlines.count else {
            throw fail("has \(running) call deadlines running for \(deadlines.count) calls waited for")
        }
    }
}
