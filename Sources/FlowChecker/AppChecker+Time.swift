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
