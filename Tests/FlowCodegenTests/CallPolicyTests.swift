@_spi(Generated) import FlowMachine
import Foundation
@_spi(Generated) import SemanticsFlow
import Testing

/// The generated machine keeps the calls it waits for (an operation with `timeout:` or `when_left: cancel`):
/// a deadline is an ordinary timer the host runs, a restored snapshot keeps it, and an answer to a call no
/// longer waited for is ignored. (The interpreter's side of the same rules: the semantics scenarios.)
@Suite struct CallPolicyTests {
    static func started() throws -> (SemanticsMachine, [SemanticsEffect]) {
        var machine = try SemanticsMachine()
        var effects: [SemanticsEffect] = []
        try machine.start(into: &effects)
        effects = []
        try machine.send(.goCalls, into: &effects)
        return (machine, effects)
    }

    static func deadline(in effects: [SemanticsEffect]) -> (token: TimerToken, milliseconds: Int)? {
        for effect in effects { if case .startTimer(let token, let milliseconds) = effect { return (token, milliseconds) } }
        return nil
    }

    @Test func aCallWithATimeoutStartsItsDeadlineAndTimesOutWithItsOutcome() throws {
        var (machine, effects) = try Self.started()
        #expect(machine.screen == .call1)
        let deadline = try #require(Self.deadline(in: effects))
        #expect(deadline.milliseconds == 120_000)
        #expect(machine.engineWaitingCalls == ["bank.authorise"])
        effects = []
        try machine.send(.timerFired(token: deadline.token), into: &effects)
        #expect(machine.screen == .callFAIL)
        #expect(machine.state.count == 1)
        #expect(machine.engineWaitingCalls.isEmpty)
        // The bank's answer after the deadline is for a call nobody waits for: ignored.
        try machine.send(.bankAuthoriseApproved, into: &effects)
        #expect(machine.screen == .callFAIL)
    }

    @Test func anAnswerInTimeCancelsTheDeadline() throws {
        var (machine, effects) = try Self.started()
        let deadline = try #require(Self.deadline(in: effects))
        effects = []
        try machine.send(.bankAuthoriseDeclined, into: &effects)
        #expect(machine.screen == .callFAIL)
        #expect(effects.contains { if case .cancelTimer(let token) = $0 { token == deadline.token } else { false } })
        try machine.send(.timerFired(token: deadline.token), into: &effects)
        #expect(machine.state.count == 0, "a cancelled deadline that fires anyway does nothing")
    }

    @Test func leavingTheWaitingScreenForgetsTheCall() throws {
        var (machine, effects) = try Self.started()
        let deadline = try #require(Self.deadline(in: effects))
        effects = []
        try machine.send(.cancel, into: &effects)
        #expect(machine.screen == .hub)
        #expect(machine.engineWaitingCalls.isEmpty)
        #expect(effects.contains { if case .cancelTimer(let token) = $0 { token == deadline.token } else { false } })
        // Back on the screen, a new call waits; the old call's answer would now answer it, as the interpreter does.
        try machine.send(.goCalls, into: &effects)
        #expect(machine.engineWaitingCalls == ["bank.authorise"])
    }

    @Test func aRestoredSnapshotKeepsTheDeadlineAndTimesOutWhenDue() throws {
        var (machine, effects) = try Self.started()
        let deadline = try #require(Self.deadline(in: effects))
        machine.now = Timestamp(millisecondsSince1970: machine.now.millisecondsSince1970 + 60_000)
        let data = try JSONEncoder().encode(machine.snapshot())
        var restored = try SemanticsMachine(restoring: JSONDecoder().decode(FlowSnapshot<SemanticsState>.self, from: data))
        #expect(restored.engineWaitingCalls == ["bank.authorise"])
        #expect(restored.engine.activeTimers.first { $0.token == deadline.token }?.remainingMilliseconds(at: restored.now) == 60_000)
        effects = []
        try restored.send(.timerFired(token: deadline.token), into: &effects)
        #expect(restored.screen == .callFAIL)
    }
}
