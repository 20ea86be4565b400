import Foundation
import FlowExpression
import FlowIR
import FlowSource
import FlowSyntax

extension AppChecker {
    static let fieldKindNames = ["text", "email", "password", "phone", "digits(N)", "date", "money", "decimal", "int",
                                 "choice", "multi_choice", "choice(Enum)", "multi_choice(Enum)", "checkbox", "country"]

    func resolveFieldKind(_ field: FieldSyntax) -> Field.Kind? {
        guard let type = field.type else { return nil }
        switch type.value {
        case "text": return .text
        case "email": return .email
        case "password": return .password
        case "phone": return .phone
        case "date": return .date
        case "money": return .money
        case "decimal": return .decimal
        case "int": return .int
        case "choice": return .choice
        case "multi_choice": return .multiChoice
        case "checkbox": return .checkbox
        case "country": return .country
        default:
            let text = type.value
            if text.hasPrefix("digits(") && text.hasSuffix(")") {
                let inner = text.dropFirst(7).dropLast()
                if let n = Int(inner), n > 0, n <= 64 { return .digits(n) }
            }
            for (prefix, make) in [("choice(", Field.Kind.choiceOf), ("multi_choice(", Field.Kind.multiChoiceOf)]
            where text.hasPrefix(prefix) && text.hasSuffix(")") {
                let name = String(text.dropFirst(prefix.count).dropLast()).trimmingCharacters(in: .whitespaces)
                guard enums[name] != nil else {
                    let notes = closestMatch(to: name, among: enums.keys.sorted()).map { [Diagnostic.Note("did you mean '\($0)'?")] } ?? []
                    let known = enums.isEmpty ? "the app declares no enum types" : "enum types: " + enums.keys.sorted().joined(separator: ", ")
                    error("unknown-type", "'\(name)' in field type '\(text)' is not an enum type of the app (\(known))", at: type.range, notes: notes)
                    return nil
                }
                usedTypes.insert(name)
                return make(name)
            }
            var notes: [Diagnostic.Note] = []
            let aliases = ["digits": "digits(6)", "string": "text", "number": "decimal", "integer": "int", "bool": "checkbox",
                           "boolean": "checkbox", "select": "choice", "dropdown": "choice", "multiselect": "multi_choice",
                           "multi-choice": "multi_choice", "currency": "money", "amount": "money", "tel": "phone"]
            if let alias = aliases[text.lowercased()] {
                notes.append(.init("did you mean '\(alias)'?"))
            } else if let match = closestMatch(to: text, among: Self.fieldKindNames) {
                notes.append(.init("did you mean '\(match)'?"))
            }
            error("invalid-field-type", "field type '\(text)' is not one of: \(Self.fieldKindNames.joined(separator: ", "))", at: type.range, notes: notes)
            return nil
        }
    }

    func resolveField(_ syntax: FieldSyntax, on screen: String, context: ScreenContext) -> Field? {
        guard let kind = resolveFieldKind(syntax) else { return nil }
        let what = "field '\(syntax.name.value)'"
        switch kind {
        case .choice, .multiChoice:
            if syntax.options.isEmpty {
                error("missing-options", "\(what) is a \(kind.name) but lists no 'options'", at: syntax.name.range)
            }
        case .choiceOf(let type), .multiChoiceOf(let type):
            // The options default to every case; listed options choose, order and label some of them.
            let cases = enums[type] ?? []
            for option in syntax.options where !cases.contains(option.value.value) {
                error("unknown-enum-case", "option '\(option.value.value)' of \(what) is not a case of \(type) (\(cases.joined(separator: ", ")))",
                      at: option.value.range,
                      notes: closestMatch(to: option.value.value, among: cases).map { [.init("did you mean '\($0)'?")] } ?? [])
            }
        default:
            if let first = syntax.options.first {
                warning("unused-options", "\(what) is '\(kind.name)', so its 'options' are never shown; use choice or multi_choice", at: first.value.range)
            }
        }
        var seenOptions: Set<String> = []
        for option in syntax.options where !seenOptions.insert(option.value.value).inserted {
            error("duplicate-declaration", "option '\(option.value.value)' is listed twice in \(what)", at: option.value.range)
        }
        if let currency = syntax.currency {
            if case .money = kind {} else {
                warning("ignored-key", "'currency' only applies to money fields", at: currency.range)
            }
            if !isCurrencyCode(currency.value) {
                error("invalid-currency", "currency '\(currency.value)' is not an ISO 4217 code such as GBP, EUR or USD", at: currency.range,
                      notes: currencyNotes(currency.value))
            }
        }
        if let country = syntax.country {
            if case .phone = kind {} else {
                warning("ignored-key", "'country' only applies to phone fields", at: country.range)
            }
            if country.value.unicodeScalars.count != 2 || !country.value.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) {
                error("invalid-value", "country '\(country.value)' must be an ISO 3166 alpha-2 code such as GB or NO", at: country.range)
            }
        }
        // A PIN or keycode left in the form stays in memory, and in every saved snapshot, after its screen is left.
        if syntax.secret == nil, kind != .password, Self.looksLikeASecret(syntax.name.value) {
            warning("unmarked-secret", "\(what) looks like a secret (a PIN, keycode, passcode or password); say 'secret: true' so what is typed is forgotten once the screen is left and never saved, or 'secret: false' if it is not one",
                    at: syntax.name.range)
        }
        if let countryField = syntax.countryField {
            if let other = context.fields.first(where: { $0.name == countryField.value }) {
                // The phone rule reads the country as text (`is_phone(value, form.<country_field>)`).
                if other.type != .text && other.type != .error {
                    error("type-mismatch", "'country_field' names '\(countryField.value)', which holds '\(other.type)'; the phone country is text such as 'GB' (a country, choice or text field)",
                          at: countryField.range)
                }
            } else {
                error("unknown-field", "'country_field' names '\(countryField.value)', which is not a field of screen '\(screen)'", at: countryField.range,
                      notes: closestMatch(to: countryField.value, among: context.fields.map(\.name)).map { [.init("did you mean '\($0)'?")] } ?? [])
            }
        }
        let environment = screenEnvironment(context, event: nil)
        // A null default leaves the field empty, as it is without one.
        let defaultValue = syntax.defaultValue.flatMap { check($0, expected: kind.valueType.asOptional, in: environment, role: "default of field '\(syntax.name.value)'") }
        var rules: [ValidationRule] = []
        var seenMessages: [String: SourceRange] = [:]
        for rule in syntax.rules {
            guard let resolved = resolveRule(rule, field: syntax, kind: kind, context: context) else {
                // Already reported; a scenario expecting its message is not reported again.
                if let message = rule.message { messagesOfBrokenRules.insert(message.value) }
                continue
            }
            guard let message = rule.message else { continue }
            if message.value.allSatisfy(\.isWhitespace) {
                error("empty-message", "rule '\(rule.kind.value)' of \(what) has an empty message; write the text users see", at: message.range)
            }
            // Rules with `when:` apply in different situations, so the same key may appear once per condition.
            let condition = rule.condition.flatMap {
                check($0, expected: .bool, in: screenEnvironment(context, event: nil, extra: ["value": kind.valueType]), role: "condition")
            }
            // Free `check` rules each test their own expression, with their own message.
            if rule.condition == nil && rule.kind.value != "check" {
                if let first = seenMessages[rule.kind.value] {
                    error("duplicate-rule", "\(what) has two '\(rule.kind.value)' rules; merge them", at: rule.kind.range, notes: [.init("first here", at: first)])
                }
                seenMessages[rule.kind.value] = rule.kind.range
            }
            rules.append(ValidationRule(name: rule.kind.value, kind: resolved, message: message.value, range: rule.range, condition: condition,
                                        conditionSource: rule.condition?.text))
        }
        var options = syntax.options.map { Field.Option(value: $0.value.value, label: $0.label?.value) }
        if options.isEmpty, case .choiceOf(let type) = kind { options = (enums[type] ?? []).map { .init(value: $0, label: nil) } }
        if options.isEmpty, case .multiChoiceOf(let type) = kind { options = (enums[type] ?? []).map { .init(value: $0, label: nil) } }
        options = labelledByTheirEnum(options, kind: kind)
        options = translatedOptions(options, of: syntax, on: screen)
        var field = Field(name: syntax.name.value, kind: kind, label: syntax.label?.value, hint: syntax.hint?.value,
                          placeholder: syntax.placeholder?.value, options: options,
                          currency: syntax.currency?.value, country: syntax.country?.value, countryField: syntax.countryField?.value,
                          defaultValue: defaultValue, rules: rules, range: syntax.name.range)
        // Fields may be empty when the condition is read, so `form.<field>` is optional there (`form.amount != null && ...`).
        field.secret = syntax.secret?.value ?? (kind == .password)
        field.personal = syntax.personal?.value ?? false
        field.shownWhen = syntax.shownWhen.flatMap {
            check($0, expected: .bool, in: screenEnvironment(context, event: nil, emptyFieldsVisible: true), role: "condition of field '\(syntax.name.value)'")
        }
        return field
    }

    /// Whether a field's name says it holds a secret: one of its words (`new_pin`, `confirm_keycode`) names one.
    static func looksLikeASecret(_ name: String) -> Bool {
        let secretWords: Set<Substring> = ["pin", "keycode", "passcode", "password", "passphrase", "cvv", "cvc", "otp"]
        return name.lowercased().split(separator: "_").contains { secretWords.contains($0) }
    }

    /// Which field kinds each rule makes sense for; nil means any.
    static func applicableKinds(of rule: String) -> (accepts: (Field.Kind) -> Bool, description: String)? {
        let textual: (Field.Kind) -> Bool = { kind in
            switch kind {
            case .text, .email, .password, .phone, .digits, .country, .choice: true
            default: false
            }
        }
        switch rule {
        case "min_length", "max_length", "length", "pattern", "email", "iban", "bic", "sort_code", "account_number":
            return (textual, "text fields")
        case "phone":
            return ({ if case .phone = $0 { true } else { textual($0) } }, "phone or text fields")
        case "min_age":
            return ({ $0 == .date }, "date fields")
        case "decimal_places":
            return ({ $0 == .money || $0 == .decimal }, "money and decimal fields")
        case "min", "max", "range":
            return ({ [.money, .decimal, .int, .date].contains($0) }, "money, decimal, int and date fields")
        case "one_of", "not_in":
            return ({ textual($0) || $0.isChoice }, "text and choice fields")
        default:
            return nil
        }
    }

    func resolveRule(_ rule: RuleSyntax, field: FieldSyntax, kind: Field.Kind, context: ScreenContext) -> ValidationRule.Kind? {
        let name = rule.kind.value
        if let applicable = Self.applicableKinds(of: name), !applicable.accepts(kind) {
            error("rule-not-applicable", "rule '\(name)' applies to \(applicable.description), but field '\(field.name.value)' is '\(kind.name)'", at: rule.kind.range)
            return nil
        }
        let valueType = kind.valueType
        var environment = screenEnvironment(context, event: nil, extra: ["value": valueType])
        // The rule runs only while its `when:` holds: what that says about null holds in the rule too.
        if let condition = rule.condition { environment.nonNullPaths = guardFacts(condition, when: true) }
        switch (name, rule.argument) {
        case ("required", .flag(let flag)):
            if !flag.value {
                warning("useless-rule", "'required: false' does nothing; a field without a 'required' rule is optional", at: flag.range)
                return nil
            }
            return .required
        case ("email", .flag(let flag)), ("phone", .flag(let flag)), ("iban", .flag(let flag)), ("bic", .flag(let flag)),
             ("sort_code", .flag(let flag)), ("account_number", .flag(let flag)):
            if !flag.value {
                warning("useless-rule", "'\(name): false' does nothing; remove the rule", at: flag.range)
                return nil
            }
            return switch name {
            case "email": .email
            case "phone": .phone
            case "iban": .iban
            case "bic": .bic
            case "sort_code": .sortCode
            default: .accountNumber
            }
        case ("min_length", .integer(let n)): return .minLength(n.value)
        case ("max_length", .integer(let n)): return .maxLength(n.value)
        case ("length", .integer(let n)): return .length(n.value)
        case ("min_age", .integer(let n)): return .minAge(n.value)
        case ("decimal_places", .integer(let n)): return .decimalPlaces(n.value)
        case ("pattern", .text(let pattern)):
            do {
                _ = try NSRegularExpression(pattern: pattern.value)
            } catch {
                self.error("invalid-regex", "pattern '\(pattern.value)' is not a valid regular expression", at: pattern.range)
                return nil
            }
            return .pattern(pattern.value)
        case ("equals_field", .text(let other)):
            guard let otherType = context.fields.first(where: { $0.name == other.value })?.type else {
                error("unknown-field", "'equals_field' names '\(other.value)', which is not a field of this screen", at: other.range,
                      notes: closestMatch(to: other.value, among: context.fields.map(\.name)).map { [.init("did you mean '\($0)'?")] } ?? [])
                return nil
            }
            if other.value == field.name.value {
                error("invalid-value", "field '\(field.name.value)' cannot be compared with itself", at: other.range)
                return nil
            }
            if otherType != valueType && otherType != .error {
                error("type-mismatch", "field '\(field.name.value)' is '\(valueType)' but '\(other.value)' is '\(otherType)'; they can never be equal", at: other.range)
            }
            return .equalsField(other.value)
        case ("one_of", .list(let items)):
            return .oneOf(items.map(\.value))
        case ("not_in", .list(let items)):
            return .notIn(items.map(\.value))
        case ("min", .expression(let source)):
            return check(source, expected: valueType, in: environment).map { .min($0) }
        case ("max", .expression(let source)):
            return check(source, expected: valueType, in: environment).map { .max($0) }
        case ("range", .bounds(let min, let max)):
            if min == nil && max == nil {
                error("missing-key", "'range' needs 'min', 'max' or both", at: rule.kind.range)
                return nil
            }
            let lower = min.flatMap { check($0, expected: valueType, in: environment) }
            let upper = max.flatMap { check($0, expected: valueType, in: environment) }
            return .range(min: lower, max: upper)
        case ("check", .expression(let source)):
            return check(source, expected: .bool, in: environment, role: "check").map { .check($0) }
        default:
            return nil
        }
    }
}
