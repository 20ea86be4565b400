import FlowCompiler
import FlowIR
@_spi(Generated) import FlowMachine
@_spi(Generated) import FlowRuntime
import FlowSource
import FlowTestSupport
import Foundation
import Testing

/// Restore refuses a snapshot the flows cannot reach; what the flows do reach must therefore restore. Every
/// scenario of the four apps (and of the semantics fixture) is run on the interpreter, which runs the same engine as
/// the generated machines, and after every action where the run is is checked by restore's own rules
/// (`validateNavigation`): the back stack, the sheets, the sub-flow calls with their callers on the back stack at
/// their depth, the timers, the calls waited for. Rail's lock sheet leads to Station from inside `withdraw` and
/// `deposit`; the calls are abandoned there, so no call is left whose caller is gone from the back stack.
@Suite struct ScenarioSnapshotTests {
    /// Runs `scenario`'s actions, checking the navigation after the start and after each action.
    /// - Returns: how many states were checked, and the first refusal (with where it happened), if any.
    static func check(_ scenario: Scenario, of program: RuntimeProgram) -> (checked: Int, refusal: String?) {
        let app = program.app
        var checked = 0
        func problem(_ run: Interpreter, after: String) -> String? {
            checked += 1
            do {
                try run.validateNavigation(appID: app.id)
                return nil
            } catch {
                return "\(app.id) \(scenario.name), \(after), on \(run.currentScreen.id): \(error)"
            }
        }
        do {
            var run = try Interpreter(program: program, start: scenario.startScreen, clock: scenario.startingClock,
                                      services: ServiceOutcomes(givenBy: scenario, of: app), state: scenario.givenState)
            if let refusal = problem(run, after: "at the start") { return (checked, refusal) }
            for (offset, step) in scenario.steps.enumerated() where isAction(step.kind) {
                try performAction(step.kind, of: app, on: &run)
                if let refusal = problem(run, after: "after step \(offset + 1)") { return (checked, refusal) }
            }
        } catch {
            return (checked, "\(app.id) \(scenario.name) did not run: \(error)")
        }
        return (checked, nil)
    }

    @Test func everyStateTheAppsScenariosReachRestores() throws {
        let apps = try EngineStagesTests.apps()
        #expect(Set(apps.map(\.id)).isSuperset(of: ["rail", "regent", "tempo", "yole", "semantics"]))
        var checked: [String: Int] = [:]
        for app in apps {
            let program = RuntimeProgram(app: app)
            // A scenario may start on a sub-flow's screen with no call of it (`start: STEP-14.2`, to test the
            // checkout alone): a test's shortcut no person can take, which restore rightly refuses. Those are left out.
            let subflows = Set(try Interpreter(program: program).tables.subflows.map { Int($0.flow) })
            for scenario in app.scenarios where !(scenario.startScreen.map { subflows.contains(app.screens[$0].flow) } ?? false) {
                let result = Self.check(scenario, of: program)
                checked[app.id, default: 0] += result.checked
                #expect(result.refusal == nil, "\(result.refusal ?? "")")
            }
        }
        print("states of scenarios checked by restore's rules: " + checked.keys.sorted().map { "\($0) \(checked[$0] ?? 0)" }.joined(separator: ", "))
        for app in apps { #expect((checked[app.id] ?? 0) > app.scenarios.count / 2, "\(app.id): \(checked[app.id] ?? 0) states checked") }
    }

    /// Rail's withdraw call, left for Station through the lock sheet, is abandoned: afterwards no call is in
    /// progress and the back stack is Station's. (Before the engine abandoned such calls, the call stayed with its
    /// caller gone from the back stack, which restore now refuses.)
    @Test func railsLockSheetLeavesTheWithdrawCall() throws {
        let apps = try EngineStagesTests.apps()
        let rail = try #require(apps.first { $0.id == "rail" })
        var run = try Interpreter(program: RuntimeProgram(app: rail), start: rail.screens.firstIndex { $0.id == "station" })
        _ = try run.send("tap_send", payload: [:])
        #expect(run.engine.callFrames.count == 1)
        let inside = run.currentScreen.id
        // Five minutes without a tap: `withdraw`'s own session timeout opens the lock sheet over its screen.
        _ = try run.advance(by: 5 * 60_000)
        #expect(run.currentScreen.id == "login-passcode", "the lock sheet opens over \(inside)")
        #expect(run.engine.callFrames.count == 1)
        // Unlocking checks the passcode, then KYC: both are answers to calls the lock made (when_left: cancel).
        try run.fill("passcode", .text("482913"))
        _ = try run.send("tap_unlock", payload: [:])
        _ = try run.send("passcode.verify.correct", payload: [:])
        _ = try run.send("kyc.status.approved", payload: [:])
        #expect(run.currentScreen.id == "station")
        #expect(run.engine.callFrames.isEmpty, "the withdraw call is abandoned")
        #expect(run.engine.history.isEmpty)
        try run.validateNavigation(appID: rail.id)
    }

    /// The rule can fail: a call whose caller is not on the back stack at its depth is refused, for its reason.
    @Test func aCallWhoseCallerLeftTheBackStackIsRefused() throws {
        let apps = try EngineStagesTests.apps()
        let rail = try #require(apps.first { $0.id == "rail" })
        var run = try Interpreter(program: RuntimeProgram(app: rail), start: rail.screens.firstIndex { $0.id == "station" })
        _ = try run.send("tap_send", payload: [:])
        try run.validateNavigation(appID: rail.id)
        // What the engine used to reach: Station taken off the back stack, the call still in progress.
        run.engine.history = BackStack()
        #expect(throws: SnapshotMismatch.self) { try run.validateNavigation(appID: rail.id) }
        do {
            try run.validateNavigation(appID: rail.id)
        } catch let mismatch as SnapshotMismatch {
            #expect(mismatch.reason == .backStack)
            #expect(mismatch.description == "the snapshot has 'station' calling sub-flow 'withdraw' at back-stack depth 0, where the back stack holds nothing, not the caller; it cannot be restored into 'rail'")
        }
        run.engine.history = BackStack([rail.screens.firstIndex { $0.id == "card" }.map(Int32.init) ?? 0])
        do {
            try run.validateNavigation(appID: rail.id)
            Issue.record("a call whose caller's place holds another screen was accepted")
        } catch let mismatch as SnapshotMismatch {
            #expect(mismatch.description == "the snapshot has 'station' calling sub-flow 'withdraw' at back-stack depth 0, where the back stack holds 'card', not the caller; it cannot be restored into 'rail'")
        }
    }
}
