import FlowIR
import FlowRuntime
import Testing

/// An answer to a tracked call is the answer to that call: a sheet over the screen the call waits on does not take
/// it with its own `on:`, even when the sheet makes the same call itself (docs/language.md, "An answer belongs to
/// the call that asked it"). Tempo's app lock asks for Face ID as Review & Confirm does; the payment's answer must
/// not open the lock.
@Suite struct AnswerBelongsToItsCallTests {
    static let app = InterpreterTests.header + """
        state:
          unlocked: { type: int, initial: 0 }
          sent: { type: int, initial: 0 }
        services:
          device:
            operations:
              authenticate:
                input: { purpose: text }
                outcomes: { authenticated: {}, cancelled: {} }
                when_left: cancel
        flows:
          main:
            start: PAY-004
            on:
              app_foregrounded: { overlay: LOCK }
              device.authenticate.authenticated: { note: Another screen's prompt; nothing is confirmed here. }
              device.authenticate.cancelled: { note: Another screen's prompt. }
            screens:
              PAY-004:
                name: Review & Confirm
                on:
                  tap_send: { do: [{ call: { service: device.authenticate, with: { purpose: "'send'" } } }] }
                  device.authenticate.authenticated: { do: [{ set: { sent: sent + 1 } }] }
                  device.authenticate.cancelled: { note: Nothing is sent. }
              LOCK:
                name: App Locked
                presentation: modal
                enter: [{ call: { service: device.authenticate, with: { purpose: "'unlock'" } } }]
                on:
                  device.authenticate.authenticated: { to: back, do: [{ set: { unlocked: unlocked + 1 } }] }
                  device.authenticate.cancelled: { note: Stays locked. }
        """

    @Test func theLockIsOpenedOnlyByItsOwnPrompt() throws {
        var run = try Interpreter(app: try compileApp(Self.app))
        try run.send("tap_send")
        try run.send("app_foregrounded")
        #expect(run.currentScreen.id == "LOCK")

        // The oldest waiting call is Review & Confirm's: its answer is not the lock's.
        try run.choose("authenticated", for: "device.authenticate")
        #expect(run.currentScreen.id == "LOCK", "the payment's Face ID does not open the lock")
        #expect(run.state["unlocked"] == .int(0) && run.state["sent"] == .int(0), "nor does it send the payment under the lock")

        try run.choose("authenticated", for: "device.authenticate")
        #expect(run.currentScreen.id == "PAY-004")
        #expect(run.state["unlocked"] == .int(1) && run.state["sent"] == .int(0))
    }

    @Test func theScreenThatAskedTakesItsOwnAnswer() throws {
        var run = try Interpreter(app: try compileApp(Self.app))
        try run.send("tap_send")
        try run.choose("authenticated", for: "device.authenticate")
        #expect(run.state["sent"] == .int(1))
    }
}
