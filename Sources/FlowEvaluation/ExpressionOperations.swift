import FlowExpression
import Foundation

/// The operators and the function library on runtime values, with where in the expression a failure happened:
/// the closures of ``CompiledExpression`` call these, and so does the reference tree walker the tests hold
/// it against (FlowTestSupport's `evaluate(_:in:)`), so both give the same answers.
package struct ExpressionOperations: Sendable {
    package let context: EvaluationContext

    package init(context: EvaluationContext) { self.context = context }

    // MARK: Value access

    package func recordFieldIsNull(_ field: TypedRecordField, of type: String) -> EvaluationError {
        EvaluationError("field '\(field.name)' of '\(type)' is null", span: field.value.span)
    }

    package func describe(_ expression: TypedExpression) -> String { expression.failureName }

    package func nonNull(_ value: Value, _ expression: TypedExpression) throws -> Value {
        if case .null = value { throw EvaluationError("\(describe(expression)) is null", span: expression.span) }
        return value
    }

    package func wrongType(_ value: Value, _ expected: String, _ expression: TypedExpression) -> EvaluationError {
        if case .null = value { return EvaluationError("\(describe(expression)) is null", span: expression.span) }
        return EvaluationError("\(describe(expression)) should be a \(expected), found \(value.quotedDescription)", span: expression.span)
    }

    package func boolValue(_ value: Value, _ expression: TypedExpression) throws -> Bool {
        guard case .bool(let bool) = value else { throw wrongType(value, "bool", expression) }
        return bool
    }

    package func intValue(_ value: Value, _ expression: TypedExpression) throws -> Int {
        guard case .int(let int) = value else { throw wrongType(value, "int", expression) }
        return int
    }

    /// An `int` or `decimal` as a `Decimal`.
    package func numberValue(_ value: Value, _ expression: TypedExpression) throws -> Decimal {
        switch value {
        case .decimal(let decimal): return decimal
        case .int(let int): return Decimal(int)
        default: throw wrongType(value, "number", expression)
        }
    }

    package func moneyValue(_ value: Value, _ expression: TypedExpression) throws -> Money {
        guard case .money(let money) = value else { throw wrongType(value, "money", expression) }
        return money
    }

    package func textValue(_ value: Value, _ expression: TypedExpression) throws -> String {
        guard case .text(let text) = value else { throw wrongType(value, "text", expression) }
        return text
    }

    package func dateValue(_ value: Value, _ expression: TypedExpression) throws -> CalendarDate {
        guard case .date(let date) = value else { throw wrongType(value, "date", expression) }
        return date
    }

    package func listValue(_ value: Value, _ expression: TypedExpression) throws -> [Value] {
        guard case .list(let list) = value else { throw wrongType(value, "list", expression) }
        return list
    }

    package func checkedTimestamp(_ milliseconds: Int, overflow: Bool, _ expression: TypedExpression) throws -> Value {
        guard !overflow, Timestamp.validRange.contains(milliseconds) else {
            throw EvaluationError("timestamp out of range (years 1 to 9999)", span: expression.span)
        }
        return .timestamp(Timestamp(millisecondsSince1970: milliseconds))
    }
}
