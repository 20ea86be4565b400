import FlowExpression
import FlowIR
import FlowRuntime
import Testing

/// What the engine decides on its own is said in the trace (and so in `flowc run`): a call forgotten as its screen is
/// left (`when_left: cancel`), an answer dropped because its call is no longer waited for, a sub-flow call abandoned.
@Suite struct EngineDecisionTraceTests {
    static let app = """
        app:
          name: T
          currency: GBP
          locale: en-GB
          start: main
          on:
            emergency: SETTINGS
        services:
          google:
            operations:
              sign_in:
                outcomes: { signed_in: {}, cancelled: {} }
                when_left: cancel
        flows:
          main:
            start: SETTINGS
            screens:
              SETTINGS:
                name: Settings
                on:
                  tap_reset_pin: RESET
                  tap_help:
                    flow: help
                    returns: { done: SETTINGS }
              RESET:
                name: Reset PIN
                on:
                  tap_sign_in: { do: [{ call: google.sign_in }] }
                  google.sign_in.signed_in: SETTINGS
                  google.sign_in.cancelled: { note: Stays on Reset PIN. }
                  tap_back: back
          help:
            start: HELP
            outcomes: [done]
            screens:
              HELP:
                name: Help
                on: { tap_done: { end: done } }
        """

    @Test func aCallForgottenAsItsScreenIsLeftIsInTheTrace() throws {
        var run = try Interpreter(app: try compileApp(Self.app))
        try run.send("tap_reset_pin")
        try run.send("tap_sign_in")
        let left = try run.send("tap_back")
        #expect(left.microSteps.map(\.description) == [
            "google.sign_in: call forgotten as RESET is left (when_left: cancel); a late answer is dropped",
            "tap_back: RESET → SETTINGS",
        ])
        #expect(run.pendingCalls.isEmpty)
    }

    @Test func anAnswerToAForgottenCallIsDroppedNotIgnored() throws {
        var run = try Interpreter(app: try compileApp(Self.app))
        try run.send("tap_reset_pin")
        try run.send("tap_sign_in")
        try run.send("tap_back")
        try run.send("tap_reset_pin")
        let late = try run.send("google.sign_in.signed_in")
        #expect(late.microSteps.map(\.description) == [
            "google.sign_in.signed_in: dropped on RESET: its call is no longer waited for (its screen was left, or it timed out)",
        ])
        #expect(run.currentScreen.id == "RESET", "the late answer does not move the person")
    }

    @Test func aSubflowAbandonedByAMoveOutOfItIsInTheTrace() throws {
        var run = try Interpreter(app: try compileApp(Self.app))
        try run.send("tap_help")
        #expect(run.currentScreen.id == "HELP")
        let step = try run.send("emergency")
        #expect(step.microSteps.map(\.description) == [
            "help: sub-flow abandoned from HELP, without a return route",
            "emergency: HELP → SETTINGS (global)",
        ])
    }
}
