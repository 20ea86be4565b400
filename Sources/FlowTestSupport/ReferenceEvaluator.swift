import FlowEvaluation
import FlowExpression
import Foundation

/// Evaluates a checked expression by walking its tree (the tests' reference; flowc itself runs ``CompiledExpression``).
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
    var evaluator = ReferenceEvaluator(context: context)
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

/// Walks a ``TypedExpression`` and computes its value: the reference the tests hold ``CompiledExpression`` (the one
/// evaluator flowc runs) against. Both call the same ``ExpressionOperations``, so they can differ only in how they
/// walk the tree: order of evaluation, short-circuits, macro variables.
struct ReferenceEvaluator {
    let operations: ExpressionOperations
    /// Macro variables in scope, innermost last.
    var locals: [(name: String, value: Value)] = []

    init(context: EvaluationContext) { operations = ExpressionOperations(context: context) }

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
            guard let value = operations.context.variables[name] else {
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
        let record = try operations.nonNull(try evaluate(base), base)
        guard case .record(let fields) = record else { throw operations.wrongType(record, "record", base) }
        return fields[name] ?? .null
    }

    @inline(never)
    private mutating func evaluateIndex(_ expression: TypedExpression) throws -> Value {
        guard case .index(let base, let indexExpression) = expression.kind else { return .null }
        let list = try operations.listValue(try evaluate(base), base)
        let index = try operations.intValue(try evaluate(indexExpression), indexExpression)
        guard list.indices.contains(index) else {
            throw EvaluationError("index \(index) is out of range for a list of \(list.count)", span: indexExpression.span)
        }
        return list[index]
    }

    @inline(never)
    private mutating func evaluateUnary(_ expression: TypedExpression) throws -> Value {
        guard case .unary(let op, let operandExpression) = expression.kind else { return .null }
        let operand = try operations.nonNull(try evaluate(operandExpression), operandExpression)
        return try operations.unary(op, operand, expression)
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
        return try operations.binary(op, left, right, lhs, rhs, expression)
    }

    @inline(never)
    private mutating func evaluateConditional(_ expression: TypedExpression) throws -> Value {
        guard case .conditional(let condition, let then, let otherwise) = expression.kind else { return .null }
        return try operations.boolValue(try evaluate(condition), condition) ? try evaluate(then) : try evaluate(otherwise)
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
        return try operations.call(function, values, operands, expression)
    }

    @inline(never)
    private mutating func evaluateRegexMatch(_ expression: TypedExpression) throws -> Value {
        guard case .regexMatch(let textExpression, let regex) = expression.kind else { return .null }
        let text = try operations.textValue(try evaluate(textExpression), textExpression)
        return .bool(regex.search(text))
    }

    /// A record literal: each field evaluated in declaration order; a null only where the field is optional.
    @inline(never)
    private mutating func evaluateRecord(_ expression: TypedExpression) throws -> Value {
        guard case .record(let type, let fields) = expression.kind else { return .null }
        var values: [String: Value] = [:]
        for field in fields {
            let value = try evaluate(field.value)
            if case .null = value, !field.allowsNull { throw operations.recordFieldIsNull(field, of: type) }
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
            left = .success(try operations.boolValue(try evaluate(lhs), lhs))
        } catch {
            locals.removeSubrange(depth...)
            left = .failure(error)
        }
        if case .success(let value) = left, value != isAnd { return .bool(value) }
        let right = try operations.boolValue(try evaluate(rhs), rhs)
        if case .failure(let error) = left, right == isAnd { throw error }
        return .bool(right)
    }

    /// Runs a macro: binds each element to the variable in turn and evaluates the body.
    @inline(never)
    private mutating func evaluateMacro(_ expression: TypedExpression) throws -> Value {
        guard case .macro(let macro, let listExpression, let variable, let body, let filter) = expression.kind else { return .null }
        let list = try operations.listValue(try evaluate(listExpression), listExpression)
        locals.append((variable, .null))
        defer { locals.removeLast() }
        let slot = locals.count - 1
        var fold = MacroFold(macro)
        for element in list {
            locals[slot].value = element
            if let filter, !(try operations.boolValue(try evaluate(filter), filter)) { continue }
            let result: Value
            let holds: Bool
            do {
                result = try evaluate(body)
                holds = fold.judgesElements ? try operations.boolValue(result, body) : false
            } catch {
                locals.removeSubrange((slot + 1)...)
                if fold.absorb(error) { continue }
                throw error
            }
            if let decided = fold.add(element, result: result, holds: holds) { return decided }
        }
        return try fold.finish { try operations.compare($0, $1, body) }
    }
}
