/// Where the effects a `FlowDriver` does not perform itself go: analytics, pushes, toasts and failures.
///
/// ```swift
/// let sinks = FlowSinks(analytics: { event in Analytics.log(event.name, event.properties) },
///                       toast: { text in banner.show(text) })
/// ```
public struct FlowSinks: Sendable {
    public var analytics: @MainActor @Sendable (AnalyticsEvent) -> Void
    public var push: @MainActor @Sendable (String) -> Void
    public var toast: @MainActor @Sendable (String) -> Void
    /// A service threw, or the flows reached a state they do not describe (a `FlowFailure`).
    public var failure: @MainActor @Sendable (FlowDriverFailure) -> Void

    public init(analytics: @escaping @MainActor @Sendable (AnalyticsEvent) -> Void = { _ in },
                push: @escaping @MainActor @Sendable (String) -> Void = { _ in },
                toast: @escaping @MainActor @Sendable (String) -> Void = { _ in },
                failure: @escaping @MainActor @Sendable (FlowDriverFailure) -> Void = { _ in }) {
        self.analytics = analytics; self.push = push; self.toast = toast; self.failure = failure
    }
}

/// Something a `FlowDriver` could not do.
public enum FlowDriverFailure: Hashable, Sendable, CustomStringConvertible {
    /// The service threw instead of answering with an outcome: the machine got no event and stays where it is.
    /// Model failures the flows handle (a declined card, no network) as outcomes of the operation instead.
    case serviceThrew(operation: String, message: String)
    /// The machine refused a step (`FlowFailure`: an invariant broke, a field is not on this screen...).
    case stepFailed(message: String)
    /// After a step, the current screen's variant or texts cannot be computed (a value the flows need is missing):
    /// `variant()` and `texts()` return their fallbacks (the default look, no texts). Reported once, by the step that
    /// caused it; reported again only after a step where every read computed.
    case readFailed(message: String)

    public var description: String {
        switch self {
        case .serviceThrew(let operation, let message): "\(operation) threw: \(message)"
        case .stepFailed(let message): "step failed: \(message)"
        case .readFailed(let message): "read failed: \(message)"
        }
    }
}

/// What a `FlowDriver` did, in order, for tests and logs (`FlowDriver.activity()`).
public enum FlowActivity<Event: Sendable, Effect: Sendable>: Sendable {
    /// The machine took a step on `event` (sent by the host, a service's outcome or a due timer) and asked for `effects`.
    case stepped(Event, effects: [Effect])
    /// The driver could not do something (also given to `FlowSinks.failure`).
    case failed(FlowDriverFailure)
}

/// Runs a generated machine for a host app: sends events in, performs the effects that come out and
/// feeds service outcomes and due timers back in. The host implements the generated services protocol
/// (`TempoServices`) and nothing else.
///
/// - Service calls go to `services` (the generated `perform` picks the operation); the outcome comes
///   back as the machine's event. A call still running when the driver stops or restarts is cancelled.
/// - Timers sleep on `clock` (a `ContinuousClock` unless you inject another; tests use `ManualClock`);
///   a timer the machine cancels is cancelled and never fires. The machine's `now` follows the clock: before
///   every step it is the machine's `now` when the driver was made plus the time the clock has moved since.
/// - Analytics, pushes and toasts go to `sinks`.
///
/// ```swift
/// struct LiveServices: TempoServices {
///     func equalsFreezeCard(frozen: Bool) async throws -> TempoOutcome.EqualsFreezeCard { ... }
/// }
/// let driver = FlowDriver(try TempoMachine(), services: LiveServices(), sinks: FlowSinks(analytics: { print($0.name) }))
/// driver.start()
/// driver.send(.toggleFreeze)
/// ```
///
/// The driver lives on the main actor, as the views that read `machine` do; service calls run off it.
@MainActor
public final class FlowDriver<Machine: FlowStateMachine> {
    /// The machine after the last step.
    public private(set) var machine: Machine
    public let services: Machine.Services
    private let sinks: FlowSinks
    /// Turns a length into "sleep until that long after now", with `now` read when the timer starts.
    private let sleeper: @Sendable (Duration) -> @Sendable () async throws -> Void
    /// How far the clock has moved since the driver was made.
    private let elapsed: @Sendable () -> Duration
    /// The machine's `now` when the driver was made.
    private let startTime: Timestamp
    private var timers: [TimerToken: Task<Void, Never>] = [:]
    private var calls: [Int: Task<Void, Never>] = [:]
    private var nextCall = 0
    private var queue: [Machine.Event] = []
    private var stepping = false
    private var effects: [Machine.Effect] = []
    private var observers: [Int: AsyncStream<FlowActivity<Machine.Event, Machine.Effect>>.Continuation] = [:]
    private var nextObserver = 0
    /// `start()` or `resume()` ran: a view's `.task` may ask again, the machine enters its start screen once.
    private var running = false
    /// The read failure last reported (`FlowDriverFailure.readFailed`), so each is reported once.
    private var reportedReadFailure: String?
    /// Callers of `idle()` waiting for the calls in flight to answer.
    private var idleWaiters: [CheckedContinuation<Void, Never>] = []

    /// Called after every step with the machine as it is now (`FlowModel` republishes it to SwiftUI).
    public var onChange: (@MainActor (Machine) -> Void)?

    /// Called with each decision the machine made on its own in a step (a call forgotten as its screen was left, a
    /// late answer dropped, a sub-flow abandoned), in order, before `onChange`: for logs and for QA builds that
    /// show why an answer changed nothing.
    ///
    /// ```swift
    /// driver.onDecision = { decision in log.notice("\(decision)") }   // "equals.get_pin: call forgotten as ..."
    /// ```
    public var onDecision: (@MainActor (FlowDecision<Machine>) -> Void)?
    private var decisionObservers: [Int: AsyncStream<FlowDecision<Machine>>.Continuation] = [:]

    /// Where the machine's texts come from by key (`FlowBundleTexts(bundle: .main, table: "Tempo")`); setting it
    /// redraws the views as a step does.
    public var textLookup: any FlowTextLookup {
        get { machine.textLookup }
        set {
            machine.textLookup = newValue
            onChange?(machine)
        }
    }

    /// A driver for `machine`; nothing runs until `start()` (a new machine) or `resume()` (a restored one).
    /// - Parameters:
    ///   - services: The host's implementation of the app's services protocol.
    ///   - clock: The clock timers sleep on.
    ///   - sinks: Where analytics, pushes, toasts and failures go.
    public init<C: Clock>(_ machine: Machine, services: Machine.Services, clock: C, sinks: FlowSinks = FlowSinks()) where C.Duration == Duration {
        self.machine = machine
        self.services = services
        self.sinks = sinks
        sleeper = { length in
            let deadline = clock.now.advanced(by: length)
            return { try await clock.sleep(until: deadline, tolerance: nil) }
        }
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
        startTime = machine.now
    }

    /// A driver whose timers sleep on the real clock.
    public convenience init(_ machine: Machine, services: Machine.Services, sinks: FlowSinks = FlowSinks()) {
        self.init(machine, services: services, clock: ContinuousClock(), sinks: sinks)
    }

    /// Enters the start screen of a new machine (screen view, entry actions, timers) and performs what it asks.
    public func start() {
        guard !running else { return }
        running = true
        run(nil) { machine, effects in try machine.start(into: &effects) }
        handleQueued()
    }

    /// The time on the machine's clock now: its `now` when the driver was made, plus the time the clock has moved since.
    public var now: Timestamp {
        // Held at the ends of `Int` rather than overflowing, whatever the clock or the restored `now` says.
        let moved = elapsed().components
        let (seconds, overSeconds) = moved.seconds.multipliedReportingOverflow(by: 1000)
        let (milliseconds, overMilliseconds) = seconds.addingReportingOverflow(moved.attoseconds / 1_000_000_000_000_000)
        let movedMilliseconds = overSeconds || overMilliseconds ? (moved.seconds < 0 ? Int64.min : Int64.max) : milliseconds
        let (sum, overflow) = startTime.millisecondsSince1970.addingReportingOverflow(Int(truncatingIfNeeded: movedMilliseconds))
        return Timestamp(millisecondsSince1970: overflow ? (movedMilliseconds > 0 ? Int.max : Int.min) : sum)
    }

    /// The machine as data as of `now` (its clock moved on to the driver's), to restore with `init(restoring:)`
    /// and `resume()` after the app was killed.
    public func snapshot() -> FlowSnapshot<Machine.State> {
        machine.now = now
        return machine.snapshot()
    }

    /// Carries on with a machine restored from a snapshot. Each running timer waits only for what was left of
    /// it: it was due at its start plus its length on the machine's clock, and the machine's `now` when the
    /// driver was made says how much of that has passed (set it to the time now before making the driver: the
    /// time the app was killed counts). Timers already due fire at once, in the order they fell due (timers
    /// due together in the order they started); one whose firing cancels another leaves that one unfired.
    public func resume() {
        guard !running else { return }
        running = true
        let resumedAt = now
        let restored = machine.snapshot().navigation.runningTimers.sorted { ($0.due, $0.token.rawValue) < ($1.due, $1.token.rawValue) }
        for timer in restored where timer.due > resumedAt && timers[timer.token] == nil {
            startTimer(timer.token, milliseconds: timer.remainingMilliseconds(at: resumedAt))
        }
        for timer in restored where timer.due <= resumedAt {
            // A timer an earlier one's step cancelled is no longer running: it does not fire.
            guard machine.snapshot().navigation.runningTimers.contains(where: { $0.token == timer.token }) else { continue }
            send(.timerFired(token: timer.token))
        }
    }

    /// Sends an event (a tap, an entry) and performs the effects of the step.
    public func send(_ event: Machine.Event) {
        queue.append(event)
        guard !stepping else { return }   // a sink sent it during a step: it is handled right after
        handleQueued()
    }

    /// Handles the events sent while a step ran (by a sink), in order.
    private func handleQueued() {
        while !queue.isEmpty {
            let next = queue.removeFirst()
            run(next) { machine, effects in try machine.send(next, into: &effects) }
        }
    }

    /// The system back gesture: the previous screen, or the open sheet closes.
    /// - Returns: false when there is nowhere to go back to.
    @discardableResult
    public func back() -> Bool {
        var moved = false
        run(nil) { machine, effects in moved = try machine.back(into: &effects) }
        handleQueued()
        return moved
    }

    /// Types into a field of the current screen.
    /// - Throws: `FlowFailure` when the current screen has no such field, or it is not shown now.
    public func fill(_ field: Machine.Field, _ input: FieldInput) throws {
        try machine.fill(field, input)
        onChange?(machine)
    }

    /// Types text into a field of the current screen.
    public func fill(_ field: Machine.Field, text: String) throws { try fill(field, .text(text)) }

    /// Types text as a text field's binding does: a field the screen does not show is a failure for the sinks, not an error to handle.
    func fillReporting(_ field: Machine.Field, text: String) {
        do { try fill(field, .text(text)) } catch { report(.stepFailed(message: "\(error)")) }
    }

    /// The app launched again: persisted state stays, the rest starts over; calls in flight are cancelled.
    public func restart() {
        cancelCalls()
        run(nil) { machine, effects in try machine.restart(into: &effects) }
        handleQueued()
    }

    /// Cancels every timer and call in flight; the machine keeps its state (snapshot it, restore it later).
    public func stop() {
        cancelCalls()
        for task in timers.values { task.cancel() }
        timers.removeAll()
    }

    /// The timers running now, in the order they were started.
    public var runningTimers: [TimerToken] { timers.keys.sorted { $0.rawValue < $1.rawValue } }

    /// How many service calls have not answered yet.
    public var callsInFlight: Int { calls.count }

    /// Returns once the driver is idle: every service call made so far has answered (or was cancelled by
    /// `stop()` or `restart()`), each outcome's step has run, and the calls those steps made have answered
    /// too. Timers are not waited for: a running timer fires when its clock says so (advance a
    /// `ManualClock` in tests). Returns at once when nothing is in flight.
    ///
    /// ```swift
    /// driver.send(.tapFindAddress)        // postcode_lookup.find_addresses runs
    /// await driver.idle()
    /// #expect(driver.machine.screen == .wal013c)
    /// ```
    public func idle() async {
        guard !isIdle else { return }
        await withCheckedContinuation { idleWaiters.append($0) }
    }

    /// No call in flight and no event waiting for its step.
    private var isIdle: Bool { calls.isEmpty && queue.isEmpty && !stepping }

    /// Wakes the callers of `idle()` once nothing is in flight.
    private func wakeIdleWaiters() {
        guard isIdle, !idleWaiters.isEmpty else { return }
        let waiters = idleWaiters
        idleWaiters.removeAll()
        for waiter in waiters { waiter.resume() }
    }

    /// Every step and failure from now on, in order (for tests and logs). The stream ends when the caller drops it.
    public func activity() -> AsyncStream<FlowActivity<Machine.Event, Machine.Effect>> {
        let (stream, continuation) = AsyncStream<FlowActivity<Machine.Event, Machine.Effect>>.makeStream()
        let id = nextObserver
        nextObserver += 1
        observers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.observers[id] = nil }
        }
        return stream
    }

    /// Every decision the machine makes on its own from now on (see `onDecision`), in order. The stream ends when the
    /// caller drops it.
    ///
    /// ```swift
    /// for await decision in driver.decisions() {
    ///     if case .answerDropped(_, let operation, _) = decision { log.notice("late \(operation.rawValue) dropped") }
    /// }
    /// ```
    public func decisions() -> AsyncStream<FlowDecision<Machine>> {
        let (stream, continuation) = AsyncStream<FlowDecision<Machine>>.makeStream()
        let id = nextObserver
        nextObserver += 1
        decisionObservers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { @MainActor in self?.decisionObservers[id] = nil }
        }
        return stream
    }

    /// The calls the machine waits for now, oldest first (`FlowStateMachine.waitingCalls`).
    public var waitingCalls: [FlowWaitingCall<Machine>] { machine.waitingCalls }

    // MARK: Steps and effects

    private func run(_ event: Machine.Event?, _ step: (inout Machine, inout [Machine.Effect]) throws -> Void) {
        stepping = true
        defer { stepping = false }
        effects.removeAll(keepingCapacity: true)
        machine.now = now
        // A step that fails stops part-way (a screen left, a timer cancelled); its effects are not performed, so the
        // machine goes back to where it was before it, and it and the host's timers and calls still agree.
        let before = machine
        do {
            try step(&machine, &effects)
        } catch {
            machine = before
            report(.stepFailed(message: "\(error)"))
            onChange?(machine)
            return
        }
        let batch = effects
        if let event { publish(.stepped(event, effects: batch)) }
        if onDecision != nil || !decisionObservers.isEmpty {
            for decision in machine.lastStepDecisions {
                onDecision?(decision)
                for id in decisionObservers.keys.sorted() { decisionObservers[id]?.yield(decision) }
            }
        }
        let readFailure = machine.readFailure()
        if readFailure != reportedReadFailure {
            reportedReadFailure = readFailure
            if let readFailure { report(.readFailed(message: readFailure)) }
        }
        onChange?(machine)
        for effect in batch { perform(effect) }
    }

    private func perform(_ effect: Machine.Effect) {
        switch effect {
        case .call(let call): startCall(call)
        case .analytics(let event): sinks.analytics(event)
        case .push(let text): sinks.push(text)
        case .toast(let text): sinks.toast(text)
        case .startTimer(let token, let milliseconds): startTimer(token, milliseconds: milliseconds)
        case .cancelTimer(let token): timers.removeValue(forKey: token)?.cancel()
        }
    }

    private func startCall(_ call: Machine.ServiceCall) {
        let id = nextCall
        nextCall += 1
        let services = services
        calls[id] = Task { [weak self] in
            let outcome: Result<Machine.Event, any Error>
            do {
                outcome = .success(try await Machine.perform(call, with: services))
            } catch {
                outcome = .failure(error)
            }
            guard !Task.isCancelled else { return }
            self?.answered(id, call: call, outcome)
        }
    }

    private func answered(_ id: Int, call: Machine.ServiceCall, _ outcome: Result<Machine.Event, any Error>) {
        guard calls.removeValue(forKey: id) != nil else { return }
        switch outcome {
        case .success(let event): send(event)
        case .failure(let error): report(.serviceThrew(operation: call.operation.rawValue, message: "\(error)"))
        }
        wakeIdleWaiters()
    }

    private func startTimer(_ token: TimerToken, milliseconds: Int) {
        let sleep = sleeper(.milliseconds(milliseconds))
        timers[token]?.cancel()
        timers[token] = Task { [weak self] in
            do { try await sleep() } catch { return }
            guard !Task.isCancelled else { return }
            self?.timerDue(token)
        }
    }

    private func timerDue(_ token: TimerToken) {
        // A timer cancelled after its sleep ended but before this ran is gone from `timers`: it does not fire.
        guard timers.removeValue(forKey: token) != nil else { return }
        send(.timerFired(token: token))
    }

    private func cancelCalls() {
        for task in calls.values { task.cancel() }
        calls.removeAll()
        wakeIdleWaiters()
    }

    private func report(_ failure: FlowDriverFailure) {
        publish(.failed(failure))
        sinks.failure(failure)
    }

    private func publish(_ activity: FlowActivity<Machine.Event, Machine.Effect>) {
        for id in observers.keys.sorted() { observers[id]?.yield(activity) }
    }
}
