import Foundation
import FlowExpression
import FlowIR

/// A validation rule made ready to run: a lowered `FieldCheck` with its expressions compiled.
struct CompiledRule: Sendable {
    enum Check: Sendable {
        case required
        case length(min: Int?, max: Int?)
        /// Matched by FlowMachine's `matchesWhole`, the function generated validators call: one matcher, one cache.
        case pattern(String)
        case expression(RuntimeExpression)
        case bound(RuntimeExpression, isMinimum: Bool)
        case oneOf(Set<String>), notIn(Set<String>)
        case equalsField(String)
    }
    var name: String
    var message: String
    var check: Check
    /// `when:` of the rule: it applies only while this holds.
    var condition: RuntimeExpression? = nil
    /// The message in the current locale, when the app translates it.
    var localisedMessage: RuntimeExpression? = nil
}

/// One field's rules, made ready to run.
struct FieldRules: Sendable {
    var field: Field
    var rules: [CompiledRule]
}

/// Compiles the checks of one screen's fields: the rules as the checker lowered them (`Field.checks`),
/// with their expressions compiled like any other.
func compileRules(for screen: Screen, compiler: ExpressionCompiler) -> [FieldRules] {
    screen.fields.map { field in
        let rules = field.checks.compactMap { check -> CompiledRule? in
            let compiled: CompiledRule.Check
            switch check.test {
            case .filled: compiled = .required
            case .textLength(let min, let max): compiled = .length(min: min, max: max)
            case .pattern(let pattern): compiled = .pattern(pattern)
            case .holds(let expression): compiled = .expression(compiler.compile(expression))
            case .atLeast(let bound): compiled = .bound(compiler.compile(bound), isMinimum: true)
            case .atMost(let bound): compiled = .bound(compiler.compile(bound), isMinimum: false)
            case .oneOf(let values): compiled = .oneOf(Set(values))
            case .noneOf(let values): compiled = .notIn(Set(values))
            case .sameInput(let other): compiled = .equalsField(other)
            }
            var rule = CompiledRule(name: check.rule, message: check.message, check: compiled, condition: check.condition.map(compiler.compile))
            rule.localisedMessage = check.localisedMessage.map(compiler.compile)
            return rule
        }
        return FieldRules(field: field, rules: rules)
    }
}

/// Orders two values of one comparable type (numbers, money of one currency, dates, times, durations, text).
func compare(_ lhs: Value, _ rhs: Value) -> ComparisonResult? {
    func order<T: Comparable>(_ a: T, _ b: T) -> ComparisonResult { a < b ? .orderedAscending : (a > b ? .orderedDescending : .orderedSame) }
    switch (lhs, rhs) {
    case (.int(let a), .int(let b)): return order(a, b)
    case (.int(let a), .decimal(let b)): return order(Decimal(a), b)
    case (.decimal(let a), .int(let b)): return order(a, Decimal(b))
    case (.decimal(let a), .decimal(let b)): return order(a, b)
    case (.money(let a), .money(let b)) where a.currency == b.currency: return order(a.amount, b.amount)
    case (.date(let a), .date(let b)): return order(a, b)
    case (.timestamp(let a), .timestamp(let b)): return order(a, b)
    case (.duration(let a), .duration(let b)): return order(a, b)
    case (.text(let a), .text(let b)): return order(a, b)
    default: return nil
    }
}
