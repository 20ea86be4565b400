import FlowExpression
import FlowIR
import FlowRuntime
import Testing

/// `to:` the screen showing is an external self-transition (SCXML's and sismic's default, XState's `reenter: true`):
/// a move like any other, so it checks the fields, leaves the screen and enters it again; a transition with no target
/// is internal and does none of that (docs/language.md, "When rules run" and "Targets").
@Suite struct ReenteringAScreenTests {
    static let app = InterpreterTests.header + """
        state:
          entered: { type: int, initial: 0 }
          left: { type: int, initial: 0 }
          refreshed: { type: int, initial: 0 }
        flows:
          main:
            start: HOME
            screens:
              HOME:
                name: Home
                on: { tap_pay: PAY-008 }
              PAY-008:
                name: Review & Confirm
                enter: [{ set: { entered: entered + 1 } }]
                exit: [{ set: { left: left + 1 } }]
                fields:
                  reference: { type: text, rules: [{ required: true, message: Enter a reference }] }
                after:
                  30s: { to: EXPIRED }
                on:
                  tap_retry: PAY-008
                  tap_refresh: { do: [{ set: { refreshed: refreshed + 1 } }] }
                  tap_back: back
              EXPIRED: { name: Rate expired, terminal: true }
        """

    @Test func aTransitionToItsOwnScreenChecksTheFieldsLeavesAndEntersAgain() throws {
        var run = try Interpreter(app: try compileApp(Self.app))
        try run.send("tap_pay")
        #expect(run.state["entered"] == .int(1))

        // Moving forward: the empty required field stops it, and nothing is left or entered.
        let rejected = try run.send("tap_retry")
        #expect(rejected.microSteps.map(\.description) == ["tap_retry: PAY-008 stays, invalid: reference \"Enter a reference\""])
        #expect(run.errors == ["reference": "Enter a reference"])
        #expect(run.state["entered"] == .int(1) && run.state["left"] == .int(0))

        // Valid: exit actions, then entry actions, and the screen's timer starts again from zero.
        try run.fill("reference", .text("Rent"))
        try run.advance(by: 20_000)
        let taken = try run.send("tap_retry")
        #expect(taken.microSteps.map(\.description) == ["tap_retry: PAY-008 → PAY-008"])
        #expect(run.state["left"] == .int(1) && run.state["entered"] == .int(2))
        #expect(run.form["reference"] == .text("Rent"), "re-entering keeps what was typed (only secret fields are forgotten)")
        try run.advance(by: 29_999)
        #expect(run.currentScreen.id == "PAY-008", "the 30 s restarted on re-entry")
        try run.advance(by: 1)
        #expect(run.currentScreen.id == "EXPIRED")
    }

    @Test func reenteringLeavesTheBackStackAsItWas() throws {
        var run = try Interpreter(app: try compileApp(Self.app))
        try run.send("tap_pay")
        try run.fill("reference", .text("Rent"))
        try run.send("tap_retry")
        try run.send("tap_retry")
        try run.send("tap_back")
        #expect(run.currentScreen.id == "HOME", "one back returns to Home: re-entering pushed nothing")
    }

    @Test func aTransitionWithNoTargetIsInternalAndChecksNothing() throws {
        var run = try Interpreter(app: try compileApp(Self.app))
        try run.send("tap_pay")
        try run.advance(by: 20_000)
        let step = try run.send("tap_refresh")
        #expect(run.errors.isEmpty, "an internal transition does not check the fields")
        #expect(step.microSteps.map(\.description) == ["tap_refresh: PAY-008 → PAY-008"])
        #expect(run.state["refreshed"] == .int(1) && run.state["entered"] == .int(1) && run.state["left"] == .int(0))
        try run.advance(by: 10_000)
        #expect(run.currentScreen.id == "EXPIRED", "the timer kept running")
    }
}
