import FlowExpression
import Foundation

/// Where a top-level name of an expression lives at run time, decided once when it is compiled.
public enum ExpressionBinding: Hashable, Sendable {
    /// A slot of ``EvaluationScope/globals`` (a state or derived value).
    case global(Int)
    /// ``EvaluationScope/form``: the current screen's fields as a record.
    case form
    /// ``EvaluationScope/event``: the payload of the event being handled, as a record.
    case event
    /// ``EvaluationScope/value``: the field value a validation rule is judging.
    case value
}

/// Everything a compiled expression reads. The runtime keeps one scope for a whole run and
/// updates it in place, so evaluating an expression builds no dictionary and copies no state.
public struct EvaluationScope: Sendable {
    /// State and derived values, by the slot numbers the expressions were compiled against.
    public var globals: [Value]
    public var form: Value = .null
    public var event: Value = .null
    public var value: Value = .null
    /// The virtual clock: `now()` and `today()`.
    public var now: Timestamp
    /// The currency of `sum` over an empty list of money.
    public var defaultCurrency: String?
    /// Element variables of the macros being evaluated, innermost last.
    var locals: [Value] = []

    public init(globals: [Value], now: Timestamp, defaultCurrency: String?) {
        self.globals = globals
        self.now = now
        self.defaultCurrency = defaultCurrency
    }
}

/// A checked expression turned into a tree of closures over slot numbers: names are resolved once,
/// so evaluation does no look-up by name. Results and errors are those of ``evaluate(_:in:)``.
///
/// ```swift
/// let slots = ["counter": 0, "limit": 1]
/// let guardCheck = CompiledExpression(typed) { slots[$0].map(ExpressionBinding.global) }
/// var scope = EvaluationScope(globals: [.int(1), .int(10)], now: clock, defaultCurrency: "GBP")
/// try guardCheck.evaluate(&scope)   // .bool(true)
/// ```
public struct CompiledExpression: Sendable {
    @usableFromInline typealias Closure = @Sendable (inout EvaluationScope) throws -> Value

    public let expression: TypedExpression
    /// The bindings it reads, so the runtime fills `form`, `event` and derived slots only when needed.
    public let bindings: Set<ExpressionBinding>
    @usableFromInline let closure: Closure

    public init(_ expression: TypedExpression, binding: (String) -> ExpressionBinding?) {
        let (closure, bindings) = withoutActuallyEscaping(binding) { binding in
            var compiler = ClosureCompiler(binding: binding)
            let closure = compiler.compile(expression)
            return (closure, compiler.bindings)
        }
        self.closure = closure
        self.expression = expression
        self.bindings = bindings
    }

    @inlinable
    public func evaluate(_ scope: inout EvaluationScope) throws(EvaluationError) -> Value {
        do {
            return try closure(&scope)
        } catch {
            throw asEvaluationError(error)
        }
    }

    /// The closures throw only `EvaluationError`; anything else would be a bug, reported as one.
    @usableFromInline
    func asEvaluationError(_ error: any Error) -> EvaluationError {
        (error as? EvaluationError) ?? EvaluationError("internal error: \(error)", span: expression.span)
    }
}

/// Builds the closures. Each node's closure calls its children's closures and then the same
/// operator and library code as the reference tree walker the tests hold it against (``ExpressionOperations``), so both give the same answers.
private struct ClosureCompiler {
    typealias Closure = CompiledExpression.Closure

    let binding: (String) -> ExpressionBinding?
    var bindings: Set<ExpressionBinding> = []
    /// Macro variables in scope while compiling, innermost last; their index is their slot in `locals`.
    var localNames: [String] = []

    init(binding: @escaping (String) -> ExpressionBinding?) { self.binding = binding }

    /// Helpers that need no clock: null checks, type errors, operators.
    static let helpers = ExpressionOperations(context: EvaluationContext(now: Timestamp(millisecondsSince1970: 0)))

    mutating func compile(_ expression: TypedExpression) -> Closure {
        switch expression.kind {
        case .literal(let value):
            return { _ in value }
        case .enumCase(let type, let name):
            let value = Value.enumCase(type: type, name: name)
            return { _ in value }
        case .variable(let name):
            return compileVariable(name, expression)
        case .local(let name):
            guard let slot = localNames.lastIndex(of: name) else {
                let error = EvaluationError("no value for '\(name)'", span: expression.span)
                return { _ in throw error }
            }
            return { $0.locals[slot] }
        case .member(let base, let name):
            let record = compile(base)
            return { scope in
                let value = try record(&scope)
                guard case .record(let fields) = value else {
                    _ = try Self.helpers.nonNull(value, base)
                    throw Self.helpers.wrongType(value, "record", base)
                }
                return fields[name] ?? .null
            }
        case .index(let base, let indexExpression):
            let list = compile(base)
            let index = compile(indexExpression)
            return { scope in
                let items = try Self.helpers.listValue(try list(&scope), base)
                let position = try Self.helpers.intValue(try index(&scope), indexExpression)
                guard items.indices.contains(position) else {
                    throw EvaluationError("index \(position) is out of range for a list of \(items.count)", span: indexExpression.span)
                }
                return items[position]
            }
        case .unary(let op, let operandExpression):
            let operand = compile(operandExpression)
            if op == .not {
                return { scope in
                    let value = try operand(&scope)
                    if case .bool(let bool) = value { return .bool(!bool) }
                    return try Self.helpers.unary(op, try Self.helpers.nonNull(value, operandExpression), expression)
                }
            }
            return { scope in try Self.helpers.unary(op, try Self.helpers.nonNull(try operand(&scope), operandExpression), expression) }
        case .binary(let op, let lhs, let rhs):
            return compileBinary(op, lhs, rhs, expression)
        case .conditional(let conditionExpression, let thenExpression, let otherwiseExpression):
            let condition = compile(conditionExpression)
            let then = compile(thenExpression)
            let otherwise = compile(otherwiseExpression)
            return { scope in
                try Self.helpers.boolValue(try condition(&scope), conditionExpression) ? try then(&scope) : try otherwise(&scope)
            }
        case .list(let elements):
            let items = elements.map { compile($0) }
            return { scope in
                var values: [Value] = []
                values.reserveCapacity(items.count)
                for item in items { values.append(try item(&scope)) }
                return .list(values)
            }
        case .record(let type, let fields):
            let values = fields.map { (field: $0, value: compile($0.value)) }
            return { scope in
                var record: [String: Value] = [:]
                for (field, value) in values {
                    let result = try value(&scope)
                    if case .null = result, !field.allowsNull { throw Self.helpers.recordFieldIsNull(field, of: type) }
                    record[field.name] = result
                }
                return .record(record)
            }
        case .call(let function, let arguments):
            let operands = arguments.map { compile($0) }
            return { scope in
                var values: [Value] = []
                values.reserveCapacity(operands.count)
                for operand in operands { values.append(try operand(&scope)) }
                let evaluator = ExpressionOperations(context: EvaluationContext(now: scope.now, defaultCurrency: scope.defaultCurrency))
                return try evaluator.call(function, values, arguments, expression)
            }
        case .macro(let macro, let listExpression, let variable, let bodyExpression, let filterExpression):
            return compileMacro(macro, listExpression, variable, bodyExpression, filterExpression)
        case .regexMatch(let textExpression, let regex):
            let text = compile(textExpression)
            return { scope in .bool(regex.search(try Self.helpers.textValue(try text(&scope), textExpression))) }
        }
    }

    private mutating func compileVariable(_ name: String, _ expression: TypedExpression) -> Closure {
        guard let place = binding(name) else {
            let error = EvaluationError("no value for '\(name)'", span: expression.span)
            return { _ in throw error }
        }
        bindings.insert(place)
        switch place {
        case .global(let slot): return { $0.globals[slot] }
        case .form: return { $0.form }
        case .event: return { $0.event }
        case .value: return { $0.value }
        }
    }

    private mutating func compileBinary(_ op: BinaryOperator, _ lhs: TypedExpression, _ rhs: TypedExpression,
                                        _ expression: TypedExpression) -> Closure {
        let left = compile(lhs)
        let right = compile(rhs)
        switch op {
        case .coalesce:
            return { scope in
                let value = try left(&scope)
                return value == .null ? try right(&scope) : value
            }
        case .and, .or:
            let isAnd = op == .and
            // CEL: the deciding side wins even over an error on the other side.
            return { scope in
                let depth = scope.locals.count
                let first: Result<Bool, any Error>
                do {
                    first = .success(try Self.helpers.boolValue(try left(&scope), lhs))
                } catch {
                    scope.locals.removeSubrange(depth...)
                    first = .failure(error)
                }
                if case .success(let value) = first, value != isAnd { return .bool(value) }
                let second = try Self.helpers.boolValue(try right(&scope), rhs)
                if case .failure(let error) = first, second == isAnd { throw error }
                return .bool(second)
            }
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            if let fast = intComparison(op, lhs, rhs, general: { scope in try Self.helpers.binary(op, try left(&scope), try right(&scope), lhs, rhs, expression) }) {
                return fast
            }
            // Whole numbers are the common case (counters, limits): compared without the general path.
            return { scope in
                let a = try left(&scope)
                let b = try right(&scope)
                if case .int(let x) = a, case .int(let y) = b {
                    switch op {
                    case .less: return .bool(x < y)
                    case .lessOrEqual: return .bool(x <= y)
                    case .greater: return .bool(x > y)
                    default: return .bool(x >= y)
                    }
                }
                return try Self.helpers.binary(op, a, b, lhs, rhs, expression)
            }
        case .add, .subtract:
            if case .variable(let name) = lhs.kind, case .global(let slot)? = binding(name), case .literal(.int(let constant)) = rhs.kind {
                bindings.insert(.global(slot))
                // `counter + 1`: read the slot and add without calling the operand closures.
                let isAdd = op == .add
                return { scope in
                    if case .int(let x) = scope.globals[slot] {
                        let (result, overflow) = isAdd ? x.addingReportingOverflow(constant) : x.subtractingReportingOverflow(constant)
                        if !overflow { return .int(result) }
                    }
                    return try Self.helpers.binary(op, try left(&scope), try right(&scope), lhs, rhs, expression)
                }
            }
            return { scope in
                let a = try left(&scope)
                let b = try right(&scope)
                if case .int(let x) = a, case .int(let y) = b {
                    let (result, overflow) = op == .add ? x.addingReportingOverflow(y) : x.subtractingReportingOverflow(y)
                    if !overflow { return .int(result) }
                }
                return try Self.helpers.binary(op, a, b, lhs, rhs, expression)
            }
        default:
            return { scope in
                let a = try left(&scope)
                let b = try right(&scope)
                return try Self.helpers.binary(op, a, b, lhs, rhs, expression)
            }
        }
    }

    /// `counter < limit`, `count >= 3`: slots and whole-number literals compared in place.
    private mutating func intComparison(_ op: BinaryOperator, _ lhs: TypedExpression, _ rhs: TypedExpression,
                                        general: @escaping Closure) -> Closure? {
        enum Operand { case slot(Int), constant(Int) }
        func operand(_ expression: TypedExpression) -> Operand? {
            switch expression.kind {
            case .variable(let name):
                if case .global(let slot)? = binding(name) { return .slot(slot) }
                return nil
            case .literal(.int(let value)): return .constant(value)
            default: return nil
            }
        }
        guard let a = operand(lhs), let b = operand(rhs) else { return nil }
        for case .slot(let slot) in [a, b] { bindings.insert(.global(slot)) }
        @Sendable func holds(_ x: Int, _ y: Int) -> Bool {
            switch op {
            case .less: x < y
            case .lessOrEqual: x <= y
            case .greater: x > y
            default: x >= y
            }
        }
        switch (a, b) {
        case (.slot(let i), .slot(let j)):
            return { scope in
                if case .int(let x) = scope.globals[i], case .int(let y) = scope.globals[j] { return .bool(holds(x, y)) }
                return try general(&scope)
            }
        case (.slot(let i), .constant(let y)):
            return { scope in
                if case .int(let x) = scope.globals[i] { return .bool(holds(x, y)) }
                return try general(&scope)
            }
        case (.constant(let x), .slot(let j)):
            return { scope in
                if case .int(let y) = scope.globals[j] { return .bool(holds(x, y)) }
                return try general(&scope)
            }
        case (.constant(let x), .constant(let y)):
            let value = Value.bool(holds(x, y))
            return { _ in value }
        }
    }

    private mutating func compileMacro(_ macro: MacroKind, _ listExpression: TypedExpression, _ variable: String,
                                       _ bodyExpression: TypedExpression, _ filterExpression: TypedExpression?) -> Closure {
        let list = compile(listExpression)
        localNames.append(variable)
        let slot = localNames.count - 1
        let filter = filterExpression.map { compile($0) }
        let body = compile(bodyExpression)
        localNames.removeLast()
        return { scope in
            let items = try Self.helpers.listValue(try list(&scope), listExpression)
            // A macro nested in another's body finds the outer variable below its own slot.
            scope.locals.removeSubrange(min(slot, scope.locals.count)...)
            scope.locals.append(.null)
            defer { scope.locals.removeSubrange(min(slot, scope.locals.count)...) }
            var fold = MacroFold(macro)
            for element in items {
                scope.locals[slot] = element
                if let filter, let filterExpression, !(try Self.helpers.boolValue(try filter(&scope), filterExpression)) { continue }
                let result: Value
                let holds: Bool
                do {
                    result = try body(&scope)
                    holds = fold.judgesElements ? try Self.helpers.boolValue(result, bodyExpression) : false
                } catch {
                    scope.locals.removeSubrange(min(slot + 1, scope.locals.count)...)
                    if fold.absorb(error) { continue }
                    throw error
                }
                if let decided = fold.add(element, result: result, holds: holds) { return decided }
            }
            return try fold.finish { try Self.helpers.compare($0, $1, bodyExpression) }
        }
    }
}
