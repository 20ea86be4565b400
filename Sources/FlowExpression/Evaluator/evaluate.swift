/// Evaluates a checked expression.
///
/// `&&` and `||` follow CEL: an error on one side is absorbed when the other side decides the
/// result (`false && error` is `false`, `error || true` is `true`). Macros evaluate left to
/// right and `all`/`exists` stop at the first deciding element.
///
/// ```swift
/// let (typed, _) = checkExpression("round(balance * 1.5, 2)", expected: .money, in: environment)
/// let value = try evaluate(typed!, in: context)   // .money(15.00 GBP)
/// ```
/// - Throws: ``EvaluationError`` for a runtime failure, with the span of the failing part.
public func evaluate(_ expression: TypedExpression, in context: EvaluationContext) throws(EvaluationError) -> Value {
    var evaluator = Evaluator(context: context)
    do {
        return try evaluator.evaluate(expression)
    } catch let error as EvaluationError {
        throw error
    } catch {
        // The evaluator throws only EvaluationError; it throws untyped internally because typed
        // throws give every `try` its own error slot, which multiplies stack use on deep trees.
        throw EvaluationError("internal error: \(error)", span: expression.span)
    }
}
