import FlowExpression

/// Lowers the declared rules of one field to the checks both back ends run (see ``FieldCheck``).
///
/// The only place a rule key gets its meaning: the interpreter compiles the result and the generator
/// translates it, neither reads `ValidationRule.Kind`. Library rules call the same functions a
/// `check:` expression would (`is_uk_account_number(value)`), so a rule and the expression written
/// out by hand cannot differ.
/// - Parameters:
///   - field: The field whose `rules` are lowered.
///   - formFields: The fields of its screen, which `form.<name>` reads (the phone rule's `country_field`).
/// - Returns: The checks in declaration order; a `range` gives its lower bound, then its upper.
public func lowerFieldRules(of field: Field, formFields: [Field]) -> [FieldCheck] {
    let valueType = field.kind.valueType
    func node(_ type: ValueType, _ kind: TypedExpression.Kind) -> TypedExpression { TypedExpression(type: type, span: 0..<0, kind: kind) }
    let value = node(valueType, .variable("value"))
    func call(_ function: BuiltinFunction, _ arguments: [TypedExpression], type: ValueType = .bool) -> TypedExpression {
        node(type, .call(function: function, arguments: arguments))
    }
    func compared(_ op: BinaryOperator, _ lhs: TypedExpression, _ bound: Int) -> TypedExpression {
        node(.bool, .binary(op, lhs, node(.int, .literal(.int(bound)))))
    }
    var phoneCountry: TypedExpression {
        if let name = field.countryField, let other = formFields.first(where: { $0.name == name }) {
            let formType = ValueType.record("form")
            return node(other.kind.valueType, .member(node(formType, .variable("form")), name))
        }
        return node(.text, .literal(.text(field.country ?? "GB")))
    }
    var checks: [FieldCheck] = []
    for rule in field.rules {
        var tests: [FieldCheck.Test] = []
        switch rule.kind {
        case .required: tests = [.filled]
        case .minLength(let n): tests = [.textLength(min: n, max: nil)]
        case .maxLength(let n): tests = [.textLength(min: nil, max: n)]
        case .length(let n): tests = [.textLength(min: n, max: n)]
        case .pattern(let pattern): tests = [.pattern(pattern)]
        case .email: tests = [.holds(call(.isEmail, [value]))]
        case .phone: tests = [.holds(call(.isPhone, [value, phoneCountry]))]
        case .iban: tests = [.holds(call(.isIBAN, [value]))]
        case .bic: tests = [.holds(call(.isBIC, [value]))]
        case .sortCode: tests = [.holds(call(.isSortCode, [value]))]
        case .accountNumber: tests = [.holds(call(.isUKAccountNumber, [value]))]
        case .minAge(let years): tests = [.holds(compared(.greaterOrEqual, call(.age, [value], type: .int), years))]
        case .decimalPlaces(let places): tests = [.holds(compared(.lessOrEqual, call(.decimalPlaces, [value], type: .int), places))]
        case .min(let bound): tests = [.atLeast(bound)]
        case .max(let bound): tests = [.atMost(bound)]
        case .range(let lower, let upper): tests = (lower.map { [.atLeast($0)] } ?? []) + (upper.map { [.atMost($0)] } ?? [])
        case .oneOf(let values): tests = [.oneOf(values)]
        case .notIn(let values): tests = [.noneOf(values)]
        case .equalsField(let other): tests = [.sameInput(asField: other)]
        case .check(let expression): tests = [.holds(expression)]
        }
        checks += tests.map { FieldCheck(rule: rule.name, message: rule.message, test: $0, condition: rule.condition) }
    }
    return checks
}

extension Screen {
    /// Lowers the rules of every field of the screen (after the rules were checked or edited).
    public mutating func lowerFieldRules() {
        let formFields = fields
        for index in fields.indices {
            fields[index].checks = FlowIR.lowerFieldRules(of: fields[index], formFields: formFields)
        }
    }
}

extension App {
    /// Lowers the rules of every field of every screen.
    public mutating func lowerFieldRules() {
        for index in screens.indices { screens[index].lowerFieldRules() }
    }
}
