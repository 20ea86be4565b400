@_spi(Generated) import FlowValues
import FlowSource
import Foundation

/// Typing of function calls and macros, including check-time validation of literal arguments
/// (countries, currencies, dates, patterns, rounding modes).
extension ExpressionChecker {
    @inline(never)
    mutating func checkCall(_ name: String, nameSpan: ExpressionSpan, receiver: ExpressionSyntax?,
                            arguments: [ExpressionSyntax], span: ExpressionSpan, hint: ValueType?) -> TypedExpression {
        if let changed = checkListUpdate(name, receiver: receiver, arguments: arguments, span: span) { return changed }
        if let macro = MacroKind(rawValue: name) {
            return checkMacro(macro, receiver: receiver, arguments: arguments, span: span)
        }
        let all = (receiver.map { [$0] } ?? []) + arguments
        guard let function = resolveFunction(name, nameSpan: nameSpan, receiver: receiver, count: all.count, span: span) else {
            return errorNode(span)
        }
        var call = FunctionCall(function: function, syntax: all, span: span)
        call.typed = checkArguments(all, of: function)
        return checkFunction(&call, hint: hint)
    }

    /// The function a call names, or nil after reporting an unknown name or a wrong argument count.
    /// Arguments of a rejected call are not checked: they may use names only the intended macro would bind.
    @inline(never)
    private mutating func resolveFunction(_ name: String, nameSpan: ExpressionSpan, receiver: ExpressionSyntax?,
                                          count: Int, span: ExpressionSpan) -> BuiltinFunction? {
        guard let function = BuiltinFunction.byName[name] else {
            var notes: [String] = []
            let names = BuiltinFunction.allCases.map(\.name) + MacroKind.allCases.map(\.rawValue)
            if let alias = BuiltinFunction.aliases[name] {
                notes.append("did you mean '\(alias)'?")
            } else if let close = closestMatch(to: name, among: (names + BuiltinFunction.aliases.keys).sorted()) {
                notes.append("did you mean '\(BuiltinFunction.aliases[close] ?? close)'?")
            }
            report(ExpressionDiagnosticCode.unknownFunction, "unknown function '\(name)'", at: nameSpan, notes: notes)
            return nil
        }
        guard function.arity.contains(count) else {
            var notes: [String] = []
            if let receiver {
                notes.append("'\(quotable(receiver.span))' before '.\(name)' is the first argument")
            }
            report(ExpressionDiagnosticCode.wrongArgumentCount,
                   "wrong number of arguments to '\(function.signature)': expected \(describe(function.arity)), found \(count)",
                   at: span, notes: notes)
            return nil
        }
        return function
    }

    /// Types the arguments before the per-function rules run, so the large rule switch is never
    /// on the recursive path. The needle of `contains` gets the list's element type as hint.
    @inline(never)
    private mutating func checkArguments(_ syntax: [ExpressionSyntax], of function: BuiltinFunction) -> [TypedExpression] {
        var typed: [TypedExpression] = []
        typed.reserveCapacity(syntax.count)
        for argument in syntax {
            var hint: ValueType?
            if function == .contains, typed.count == 1, case .list(let element) = typed[0].type.nonOptional { hint = element }
            typed.append(check(argument, hint: hint))
        }
        return typed
    }

    private func describe(_ arity: ClosedRange<Int>) -> String {
        if arity.upperBound == Int.max { return "at least \(arity.lowerBound)" }
        if arity.lowerBound == arity.upperBound { return "\(arity.lowerBound)" }
        if arity.upperBound == arity.lowerBound + 1 { return "\(arity.lowerBound) or \(arity.upperBound)" }
        return "\(arity.lowerBound) to \(arity.upperBound)"
    }

    /// One call being checked: its syntax, its typed arguments, and whether any was wrong.
    struct FunctionCall {
        let function: BuiltinFunction
        let syntax: [ExpressionSyntax]
        let span: ExpressionSpan
        /// Every argument, typed before the rules run.
        var typed: [TypedExpression] = []
        /// The arguments the rules accepted so far (promoted where needed).
        var arguments: [TypedExpression] = []
        var failed = false

        init(function: BuiltinFunction, syntax: [ExpressionSyntax], span: ExpressionSpan) {
            self.function = function
            self.syntax = syntax
            self.span = span
        }
    }

    /// Parameter names, as the signature shows them.
    private func parameterName(_ function: BuiltinFunction, _ index: Int) -> String {
        let signature = function.signature
        guard let open = signature.firstIndex(of: "("), let close = signature.firstIndex(of: ")") else { return "\(index + 1)" }
        let names = signature[signature.index(after: open)..<close]
            .split(separator: ",")
            .map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " [")).split(separator: ":").first.map(String.init) ?? "" }
        return index < names.count ? names[index] : "\(index + 1)"
    }

    /// Checks argument `index` (if present) against `accepted` types; `int` is promoted where only `decimal` is accepted.
    /// Returns the argument's non-optional type, `.error` after an error, or nil when absent.
    @discardableResult
    private mutating func argument(_ call: inout FunctionCall, _ index: Int, accepts accepted: [ValueType]) -> ValueType? {
        guard index < call.typed.count else { return nil }
        var typed = call.typed[index]
        let type = typed.type.nonOptional
        call.arguments.append(typed)
        if type == .error {
            call.failed = true
            return .error
        }
        if typed.type != .null, typed.type.isNullable, accepted.contains(type) || (type == .int && accepted.contains(.decimal)) {
            // A null argument would stop the app at run time: the checker asks what to use instead.
            let text = quotable(typed.span)
            let subject = typed.span.count <= 40 ? "'\(text)'" : "it"
            report(ExpressionDiagnosticCode.optionalToRequired,
                   "argument '\(parameterName(call.function, index))' of '\(call.function.signature)' needs a value, but \(subject) is '\(typed.type)' and may be null",
                   at: typed.span,
                   notes: ["give the value to use when it is null with '??' (\(text) ?? \(fallbackExample(for: type))), or rule null out first (\(text) != null && ...)"])
            call.failed = true
            return .error
        }
        if accepted.contains(type) { return type }
        if type == .int, accepted.contains(.decimal) {
            typed = promoted(typed)
            call.arguments[index] = typed
            return .decimal
        }
        if accepted.contains(where: { if case .list = $0 { return true } else { return false } }), case .list = type {
            return type
        }
        argumentMismatch(&call, index, expected: accepted.filter { $0 != .error }.map { $0 == .list(.error) ? "list" : $0.description })
        return .error
    }

    private mutating func argumentMismatch(_ call: inout FunctionCall, _ index: Int, expected: [String], notes: [String] = []) {
        let shown = expected.map { "'\($0)'" }
        let list = shown.count <= 1 ? (shown.first ?? "") : shown.dropLast().joined(separator: ", ") + " or " + (shown.last ?? "")
        let found = call.arguments[index].type
        var notes = notes
        if expected == ["money"], found.nonOptional.isNumber { notes.append(moneyHint(for: call.arguments[index])) }
        report(ExpressionDiagnosticCode.typeMismatch,
               "argument '\(parameterName(call.function, index))' of '\(call.function.signature)' must be \(list), found '\(found)'",
               at: call.arguments[index].span, notes: notes)
        call.failed = true
    }

    /// The text of argument `index` when it is a text literal.
    /// The currency of a money expression where it is known before the run: a literal (`4.35 GBP`), `money(x, 'EUR')`
    /// and `convert(x, 'EUR', rate)`; any other money is in the app's currency, when the environment names it.
    private func knownCurrency(of expression: TypedExpression) -> String? {
        switch expression.kind {
        case .literal(.money(let money)): return money.currency
        case .call(let function, let arguments) where (function == .money || function == .convert) && arguments.count > 1:
            if case .literal(.text(let code)) = arguments[1].kind { return code.uppercased() }
            return nil
        default:
            return environment.currency
        }
    }

    /// A locale argument (`'fr-FR'`): text, and one flowc has conventions for when written literally.
    private mutating func localeArgument(_ call: inout FunctionCall, _ index: Int) {
        argument(&call, index, accepts: [.text])
        if !call.failed, let locale = literalText(call, index), FlowLocales.conventions(locale) == nil {
            invalidLiteral(&call, index, "flowc has no text conventions for locale '\(locale)'",
                           notes: ["the locales flowc knows are \(FlowLocales.supported.keys.sorted().joined(separator: ", "))"])
        }
    }

    private func literalText(_ call: FunctionCall, _ index: Int) -> String? {
        guard index < call.arguments.count, case .literal(.text(let text)) = call.arguments[index].kind else { return nil }
        return text
    }

    private func result(_ call: FunctionCall, _ type: ValueType) -> TypedExpression {
        if call.failed { return errorNode(call.span) }
        return TypedExpression(type: type, span: call.span, kind: .call(function: call.function, arguments: call.arguments))
    }

    private mutating func invalidLiteral(_ call: inout FunctionCall, _ index: Int, _ message: String, notes: [String] = []) {
        report(ExpressionDiagnosticCode.invalidLiteral, message, at: call.arguments[index].span, notes: notes)
        call.failed = true
    }

    /// Validates a literal country code argument.
    private mutating func validateCountry(_ call: inout FunctionCall, _ index: Int) {
        guard let code = literalText(call, index) else { return }
        guard PhoneNumbers.dialCodes[code.uppercased()] == nil else { return }
        var notes: [String] = []
        if code.uppercased() == "UK" {
            notes.append("did you mean 'GB'?")
        } else {
            notes.append("countries are ISO 3166 alpha-2 codes, as in 'GB', 'NO' or 'KE'")
        }
        invalidLiteral(&call, index, "unknown country code '\(code)'", notes: notes)
    }

    /// Validates a literal currency code argument.
    private mutating func validateCurrency(_ call: inout FunctionCall, _ index: Int) {
        guard let code = literalText(call, index), !CurrencyCodes.isKnown(code) else { return }
        invalidLiteral(&call, index, "unknown currency code '\(code)'", notes: closestCurrencyCode(to: code).map { ["did you mean '\($0)'?"] } ?? [])
    }

    @inline(never)
    private mutating func checkFunction(_ call: inout FunctionCall, hint: ValueType?) -> TypedExpression {
        let function = call.function
        switch function {
        case .size:
            argument(&call, 0, accepts: [.text, .list(.error)])
            return result(call, .int)
        case .matches:
            argument(&call, 0, accepts: [.text])
            argument(&call, 1, accepts: [.text])
            if let pattern = literalText(call, 1), !call.failed {
                switch CompiledRegex.compile(pattern) {
                case .success(let regex):
                    return TypedExpression(type: .bool, span: call.span, kind: .regexMatch(call.arguments[0], regex))
                case .failure:
                    invalidLiteral(&call, 1, "invalid regular expression '\(pattern)'")
                }
            }
            return result(call, .bool)
        case .contains:
            let container = argument(&call, 0, accepts: [.text, .list(.error)])
            guard case .list(let element) = container else {
                argument(&call, 1, accepts: container == .error ? [.text, .error] : [.text])
                return result(call, .bool)
            }
            var needle = call.typed[1]
            call.arguments.append(needle)
            let found = needle.type
            if found == .error || element == .error { return result(call, .bool) }
            if found.nonOptional == .int, element.nonOptional == .decimal {
                needle = promoted(needle)
                call.arguments[1] = needle
            } else if found.nonOptional != element.nonOptional, !(found == .null && element.isNullable) {
                argumentMismatch(&call, 1, expected: [element.description])
            }
            return result(call, .bool)
        case .lower, .upper, .trim:
            argument(&call, 0, accepts: [.text])
            return result(call, .text)
        case .sum:
            if let type = argument(&call, 0, accepts: [.list(.error)]), case .list(let element) = type {
                let base = element.nonOptional
                guard [.int, .decimal, .money, .duration, .error].contains(base) else {
                    argumentMismatch(&call, 0, expected: ["list<int>", "list<decimal>", "list<money>", "list<duration>"])
                    return errorNode(call.span)
                }
                if base == .error { return unknownElements(&call) }
                return result(call, base)
            }
            return errorNode(call.span)
        case .min, .max:
            return checkMinMax(&call)
        case .abs:
            let type = argument(&call, 0, accepts: [.int, .decimal, .money, .duration])
            return result(call, type ?? .error)
        case .isEmail, .isIBAN, .isBIC, .isSortCode, .isUKAccountNumber, .isSequence:
            argument(&call, 0, accepts: [.text])
            return result(call, .bool)
        case .isPhone, .e164:
            argument(&call, 0, accepts: [.text])
            argument(&call, 1, accepts: [.text])
            validateCountry(&call, 1)
            return result(call, function == .isPhone ? .bool : .text)
        case .dialCode:
            argument(&call, 0, accepts: [.text])
            validateCountry(&call, 0)
            if !call.failed, let country = literalText(call, 0), let code = PhoneNumbers.dialCodes[country.uppercased()] {
                return TypedExpression(type: .text, span: call.span, kind: .literal(.text("+" + code)))
            }
            return result(call, .text)
        case .isDigits:
            argument(&call, 0, accepts: [.text])
            argument(&call, 1, accepts: [.int])
            return result(call, .bool)
        case .age:
            argument(&call, 0, accepts: [.date])
            argument(&call, 1, accepts: [.date])
            return result(call, .int)
        case .addWorkingDays:
            argument(&call, 0, accepts: [.date])
            argument(&call, 1, accepts: [.int])
            return result(call, .date)
        case .decimalPlaces:
            argument(&call, 0, accepts: [.decimal, .money])
            return result(call, .int)
        case .round:
            // Without places only money can be rounded: to its currency's minor unit.
            let type = argument(&call, 0, accepts: call.typed.count == 1 ? [.money] : [.decimal, .money])
            argument(&call, 1, accepts: [.int])
            argument(&call, 2, accepts: [.text])
            if let mode = literalText(call, 2), DecimalRoundingMode(rawValue: mode) == nil {
                let modes = DecimalRoundingMode.allCases.map(\.rawValue)
                let normalized = mode.lowercased().replacingOccurrences(of: "-", with: "_").replacingOccurrences(of: " ", with: "_")
                let suggestion = modes.contains(normalized) ? normalized : closestMatch(to: normalized, among: modes)
                invalidLiteral(&call, 2, "unknown rounding mode '\(mode)'",
                               notes: [suggestion.map { "did you mean '\($0)'?" }
                                   ?? "modes are " + modes.map { "'\($0)'" }.joined(separator: ", ")])
            }
            // Money rounds to at most its currency's minor unit (GBP: 2 places); the run would stop on more, so the
            // check says it first wherever the currency is known here.
            if type == .money, !call.failed, call.arguments.count > 1, case .literal(.int(let places)) = call.arguments[1].kind,
               let currency = knownCurrency(of: call.arguments[0]), places > minorUnits(of: currency) {
                invalidLiteral(&call, 1, "cannot round \(currency) to \(places) places: \(currency) has \(minorUnits(of: currency))",
                               notes: ["round(amount) rounds to the currency's minor unit; round a decimal for more places (round(amount.amount, \(places)))"])
            }
            return result(call, type ?? .error)
        case .roundUp:
            let type = argument(&call, 0, accepts: [.decimal, .money])
            if type == .money {
                argument(&call, 1, accepts: [.decimal, .money])
            } else {
                argument(&call, 1, accepts: [.decimal])
            }
            return result(call, type ?? .error)
        case .symbol:
            argument(&call, 0, accepts: [.money, .text])
            return result(call, .text)
        case .allocate:
            argument(&call, 0, accepts: [.money])
            argument(&call, 1, accepts: [.list(.int), .list(.decimal)])
            if !call.failed, call.arguments.count > 1, case .list(let element) = call.arguments[1].type.nonOptional,
               element != .int, element != .decimal, element != .error {
                argumentMismatch(&call, 1, expected: ["list<int>", "list<decimal>"])
            }
            return result(call, .list(.money))
        case .convert:
            argument(&call, 0, accepts: [.money])
            argument(&call, 1, accepts: [.text])
            argument(&call, 2, accepts: [.decimal])
            validateCurrency(&call, 1)
            return result(call, .money)
        case .money:
            argument(&call, 0, accepts: [.decimal])
            argument(&call, 1, accepts: [.text])
            validateCurrency(&call, 1)
            return result(call, .money)
        case .amount:
            argument(&call, 0, accepts: [.money])
            return result(call, .decimal)
        case .currency:
            argument(&call, 0, accepts: [.money])
            return result(call, .text)
        case .now:
            return result(call, .timestamp)
        case .today:
            return result(call, .date)
        case .date:
            argument(&call, 0, accepts: [.text, .timestamp])
            if !call.failed, let text = literalText(call, 0) {
                guard let date = CalendarDate(parsing: text) else {
                    invalidLiteral(&call, 0, "invalid date '\(text)'", notes: ["dates are written 'YYYY-MM-DD' and must exist, as in '2024-02-29'"])
                    return errorNode(call.span)
                }
                return TypedExpression(type: .date, span: call.span, kind: .literal(.date(date)))
            }
            return result(call, .date)
        case .timestamp:
            argument(&call, 0, accepts: [.text])
            if !call.failed, let text = literalText(call, 0) {
                guard let timestamp = Timestamp(parsing: text), Timestamp.validRange.contains(timestamp.millisecondsSince1970) else {
                    invalidLiteral(&call, 0, "invalid timestamp '\(text)'",
                                   notes: ["timestamps are ISO 8601 with a zone, as in '2026-01-05T09:00:00Z'"])
                    return errorNode(call.span)
                }
                return TypedExpression(type: .timestamp, span: call.span, kind: .literal(.timestamp(timestamp)))
            }
            return result(call, .timestamp)
        case .year, .month, .day:
            argument(&call, 0, accepts: [.date, .timestamp])
            return result(call, .int)
        case .formatNumber:
            argument(&call, 0, accepts: [.int, .decimal, .money])
            argument(&call, 1, accepts: [.int])
            localeArgument(&call, 2)
            return result(call, .text)
        case .formatMoney:
            argument(&call, 0, accepts: [.money])
            localeArgument(&call, 1)
            return result(call, .text)
        case .formatDate:
            argument(&call, 0, accepts: [.date, .timestamp])
            argument(&call, 1, accepts: [.text])
            if !call.failed, let style = literalText(call, 1), !LocaleConventions.dateStyles.contains(style) {
                invalidLiteral(&call, 1, "unknown date style '\(style)'", notes: ["a date style is one of \(LocaleConventions.dateStyles.joined(separator: ", "))"])
            }
            localeArgument(&call, 2)
            return result(call, .text)
        case .formatTime, .formatDateTime:
            argument(&call, 0, accepts: [.timestamp])
            localeArgument(&call, 1)
            return result(call, .text)
        case .formatRelative:
            argument(&call, 0, accepts: [.timestamp])
            argument(&call, 1, accepts: [.timestamp])
            localeArgument(&call, 2)
            return result(call, .text)
        case .formatDuration:
            argument(&call, 0, accepts: [.duration])
            localeArgument(&call, 1)
            return result(call, .text)
        case .formatPercent:
            argument(&call, 0, accepts: [.int, .decimal])
            argument(&call, 1, accepts: [.int])
            localeArgument(&call, 2)
            return result(call, .text)
        case .join:
            argument(&call, 0, accepts: [.list(.text)])
            if !call.failed, call.arguments[0].type.nonOptional != .list(.text), call.arguments[0].type.nonOptional != .list(.error) {
                argumentMismatch(&call, 0, expected: ["list<text>"], notes: ["turn the elements into text first: list.map(x, label(x)) or list.map(x, format_money(x))"])
            }
            localeArgument(&call, 1)
            return result(call, .text)
        case .label:
            let typed = call.typed[0]
            call.arguments.append(typed)
            guard case .enumeration = typed.type.nonOptional else {
                if typed.type.nonOptional != .error { argumentMismatch(&call, 0, expected: ["an enum value"]) }
                return errorNode(call.span)
            }
            return result(call, typed.type.isNullable ? .optional(.text) : .text)
        case .truncate:
            argument(&call, 0, accepts: [.text])
            argument(&call, 1, accepts: [.int])
            return result(call, .text)
        case .addMonths, .addYears:
            let type = argument(&call, 0, accepts: [.date, .timestamp])
            argument(&call, 1, accepts: [.int])
            return result(call, type ?? .error)
        case .string, .int, .decimal:
            let accepted: [ValueType] = function == .string ? [] : [.int, .decimal, .text]
            let typed = call.typed[0]
            call.arguments.append(typed)
            let type = typed.type.nonOptional
            if type == .error { return errorNode(call.span) }
            if function != .string, !accepted.contains(type) {
                argumentMismatch(&call, 0, expected: accepted.map(\.description))
                return errorNode(call.span)
            }
            if function == .string, type == .null {
                argumentMismatch(&call, 0, expected: ["any type but null"])
                return errorNode(call.span)
            }
            let resultType: ValueType = function == .string ? .text : function == .int ? .int : .decimal
            return result(call, typed.type.isNullable ? resultType.asOptional : resultType)
        case .startsWith, .endsWith:
            argument(&call, 0, accepts: [.text])
            argument(&call, 1, accepts: [.text])
            return result(call, .bool)
        case .take, .drop:
            let type = argument(&call, 0, accepts: [.list(.error)])
            argument(&call, 1, accepts: [.int])
            return result(call, type ?? .error)
        case .reverse:
            let type = argument(&call, 0, accepts: [.list(.error)])
            return result(call, type ?? .error)
        case .sameMonth:
            argument(&call, 0, accepts: [.date, .timestamp])
            argument(&call, 1, accepts: [.date, .timestamp])
            return result(call, .bool)
        case .startOfMonth:
            argument(&call, 0, accepts: [.date, .timestamp])
            return result(call, .date)
        }
    }

    /// `sum`, `min` or `max` of a list whose element type is unknown: `[]`, or a list already reported.
    private mutating func unknownElements(_ call: inout FunctionCall) -> TypedExpression {
        if !call.failed {
            report(ExpressionDiagnosticCode.typeMismatch,
                   "the elements of '\(quotable(call.arguments[0].span))' have no known type for '\(call.function.name)'",
                   at: call.arguments[0].span)
        }
        return errorNode(call.span)
    }

    /// `min(list)` or `min(a, b, ...)` over one orderable type.
    private mutating func checkMinMax(_ call: inout FunctionCall) -> TypedExpression {
        let orderable: [ValueType] = [.int, .decimal, .money, .text, .date, .timestamp, .duration]
        if call.syntax.count == 1 {
            guard let type = argument(&call, 0, accepts: [.list(.error)]) else { return errorNode(call.span) }
            guard case .list(let element) = type else { return errorNode(call.span) }
            let base = element.nonOptional
            if base == .error { return unknownElements(&call) }
            guard orderable.contains(base) else {
                argumentMismatch(&call, 0, expected: ["list<T>"], notes: ["'\(base)' values cannot be ordered"])
                return errorNode(call.span)
            }
            return result(call, base)
        }
        var common: ValueType?
        for index in call.syntax.indices {
            guard let type = argument(&call, index, accepts: orderable) else { continue }
            if type == .error { continue }
            if let previous = common {
                guard let merged = unifyTypes(previous, type), orderable.contains(merged) else {
                    argumentMismatch(&call, index, expected: [previous.description])
                    continue
                }
                common = merged
            } else {
                common = type
            }
        }
        if common == .decimal { call.arguments = call.arguments.map(promoted) }
        return result(call, common ?? .error)
    }

    // MARK: Macros

    @inline(never)
    private mutating func checkMacro(_ macro: MacroKind, receiver: ExpressionSyntax?, arguments: [ExpressionSyntax],
                                     span: ExpressionSpan) -> TypedExpression {
        guard let variable = macroVariable(macro, receiver: receiver, arguments: arguments, span: span),
              let receiver else { return errorNode(span) }
        let list = check(receiver, hint: nil)
        locals.append((name: variable, type: macroElementType(macro, list)))
        // Inside the body the name is the element: what a condition outside said about that name does not hold.
        let outer = nonNull
        nonNull = nonNull.filter { $0 != variable && !$0.hasPrefix(variable + ".") }
        let filter = arguments.count == 3 ? check(arguments[1], hint: nil) : nil
        let body = check(arguments[arguments.count - 1], hint: nil)
        nonNull = outer
        locals.removeLast()
        if case .list(let elements) = receiver.kind, elements.isEmpty, diagnostics.isEmpty {
            // On the empty list literal (CEL's `[].exists(e, e == 2)`) the element has no type, and none is needed:
            // the body never runs, so the result is known.
            switch macro {
            case .all: return TypedExpression(type: .bool, span: span, kind: .literal(.bool(true)))
            case .exists, .existsOne: return TypedExpression(type: .bool, span: span, kind: .literal(.bool(false)))
            case .map, .filter, .sortBy, .sortByDescending: return TypedExpression(type: list.type, span: span, kind: list.kind)
            }
        }
        return typeMacro(macro, list: list, variable: variable, filter: filter, body: body, span: span)
    }

    /// The element variable's name, or nil after reporting a malformed macro call.
    @inline(never)
    private mutating func macroVariable(_ macro: MacroKind, receiver: ExpressionSyntax?, arguments: [ExpressionSyntax],
                                        span: ExpressionSpan) -> String? {
        guard receiver != nil else {
            report(ExpressionDiagnosticCode.invalidMacro,
                   "'\(macro.rawValue)' must be called on a list, as in 'items.\(macro.rawValue)(x, x > 0)'", at: span)
            return nil
        }
        let arity = macro == .map ? 2...3 : 2...2
        guard arity.contains(arguments.count) else {
            report(ExpressionDiagnosticCode.wrongArgumentCount,
                   "wrong number of arguments to '\(BuiltinFunction.macroSignature(macro))': expected \(describe(arity)), found \(arguments.count)",
                   at: span)
            return nil
        }
        guard case .name(let variable) = arguments[0].kind else {
            report(ExpressionDiagnosticCode.invalidMacro,
                   "the first argument of '\(macro.rawValue)' must be a name for each element, found '\(quotable(arguments[0].span))'",
                   at: arguments[0].span, notes: ["as in 'items.\(macro.rawValue)(x, x > 0)'"])
            return nil
        }
        return variable
    }

    /// The element type of the macro's list; reports a receiver that is not a list.
    @inline(never)
    private mutating func macroElementType(_ macro: MacroKind, _ list: TypedExpression) -> ValueType {
        switch list.type.nonOptional {
        case .list(let element): return element
        case .error: return .error
        default:
            report(ExpressionDiagnosticCode.typeMismatch, "'\(macro.rawValue)' needs a list, found '\(list.type)'", at: list.span)
            return .error
        }
    }

    @inline(never)
    private mutating func typeMacro(_ macro: MacroKind, list: TypedExpression, variable: String, filter: TypedExpression?,
                                    body: TypedExpression, span: ExpressionSpan) -> TypedExpression {
        if let filter {
            requireBool(filter, "predicate of 'map' must be 'bool', found '\(filter.type)'")
        }
        if macro != .map && macro != .sortBy && macro != .sortByDescending {
            requireBool(body, "predicate of '\(macro.rawValue)' must be 'bool', found '\(body.type)'")
        }
        guard case .list(let element) = list.type.nonOptional else { return errorNode(span) }
        let type: ValueType
        switch macro {
        case .all, .exists, .existsOne: type = .bool
        case .filter: type = .list(element)
        case .map: type = body.type == .error ? .list(.error) : .list(body.type)
        case .sortBy, .sortByDescending:
            let key = body.type.nonOptional
            if ![.int, .decimal, .money, .text, .date, .timestamp, .duration, .error].contains(key) || body.type.isNullable {
                report(ExpressionDiagnosticCode.typeMismatch,
                       "the key of '\(macro.rawValue)' must be a number, money, text, date, timestamp or duration, found '\(body.type)'",
                       at: body.span)
                return errorNode(span)
            }
            type = .list(element)
        }
        return TypedExpression(type: type, span: span,
                               kind: .macro(macro, list: list, variable: variable, body: body, filter: filter))
    }
}
