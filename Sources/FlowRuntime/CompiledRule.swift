import Foundation
import FlowExpression
import FlowIR

/// A validation rule made ready to run: library checks become typed expressions once, at start.
struct CompiledRule: Sendable {
    enum Check: Sendable {
        case required
        case length(min: Int?, max: Int?)
        case pattern(NSRegularExpressionBox)
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
}

/// `NSRegularExpression` is thread-safe for matching; the box lets it travel in `Sendable` values.
struct NSRegularExpressionBox: @unchecked Sendable {
    let regex: NSRegularExpression

    func matchesWhole(_ text: String) -> Bool {
        let range = NSRange(text.startIndex..., in: text)
        guard let match = regex.firstMatch(in: text, options: [.anchored], range: range) else { return false }
        return match.range.location == 0 && match.range.length == range.length
    }
}

extension App {
    /// The types every expression of this app sees, plus extra top-level names.
    func typeEnvironment(extra: [String: ValueType] = [:], extraRecords: [String: [(name: String, type: ValueType)]] = [:]) -> TypeEnvironment {
        var variables: [String: ValueType] = [:]
        for variable in state { variables[variable.name] = variable.type }
        for value in derived { variables[value.name] = value.type }
        for (name, type) in extra { variables[name] = type }
        var records: [String: [(name: String, type: ValueType)]] = [:]
        var enums: [String: [String]] = [:]
        for type in types {
            switch type.kind {
            case .enumeration(let cases): enums[type.name] = cases
            case .record(let fields): records[type.name] = fields.map { ($0.name, $0.type) }
            }
        }
        for (name, fields) in extraRecords { records[name] = fields }
        return TypeEnvironment(variables: variables, records: records, enums: enums)
    }
}

/// One field's rules, made ready to run.
struct FieldRules: Sendable {
    var field: Field
    var rules: [CompiledRule]
    /// While false the field is not shown: it is not validated and cannot be filled.
    var shownWhen: RuntimeExpression?
}

/// Compiles the rules of one screen's fields. Library checks are written as expressions over
/// `value` (`is_iban(value)`), type-checked once here, then compiled like any other expression.
func compileRules(for screen: Screen, in app: App, compiler: ExpressionCompiler) -> [FieldRules] {
    let formFields = screen.fields.map { (name: $0.name, type: $0.kind.valueType) }
    var result: [FieldRules] = []
    for field in screen.fields {
        let environment = app.typeEnvironment(extra: ["value": field.kind.valueType, "form": .record("form")], extraRecords: ["form": formFields])
        func library(_ text: String) -> CompiledRule.Check? {
            let (typed, problems) = checkExpression(text, expected: .bool, in: environment)
            return problems.isEmpty ? typed.map { .expression(compiler.compile($0)) } : nil
        }
        let country: String = if let countryField = field.countryField { "form.\(countryField)" } else { "'\(field.country ?? "GB")'" }
        var rules: [CompiledRule] = []
        for rule in field.rules {
            let check: CompiledRule.Check?
            switch rule.kind {
            case .required: check = .required
            case .minLength(let n): check = .length(min: n, max: nil)
            case .maxLength(let n): check = .length(min: nil, max: n)
            case .length(let n): check = .length(min: n, max: n)
            case .pattern(let pattern): check = (try? NSRegularExpression(pattern: pattern)).map { .pattern(NSRegularExpressionBox(regex: $0)) }
            case .email: check = library("is_email(value)")
            case .phone: check = library("is_phone(value, \(country))")
            case .iban: check = library("is_iban(value)")
            case .bic: check = library("is_bic(value)")
            case .sortCode: check = library("is_sort_code(value)")
            case .accountNumber: check = library("is_uk_account_number(value)")
            case .minAge(let years): check = library("age(value) >= \(years)")
            case .decimalPlaces(let places): check = library("decimal_places(value) <= \(places)")
            case .min(let bound): check = .bound(compiler.compile(bound), isMinimum: true)
            case .max(let bound): check = .bound(compiler.compile(bound), isMinimum: false)
            case .range(let lower, let upper):
                if let lower {
                    rules.append(CompiledRule(name: rule.name, message: rule.message, check: .bound(compiler.compile(lower), isMinimum: true),
                                              condition: rule.condition.map(compiler.compile)))
                }
                check = upper.map { .bound(compiler.compile($0), isMinimum: false) }
            case .oneOf(let values): check = .oneOf(Set(values))
            case .notIn(let values): check = .notIn(Set(values))
            case .equalsField(let other): check = .equalsField(other)
            case .check(let expression): check = .expression(compiler.compile(expression))
            }
            if let check {
                rules.append(CompiledRule(name: rule.name, message: rule.message, check: check, condition: rule.condition.map(compiler.compile)))
            }
        }
        result.append(FieldRules(field: field, rules: rules, shownWhen: field.shownWhen.map(compiler.compile)))
    }
    return result
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
