import FlowEvaluation
import FlowExpression
import FlowTestSupport
import Foundation
import Testing

/// The environment most tests check against: a small banking app.
let bankEnvironment = TypeEnvironment(
    variables: [
        "balance": .money,
        "rate": .decimal,
        "count": .int,
        "name": .text,
        "pattern": .text,
        "country": .text,
        "frozen": .bool,
        "dob": .date,
        "started": .timestamp,
        "timeout": .duration,
        "items": .list(.int),
        "prices": .list(.money),
        "plan": .optional(.record("Plan")),
        "plans": .list(.enumeration("Plan")),
        "applicant": .record("Applicant"),
        "transactions": .list(.record("Transaction")),
        "maybe_count": .optional(.int),
    ],
    records: [
        "Applicant": [(name: "given_name", type: .text), (name: "surname", type: .text),
                      (name: "dob", type: .optional(.date)), (name: "purposes", type: .list(.text))],
        "Transaction": [(name: "amount", type: .money), (name: "reference", type: .text)],
    ],
    enums: ["Plan": ["everyday", "plus", "premium"]])

/// 2026-01-05T09:00:00Z, the virtual clock of most tests.
let clock = Timestamp(millisecondsSince1970: 1_767_603_600_000)

/// A decimal from its text, exactly.
func dec(_ text: String) -> Decimal {
    Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? .nan
}

func money(_ amount: String, _ currency: String) -> Value {
    .money(Money(amount: dec(amount), currency: currency))
}

func date(_ year: Int, _ month: Int, _ day: Int) -> Value {
    CalendarDate(year: year, month: month, day: day).map(Value.date) ?? .null
}

/// Values for `bankEnvironment`'s variables.
let bankVariables: [String: Value] = [
    "balance": money("12.50", "GBP"),
    "rate": .decimal(dec("1.5")),
    "count": .int(3),
    "name": .text("Ada"),
    "pattern": .text("^[A-Z]"),
    "country": .text("GB"),
    "frozen": .bool(false),
    "dob": date(2008, 1, 5),
    "started": .timestamp(Timestamp(millisecondsSince1970: 1_767_600_000_000)),
    "timeout": .duration(30_000),
    "items": .list([.int(1), .int(2), .int(3)]),
    "prices": .list([money("4.30", "GBP"), money("2.20", "GBP")]),
    "plan": .enumCase(type: "Plan", name: "plus"),
    "plans": .list([.enumCase(type: "Plan", name: "plus")]),
    "applicant": .record(["given_name": .text("Ada"), "surname": .text("Lovelace"), "dob": .null, "purposes": .list([])]),
    "transactions": .list([.record(["amount": money("4.30", "USD"), "reference": .text("coffee")])]),
    "maybe_count": .null,
]

/// The diagnostics of checking `text` against `bankEnvironment`.
func diagnostics(_ text: String, expected: ValueType? = nil, role: String = "expression",
                 environment: TypeEnvironment = bankEnvironment) -> [ExpressionDiagnostic] {
    checkExpression(text, expected: expected, role: role, in: environment).1
}

/// The checked tree of `text`, failing the test on any diagnostic.
func typed(_ text: String, expected: ValueType? = nil, nonNull: Set<String> = [],
           sourceLocation: SourceLocation = #_sourceLocation) throws -> TypedExpression {
    var environment = bankEnvironment
    environment.nonNullPaths = nonNull
    let (tree, problems) = checkExpression(text, expected: expected, in: environment)
    #expect(problems.isEmpty, "unexpected diagnostics: \(problems)", sourceLocation: sourceLocation)
    return try #require(tree, sourceLocation: sourceLocation)
}

/// Checks and evaluates `text` with `bankVariables` (plus `extra`) at `now`.
func run(_ text: String, expected: ValueType? = nil, extra: [String: Value] = [:], now: Timestamp = clock,
         defaultCurrency: String? = nil, nonNull: Set<String> = [], sourceLocation: SourceLocation = #_sourceLocation) throws -> Value {
    let tree = try typed(text, expected: expected, nonNull: nonNull, sourceLocation: sourceLocation)
    let context = EvaluationContext(variables: bankVariables.merging(extra) { $1 }, now: now, defaultCurrency: defaultCurrency)
    expectCompiledAgrees(tree, context, sourceLocation: sourceLocation)
    return try evaluate(tree, in: context)
}

/// Every evaluation in these tests also runs through `CompiledExpression` (the runtime's form):
/// both must give the same value, or the same error at the same span.
func expectCompiledAgrees(_ tree: TypedExpression, _ context: EvaluationContext, sourceLocation: SourceLocation) {
    let names = context.variables.keys.sorted()
    let slots = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
    let compiled = CompiledExpression(tree) { slots[$0].map(ExpressionBinding.global) }
    var scope = EvaluationScope(globals: names.map { context.variables[$0] ?? .null }, now: context.now,
                                defaultCurrency: context.defaultCurrency)
    let walked = Result { () throws(EvaluationError) in try evaluate(tree, in: context) }
    let closures = Result { () throws(EvaluationError) in try compiled.evaluate(&scope) }
    #expect(walked == closures, "the tree walker and the compiled closures disagree", sourceLocation: sourceLocation)
}

/// The evaluation error of `text`, failing the test if it evaluates.
/// `nonNull`: paths the checker is told a guard showed present, so that the run-time check of a null is reached.
func runError(_ text: String, extra: [String: Value] = [:], defaultCurrency: String? = nil, nonNull: Set<String> = [],
              sourceLocation: SourceLocation = #_sourceLocation) throws -> EvaluationError {
    let tree = try typed(text, nonNull: nonNull, sourceLocation: sourceLocation)
    let context = EvaluationContext(variables: bankVariables.merging(extra) { $1 }, now: clock, defaultCurrency: defaultCurrency)
    expectCompiledAgrees(tree, context, sourceLocation: sourceLocation)
    do {
        let value = try evaluate(tree, in: context)
        Issue.record("expected an evaluation error, got \(value)", sourceLocation: sourceLocation)
        return EvaluationError("", span: 0..<0)
    } catch {
        return error
    }
}

/// A compact rendering of a syntax tree: `(+ a (* b c))`, `(.f recv arg)`, `(. base name)`, `([] list 0)`.
func sexpr(_ syntax: ExpressionSyntax) -> String {
    switch syntax.kind {
    case .literal(let literal):
        switch literal {
        case .bool(let value): return String(value)
        case .int(let value): return String(value)
        case .decimal(let value): return value.description
        case .money(let value): return "<\(value)>"
        case .duration(let milliseconds): return "<\(milliseconds)ms>"
        case .text(let value): return "\"\(value)\""
        case .null: return "null"
        }
    case .name(let name): return name
    case .member(let base, let name, _): return "(. \(sexpr(base)) \(name))"
    case .index(let base, let index): return "([] \(sexpr(base)) \(sexpr(index)))"
    case .call(let name, _, let receiver, let arguments):
        let parts = (receiver.map { [sexpr($0)] } ?? []) + arguments.map(sexpr)
        return "(\(receiver == nil ? "" : ".")\(name)\(parts.isEmpty ? "" : " ")\(parts.joined(separator: " ")))"
    case .unary(let op, let operand): return "(\(op == .not ? "!" : "neg") \(sexpr(operand)))"
    case .binary(let op, let lhs, let rhs): return "(\(op.rawValue) \(sexpr(lhs)) \(sexpr(rhs)))"
    case .conditional(let condition, let then, let otherwise):
        return "(? \(sexpr(condition)) \(sexpr(then)) \(sexpr(otherwise)))"
    case .list(let elements): return "[" + elements.map(sexpr).joined(separator: " ") + "]"
    case .record(let type, _, let fields): return "(\(type){" + fields.map { "\($0.name): \(sexpr($0.value))" }.joined(separator: ", ") + "})"
    case .invalid: return "<invalid>"
    }
}
