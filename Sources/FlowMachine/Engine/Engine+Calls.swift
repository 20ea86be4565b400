// Calls the machine waits for. An operation with a `timeout:` or `when_left: cancel` has a call policy: each
// call of it is a `PendingCall` until its answer arrives, its deadline passes (the machine answers it with the
// declared timeout outcome) or the screen waiting for it is left (when the policy cancels). An answer that
// arrives after that is ignored: the person has moved on, and a late "authorised" must not move them back.

extension EngineHost {
    /// Action code calls this right after emitting the call of an operation with call policy `policy`: the call
    /// now waits for its answer, and its deadline (if any) starts.
    @inlinable
    public mutating func engineCallStarted(_ policy: Int32, into effects: inout [Effect]) throws {
        guard engineFeatures.contains(.callPolicies), policy >= 0, Int(policy) < tables.callPolicies.count else { return }
        var deadline = 0
        let timer = tables.callPolicies[Int(policy)].timer
        if timer >= 0 {
            try schedule(timer, screen: -3, flow: -1, into: &effects)
            deadline = engine.nextTimerToken
        }
        // The screen that waits is the one showing when the step ends (`bindPendingCalls`).
        engine.pendingCalls.append(PendingCall(policy: policy, screen: -1, deadline: deadline))
    }

    /// Calls made in this step wait on the screen showing at its end: the screen their answer arrives on.
    @inlinable
    public mutating func bindPendingCalls() {
        for index in engine.pendingCalls.indices where engine.pendingCalls[index].screen < 0 {
            engine.pendingCalls[index].screen = engine.screenNumber
        }
    }

    /// What event `event` answers: no tracked call (`untracked`), a call no longer waited for (`noLongerAwaited`:
    /// not handled), or the oldest waiting call of its operation, which is then over (its deadline cancelled), with
    /// the screen that call waits on (-1: made in this step, so the screen showing).
    @inlinable
    public mutating func settleCall(answeredBy event: Int32, into effects: inout [Effect]) -> CallAnswer {
        let policy = tables.answerPolicy(event)
        guard policy >= 0 else { return .untracked }
        guard let index = engine.pendingCalls.firstIndex(where: { $0.policy == policy }) else { return .noLongerAwaited }
        let call = engine.pendingCalls.remove(at: index)
        cancelDeadline(call.deadline, into: &effects)
        return .awaited(on: call.screen)
    }

    /// Whether the showing screen's own `on:` may take an answer to a call waiting on `screen`: not while `screen`
    /// is under a sheet. An answer belongs to the call that asked it, so a sheet over the waiting screen (Tempo's
    /// app lock over Review & Confirm) does not take the screen's answer as the answer to its own call of the same
    /// operation; its flow's and the app's `on:` (rules that hold wherever an answer lands) do. Once the waiting
    /// screen is left (`when_left: wait`), the answer arrives on whatever screen shows, as any late answer does.
    @inlinable @inline(__always)
    public func answerIsOwn(waitingOn screen: Int32) -> Bool {
        guard screen >= 0, screen != engine.screenNumber, engine.innermostOpener >= 0 else { return true }
        return engine.innermostOpener != screen && !engine.outerOpeners.contains(screen)
    }

    /// The deadline with token `token` passed: its call is answered with the operation's timeout outcome.
    @inlinable
    public mutating func callTimedOut(_ token: TimerToken, into effects: inout [Effect]) throws {
        guard let index = engine.pendingCalls.firstIndex(where: { $0.deadline == token.rawValue }) else { return }
        let call = engine.pendingCalls.remove(at: index)
        callAbandoned(call.policy)
        let event = tables.callPolicies[Int(call.policy)].timeoutEvent
        guard event >= 0 else { return }
        _ = try dispatch(number: event, payload: nil, inline: false, screenRows: answerIsOwn(waitingOn: call.screen), into: &effects)
    }

    /// `screen` is being left: the calls waiting on it whose policy cancels are forgotten, with their deadlines.
    @inlinable
    public mutating func dropCalls(waitingOn screen: Int32, into effects: inout [Effect]) {
        guard !engine.pendingCalls.isEmpty else { return }
        var index = 0
        while index < engine.pendingCalls.count {
            let call = engine.pendingCalls[index]
            if call.screen == screen && tables.callPolicies[Int(call.policy)].cancelsOnLeave {
                engine.pendingCalls.remove(at: index)
                cancelDeadline(call.deadline, into: &effects)
                callAbandoned(call.policy)
                traceCallForgotten(call.policy, screen: screen)
                engine.decisions.append(EngineDecisionRecord(kind: .callForgotten, subject: call.policy, screen: screen))
            } else {
                index += 1
            }
        }
    }

    @inlinable
    public mutating func cancelDeadline(_ token: Int, into effects: inout [Effect]) {
        guard token != 0, let index = engine.activeTimers.firstIndex(where: { $0.token.rawValue == token }) else { return }
        effects.append(.cancelTimer(engine.activeTimers[index].token))
        engine.activeTimers.remove(at: index)
    }

    /// The operations (`service.operation`) of the calls waiting for an answer, oldest first.
    @inlinable public var engineWaitingCalls: [String] {
        engine.pendingCalls.map { tables.strings[Int(tables.callPolicies[Int($0.policy)].operation)] }
    }
}

/// How an event stands with the calls the machine waits for (`settleCall(answeredBy:into:)`).
public enum CallAnswer: Equatable, Sendable {
    /// The event answers no operation with a call policy: it is handled wherever it lands.
    case untracked
    /// It answers a tracked operation none of whose calls waits (timed out, or its screen was left): dropped.
    case noLongerAwaited
    /// It answers the oldest waiting call of its operation, which waited on this screen (-1: the screen showing).
    case awaited(on: Int32)
}
