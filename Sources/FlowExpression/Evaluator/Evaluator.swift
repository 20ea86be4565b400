import Foundation

/// Walks a ``TypedExpression`` and computes its value.
struct Evaluator {
    let context: EvaluationContext
    /// Macro variables in scope, innermost last.
    var locals: [(name: String, value: Value)] = []

    init(context: EvaluationContext) { self.context = context }

    /// Dispatches on the node kind. Kept small, with payloads matched in the helpers: this
    /// function is on every recursive path, so its frame is paid once per tree level.
    @inline(never)
    mutating func evaluate(_ expression: TypedExpression) throws -> Value {
        switch expression.kind {
        case .literal(let value): return value
        case .variable, .local, .enumCase: return try evaluateName(expression)
        case .member: return try evaluateMember(expression)
        case .index: return try evaluateIndex(expression)
        case .unary: return try evaluateUnary(expression)
        case .binary: return try evaluateBinary(expression)
        case .conditional: return try evaluateConditional(expression)
        case .list, .call: return try evaluateCall(expression)
        case .record: return try evaluateRecord(expression)
        case .macro: return try evaluateMacro(expression)
        case .regexMatch: return try evaluateRegexMatch(expression)
        }
    }

    @inline(never)
    private func evaluateName(_ expression: TypedExpression) throws -> Value {
        switch expression.kind {
        case .variable(let name):
            guard let value = context.variables[name] else {
                throw EvaluationError("no value for '\(name)'", span: expression.span)
            }
            return value
        case .local(let name):
            for local in locals.reversed() where local.name == name { return local.value }
            throw EvaluationError("no value for '\(name)'", span: expression.span)
        case .enumCase(let type, let name):
            return .enumCase(type: type, name: name)
        default:
            throw EvaluationError("internal error: not a name", span: expression.span)
        }
    }

    @inline(never)
    private mutating func evaluateMember(_ expression: TypedExpression) throws -> Value {
        guard case .member(let base, let name) = expression.kind else { return .null }
        let record = try nonNull(try evaluate(base), base)
        guard case .record(let fields) = record else { throw wrongType(record, "record", base) }
        return fields[name] ?? .null
    }

    @inline(never)
    private mutating func evaluateIndex(_ expression: TypedExpression) throws -> Value {
        guard case .index(let base, let indexExpression) = expression.kind else { return .null }
        let list = try listValue(try evaluate(base), base)
        let index = try intValue(try evaluate(indexExpression), indexExpression)
        guard list.indices.contains(index) else {
            throw EvaluationError("index \(index) is out of range for a list of \(list.count)", span: indexExpression.span)
        }
        return list[index]
    }

    @inline(never)
    private mutating func evaluateUnary(_ expression: TypedExpression) throws -> Value {
        guard case .unary(let op, let operandExpression) = expression.kind else { return .null }
        let operand = try nonNull(try evaluate(operandExpression), operandExpression)
        return try unary(op, operand, expression)
    }

    @inline(never)
    private mutating func evaluateBinary(_ expression: TypedExpression) throws -> Value {
        guard case .binary(let op, let lhs, let rhs) = expression.kind else { return .null }
        if op == .and || op == .or { return try logical(isAnd: op == .and, lhs, rhs) }
        if op == .coalesce {
            let left = try evaluate(lhs)
            return left == .null ? try evaluate(rhs) : left
        }
        let left = try evaluate(lhs)
        let right = try evaluate(rhs)
        return try binary(op, left, right, lhs, rhs, expression)
    }

    @inline(never)
    private mutating func evaluateConditional(_ expression: TypedExpression) throws -> Value {
        guard case .conditional(let condition, let then, let otherwise) = expression.kind else { return .null }
        return try boolValue(try evaluate(condition), condition) ? try evaluate(then) : try evaluate(otherwise)
    }

    /// A list literal or a function call: the operands first, then the operation.
    @inline(never)
    private mutating func evaluateCall(_ expression: TypedExpression) throws -> Value {
        let operands: [TypedExpression]
        switch expression.kind {
        case .list(let elements): operands = elements
        case .call(_, let arguments): operands = arguments
        default: return .null
        }
        var values: [Value] = []
        values.reserveCapacity(operands.count)
        for operand in operands { values.append(try evaluate(operand)) }
        guard case .call(let function, _) = expression.kind else { return .list(values) }
        return try call(function, values, operands, expression)
    }

    @inline(never)
    private mutating func evaluateRegexMatch(_ expression: TypedExpression) throws -> Value {
        guard case .regexMatch(let textExpression, let regex) = expression.kind else { return .null }
        let text = try textValue(try evaluate(textExpression), textExpression)
        return .bool(regex.search(text))
    }

    /// A record literal: each field evaluated in declaration order; a null only where the field is optional.
    @inline(never)
    private mutating func evaluateRecord(_ expression: TypedExpression) throws -> Value {
        guard case .record(let type, let fields) = expression.kind else { return .null }
        var values: [String: Value] = [:]
        for field in fields {
            let value = try evaluate(field.value)
            if case .null = value, !field.allowsNull { throw recordFieldIsNull(field, of: type) }
            values[field.name] = value
        }
        return .record(values)
    }

    // MARK: Logic and macros

    /// CEL `&&`/`||`: the first deciding operand wins, even over an error on the other side.
    @inline(never)
    private mutating func logical(isAnd: Bool, _ lhs: TypedExpression, _ rhs: TypedExpression) throws -> Value {
        let depth = locals.count
        let left: Result<Bool, any Error>
        do {
            left = .success(try boolValue(try evaluate(lhs), lhs))
        } catch {
            locals.removeSubrange(depth...)
            left = .failure(error)
        }
        if case .success(let value) = left, value != isAnd { return .bool(value) }
        let right = try boolValue(try evaluate(rhs), rhs)
        if case .failure(let error) = left, right == isAnd { throw error }
        return .bool(right)
    }

    /// Runs a macro: binds each element to the variable in turn and evaluates the body.
    @inline(never)
    private mutating func evaluateMacro(_ expression: TypedExpression) throws -> Value {
        guard case .macro(let macro, let listExpression, let variable, let body, let filter) = expression.kind else { return .null }
        let list = try listValue(try evaluate(listExpression), listExpression)
        locals.append((variable, .null))
        defer { locals.removeLast() }
        let slot = locals.count - 1
        var fold = MacroFold(macro)
        for element in list {
            locals[slot].value = element
            if let filter, !(try boolValue(try evaluate(filter), filter)) { continue }
            let result: Value
            let holds: Bool
            do {
                result = try evaluate(body)
                holds = fold.judgesElements ? try boolValue(result, body) : false
            } catch {
                locals.removeSubrange((slot + 1)...)
                if fold.absorb(error) { continue }
                throw error
            }
            if let decided = fold.add(element, result: result, holds: holds) { return decided }
        }
        return try fold.finish { try compare($0, $1, body) }
    }

    // MARK: Value access

    func recordFieldIsNull(_ field: TypedRecordField, of type: String) -> EvaluationError {
        EvaluationError("field '\(field.name)' of '\(type)' is null", span: field.value.span)
    }

    func describe(_ expression: TypedExpression) -> String { expression.failureName }

    func nonNull(_ value: Value, _ expression: TypedExpression) throws -> Value {
        if case .null = value { throw EvaluationError("\(describe(expression)) is null", span: expression.span) }
        return value
    }

    func wrongType(_ value: Value, _ expected: String, _ expression: TypedExpression) -> EvaluationError {
        if case .null = value { return EvaluationError("\(describe(expression)) is null", span: expression.span) }
        return EvaluationError("\(describe(expression)) should be a \(expected), found \(value.quotedDescription)", span: expression.span)
    }

    func boolValue(_ value: Value, _ expression: TypedExpression) throws -> Bool {
        guard case .bool(let bool) = value else { throw wrongType(value, "bool", expression) }
        return bool
    }

    func intValue(_ value: Value, _ expression: TypedExpression) throws -> Int {
        guard case .int(let int) = value else { throw wrongType(value, "int", expression) }
        return int
    }

    /// An `int` or `decimal` as a `Decimal`.
    func numberValue(_ value: Value, _ expression: TypedExpression) throws -> Decimal {
        switch value {
        case .decimal(let decimal): return decimal
        case .int(let int): return Decimal(int)
        default: throw wrongType(value, "number", expression)
        }
    }

    func moneyValue(_ value: Value, _ expression: TypedExpression) throws -> Money {
        guard case .money(let money) = value else { throw wrongType(value, "money", expression) }
        return money
    }

    func textValue(_ value: Value, _ expression: TypedExpression) throws -> String {
        guard case .text(let text) = value else { throw wrongType(value, "text", expression) }
        return text
    }

    func dateValue(_ value: Value, _ expression: TypedExpression) throws -> CalendarDate {
        guard case .date(let date) = value else { throw wrongType(value, "date", expression) }
        return date
    }

    func listValue(_ value: Value, _ expression: TypedExpression) throws -> [Value] {
        guard case .list(let list) = value else { throw wrongType(value, "list", expression) }
        return list
    }

    func checkedTimestamp(_ milliseconds: Int, overflow: Bool, _ expression: TypedExpression) throws -> Value {
        guard !overflow, Timestamp.validRange.contains(milliseconds) else {
            throw EvaluationError("timestamp out of range (years 1 to 9999)", span: expression.span)
        }
        return .timestamp(Timestamp(millisecondsSince1970: milliseconds))
    }
}
