@_spi(Generated) import FlowMachine
import FlowExpression
import Foundation

/// Operators on runtime values: checked integer arithmetic, exact decimals, money, time. Arithmetic on
/// numbers and money is FlowMachine's (`add`, `divide`, `compare`...), which generated code calls too;
/// this file adds where in the expression a failure happened.
extension ExpressionOperations {
    @inline(never)
    package func unary(_ op: UnaryOperator, _ operand: Value, _ expression: TypedExpression) throws -> Value {
        switch (op, operand) {
        case (.not, .bool(let bool)): return .bool(!bool)
        case (.negate, .int(let int)): return .int(try operation(expression, expression) { try FlowMachine.negate(int) })
        case (.negate, .decimal(let decimal)): return .decimal(FlowMachine.negate(decimal))
        case (.negate, .money(let money)): return .money(FlowMachine.negate(money))
        case (.negate, .duration(let milliseconds)):
            let (result, overflow) = Int(0).subtractingReportingOverflow(milliseconds)
            if overflow { throw EvaluationError("duration overflow in '-'", span: expression.span) }
            return .duration(result)
        default:
            throw EvaluationError("operator '\(op.rawValue)' cannot be applied to \(operand.quotedDescription)", span: expression.span)
        }
    }

    @inline(never)
    package func binary(_ op: BinaryOperator, _ left: Value, _ right: Value, _ lhs: TypedExpression, _ rhs: TypedExpression,
                _ expression: TypedExpression) throws -> Value {
        switch op {
        case .equal, .notEqual:
            // Amounts in two currencies are neither equal nor unequal until one is converted, as with `<`.
            if case .money(let a) = left, case .money(let b) = right {
                let same = try operation(expression, expression) { try FlowMachine.sameMoney(a, b) }
                return .bool(op == .equal ? same : !same)
            }
            return .bool(op == .equal ? left == right : left != right)
        case .in:
            let list = try listValue(try nonNull(right, rhs), rhs)
            return .bool(list.contains(left))
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            let order = try compare(try nonNull(left, lhs), try nonNull(right, rhs), expression)
            switch op {
            case .less: return .bool(order < 0)
            case .lessOrEqual: return .bool(order <= 0)
            case .greater: return .bool(order > 0)
            default: return .bool(order >= 0)
            }
        case .add, .subtract, .multiply, .divide, .remainder:
            return try arithmetic(op, try nonNull(left, lhs), try nonNull(right, rhs), rhs, expression)
        case .and, .or:
            let a = try boolValue(left, lhs)
            let b = try boolValue(right, rhs)
            return .bool(op == .and ? a && b : a || b)
        case .coalesce:
            return left == .null ? right : left
        }
    }

    /// -1, 0 or 1; amounts in different currencies cannot be ordered.
    @inline(never)
    package func compare(_ left: Value, _ right: Value, _ expression: TypedExpression) throws -> Int {
        func order<T: Comparable>(_ a: T, _ b: T) -> Int { a < b ? -1 : (a == b ? 0 : 1) }
        switch (left, right) {
        case (.int(let a), .int(let b)): return order(a, b)
        case (.decimal(let a), .decimal(let b)): return order(a, b)
        case (.int(let a), .decimal(let b)): return order(Decimal(a), b)
        case (.decimal(let a), .int(let b)): return order(a, Decimal(b))
        case (.money(let a), .money(let b)):
            return try operation(expression, expression) { try FlowMachine.compare(a, b) }
        case (.text(let a), .text(let b)): return order(a, b)
        case (.date(let a), .date(let b)): return order(a, b)
        case (.timestamp(let a), .timestamp(let b)): return order(a, b)
        case (.duration(let a), .duration(let b)): return order(a, b)
        default:
            throw EvaluationError("cannot compare \(left.quotedDescription) and \(right.quotedDescription)", span: expression.span)
        }
    }

    /// Runs one of FlowMachine's operators; a failure about the right side (division by zero) points at it,
    /// any other at the whole expression.
    private func operation<Result>(_ rhs: TypedExpression, _ expression: TypedExpression, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let failure as FlowFailure {
            throw EvaluationError(failure.message, span: failure.argument == 1 ? rhs.span : expression.span)
        }
    }

    private func integer(_ op: BinaryOperator, _ a: Int, _ b: Int, _ rhs: TypedExpression,
                         _ expression: TypedExpression) throws -> Int {
        try operation(rhs, expression) {
            switch op {
            case .add: try FlowMachine.add(a, b)
            case .subtract: try FlowMachine.subtract(a, b)
            case .multiply: try FlowMachine.multiply(a, b)
            case .divide: try FlowMachine.divide(a, b)
            default: try FlowMachine.remainder(a, b)
            }
        }
    }

    private func decimal(_ op: BinaryOperator, _ a: Decimal, _ b: Decimal, _ rhs: TypedExpression,
                         _ expression: TypedExpression) throws -> Decimal {
        try operation(rhs, expression) {
            switch op {
            case .add: try FlowMachine.add(a, b)
            case .subtract: try FlowMachine.subtract(a, b)
            case .multiply: try FlowMachine.multiply(a, b)
            default: try FlowMachine.divide(a, b)
            }
        }
    }

    @inline(never)
    package func arithmetic(_ op: BinaryOperator, _ left: Value, _ right: Value, _ rhs: TypedExpression,
                    _ expression: TypedExpression) throws -> Value {
        let day = Timestamp.millisecondsPerDay
        switch (left, right) {
        case (.int(let a), .int(let b)):
            return .int(try integer(op, a, b, rhs, expression))
        case (.decimal, .decimal), (.int, .decimal), (.decimal, .int):
            return .decimal(try decimal(op, try numberValue(left, expression), try numberValue(right, expression), rhs, expression))
        case (.money(let a), .money(let b)) where op == .add:
            return .money(try operation(rhs, expression) { try FlowMachine.add(a, b) })
        case (.money(let a), .money(let b)) where op == .subtract:
            return .money(try operation(rhs, expression) { try FlowMachine.subtract(a, b) })
        case (.money(let a), .money(let b)) where op == .divide:
            return .decimal(try operation(rhs, expression) { try FlowMachine.divide(a, b) })
        case (.money(let a), .int), (.money(let a), .decimal):
            let factor = try numberValue(right, rhs)
            if op == .multiply { return .money(try operation(rhs, expression) { try FlowMachine.multiply(a, factor) }) }
            if op == .divide { return .money(try operation(rhs, expression) { try FlowMachine.divide(a, factor) }) }
        case (.int, .money(let b)), (.decimal, .money(let b)):
            let factor = try numberValue(left, expression)
            return .money(try operation(rhs, expression) { try FlowMachine.multiply(factor, b) })
        case (.text(let a), .text(let b)):
            return .text(a + b)
        case (.list(let a), .list(let b)):
            return .list(a + b)
        case (.duration(let a), .duration(let b)):
            // A duration divided by a duration is their exact ratio (days left / days in the cycle).
            if op == .divide { return .decimal(try operation(rhs, expression) { try FlowMachine.durationRatio(a, b) }) }
            return .duration(try integer(op, a, b, rhs, expression))
        case (.duration(let a), .int(let b)), (.int(let b), .duration(let a)):
            return .duration(try integer(op, a, b, rhs, expression))
        case (.timestamp(let a), .duration(let b)):
            let (result, overflow) = op == .add
                ? a.millisecondsSince1970.addingReportingOverflow(b) : a.millisecondsSince1970.subtractingReportingOverflow(b)
            return try checkedTimestamp(result, overflow: overflow, expression)
        case (.duration(let a), .timestamp(let b)):
            let (result, overflow) = b.millisecondsSince1970.addingReportingOverflow(a)
            return try checkedTimestamp(result, overflow: overflow, expression)
        case (.timestamp(let a), .timestamp(let b)):
            let (result, overflow) = a.millisecondsSince1970.subtractingReportingOverflow(b.millisecondsSince1970)
            if overflow { throw EvaluationError("duration overflow in '-'", span: expression.span) }
            return .duration(result)
        case (.date(let a), .date(let b)):
            return .duration((a.daysSince1970 - b.daysSince1970) * day)
        case (.date(let date), .duration(let milliseconds)), (.duration(let milliseconds), .date(let date)):
            guard milliseconds % day == 0 else {
                throw EvaluationError("cannot add \(formatDuration(milliseconds)) to a date: only whole days, such as '1d'", span: expression.span)
            }
            let days = milliseconds / day
            guard abs(days) < 4_000_000,
                  let result = CalendarDate(daysSince1970: date.daysSince1970 + (op == .subtract ? -days : days)) else {
                throw EvaluationError("date out of range (years 1 to 9999)", span: expression.span)
            }
            return .date(result)
        default:
            break
        }
        throw EvaluationError("operator '\(op.rawValue)' cannot combine \(left.quotedDescription) and \(right.quotedDescription)",
                              span: expression.span)
    }
}
