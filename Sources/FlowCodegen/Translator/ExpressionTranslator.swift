import FlowExpression
import FlowIR
import Foundation

/// A translated expression: its Swift form and what a statement around it must know.
struct TranslatedExpression {
    var code: SwiftExpression
    /// Whether evaluating it can throw (`try` is needed).
    var throwing: Bool
    /// Whether it can be nil at run time even when the flow's type says otherwise (an empty date field).
    var nullable: Bool
    var type: ValueType
}

/// What names mean where an expression sits: the screen's form, the event's payload, a validator's `value`.
struct ExpressionScope {
    /// The fields of the screen the expression belongs to, by name.
    var form: [String: (offset: Int, field: Field)] = [:]
    /// The event whose payload `event.<name>` reads, when it is known.
    var event: EventDeclaration?
    /// The type of `value` inside a validation rule.
    var valueType: ValueType?
    /// Macro variables in scope.
    var locals: Set<String> = []
}

/// Translates checked expressions of one app to Swift expressions over the generated types.
///
/// Arithmetic goes through the support library's checked helpers (`add`, `subtract`...) so an
/// overflow or a currency mismatch stops the run as the interpreter does, instead of trapping.
struct ExpressionTranslator {
    let app: App
    let names: AppNames
    /// Support units the translated code calls.
    /// Payload fields the translated code read (`event.<name>`), reset per function.
    var readPayload: Set<String> = []
    /// Form fields the translated code read, by offset (for a comment naming them), reset per statement.
    var readForm: [Int: String] = [:]
    /// Money and decimal literals the translated code reads, by their name in `<App>Constants`: each is built once
    /// (parsing `"4.99"` into a `Decimal` on every read would cost a parse per guard or action).
    var constants: [String: SwiftExpression] = [:]

    /// Keyed texts shown inside larger expressions (labels in values, row texts, `when:` texts), by the expression
    /// they sit there as: each is looked up by its key where it occurs.
    let shownInside: [TypedExpression: [LocalisedText]]
    /// The keyed text being put together, whose own value (a text that is just `{x}`) is translated as it is.
    var puttingIn: TypedExpression?
    /// The key of the text being translated (`STEP-13.error`, a label's `Bank.barclays`): where two texts read as the
    /// same expression (a component's text on several screens), the one with this key is looked up.
    var translatingKey: String?

    init(app: App, names: AppNames) {
        self.app = app
        self.names = names
        shownInside = Dictionary(grouping: app.localisation.shownInside, by: \.value)
    }

    // MARK: Entry points

    /// A value of `expected` type (nil-tolerant when `acceptsNull`).
    mutating func value(_ expression: TypedExpression, scope: ExpressionScope, acceptsNull: Bool = false) -> TranslatedExpression {
        let translated = translate(expression, scope)
        return acceptsNull ? translated : need(translated, describe(expression))
    }

    /// The statement-level form: `try` in front when anything inside throws.
    static func wrap(_ translated: TranslatedExpression) -> SwiftExpression {
        translated.throwing ? .try(translated.code) : translated.code
    }

    // MARK: Nodes

    mutating func translate(_ expression: TypedExpression, _ scope: ExpressionScope) -> TranslatedExpression {
        let type = expression.type
        if type == .text, translatingKey != nil, expression != puttingIn, let candidates = shownInside[expression],
           let keyed = keyedText(Self.chosen(candidates, key: translatingKey), showing: expression, scope: scope) {
            return keyed
        }
        switch expression.kind {
        case .literal(let value):
            return TranslatedExpression(code: literal(value, type: type), throwing: false, nullable: value == .null, type: type)
        case .variable(let name):
            if app.state.contains(where: { $0.name == name }) {
                let variable = app.state.first { $0.name == name }
                let storedOptional = variable.map { names.isStoredOptional($0.type) } ?? false
                return TranslatedExpression(code: .member(.id("state"), Naming.member(name)), throwing: false, nullable: storedOptional, type: type)
            }
            if app.derived.contains(where: { $0.name == name }) {
                // Nullable as declared: a guard may have narrowed the type, not the Swift value.
                let declared = app.derived.first { $0.name == name }?.type.isNullable ?? type.isNullable
                return TranslatedExpression(code: .call(.id(names.derivedComputeFunction(name)), []), throwing: true, nullable: declared, type: type)
            }
            if name == "value", scope.valueType != nil {
                return TranslatedExpression(code: .id("value"), throwing: false, nullable: false, type: type)
            }
            return unsupported("the variable '\(name)'", type: type)
        case .local(let name):
            return TranslatedExpression(code: .id(Naming.member(name)), throwing: false, nullable: type.isNullable, type: type)
        case .member(let base, let name):
            if case .variable("form") = base.kind {
                guard let entry = scope.form[name] else { return unsupported("form.\(name)", type: type) }
                readForm[entry.offset] = name
                return formValue(entry.offset, entry.field)
            }
            if case .variable("event") = base.kind {
                guard let event = scope.event, event.payload.contains(where: { $0.name == name }) else {
                    return unsupported("event.\(name) here", type: type)
                }
                readPayload.insert(name)
                let declared = event.payload.first { $0.name == name }?.type.isNullable ?? type.isNullable
                return TranslatedExpression(code: .id(Self.payloadName(name)), throwing: false, nullable: declared, type: type)
            }
            let record = need(translate(base, scope), describe(base))
            var storedOptional = type.isNullable
            if case .record(let recordName) = base.type.nonOptional,
               let declaration = app.types.first(where: { $0.name == recordName }), case .record(let fields) = declaration.kind,
               let field = fields.first(where: { $0.name == name }) {
                storedOptional = names.isStoredOptional(field.type)
            }
            return TranslatedExpression(code: .member(record.code, Naming.member(name)), throwing: record.throwing, nullable: storedOptional, type: type)
        case .index(let base, let index):
            let list = need(translate(base, scope), describe(base))
            let position = need(translate(index, scope), describe(index))
            return call("element", [list, position], type: type, throwing: true)
        case .unary(let op, let operand):
            let value = need(translate(operand, scope), describe(operand))
            switch op {
            case .not: return TranslatedExpression(code: .prefix("!", value.code), throwing: value.throwing, nullable: false, type: type)
            case .negate:
                if operand.type.nonOptional == .decimal || operand.type.nonOptional == .money {
                    return call("negate", [value], type: type, throwing: value.throwing)
                }
                return call("negate", [value], type: type, throwing: true)
            }
        case .binary(let op, let lhs, let rhs):
            return binary(op, lhs, rhs, type: type, scope)
        case .conditional(let condition, let then, let otherwise):
            let test = need(translate(condition, scope), describe(condition))
            // `x == Bank.barclays ? <label> : …` (an enum value shown by its label): the label keyed `Bank.barclays`.
            let outerKey = translatingKey
            // Only inside a shown text: an analytics property or a call argument keeps the flows' words, which a
            // host's display wording must not change.
            if outerKey != nil, case .binary(.equal, _, let item) = condition.kind, case .enumCase(let typeName, let name) = item.kind {
                translatingKey = "\(typeName).\(name)"
            }
            let a = translate(then, scope)
            translatingKey = outerKey
            let b = translate(otherwise, scope)
            return TranslatedExpression(code: .ternary(test.code, a.code, b.code), throwing: test.throwing || a.throwing || b.throwing,
                                        nullable: a.nullable || b.nullable, type: type)
        case .list(let elements):
            let values = elements.map { need(translate($0, scope), describe($0)) }
            return TranslatedExpression(code: .array(values.map(\.code)), throwing: values.contains(where: \.throwing), nullable: false, type: type)
        case .record(let recordName, let fields):
            return recordLiteral(recordName, fields, type: type, scope)
        case .call(let function, let arguments):
            return builtin(function, arguments, type: type, scope)
        case .macro(let macro, let listExpression, let variable, let body, let filter):
            return self.macro(macro, listExpression, variable, body, filter, type: type, scope)
        case .enumCase(let typeName, let name):
            return TranslatedExpression(code: .member(.id(names.typeName(typeName)), names.enumCase(type: typeName, value: name)), throwing: false, nullable: false, type: type)
        case .regexMatch(let text, let regex):
            let value = need(translate(text, scope), describe(text))
            return call("matches", [value, plain(.string(regex.pattern))], type: type, throwing: true)
        }
    }

    /// A form field's value, converted from what was typed as the interpreter does.
    func formValue(_ offset: Int, _ field: Field) -> TranslatedExpression {
        let input = SwiftExpression.call(.id("formInput"), [SwiftArgument(nil, .int(offset))])
        let type = field.kind.valueType
        switch field.kind {
        case .multiChoice: return TranslatedExpression(code: .call(.id("listValue"), [SwiftArgument(nil, input)]), throwing: false, nullable: false, type: type)
        case .choiceOf, .multiChoiceOf: return TranslatedExpression(code: formValueOf(input, field), throwing: false, nullable: field.kind == .choiceOf(enumName(field)), type: type)
        case .checkbox: return TranslatedExpression(code: .call(.id("boolValue"), [SwiftArgument(nil, input)]), throwing: false, nullable: false, type: type)
        case .date: return TranslatedExpression(code: .call(.id("dateValue"), [SwiftArgument(nil, input)]), throwing: false, nullable: true, type: type)
        case .money:
            return TranslatedExpression(code: .call(.id("moneyValue"), [SwiftArgument(nil, input), SwiftArgument("currency", .string(field.currency ?? app.currency))]),
                                        throwing: false, nullable: true, type: type)
        case .decimal: return TranslatedExpression(code: .call(.id("decimalValue"), [SwiftArgument(nil, input)]), throwing: false, nullable: true, type: type)
        case .int: return TranslatedExpression(code: .call(.id("intValue"), [SwiftArgument(nil, input)]), throwing: false, nullable: true, type: type)
        default: return TranslatedExpression(code: .call(.id("textValue"), [SwiftArgument(nil, input)]), throwing: false, nullable: false, type: type)
        }
    }

    static func payloadName(_ field: String) -> String {
        let member = Naming.member(field).replacingOccurrences(of: "`", with: "")
        return "event" + (member.first.map { $0.uppercased() + member.dropFirst() } ?? "")
    }

    // MARK: Operators

    /// The answer of `x == null` / `x != null` when `x` can never be nil in Swift (a text field reads as "" when
    /// empty): Swift warns about comparing a non-optional with nil, and the answer is known. Nil only when the
    /// comparison must run (the value is optional, or reading it can throw).
    func comparisonWithNull(_ op: BinaryOperator, _ lhs: TypedExpression, _ a: TranslatedExpression,
                            _ rhs: TypedExpression, _ b: TranslatedExpression) -> Bool? {
        func isNullLiteral(_ expression: TypedExpression) -> Bool {
            if case .literal(.null) = expression.kind { return true }
            return false
        }
        let other: TranslatedExpression
        if isNullLiteral(rhs) { other = a } else if isNullLiteral(lhs) { other = b } else { return nil }
        guard !other.nullable, !other.throwing else { return nil }
        return op == .notEqual
    }

    mutating func binary(_ op: BinaryOperator, _ lhs: TypedExpression, _ rhs: TypedExpression, type: ValueType,
                         _ scope: ExpressionScope) -> TranslatedExpression {
        switch op {
        case .coalesce:
            let a = translate(lhs, scope)
            let b = translate(rhs, scope)
            guard a.nullable else { return a }
            return TranslatedExpression(code: .parenthesized(.binary("??", a.code, b.code)), throwing: a.throwing || b.throwing,
                                        nullable: b.nullable, type: type)
        case .and, .or:
            let a = need(translate(lhs, scope), describe(lhs))
            let b = need(translate(rhs, scope), describe(rhs))
            return TranslatedExpression(code: .binary(op == .and ? "&&" : "||", a.code, b.code), throwing: a.throwing || b.throwing, nullable: false, type: type)
        case .equal, .notEqual:
            let a = translate(lhs, scope)
            let b = translate(rhs, scope)
            if lhs.type.nonOptional == .money && rhs.type.nonOptional == .money {
                // Amounts in two currencies cannot be compared, as in the interpreter.
                let same = SwiftExpression.call(.id("sameMoney"), [SwiftArgument(nil, a.code), SwiftArgument(nil, b.code)])
                return TranslatedExpression(code: op == .equal ? same : .prefix("!", .parenthesized(same)), throwing: true, nullable: false, type: type)
            }
            if let answer = comparisonWithNull(op, lhs, a, rhs, b) {
                return TranslatedExpression(code: .id(answer ? "true" : "false"), throwing: false, nullable: false, type: type)
            }
            return TranslatedExpression(code: .binary(op.rawValue, a.code, b.code), throwing: a.throwing || b.throwing, nullable: false, type: type)
        case .in:
            let a = translate(lhs, scope)
            let b = need(translate(rhs, scope), describe(rhs))
            return TranslatedExpression(code: .call(.id("isIn"), [SwiftArgument(nil, a.code), SwiftArgument(nil, b.code)]),
                                        throwing: a.throwing || b.throwing, nullable: false, type: type)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            let a = need(translate(lhs, scope), describe(lhs))
            let b = need(translate(rhs, scope), describe(rhs))
            if lhs.type.nonOptional == .money {
                let order = call("compare", [a, b], type: .int, throwing: true)
                return TranslatedExpression(code: .binary(op.rawValue, order.code, .int(0)), throwing: true, nullable: false, type: type)
            }
            return TranslatedExpression(code: .binary(op.rawValue, a.code, b.code), throwing: a.throwing || b.throwing, nullable: false, type: type)
        case .add, .subtract, .multiply, .divide, .remainder:
            let a = need(translate(lhs, scope), describe(lhs))
            let b = need(translate(rhs, scope), describe(rhs))
            switch (lhs.type.nonOptional, op) {
            case (.text, .add), (.list, .add):
                return TranslatedExpression(code: .binary("+", a.code, b.code), throwing: a.throwing || b.throwing, nullable: false, type: type)
            case (.duration, .divide) where rhs.type.nonOptional == .duration:
                // Their exact ratio as a decimal, as the interpreter computes it (days left / days in the cycle),
                // never a whole-number division of milliseconds.
                return call("durationRatio", [a, b], type: type, throwing: true)
            default:
                let name = switch op {
                case .add: "add"
                case .subtract: "subtract"
                case .multiply: "multiply"
                case .divide: "divide"
                default: "remainder"
                }
                return call(name, [a, b], type: type, throwing: true)
            }
        }
    }

    // MARK: Functions

    mutating func builtin(_ function: BuiltinFunction, _ arguments: [TypedExpression], type: ValueType,
                          _ scope: ExpressionScope) -> TranslatedExpression {
        // `string(x)` passes a null through, as the interpreter's conversions do.
        if function == .string, let argument = arguments.first {
            let raw = translate(argument, scope)
            if raw.nullable {
                let each = SwiftClosure(parameters: [], body: [.expression(names.describing(.id("$0"), argument.type.nonOptional, quoted: false, stored: false))])
                return TranslatedExpression(code: .call(.member(raw.code, "map"), [], trailingClosure: each),
                                            throwing: raw.throwing, nullable: true, type: type)
            }
        }
        // `int(x)` and `decimal(x)` of a null are null too (the interpreter's conversions).
        if function == .int || function == .decimal, let argument = arguments.first {
            let raw = translate(argument, scope)
            if raw.nullable {
                let from = argument.type.nonOptional
                let converted: SwiftExpression? = switch (function, from) {
                case (.int, .int), (.decimal, .decimal): nil
                case (.int, .decimal): .try(.call(.id("truncatedInt"), [SwiftArgument(nil, .id("$0"))]))
                case (.int, _): .try(.call(.id("parseInt"), [SwiftArgument(nil, .id("$0"))]))
                case (.decimal, .int): .call(.id("Decimal"), [SwiftArgument(nil, .id("$0"))])
                default: .try(.call(.id("parseDecimal"), [SwiftArgument(nil, .id("$0"))]))
                }
                guard let converted else { return TranslatedExpression(code: raw.code, throwing: raw.throwing, nullable: true, type: type) }
                return TranslatedExpression(code: .call(.member(raw.code, "map"), [], trailingClosure: SwiftClosure(parameters: [], body: [.expression(converted)])),
                                            throwing: true, nullable: true, type: type)
            }
        }
        let values = arguments.map { need(translate($0, scope), describe($0)) }
        func first() -> TranslatedExpression { values[0] }
        func member(_ name: String) -> TranslatedExpression {
            TranslatedExpression(code: .member(values[0].code, name), throwing: values[0].throwing, nullable: false, type: type)
        }
        func method(_ name: String) -> TranslatedExpression {
            TranslatedExpression(code: .call(.member(values[0].code, name), values.dropFirst().map { SwiftArgument(nil, $0.code) }),
                                 throwing: values.contains(where: \.throwing), nullable: false, type: type)
        }
        let argumentType = arguments.first?.type.nonOptional ?? .error
        switch function {
        case .size: return member("count")
        case .matches:
            return call("matches", values, type: type, throwing: true)
        case .contains:
            if case .list = argumentType { return method("contains") }
            return call("textContains", values, type: type, throwing: false)
        case .startsWith: return method("hasPrefix")
        case .endsWith: return method("hasSuffix")
        case .lower: return method("lowercased")
        case .upper: return method("uppercased")
        case .trim: return call("trimmed", values, type: type, throwing: false)
        case .sum:
            if case .list(let element) = argumentType, element.nonOptional == .money {
                var result = call("sum", values, type: type, throwing: true)
                result.code = .call(.id("sum"), [SwiftArgument(nil, values[0].code), SwiftArgument("currency", .string(app.currency))])
                return result
            }
            return call("sum", values, type: type, throwing: true)
        case .min, .max:
            let name = function == .min ? "minimum" : "maximum"
            if values.count == 1 { return call(name, values, type: type, throwing: true) }
            let list = TranslatedExpression(code: .array(values.map(\.code)), throwing: values.contains(where: \.throwing), nullable: false, type: .list(type))
            return call(name, [list], type: type, throwing: true)
        case .abs:
            return call("absolute", values, type: type, throwing: argumentType == .int || argumentType == .duration || values[0].throwing)
        case .isEmail:
            return call("isEmail", values, type: type, throwing: false)
        case .isPhone:
            return call("isPhone", values, type: type, throwing: false)
        case .e164:
            return call("e164", values, type: type, throwing: true)
        case .dialCode:
            return call("dialCode", values, type: type, throwing: true)
        case .isIBAN:
            return call("isIBAN", values, type: type, throwing: false)
        case .isBIC:
            return call("isBIC", values, type: type, throwing: false)
        case .isSortCode:
            return call("isSortCode", values, type: type, throwing: false)
        case .isUKAccountNumber:
            return call("isDigits", values + [plain(.int(8))], type: type, throwing: false)
        case .isDigits:
            return call("isDigits", values, type: type, throwing: false)
        case .isSequence:
            return call("isSequence", values, type: type, throwing: false)
        case .addWorkingDays:
            return call("addWorkingDays", values, type: type, throwing: true)
        case .age:
            let day = values.count > 1 ? values[1] : today()
            let result = SwiftExpression.call(.id("age"), [SwiftArgument(nil, values[0].code), SwiftArgument("on", day.code)])
            return TranslatedExpression(code: result, throwing: values[0].throwing || day.throwing, nullable: false, type: type)
        case .decimalPlaces:
            return call("decimalPlaces", values, type: type, throwing: false)
        case .round:
            return call("round", values, type: type, throwing: true)
        case .roundUp:
            return call("roundUp", values, type: type, throwing: true)
        case .convert:
            return call("convert", values, type: type, throwing: true)
        case .symbol:
            return call("currencySymbol", values, type: type, throwing: false)
        case .allocate:
            return call("allocate", values, type: type, throwing: true)
        case .money:
            return call("makeMoney", values, type: type, throwing: true)
        case .amount: return member("amount")
        case .currency: return member("currency")
        case .now: return TranslatedExpression(code: .id("now"), throwing: false, nullable: false, type: type)
        case .today: return today()
        case .date:
            if argumentType == .timestamp { return call("calendarDay", values, type: type, throwing: true) }
            return call("parseDate", values, type: type, throwing: true)
        case .timestamp: return call("parseTimestamp", values, type: type, throwing: true)
        case .year, .month, .day:
            let property = function == .year ? "year" : function == .month ? "month" : "day"
            if argumentType == .timestamp {
                let day = call("calendarDay", values, type: .date, throwing: true)
                return TranslatedExpression(code: .member(day.code, property), throwing: true, nullable: false, type: type)
            }
            return member(property)
        case .formatNumber, .truncate:
            return call(function == .formatNumber ? "formatNumber" : "truncate", values, type: type, throwing: true)
        case .addMonths, .addYears:
            return call(function == .addMonths ? "addMonths" : "addYears", values, type: type, throwing: true)
        case .string:
            return TranslatedExpression(code: names.describing(values[0].code, argumentType, quoted: false, stored: false),
                                        throwing: values[0].throwing, nullable: false, type: type)
        case .int:
            switch argumentType {
            case .int: return first()
            case .decimal:
                return call("truncatedInt", values, type: type, throwing: true)
            default: return call("parseInt", values, type: type, throwing: true)
            }
        case .decimal:
            switch argumentType {
            case .decimal: return first()
            case .int:
                return TranslatedExpression(code: .call(.id("Decimal"), [SwiftArgument(nil, values[0].code)]), throwing: values[0].throwing, nullable: false, type: type)
            default:
                return call("parseDecimal", values, type: type, throwing: true)
            }
        case .take, .drop:
            return call(function == .take ? "takeElements" : "dropElements", values, type: type, throwing: true)
        case .reverse:
            return call("reversedElements", values, type: type, throwing: false)
        case .formatMoney, .formatDate, .formatTime, .formatDateTime, .formatRelative, .formatDuration, .formatPercent, .join:
            // The app's checker passes every locale (and `now()`); the defaults are those of the evaluator.
            var full = values
            if function == .formatDate, full.count < 2 { full.append(plain(.string("medium"))) }
            if function == .formatRelative, full.count < 2 { full.append(TranslatedExpression(code: .id("now"), throwing: false, nullable: false, type: .timestamp)) }
            let arity = function == .formatDate || function == .formatRelative || function == .formatPercent ? 3 : 2
            if full.count < arity { full.append(plain(.string("en-US"))) }
            let name = function == .join ? "joinList" : function.name.split(separator: "_").enumerated()
                .map { $0.offset == 0 ? String($0.element) : $0.element.capitalized }.joined()
                .replacingOccurrences(of: "Datetime", with: "DateTime")
            return call(name, full, type: type, throwing: true)
        case .label:
            return TranslatedExpression(code: names.describing(values[0].code, argumentType, quoted: false, stored: false),
                                        throwing: values[0].throwing, nullable: false, type: type)
        case .sameMonth, .startOfMonth:
            let days = zip(values, arguments).map { value, argument in
                argument.type.nonOptional == .timestamp ? call("calendarDay", [value], type: .date, throwing: true) : value
            }
            return call(function == .sameMonth ? "sameMonth" : "startOfMonth", days, type: type, throwing: function == .startOfMonth)
        }
    }

    func today() -> TranslatedExpression {
        TranslatedExpression(code: .call(.id("calendarDay"), [SwiftArgument(nil, .id("now"))]), throwing: true, nullable: false, type: .date)
    }

    // MARK: Macros

    mutating func macro(_ macro: MacroKind, _ listExpression: TypedExpression, _ variable: String, _ body: TypedExpression,
                        _ filter: TypedExpression?, type: ValueType, _ scope: ExpressionScope) -> TranslatedExpression {
        let list = need(translate(listExpression, scope), describe(listExpression))
        var inner = scope
        inner.locals.insert(variable)
        let parameter = Naming.member(variable)
        func closure(_ value: TranslatedExpression) -> SwiftClosure {
            SwiftClosure(parameters: [parameter], body: [.expression(Self.wrap(value))])
        }
        let bodyValue = macro == .map ? need(translate(body, inner), describe(body)) : need(translate(body, inner), describe(body))
        var throwing = list.throwing || bodyValue.throwing
        var code: SwiftExpression
        switch macro {
        // A body that can fail is folded as CEL does (an element deciding the result wins over another's error).
        case .all where bodyValue.throwing: code = .call(.id("allHold"), [SwiftArgument(nil, list.code)], trailingClosure: closure(bodyValue))
        case .exists where bodyValue.throwing: code = .call(.id("anyHolds"), [SwiftArgument(nil, list.code)], trailingClosure: closure(bodyValue))
        case .all: code = .call(.member(list.code, "allSatisfy"), [], trailingClosure: closure(bodyValue))
        case .exists: code = .call(.member(list.code, "contains"), [], trailingClosure: closure(bodyValue))
        case .existsOne:
            code = .binary("==", .member(.call(.member(list.code, "filter"), [], trailingClosure: closure(bodyValue)), "count"), .int(1))
        case .filter: code = .call(.member(list.code, "filter"), [], trailingClosure: closure(bodyValue))
        case .map:
            var source = list.code
            if let filter {
                let test = need(translate(filter, inner), describe(filter))
                throwing = throwing || test.throwing
                source = .call(.member(list.code, "filter"), [], trailingClosure: closure(test))
            }
            code = .call(.member(source, "map"), [], trailingClosure: closure(bodyValue))
        case .sortBy, .sortByDescending:
            throwing = true
            code = .call(.id("sortedBy"), [SwiftArgument(nil, list.code), SwiftArgument("descending", .id(macro == .sortByDescending ? "true" : "false"))],
                         trailingClosure: closure(bodyValue))
        }
        return TranslatedExpression(code: code, throwing: throwing, nullable: false, type: type)
    }

    // MARK: Record literals

    /// `Asset{name: 'ISA', ...}` as a closure that fills a fresh record field by field and is called at once:
    /// `({ () throws -> Asset in var record = Asset(); record.name = "ISA"; return record })()`.
    mutating func recordLiteral(_ recordName: String, _ fields: [TypedRecordField], type: ValueType, _ scope: ExpressionScope) -> TranslatedExpression {
        let swiftType = names.typeName(recordName)
        let declared: [String: ValueType] = {
            guard let declaration = app.types.first(where: { $0.name == recordName }), case .record(let members) = declaration.kind else { return [:] }
            return Dictionary(members.map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
        }()
        var body: [SwiftStatement] = [.declare(isLet: false, name: "record", type: nil, value: .call(.id(swiftType), []))]
        var throwing = false
        for field in fields {
            var value = translate(field.value, scope)
            let storedOptional = declared[field.name].map(names.isStoredOptional) ?? field.allowsNull
            if value.nullable, !field.allowsNull {
                value = TranslatedExpression(code: .call(.id("required"), [SwiftArgument(nil, value.code),
                                                                           SwiftArgument(nil, .string("field '\(field.name)' of '\(recordName)'"))]),
                                             throwing: true, nullable: false, type: value.type)
            } else if value.nullable, !storedOptional {
                value = need(value, describe(field.value))
            }
            throwing = throwing || value.throwing
            body.append(.assign(.member(.id("record"), Naming.member(field.name)), Self.wrap(value)))
        }
        body.append(.return(.id("record")))
        let signature = "() \(throwing ? "throws " : "")-> \(swiftType)"
        let code = SwiftExpression.call(.parenthesized(.closure(SwiftClosure(parameters: [signature], body: body))), [])
        return TranslatedExpression(code: code, throwing: throwing, nullable: false, type: type)
    }

    // MARK: Literals

    mutating func literal(_ value: Value, type: ValueType) -> SwiftExpression {
        switch value {
        case .bool(let flag): return .id(flag ? "true" : "false")
        case .int(let number): return number < 0 ? .parenthesized(.id(String(number))) : .int(number)
        case .decimal(let decimal):
            return constant("decimal" + Self.constantName(decimal.description), .call(.id("decimal"), [SwiftArgument(nil, .string(decimal.description))]))
        case .money(let money):
            return constant(Naming.member(money.currency).replacingOccurrences(of: "`", with: "") + Self.constantName(money.amount.description),
                            .call(.id("Money"), [SwiftArgument("amount", .call(.id("decimal"), [SwiftArgument(nil, .string(money.amount.description))])),
                                                 SwiftArgument("currency", .string(money.currency))]))
        case .text(let text): return .string(text)
        case .date(let date): return .call(.id("date"), [SwiftArgument(nil, .int(date.year)), SwiftArgument(nil, .int(date.month)), SwiftArgument(nil, .int(date.day))])
        case .timestamp(let instant): return .call(.id("Timestamp"), [SwiftArgument("millisecondsSince1970", .int(instant.millisecondsSince1970))])
        case .duration(let milliseconds): return .int(milliseconds)
        case .list(let items):
            let element: ValueType = if case .list(let inner) = type { inner } else { .error }
            return .array(items.map { literal($0, type: element) })
        case .enumCase(let typeName, let name): return .member(.id(names.typeName(typeName)), names.enumCase(type: typeName, value: name))
        case .record, .null: return .id("nil")
        }
    }

    // MARK: Helpers

    /// `<App>Constants.<name>`, defined once as `definition`.
    mutating func constant(_ name: String, _ definition: SwiftExpression) -> SwiftExpression {
        constants[name] = definition
        return .member(.id(names.constants), name)
    }

    /// A number as part of a Swift name: `4.99` → `4_99`, `-0.5` → `Minus0_5`.
    static func constantName(_ number: String) -> String {
        let digits = number.hasPrefix("-") ? "Minus" + number.dropFirst() : number
        return digits.replacingOccurrences(of: ".", with: "_").filter { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// `try required(x, "'path'")` when `x` may be nil; `x` otherwise.
    func need(_ value: TranslatedExpression, _ what: String) -> TranslatedExpression {
        guard value.nullable else { return value }
        return TranslatedExpression(code: .call(.id("required"), [SwiftArgument(nil, value.code), SwiftArgument(nil, .string(what))]),
                                    throwing: true, nullable: false, type: value.type)
    }

    func plain(_ code: SwiftExpression) -> TranslatedExpression {
        TranslatedExpression(code: code, throwing: false, nullable: false, type: .error)
    }

    func call(_ name: String, _ arguments: [TranslatedExpression], type: ValueType, throwing: Bool) -> TranslatedExpression {
        TranslatedExpression(code: .call(.id(name), arguments.map { SwiftArgument(nil, $0.code) }),
                             throwing: throwing || arguments.contains(where: \.throwing), nullable: false, type: type)
    }

    func unsupported(_ what: String, type: ValueType) -> TranslatedExpression {
        TranslatedExpression(code: .call(.id("unsupported"), [SwiftArgument(nil, .string(what))]), throwing: true, nullable: false, type: type)
    }

    /// How a failure names a subexpression (the interpreter's wording).
    func describe(_ expression: TypedExpression) -> String { expression.failureName }
}

extension ExpressionTranslator {
    /// The support function that writes a value of `type` as the interpreter's `string()` does (durations are
    /// whole milliseconds in generated code, written `1m30s`).
    static func describer(for type: ValueType) -> String {
        type.nonOptional == .duration ? "describeDuration" : "describe"
    }

    /// The enum type of an enum-typed choice field.
    func enumName(_ field: Field) -> String {
        switch field.kind {
        case .choiceOf(let type), .multiChoiceOf(let type): type
        default: ""
        }
    }

    /// A field's value read from an input expression (`input` in validators).
    func formValueOf(_ input: SwiftExpression, _ field: Field) -> SwiftExpression {
        switch field.kind {
        case .multiChoice: .call(.id("listValue"), [SwiftArgument(nil, input)])
        // An enum choice: the option typed is the case's raw value (the name in the flows), as the interpreter reads it.
        case .choiceOf(let type): .call(.member(.id(names.typeName(type)), "init"), [SwiftArgument("rawValue", .call(.id("textValue"), [SwiftArgument(nil, input)]))])
        case .multiChoiceOf(let type):
            .call(.member(.call(.id("listValue"), [SwiftArgument(nil, input)]), "compactMap"), [SwiftArgument(nil, .member(.id(names.typeName(type)), "init(rawValue:)"))])
        case .checkbox: .call(.id("boolValue"), [SwiftArgument(nil, input)])
        case .date: .call(.id("dateValue"), [SwiftArgument(nil, input)])
        case .money: .call(.id("moneyValue"), [SwiftArgument(nil, input), SwiftArgument("currency", .string(field.currency ?? app.currency))])
        case .decimal: .call(.id("decimalValue"), [SwiftArgument(nil, input)])
        case .int: .call(.id("intValue"), [SwiftArgument(nil, input)])
        default: .call(.id("textValue"), [SwiftArgument(nil, input)])
        }
    }
}
