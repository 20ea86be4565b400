import FlowExpression
import FlowIR
import FlowSource
import FlowSyntax

extension AppChecker {
    /// The expression of a timer written as a time (`at consent_expires_at - 5d`), or nil for a length (`30s`, `session_timeout`).
    func timerDueTime(_ delay: Located<String>) -> ExpressionSource? {
        guard delay.value.hasPrefix("at ") else { return nil }
        let text = String(delay.value.dropFirst(3))
        let range = delay.range.sub(offset: 3, length: text.unicodeScalars.count)
        return ExpressionSource(text: text, range: range, firstCharacter: range.start)
    }

    /// A timer that fires at a time: its length, read as it starts, is the time left until then (`due - now()`),
    /// or nothing when the time has passed (it fires at once). So it is an ordinary timer to the engine, the
    /// snapshot and the host: the time it was armed for is its start plus that length.
    func resolveTimerDue(_ source: ExpressionSource, context: ScreenContext) -> TypedExpression? {
        let environment = screenEnvironment(ScreenContext(screen: context.screen, fields: []), event: nil)
        guard let due = check(source, expected: nil, in: environment, role: "timer time") else { return nil }
        guard due.type == .timestamp || due.type == .error else {
            error("invalid-timer-length", "timer time '\(source.text)' is \(due.type.isNullable ? "a '\(due.type)', which may be null" : "a '\(due.type)'"); a timer at a time needs a 'timestamp' that is never null, e.g. at consent_expires_at - 5d",
                  at: source.range)
            return nil
        }
        let span = due.span
        let now = TypedExpression(type: .timestamp, span: span, kind: .call(function: .now, arguments: []))
        let left = TypedExpression(type: .duration, span: span, kind: .binary(.subtract, due, now))
        let zero = TypedExpression(type: .duration, span: span, kind: .literal(.duration(0)))
        let positive = TypedExpression(type: .bool, span: span, kind: .binary(.greater, left, zero))
        return TypedExpression(type: .duration, span: span, kind: .conditional(positive, left, zero))
    }
}

extension AppChecker {
    /// A screen's `every:` timers: they fire every so long while the screen shows (a poll, a countdown's tick) and
    /// stop when it is left. Like `app.every` they only run actions: a timer that leaves the screen is `after:`.
    func resolveScreenRecurringTimers(_ list: [TimerSyntax], context: ScreenContext, flow: Int) -> [FlowIR.Timer] {
        var usable: [TimerSyntax] = []
        for timer in list {
            if let moving = timer.transitions.first(where: { $0.target != nil }), let target = moving.target {
                error("recurring-timer-target", "a screen's recurring timer (every \(timer.delay.value)) fires again and again while the screen shows; it cannot lead away (that is `after: { \(timer.delay.value): … }`): give it actions only (set, call, raise)",
                      at: target.range)
                continue
            }
            guard let delay = parseDuration(timer.delay.value) ?? (isStatePathText(timer.delay.value) ? Self.shortestRecurringTimer : nil) else {
                error("invalid-duration", "'\(timer.delay.value)' is not a duration; write a whole number with ms, s, m, h or d, e.g. 30s, or the name of a duration in the state",
                      at: timer.delay.range)
                continue
            }
            if delay == 0 {
                error("timer-loop", "a recurring timer of \(timer.delay.value) would fire forever at one instant; give it a length (e.g. 15s)", at: timer.delay.range)
                continue
            }
            if delay < Self.shortestRecurringTimer {
                error("timer-too-frequent", "a recurring timer of \(timer.delay.value) would fire \(Self.grouped(60_000 / delay)) times a minute while the screen shows; the shortest is 1s",
                      at: timer.delay.range)
                continue
            }
            usable.append(timer)
        }
        return resolveTimers(usable, context: context, flow: flow).map { timer in
            var timer = timer
            timer.repeats = true
            // Reports and traces name its firing `every 15s`, as the app's recurring timers.
            for index in timer.transitions.indices { timer.transitions[index].event = "every \(timer.delaySource)" }
            return timer
        }
    }
}
