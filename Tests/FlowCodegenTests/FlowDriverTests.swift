import FlowMachine
import Foundation
import Observation
import SemanticsFlow
import SmallFlow
import Testing

/// FlowDriver on the small fixture app (SPL-001's 2 s timer, LOG-002's `auth.sign_in` call): what
/// a host app gets by implementing `SmallServices` and nothing else.
@MainActor
@Suite struct FlowDriverTests {
    /// What reached the sinks, in order.
    @MainActor final class Sinks {
        var log: [String] = []
        var sinks: FlowSinks {
            FlowSinks(analytics: { [self] in log.append("analytics \($0.name)") },
                      push: { [self] in log.append("push \($0)") },
                      toast: { [self] in log.append("toast \($0)") },
                      failure: { [self] in log.append("failure \($0)") })
        }
    }

    /// Answers every sign-in with `answer`, noting the emails it was asked about.
    actor FakeAuth: SmallServices {
        let answer: SmallOutcome.AuthSignIn
        var asked: [String] = []
        init(answer: SmallOutcome.AuthSignIn) { self.answer = answer }
        func authSignIn(email: String) async throws -> SmallOutcome.AuthSignIn {
            asked.append(email)
            return answer
        }
    }

    /// Throws instead of answering.
    struct BrokenAuth: SmallServices {
        struct Offline: Error, CustomStringConvertible { var description: String { "offline" } }
        func authSignIn(email: String) async throws -> SmallOutcome.AuthSignIn { throw Offline() }
    }

    /// Waits until cancelled, telling `started` and `cancelled` when it starts and stops.
    struct HangingAuth: SmallServices {
        let started: AsyncStream<Void>.Continuation
        let cancelled: AsyncStream<Void>.Continuation
        func authSignIn(email: String) async throws -> SmallOutcome.AuthSignIn {
            started.yield()
            do {
                try await Task.sleep(for: .seconds(3600))
            } catch {
                cancelled.yield()
                throw error
            }
            return .success
        }
    }

    @Test func aTimerFiresWhenTheVirtualClockReachesIt() async throws {
        let clock = ManualClock()
        let sinks = Sinks()
        let driver = FlowDriver(try SmallMachine(), services: FakeAuth(answer: .success), clock: clock, sinks: sinks.sinks)
        var activity = driver.activity().makeAsyncIterator()
        driver.start()
        driver.start()   // a view's .task may ask twice: the start screen is entered once
        #expect(sinks.log == ["analytics spl_001"])
        #expect(driver.runningTimers.count == 1)

        await clock.advance(by: .milliseconds(1_999))
        #expect(driver.machine.screen == .spl001)
        await clock.advance(by: .milliseconds(1))
        let step = try #require(await activity.next())
        guard case .stepped(.timerFired, let effects) = step else { Issue.record("expected the timer to fire, got \(step)"); return }
        #expect(effects.isEmpty)
        #expect(driver.machine.screen == .log002)
        #expect(driver.runningTimers.isEmpty)
    }

    @Test func aServiceAnswersAndItsOutcomeIsSentBack() async throws {
        let auth = FakeAuth(answer: .success)
        let driver = FlowDriver(try SmallMachine(start: .log002), services: auth, clock: ManualClock())
        var activity = driver.activity().makeAsyncIterator()
        driver.start()
        try driver.fill(.email, text: "grace@example.com")
        driver.send(.submit)
        guard case .stepped(.submit, let effects)? = await activity.next() else { Issue.record("expected the submit step"); return }
        #expect(effects == [.call(.authSignIn(email: "grace@example.com"))])
        #expect(driver.callsInFlight == 1)

        guard case .stepped(let outcome, _)? = await activity.next() else { Issue.record("expected the outcome"); return }
        #expect(outcome == .authSignInSuccess)
        #expect(driver.machine.screen == .hom003)
        #expect(driver.machine.state.signedIn)
        #expect(driver.callsInFlight == 0)
        #expect(await auth.asked == ["grace@example.com"])
    }

    @Test func idleReturnsOnceTheCallsHaveAnsweredAndTheirStepsRan() async throws {
        let auth = FakeAuth(answer: .success)
        let driver = FlowDriver(try SmallMachine(start: .log002), services: auth, clock: ManualClock())
        driver.start()
        await driver.idle()   // nothing in flight: returns at once
        try driver.fill(.email, text: "grace@example.com")
        driver.send(.submit)
        #expect(driver.callsInFlight == 1)
        await driver.idle()
        #expect(driver.callsInFlight == 0)
        #expect(driver.machine.screen == .hom003)
        #expect(driver.machine.state.signedIn)
        #expect(await auth.asked == ["grace@example.com"])
    }

    @Test func idleReturnsWhenStoppingCancelsTheCallItWaitsFor() async throws {
        let (started, startedContinuation) = AsyncStream<Void>.makeStream()
        let (_, cancelledContinuation) = AsyncStream<Void>.makeStream()
        let driver = FlowDriver(try SmallMachine(start: .log002), services: HangingAuth(started: startedContinuation, cancelled: cancelledContinuation),
                                clock: ManualClock())
        driver.start()
        driver.send(.submit)
        var startedIterator = started.makeAsyncIterator()
        _ = await startedIterator.next()
        async let waited: Void = driver.idle()
        driver.stop()
        await waited
        #expect(driver.callsInFlight == 0)
        #expect(driver.machine.screen == .log002)
    }

    @Test func servicesComposedFromOneFakePerServiceDriveTheMachine() async throws {
        // A fake of the one service the test is about, composed into the app's services with SmallServiceSet.
        struct SignInFails: SmallAuthService {
            func authSignIn(email: String) async throws -> SmallOutcome.AuthSignIn { .denied }
        }
        let services: any SmallServices = SmallServiceSet(auth: SignInFails())
        let driver = FlowDriver(try SmallMachine(start: .log002), services: services, clock: ManualClock())
        driver.start()
        try driver.fill(.email, text: "grace@example.com")
        driver.send(.submit)
        await driver.idle()
        #expect(driver.machine.screen == .log002)
        #expect(!driver.machine.state.signedIn)
        #expect(driver.callsInFlight == 0)
    }

    @Test func aCancelledTimerNeverFires() async throws {
        let clock = ManualClock()
        let driver = FlowDriver(try SmallMachine(), services: FakeAuth(answer: .success), clock: clock)
        var activity = driver.activity().makeAsyncIterator()
        driver.start()
        driver.send(.help)   // leaves the splash: its timer is cancelled
        guard case .stepped(.help, let effects)? = await activity.next() else { Issue.record("expected the help step"); return }
        #expect(effects.contains { if case .cancelTimer = $0 { true } else { false } })
        #expect(driver.runningTimers.isEmpty)

        await clock.advance(by: .seconds(10))
        driver.send(.close)
        // Had the splash timer fired, its step would come first.
        guard case .stepped(.close, _)? = await activity.next() else { Issue.record("expected the close step, not the cancelled timer"); return }
        #expect(driver.machine.screen == .spl001)
    }

    @Test func stoppingCancelsACallInFlight() async throws {
        let (started, startedContinuation) = AsyncStream<Void>.makeStream()
        let (cancelled, cancelledContinuation) = AsyncStream<Void>.makeStream()
        let driver = FlowDriver(try SmallMachine(start: .log002), services: HangingAuth(started: startedContinuation, cancelled: cancelledContinuation),
                                clock: ManualClock())
        driver.start()
        driver.send(.submit)   // the remembered email is filled in by the screen's entry
        var startedIterator = started.makeAsyncIterator()
        _ = await startedIterator.next()
        #expect(driver.callsInFlight == 1)
        driver.stop()
        #expect(driver.callsInFlight == 0)
        var cancelledIterator = cancelled.makeAsyncIterator()
        _ = await cancelledIterator.next()
        #expect(driver.machine.screen == .log002)
    }

    @Test func aServiceThatThrowsIsReportedAndTheMachineStays() async throws {
        let sinks = Sinks()
        let driver = FlowDriver(try SmallMachine(start: .log002), services: BrokenAuth(), clock: ManualClock(), sinks: sinks.sinks)
        var activity = driver.activity().makeAsyncIterator()
        driver.start()
        driver.send(.submit)
        _ = await activity.next()
        guard case .failed(let failure)? = await activity.next() else { Issue.record("expected a failure"); return }
        #expect(failure == .serviceThrew(operation: "auth.sign_in", message: "offline"))
        #expect(sinks.log == ["failure auth.sign_in threw: offline"])
        #expect(driver.machine.screen == .log002)
    }

    /// A step that fails part-way (here entering a timer whose length, kept in the state, is negative: HUB is left,
    /// TMR-3 entered, then its timer cannot start) is reported, and the machine is back where it was before it:
    /// its effects were not performed, so a machine left part-way would disagree with the host's timers.
    @Test func aStepThatFailsLeavesTheMachineWhereItWas() async throws {
        var machine = try SemanticsMachine(start: .hub)
        var snapshot = machine.snapshot()
        var json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(snapshot)) as? [String: Any])
        var state = try #require(json["state"] as? [String: Any])
        state["lock_after"] = -1_000
        json["state"] = state
        snapshot = try JSONDecoder().decode(FlowSnapshot<SemanticsState>.self, from: JSONSerialization.data(withJSONObject: json))
        machine = try SemanticsMachine(restoring: snapshot)
        let before = machine.snapshot()
        let sinks = Sinks()
        let driver = FlowDriver(machine, services: SnapshotTests.NoBank(), clock: ManualClock(), sinks: sinks.sinks)
        var activity = driver.activity().makeAsyncIterator()
        driver.send(.goStateTimer)
        guard case .failed(let failure)? = await activity.next() else { Issue.record("expected a failure"); return }
        guard case .stepFailed(let message) = failure else { Issue.record("expected a failed step, got \(failure)"); return }
        #expect(message.contains("negative length"), "\(message)")
        #expect(driver.machine.screen == .hub)
        #expect(driver.machine.snapshot() == before)
        driver.stop()
    }

    @Test func analyticsAndToastsReachTheSinks() async throws {
        let sinks = Sinks()
        let driver = FlowDriver(try SmallMachine(start: .log002), services: FakeAuth(answer: .denied), clock: ManualClock(), sinks: sinks.sinks)
        var activity = driver.activity().makeAsyncIterator()
        driver.start()
        driver.send(.submit)
        _ = await activity.next()
        _ = await activity.next()
        #expect(sinks.log == ["toast Wrong email & password"])
        #expect(driver.machine.screen == .log002)
        #expect(driver.machine.variant() == .retry)
    }

    @Test func aRestoredMachineGetsItsTimersBack() async throws {
        // Killed on the splash, its 2 s timer running.
        var splash = try SmallMachine()
        var effects: [SmallEffect] = []
        try splash.start(into: &effects)
        let saved = try JSONDecoder().decode(FlowSnapshot<SmallState>.self, from: JSONEncoder().encode(splash.snapshot()))
        let clock = ManualClock()
        let driver = FlowDriver(try SmallMachine(restoring: saved), services: FakeAuth(answer: .success), clock: clock)
        var activity = driver.activity().makeAsyncIterator()
        driver.resume()
        #expect(driver.runningTimers.count == 1)
        await clock.advance(by: .seconds(2))
        guard case .stepped(.timerFired, _)? = await activity.next() else { Issue.record("expected the restored timer to fire"); return }
        #expect(driver.machine.screen == .log002)
    }

    @Test func anEventASinkSendsIsHandledAfterTheStep() async throws {
        let box = DriverBox()
        // The toast's sink opens Help: the event waits until the step that showed the toast is done.
        let sinks = FlowSinks(toast: { _ in box.driver?.send(.help) })
        let running = FlowDriver(try SmallMachine(start: .log002), services: FakeAuth(answer: .denied), clock: ManualClock(), sinks: sinks)
        box.driver = running
        var activity = running.activity().makeAsyncIterator()
        running.start()
        running.send(.submit)
        var handled: [SmallEvent] = []
        for _ in 0..<3 {
            guard case .stepped(let event, _)? = await activity.next() else { break }
            handled.append(event)
        }
        #expect(handled == [.submit, .authSignInDenied, .help])
        #expect(running.machine.screen == .hlp005)

        // The same during start(): the splash's screen view opens Help.
        let startBox = DriverBox()
        let starting = FlowDriver(try SmallMachine(), services: FakeAuth(answer: .denied), clock: ManualClock(),
                                  sinks: FlowSinks(analytics: { if $0.name == "spl_001" { startBox.driver?.send(.help) } }))
        startBox.driver = starting
        starting.start()
        #expect(starting.machine.screen == .hlp005)
    }

    @Test func theObservableModelTellsViewsAboutEveryStep() async throws {
        guard #available(macOS 14.0, iOS 17.0, *) else { return }
        let sinks = Sinks()
        let model = FlowModel(FlowDriver(try SmallMachine(start: .log002), services: FakeAuth(answer: .success), clock: ManualClock(), sinks: sinks.sinks))
        model.start()
        let changed = Changed()
        withObservationTracking { _ = model.machine } onChange: { changed.value = true }
        model.fill(.email, text: "ada")
        #expect(changed.value)
        #expect(model.text(of: .email) == "ada")
        model.send(.submit)
        #expect(model.message(for: .email) == "Enter a valid email, like <name>@example.com")
        #expect(model.screen == .log002)
        model.send(.help)
        model.fill(.email, text: "x")   // HLP-005 has no email field: the failure goes to the sink
        #expect(sinks.log == ["failure step failed: screen 'HLP-005' has no field 'email'"])
    }

    @MainActor final class DriverBox {
        var driver: FlowDriver<SmallMachine>?
    }

    /// Set by an observation's onChange, which may run on any thread.
    final class Changed: @unchecked Sendable {
        private let lock = NSLock()
        private var changed = false
        var value: Bool {
            get { lock.withLock { changed } }
            set { lock.withLock { changed = newValue } }
        }
    }
}
