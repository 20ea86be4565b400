/// Parses and type-checks an expression in one go.
///
/// `expected`, when given, is checked too (a `bool` guard, a `money` initial value). Where
/// `expected` is an enum, a bare name that is one of its cases is that case, and a text literal is
/// an error: `text-for-enum` with the case to write (`Plan.premium`) when it names one, else
/// `unknown-enum-case` with a did-you-mean; the same holds for a text literal compared with an enum
/// by `==`, `!=` or `in`. A `T?` where `T` is expected
/// is `optional-to-required` (write `x ?? fallback`); `null` is accepted where `T?` is expected; an `int`
/// is promoted where a `decimal` is expected.
///
/// Returns the typed tree only when there are no diagnostics. An unresolved name has type
/// `.error`, compatible with everything, so one mistake yields one diagnostic.
///
/// ```swift
/// let (guardExpression, diagnostics) = checkExpression("plan == 'plus' && balance >= 0 GBP", expected: .bool, in: environment)
/// ```
public func checkExpression(_ text: String, expected: ValueType?, in environment: TypeEnvironment)
    -> (TypedExpression?, [ExpressionDiagnostic])
{
    checkExpression(text, expected: expected, role: "expression", in: environment)
}

/// Like ``checkExpression(_:expected:in:)``, naming what the expression is in the message
/// for a wrong type: with `role: "guard"`, `balance` gives `guard must be 'bool', found 'money'`.
///
/// - Parameters:
///   - text: The expression as written.
///   - expected: The type the place needs, or nil for any type.
///   - role: What the expression is, as a message starts: `guard`, `initial value of 'balance'`, `check`.
///   - environment: What names mean here.
public func checkExpression(_ text: String, expected: ValueType?, role: String, in environment: TypeEnvironment)
    -> (TypedExpression?, [ExpressionDiagnostic])
{
    let (syntax, syntaxDiagnostics) = parseExpression(text)
    guard let syntax else { return (nil, syntaxDiagnostics) }
    return checkExpression(syntax, source: text, expected: expected, role: role, in: environment)
}

/// Type-checks an already parsed expression; `source` is its text, quoted in hints.
public func checkExpression(
    _ syntax: ExpressionSyntax, source: String, expected: ValueType?, role: String = "expression",
    in environment: TypeEnvironment
) -> (TypedExpression?, [ExpressionDiagnostic]) {
    var checker = ExpressionChecker(environment: environment, source: source)
    var typed = checker.check(syntax, hint: expected.map(environment.resolved))
    if let expected {
        typed = checker.conform(typed, to: environment.resolved(expected), role: role)
    }
    if checker.diagnostics.isEmpty {
        reportUnroundedMoney(typed, insideRounding: false, checker: &checker)
    }
    if checker.diagnostics.isEmpty, expected != .error, let untyped = firstUntyped(typed) {
        // Every `.error` type should come with a diagnostic; this catches the rest (such as `[][0]`).
        checker.report(ExpressionDiagnosticCode.typeMismatch, "cannot tell the type of '\(checker.quotable(untyped.span))'",
                       at: untyped.span)
    }
    let diagnostics = checker.diagnostics.sorted { ($0.span.lowerBound, $0.code) < ($1.span.lowerBound, $1.code) }
    return (diagnostics.isEmpty ? typed : nil, diagnostics)
}

/// The innermost-first node typed `.error`, if any.
private func firstUntyped(_ expression: TypedExpression) -> TypedExpression? {
    for child in expression.children {
        if let found = firstUntyped(child) { return found }
    }
    return expression.type == .error ? expression : nil
}

/// Money times a decimal or divided by anything can be finer than its currency's minor unit
/// (`10.01 GBP * 0.70` is 7.007 GBP): such an expression must sit inside `round`, `round_up` or
/// `allocate`, which say how the fraction of a penny goes. Money times a whole number stays exact.
private func reportUnroundedMoney(_ expression: TypedExpression, insideRounding: Bool, checker: inout ExpressionChecker) {
    switch expression.kind {
    case .call(let function, let arguments) where function == .round || function == .roundUp || function == .allocate:
        for (index, argument) in arguments.enumerated() {
            reportUnroundedMoney(argument, insideRounding: insideRounding || index == 0, checker: &checker)
        }
        return
    case .binary(let op, let lhs, let rhs) where (op == .multiply || op == .divide) && expression.type.nonOptional == .money:
        let byWholeNumber = op == .multiply && (lhs.type.nonOptional == .int || rhs.type.nonOptional == .int)
        if !insideRounding && !byWholeNumber {
            let text = checker.quotable(expression.span)
            checker.report(ExpressionDiagnosticCode.unroundedMoney,
                           "money \(op == .multiply ? "times a decimal" : "divided by a number") can be finer than its currency's minor unit; say how to round it",
                           at: expression.span,
                           notes: ["write round(\(text)) to round half-even to the minor unit, round(\(text), places, 'half_up'|'down'|'up') for another rule, or allocate(...) to split an amount exactly"])
        }
    default:
        break
    }
    for child in expression.children {
        reportUnroundedMoney(child, insideRounding: insideRounding, checker: &checker)
    }
}

