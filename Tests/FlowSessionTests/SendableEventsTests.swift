import FlowCompiler
import FlowIR
import FlowSession
import FlowTestSupport
import Foundation
import Testing

/// What a person can send, wherever `flowc run` lists events (a refusal, `show`, `help`, Tab, a script's `events`):
/// the screen's events and its flow's, never a service's answer (given with `outcome`) nor an event the flows raise.
/// CALL-1 of the semantics fixture waits for `bank.authorise` and handles its three answers on the screen.
@Suite struct SendableEventsTests {
    static func waitingOnCall() throws -> Session {
        try Session.start(app: try SessionTests.app(), startScreenID: "CALL-1", stateJSON: nil, scenarioName: nil)
    }

    @Test func theListsHoldWhatAPersonSendsAndTheWaitingCallsOutcomes() throws {
        let session = try Self.waitingOnCall()
        #expect(session.interpreter.availableEvents.contains("bank.authorise.approved"), "the screen handles the answer")
        #expect(session.sendableEvents.onScreen == ["cancel", "check_status"])
        #expect(!session.sendableEvents.all.contains { $0.hasPrefix("bank.") })
        #expect(session.sendableNow.hasPrefix("'CALL-1' takes cancel, check_status; "))
        #expect(session.sendableNow.hasSuffix("; outcome bank.authorise approved|declined|timed_out"))
    }

    @Test func tabCompletesWhatAPersonSends() throws {
        let session = try Self.waitingOnCall()
        let events = session.completions(for: "send ")
        #expect(events.starts(with: ["cancel", "check_status"]))
        #expect(!events.contains { $0.hasPrefix("bank.") || session.raisedEvents.contains($0) })
        #expect(session.completions(for: "outcome ") == ["bank.authorise"])
    }

    @Test func aRefusalNamesTheNearestEventAPersonCanSendAndWhatCanBeSentNow() throws {
        var session = try Self.waitingOnCall()
        #expect(session.respond(to: "cancl") == .text("error: no screen of app 'semantics' handles 'cancl' (did you mean 'cancel'?); \(session.sendableNow) ('help' lists the commands)"))
        // A service's answer is not suggested for a typo, though `send` still takes one (a late answer, as a test needs).
        guard case .text(let refused)? = session.respond(to: "bank.authorise.aproved") else { Issue.record("no reply"); return }
        #expect(!refused.contains("did you mean 'bank."), "\(refused)")
    }

    @Test func aScriptsEventsAreWhatAPersonCanSend() throws {
        var session = try Self.waitingOnCall()
        var emitted: [String] = []
        _ = session.runScript(["{\"send\": \"nowhere\"}"]) { emitted.append($0) }
        let objects = try emitted.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let events = try #require(objects.last?["events"] as? [String])
        #expect(events == session.sendableEvents.all)
        #expect((objects.last?["error"] as? String) == "line 1: no screen of app 'semantics' handles 'nowhere'; \(session.sendableNow)")
    }
}
