@_spi(Generated) import FlowMachine
import FlowExpression
import Foundation

/// The function library at run time.
extension ExpressionOperations {
    @inline(never)
    package func call(_ function: BuiltinFunction, _ values: [Value], _ arguments: [TypedExpression],
              _ expression: TypedExpression) throws -> Value {
        // Conversions pass null through; every other function needs its arguments.
        if function == .string || function == .int || function == .decimal, case .null = values[0] { return .null }
        for (value, argument) in zip(values, arguments) { _ = try nonNull(value, argument) }
        let span = expression.span
        func text(_ index: Int) throws -> String { try textValue(values[index], arguments[index]) }
        func fail(_ message: String) -> EvaluationError { EvaluationError(message, span: span) }

        switch function {
        case .size:
            if case .list(let list) = values[0] { return .int(list.count) }
            return .int(try text(0).count)
        case .matches:
            let (subject, pattern) = (try text(0), try text(1))
            // FlowMachine's `matches` (and its cache of compiled patterns), which generated code calls too.
            guard let found = try? FlowMachine.matches(subject, pattern) else {
                throw EvaluationError("invalid regular expression '\(pattern)'", span: arguments[1].span)
            }
            return .bool(found)
        case .contains:
            if case .list(let list) = values[0] { return .bool(list.contains(values[1])) }
            let part = try text(1)
            let whole = try text(0)
            return .bool(part.isEmpty || whole.contains(part))
        case .startsWith: return .bool(try text(0).hasPrefix(try text(1)))
        case .endsWith: return .bool(try text(0).hasSuffix(try text(1)))
        case .lower: return .text(try text(0).lowercased())
        case .upper: return .text(try text(0).uppercased())
        case .trim: return .text(try text(0).trimmingCharacters(in: .whitespacesAndNewlines))
        case .sum:
            return try sum(try listValue(values[0], arguments[0]), elementType: arguments[0].type, expression)
        case .min, .max:
            let candidates = values.count == 1 ? try listValue(values[0], arguments[0]) : values
            guard var best = candidates.first else {
                throw fail("\(function.name) of an empty list")
            }
            for candidate in candidates.dropFirst() {
                let order = try compare(try nonNull(candidate, expression), try nonNull(best, expression), expression)
                if function == .min ? order < 0 : order > 0 { best = candidate }
            }
            return best
        case .abs:
            switch values[0] {
            case .int(let int):
                guard int != Int.min else { throw fail("integer overflow in 'abs'") }
                return .int(Swift.abs(int))
            case .decimal(let decimal): return .decimal(decimal.magnitude)
            case .money(let money): return .money(Money(amount: money.amount.magnitude, currency: money.currency))
            case .duration(let milliseconds):
                guard milliseconds != Int.min else { throw fail("duration overflow in 'abs'") }
                return .duration(Swift.abs(milliseconds))
            default: throw wrongType(values[0], "number", arguments[0])
            }
        case .isEmail: return .bool(FlowMachine.isEmail(try text(0)))
        case .isPhone: return .bool(PhoneNumbers.e164(try text(0), country: try text(1)) != nil)
        case .e164:
            let number = try text(0)
            let country = try text(1)
            guard let formatted = PhoneNumbers.e164(number, country: country) else {
                throw fail("'\(number)' is not a valid phone number for '\(country)'")
            }
            return .text(formatted)
        case .dialCode:
            let country = try text(0)
            guard let code = PhoneNumbers.dialCodes[country.uppercased()] else { throw fail("unknown country code '\(country)'") }
            return .text("+" + code)
        case .isIBAN: return .bool(FlowMachine.isIBAN(try text(0)))
        case .isBIC: return .bool(FlowMachine.isBIC(try text(0)))
        case .isSortCode: return .bool(FlowMachine.isSortCode(try text(0)))
        case .isUKAccountNumber: return .bool(FlowMachine.isDigits(try text(0), 8))
        case .isDigits: return .bool(FlowMachine.isDigits(try text(0), try intValue(values[1], arguments[1])))
        case .isSequence: return .bool(FlowMachine.isSequence(try text(0)))
        case .addWorkingDays:
            // One implementation for the interpreter and generated machines: FlowMachine's, on its own date type.
            let start = try dateValue(values[0], arguments[0])
            let count = try intValue(values[1], arguments[1])
            guard let day = FlowMachine.CalendarDate(year: start.year, month: start.month, day: start.day) else { throw fail("invalid date \(start)") }
            let result = try library(arguments, expression) { try WorkingDays.adding(count, to: day) }
            guard let date = CalendarDate(year: result.year, month: result.month, day: result.day) else { throw fail("date out of range (years 1 to 9999)") }
            return .date(date)
        case .age:
            let birth = try dateValue(values[0], arguments[0])
            let on: CalendarDate
            if values.count > 1 {
                on = try dateValue(values[1], arguments[1])
            } else {
                guard let today = context.now.date else { throw fail("the clock is out of range") }
                on = today
            }
            let beforeBirthday = (on.month, on.day) < (birth.month, birth.day)
            return .int(on.year - birth.year - (beforeBirthday ? 1 : 0))
        // Rounding, conversion and making money are FlowMachine's, as in generated code.
        case .decimalPlaces:
            if case .money(let money) = values[0] { return .int(FlowMachine.decimalPlaces(money)) }
            return .int(FlowMachine.decimalPlaces(try numberValue(values[0], arguments[0])))
        case .round:
            if values.count == 1 { return .money(try library(arguments, expression) { try FlowMachine.round(try moneyValue(values[0], arguments[0])) }) }
            let places = try intValue(values[1], arguments[1])
            let mode = values.count > 2 ? try text(2) : DecimalRoundingMode.halfEven.rawValue
            if case .money(let money) = values[0] {
                return .money(try library(arguments, expression) { try FlowMachine.round(money, places, mode) })
            }
            let number = try numberValue(values[0], arguments[0])
            return .decimal(try library(arguments, expression) { try FlowMachine.round(number, places, mode) })
        case .roundUp:
            if case .money(let money) = values[0] {
                if values.count > 1, case .money(let unit) = values[1] {
                    return .money(try library(arguments, expression) { try FlowMachine.roundUp(money, unit) })
                }
                let unit = values.count > 1 ? try numberValue(values[1], arguments[1]) : 1
                return .money(try library(arguments, expression) { try FlowMachine.roundUp(money, unit) })
            }
            let number = try numberValue(values[0], arguments[0])
            let unit = values.count > 1 ? try numberValue(values[1], arguments[1]) : 1
            return .decimal(try library(arguments, expression) { try FlowMachine.roundUp(number, unit) })
        case .convert:
            let money = try moneyValue(values[0], arguments[0])
            let currency = try text(1)
            let rate = try numberValue(values[2], arguments[2])
            return .money(try library(arguments, expression) { try FlowMachine.convert(money, currency, rate) })
        case .money:
            let amount = try numberValue(values[0], arguments[0])
            let currency = try text(1)
            return .money(try library(arguments, expression) { try FlowMachine.makeMoney(amount, currency) })
        case .symbol:
            if case .money(let money) = values[0] { return .text(currencySymbol(money.currency)) }
            return .text(currencySymbol(try text(0)))
        case .allocate:
            let money = try moneyValue(values[0], arguments[0])
            guard case .list(let items) = values[1] else { throw fail("the ratios of allocate must be a list") }
            let ratios = try items.map { try numberValue($0, arguments[1]) }
            // FlowMachine's one allocation, which generated code calls too.
            return .list(try library(arguments, expression) { try FlowMachine.allocate(money, ratios) }.map(Value.money))
        case .amount: return .decimal(try moneyValue(values[0], arguments[0]).amount)
        case .currency: return .text(try moneyValue(values[0], arguments[0]).currency)
        case .now: return .timestamp(context.now)
        case .today:
            guard let today = context.now.date else { throw fail("the clock is out of range") }
            return .date(today)
        case .date:
            if case .timestamp(let timestamp) = values[0] {
                guard let date = timestamp.date else { throw fail("timestamp out of range") }
                return .date(date)
            }
            let written = try text(0)
            guard let date = CalendarDate(parsing: written) else { throw fail("invalid date '\(written)', expected 'YYYY-MM-DD'") }
            return .date(date)
        case .timestamp:
            let written = try text(0)
            guard let timestamp = Timestamp(parsing: written), Timestamp.validRange.contains(timestamp.millisecondsSince1970) else {
                throw fail("invalid timestamp '\(written)', expected ISO 8601 such as '2026-01-05T09:00:00Z'")
            }
            return .timestamp(timestamp)
        case .year, .month, .day:
            var date: CalendarDate
            if case .timestamp(let timestamp) = values[0] {
                guard let converted = timestamp.date else { throw fail("timestamp out of range") }
                date = converted
            } else {
                date = try dateValue(values[0], arguments[0])
            }
            return .int(function == .year ? date.year : function == .month ? date.month : date.day)
        case .formatNumber:
            let places = try intValue(values[1], arguments[1])
            guard (0...10).contains(places) else { throw EvaluationError("format_number shows 0 to 10 decimal places, not \(places)", span: arguments[1].span) }
            let number: Decimal = if case .money(let money) = values[0] { money.amount } else { try numberValue(values[0], arguments[0]) }
            if values.count > 2 {
                let locale = try text(2)
                return .text(try library(arguments, expression) { try FlowMachine.formatNumber(number, places, locale) })
            }
            // FlowMachine's one formatter, which generated code calls too (places were checked above).
            guard let text = try? FlowMachine.formatNumber(number, places) else { throw EvaluationError("cannot format \(number)", span: arguments[0].span) }
            return .text(text)
        case .truncate:
            let length = try intValue(values[1], arguments[1])
            guard length >= 0 else { throw EvaluationError("truncate needs a length of 0 or more, not \(length)", span: arguments[1].span) }
            return .text(String(try text(0).prefix(length)))
        case .addMonths, .addYears:
            let count = try intValue(values[1], arguments[1])
            let (months, overflow) = function == .addYears ? count.multipliedReportingOverflow(by: 12) : (count, false)
            let outOfRange = fail("date out of range (years 1 to 9999)")
            guard !overflow else { throw outOfRange }
            if case .timestamp(let timestamp) = values[0] {
                guard let moved = timestamp.addingMonths(months) else { throw outOfRange }
                return .timestamp(moved)
            }
            guard let moved = try dateValue(values[0], arguments[0]).addingMonths(months) else { throw outOfRange }
            return .date(moved)
        case .string:
            return .text(values[0].description)
        case .int:
            switch values[0] {
            case .int: return values[0]
            case .decimal(let decimal):
                return .int(try library(arguments, expression) { try FlowMachine.truncatedInt(decimal) })
            default:
                let written = try text(0)
                guard let int = Int(written.trimmingCharacters(in: .whitespacesAndNewlines)) else {
                    throw fail("'\(written)' is not an int")
                }
                return .int(int)
            }
        case .decimal:
            switch values[0] {
            case .decimal: return values[0]
            case .int(let int): return .decimal(Decimal(int))
            default:
                let written = try text(0)
                return .decimal(try library(arguments, expression) { try FlowMachine.parseDecimal(written) })
            }
        case .take, .drop:
            let items = try listValue(values[0], arguments[0])
            guard case .int(let count) = values[1] else { throw wrongType(values[1], "int", arguments[1]) }
            return .list(try library(arguments, expression) {
                function == .take ? try FlowMachine.takeElements(items, count) : try FlowMachine.dropElements(items, count)
            })
        case .reverse:
            return .list(FlowMachine.reversedElements(try listValue(values[0], arguments[0])))
        case .sameMonth:
            let first = try calendarDay(values[0], arguments[0])
            let second = try calendarDay(values[1], arguments[1])
            return .bool(FlowMachine.sameMonth(first, second))
        case .startOfMonth:
            let day = try calendarDay(values[0], arguments[0])
            return .date(try library(arguments, expression) { try FlowMachine.startOfMonth(day) })
        case .formatMoney, .formatDate, .formatTime, .formatDateTime, .formatRelative, .formatDuration, .formatPercent, .join, .label:
            return .text(try formatted(function, values, arguments, expression))
        }
    }

    /// The texts-for-people functions, through FlowMachine's one implementation. A call written without its
    /// locale (an expression outside an app, whose checker passes the app's) writes en-US.
    private func formatted(_ function: BuiltinFunction, _ values: [Value], _ arguments: [TypedExpression],
                           _ expression: TypedExpression) throws -> String {
        func text(_ index: Int, default fallback: String) throws -> String {
            index < values.count ? try textValue(values[index], arguments[index]) : fallback
        }
        func timestamp(_ index: Int) throws -> Timestamp {
            guard case .timestamp(let timestamp) = values[index] else { throw wrongType(values[index], "timestamp", arguments[index]) }
            return timestamp
        }
        return try library(arguments, expression) {
            switch function {
            case .formatMoney:
                guard case .money(let money) = values[0] else { throw wrongType(values[0], "money", arguments[0]) }
                return try FlowMachine.formatMoney(money, try text(1, default: "en-US"))
            case .formatDate:
                let style = try text(1, default: "medium")
                let locale = try text(2, default: "en-US")
                if case .timestamp(let moment) = values[0] { return try FlowMachine.formatDate(moment, style, locale) }
                return try FlowMachine.formatDate(try dateValue(values[0], arguments[0]), style, locale)
            case .formatTime: return try FlowMachine.formatTime(try timestamp(0), try text(1, default: "en-US"))
            case .formatDateTime: return try FlowMachine.formatDateTime(try timestamp(0), try text(1, default: "en-US"))
            case .formatRelative:
                let now = values.count > 1 ? try timestamp(1) : context.now
                return try FlowMachine.formatRelative(try timestamp(0), now, try text(2, default: "en-US"))
            case .formatDuration:
                guard case .duration(let milliseconds) = values[0] else { throw wrongType(values[0], "duration", arguments[0]) }
                return try FlowMachine.formatDuration(milliseconds, try text(1, default: "en-US"))
            case .formatPercent:
                let places = try intValue(values[1], arguments[1])
                return try FlowMachine.formatPercent(try numberValue(values[0], arguments[0]), places, try text(2, default: "en-US"))
            case .join:
                let items = try listValue(values[0], arguments[0]).enumerated().map { try textValue($0.element, arguments[0]) }
                return try FlowMachine.joinList(items, try text(1, default: "en-US"))
            default:
                // `label` outside an app (whose checker puts the declared labels in its place): the value's name.
                return values[0].description
            }
        }
    }

    /// Runs one of FlowMachine's functions (the one implementation, which generated code calls too). Its
    /// failure becomes an error at the argument it names, or at the whole call.
    package func library<Result>(_ arguments: [TypedExpression], _ expression: TypedExpression, _ body: () throws -> Result) throws -> Result {
        do {
            return try body()
        } catch let failure as FlowFailure {
            let span = failure.argument.flatMap { arguments.indices.contains($0) ? arguments[$0].span : nil } ?? expression.span
            throw EvaluationError(failure.message, span: span)
        }
    }

    /// The calendar day of a date, or of a timestamp (in UTC).
    private func calendarDay(_ value: Value, _ argument: TypedExpression) throws -> CalendarDate {
        if case .timestamp(let timestamp) = value {
            guard let date = timestamp.date else { throw EvaluationError("timestamp out of range", span: argument.span) }
            return date
        }
        return try dateValue(value, argument)
    }

    /// The sum of numbers, amounts (one currency) or durations (FlowMachine's `sum`); an empty list sums to zero.
    private func sum(_ list: [Value], elementType: ValueType, _ expression: TypedExpression) throws -> Value {
        var element = ValueType.error
        if case .list(let type) = elementType { element = type.nonOptional }
        switch element {
        case .int, .duration:
            let ints = try list.map { value -> Int in
                switch try nonNull(value, expression) {
                case .int(let int), .duration(let int): return int
                default: throw wrongType(value, element.description, expression)
                }
            }
            let total = try library([], expression) { try FlowMachine.sum(ints) }
            return element == .int ? .int(total) : .duration(total)
        case .money:
            let amounts = try list.map { try moneyValue(try nonNull($0, expression), expression) }
            guard let currency = amounts.first?.currency ?? context.defaultCurrency else {
                throw EvaluationError("the sum of an empty list of money has no currency", span: expression.span)
            }
            return .money(try library([], expression) { try FlowMachine.sum(amounts, currency: currency) })
        default:
            let numbers = try list.map { try numberValue(try nonNull($0, expression), expression) }
            return .decimal(try library([], expression) { try FlowMachine.sum(numbers) })
        }
    }
}
