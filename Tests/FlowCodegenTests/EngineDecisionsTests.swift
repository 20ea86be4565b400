import FlowMachine
import Foundation
import SemanticsFlow
import Testing

/// What the generated machine decides on its own, which no transition shows, as an iOS engineer sees it: the calls it
/// waits for (`waitingCalls`) and the last step's decisions (`lastStepDecisions`, `FlowDriver.onDecision` and
/// `decisions()`), each named with the app's types. The interpreter's trace says the same (the semantics scenarios and
/// `Fixtures/run-sessions/engine-decisions`); the differential test holds the waiting calls of both to each other.
@MainActor
@Suite struct EngineDecisionsTests {
    /// Never answers: the calls stay in flight until the driver stops, so the test sends the answers itself.
    struct SilentBank: SemanticsServices {
        func bankTransfer(amount: Money) async throws -> SemanticsOutcome.BankTransfer { try await hang() }
        func bankAuthorise(amount: Money) async throws -> SemanticsOutcome.BankAuthorise { try await hang() }
        func bankStatus() async throws -> SemanticsOutcome.BankStatus { try await hang() }
        func hang<T>() async throws -> T {
            try await Task.sleep(for: .seconds(3600))
            throw CancellationError()
        }
    }

    /// INNER-1 (the sub-flow `inner`, called from SUB-1 in `sub`) calls `bank.authorise` (2 min timeout,
    /// `when_left: cancel`) and `bank.status` (10 s timeout, no `when_left`), then opens the lock sheet.
    static func waitingOnInner(_ machine: inout SemanticsMachine) throws {
        var effects: [SemanticsEffect] = []
        try machine.start(into: &effects)
        for event in [SemanticsEvent.goSubflow, .deeper, .authorise, .askStatus, .lock] { try machine.send(event, into: &effects) }
    }

    @Test func theMachineListsTheCallsItWaitsForWithTheirScreenAndDeadline() throws {
        var machine = try SemanticsMachine()
        let started = machine.now
        try Self.waitingOnInner(&machine)
        #expect(machine.waitingCalls.map(\.operation) == [.bankAuthorise, .bankStatus])
        #expect(machine.waitingCalls.map(\.screen) == [.inner1, .inner1])
        #expect(machine.waitingCalls.map(\.forgottenWhenLeft) == [true, false])
        #expect(machine.waitingCalls.map(\.deadline) == [Timestamp(millisecondsSince1970: started.millisecondsSince1970 + 120_000),
                                                         Timestamp(millisecondsSince1970: started.millisecondsSince1970 + 10_000)])
        #expect(machine.lastStepDecisions.isEmpty, "opening the lock sheet leaves nothing")
    }

    @Test func leavingForTheCallersScreenForgetsTheCallAndAbandonsTheSubflowThenDropsItsLateAnswer() throws {
        var machine = try SemanticsMachine()
        try Self.waitingOnInner(&machine)
        var effects: [SemanticsEffect] = []
        try machine.send(.unlock, into: &effects)
        #expect(machine.screen == .sub1)
        #expect(machine.lastStepDecisions == [.callForgotten(.bankAuthorise, leaving: .inner1), .subflowAbandoned(.inner, on: .inner1)])
        #expect(machine.lastStepDecisions.map(\.description) == [
            "bank.authorise: call forgotten as INNER-1 is left (when_left: cancel); a late answer is dropped",
            "inner: sub-flow abandoned from INNER-1, without a return route",
        ])
        #expect(machine.waitingCalls.map(\.operation) == [.bankStatus], "a call without when_left: cancel still waits")

        try machine.send(.bankAuthoriseApproved, into: &effects)
        #expect(machine.lastStepDecisions == [.answerDropped(.bankAuthoriseApproved, operation: .bankAuthorise, on: .sub1)])
        #expect(machine.lastStepDecisions.map(\.description) == [
            "bank.authorise: an answer was dropped on SUB-1: its call is no longer waited for (its screen was left, or it timed out)",
        ])
        try machine.send(.bankStatusKnown, into: &effects)
        #expect(machine.lastStepDecisions.isEmpty, "an answer to a call still waited for is handled, not dropped")
        #expect(machine.waitingCalls.isEmpty)
    }

    @Test func theDriverReportsEachDecisionAsItHappens() async throws {
        let driver = FlowDriver(try SemanticsMachine(), services: SilentBank(), clock: ManualClock())
        var heard: [FlowDecision<SemanticsMachine>] = []
        driver.onDecision = { heard.append($0) }
        var stream = driver.decisions().makeAsyncIterator()
        driver.start()
        for event in [SemanticsEvent.goSubflow, .deeper, .authorise, .askStatus, .lock] { driver.send(event) }
        #expect(driver.waitingCalls.map(\.operation) == [.bankAuthorise, .bankStatus])
        #expect(heard.isEmpty)
        driver.send(.unlock)
        driver.send(.bankAuthoriseApproved)
        let expected: [FlowDecision<SemanticsMachine>] = [
            .callForgotten(.bankAuthorise, leaving: .inner1), .subflowAbandoned(.inner, on: .inner1),
            .answerDropped(.bankAuthoriseApproved, operation: .bankAuthorise, on: .sub1),
        ]
        #expect(heard == expected)
        var streamed: [FlowDecision<SemanticsMachine>] = []
        for _ in expected { if let next = await stream.next() { streamed.append(next) } }
        #expect(streamed == expected)
        driver.stop()
    }
}
