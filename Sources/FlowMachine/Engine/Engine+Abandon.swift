// A move out of the sub-flow in progress. An app-wide transition (`app.on`), a flow-wide one of a sheet of another
// flow, or a return route may lead with `to:` to a screen that the running sub-flow does not own: a caller's screen
// (Rail's lock sheet, opened over `withdraw`, leads to Station once the session is approved) or a screen of another
// flow. The calls above the flow that owns the target are then abandoned: the person has left them, and there is
// nothing they could still return to.

extension EngineHost {
    /// Abandons every sub-flow call above the one whose flow owns screen `target`, before a `to:` there: their frames
    /// go without running a return route, the back stack drops their screens, and the move is made from the
    /// caller of the lowest call abandoned (so `back` from the target returns there, as from any `to:` on that
    /// level). The screens left were left already by the move (the current one, and any sheets over it: their
    /// timers stopped, the calls waiting on them followed their `when_left:`); the sub-flows' inactivity timers
    /// stop as the target's flow starts its own.
    ///
    /// Which call owns the target: the call it is the caller of, where it is one (its screen is on the back stack
    /// at that call's depth); else the innermost call running the target's flow; else none, and every call goes
    /// (the target is a screen of a section of the app). The running sub-flow owning it abandons nothing.
    @inlinable
    public mutating func abandonCalls(leavingFor target: Int32) {
        let frames = engine.callFrames
        guard let innermost = frames.last else { return }
        let flow = tables.screens[Int(target)].flow
        let kept: Int
        if let caller = frames.lastIndex(where: { $0.caller == target }) {
            kept = caller
        } else if tables.subflows[Int(innermost.subflow)].flow == flow {
            return
        } else {
            kept = frames.lastIndex(where: { tables.subflows[Int($0.subflow)].flow == flow }).map { $0 + 1 } ?? 0
        }
        let lowest = frames[kept]
        for frame in frames[kept...].reversed() {
            traceSubflowAbandoned(frame.subflow)
            engine.decisions.append(EngineDecisionRecord(kind: .subflowAbandoned, subject: frame.subflow, screen: engine.screenNumber))
        }
        engine.callFrames.removeSubrange(kept...)
        if engine.callEvents.count > kept { engine.callEvents.removeSubrange(kept...) }
        engine.history.truncate(to: lowest.historyDepth)
        engine.screenNumber = lowest.caller
    }
}
