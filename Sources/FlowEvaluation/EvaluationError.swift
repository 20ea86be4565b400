import FlowExpression

/// A failure while evaluating a checked expression: a null where a value is needed, division by
/// zero, integer overflow, amounts in different currencies, an invalid phone number for `e164`...
///
/// `span` points at the subexpression that failed, in the expression's text.
public struct EvaluationError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var span: ExpressionSpan

    public init(_ message: String, span: ExpressionSpan) {
        self.message = message
        self.span = span
    }

    public var description: String { "\(span.lowerBound)..<\(span.upperBound): \(message)" }
}
