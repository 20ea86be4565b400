@_spi(Generated) import FlowMachine
import Foundation

/// The function library at run time.
extension Evaluator {
    @inline(never)
    func call(_ function: BuiltinFunction, _ values: [Value], _ arguments: [TypedExpression],
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
            let pattern = try text(1)
            guard let regex = RegexCache.shared.regex(for: pattern) else {
                throw EvaluationError("invalid regular expression '\(pattern)'", span: arguments[1].span)
            }
            return .bool(regex.search(try text(0)))
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
            do {
                let result = try WorkingDays.adding(count, to: day)
                guard let date = CalendarDate(year: result.year, month: result.month, day: result.day) else { throw fail("date out of range (years 1 to 9999)") }
                return .date(date)
            } catch let failure as FlowFailure {
                throw fail(failure.message)
            }
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
        case .decimalPlaces:
            if case .money(let money) = values[0] { return .int(DecimalMath.decimalPlaces(money.amount)) }
            return .int(DecimalMath.decimalPlaces(try numberValue(values[0], arguments[0])))
        case .round:
            if values.count == 1 { return .money(MoneyMath.rounded(try moneyValue(values[0], arguments[0]))) }
            let places = try intValue(values[1], arguments[1])
            guard (-38...38).contains(places) else { throw EvaluationError("cannot round to \(places) places", span: arguments[1].span) }
            var mode = DecimalMath.RoundingMode.halfEven
            if values.count > 2 {
                let name = try text(2)
                guard let parsed = DecimalMath.RoundingMode(rawValue: name) else {
                    throw EvaluationError("unknown rounding mode '\(name)'", span: arguments[2].span)
                }
                mode = parsed
            }
            if case .money(let money) = values[0] {
                let allowed = Currencies.minorUnits(of: money.currency)
                guard places <= allowed else {
                    throw EvaluationError("cannot round \(money.currency) to \(places) places: \(money.currency) has \(allowed)", span: arguments[1].span)
                }
                return .money(Money(amount: DecimalMath.round(money.amount, places: places, mode: mode), currency: money.currency))
            }
            return .decimal(DecimalMath.round(try numberValue(values[0], arguments[0]), places: places, mode: mode))
        case .roundUp:
            var unit = Decimal(1)
            if values.count > 1 {
                if case .money(let unitMoney) = values[1] {
                    let money = try moneyValue(values[0], arguments[0])
                    guard unitMoney.currency == money.currency else {
                        throw fail("cannot round \(money) up to a multiple of \(unitMoney): the currencies differ")
                    }
                    unit = unitMoney.amount
                } else {
                    unit = try numberValue(values[1], arguments[1])
                }
                guard unit > 0 else { throw EvaluationError("the unit of round_up must be more than 0", span: arguments[1].span) }
            }
            if case .money(let money) = values[0] {
                return .money(Money(amount: try checked(DecimalMath.roundUp(money.amount, unit: unit), expression), currency: money.currency))
            }
            return .decimal(try checked(DecimalMath.roundUp(try numberValue(values[0], arguments[0]), unit: unit), expression))
        case .convert:
            let money = try moneyValue(values[0], arguments[0])
            let currency = try validCurrency(try text(1), arguments[1])
            let rate = try numberValue(values[2], arguments[2])
            guard rate > 0 else { throw EvaluationError("the rate of convert must be more than 0", span: arguments[2].span) }
            return .money(MoneyMath.rounded(Money(amount: try checked(money.amount * rate, expression), currency: currency)))
        case .money:
            let amount = try numberValue(values[0], arguments[0])
            let made = Money(amount: amount, currency: try validCurrency(try text(1), arguments[1]))
            guard MoneyMath.isOnMinorUnit(made) else {
                throw fail("\(amount) has more decimal places than \(made.currency) allows (\(Currencies.minorUnits(of: made.currency))); round the amount first")
            }
            return .money(made)
        case .symbol:
            if case .money(let money) = values[0] { return .text(Currencies.symbol(of: money.currency)) }
            return .text(Currencies.symbol(of: try text(0)))
        case .allocate:
            let money = try moneyValue(values[0], arguments[0])
            guard case .list(let items) = values[1] else { throw fail("the ratios of allocate must be a list") }
            let ratios = try items.map { try numberValue($0, arguments[1]) }
            // FlowMachine's one allocation, which generated code calls too.
            do {
                return .list(try FlowMachine.allocate(money, ratios).map(Value.money))
            } catch let failure as FlowFailure {
                throw fail(failure.message)
            }
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
                guard let int = DecimalMath.truncatedInt(decimal) else { throw fail("\(formatDecimal(decimal)) does not fit in an int") }
                return .int(int)
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
                guard let decimal = DecimalMath.parse(written) else { throw fail("'\(written)' is not a decimal number") }
                return .decimal(decimal)
            }
        case .take, .drop:
            let items = try listValue(values[0], arguments[0])
            guard case .int(let count) = values[1] else { throw wrongType(values[1], "int", arguments[1]) }
            guard count >= 0 else {
                throw EvaluationError("\(function.name) needs a count of 0 or more, found \(count)", span: arguments[1].span)
            }
            return .list(function == .take ? Array(items.prefix(count)) : Array(items.dropFirst(count)))
        case .sameMonth:
            let first = try calendarDay(values[0], arguments[0])
            let second = try calendarDay(values[1], arguments[1])
            return .bool(FlowMachine.sameMonth(first, second))
        case .startOfMonth:
            let day = try calendarDay(values[0], arguments[0])
            do {
                return .date(try FlowMachine.startOfMonth(day))
            } catch let failure as FlowFailure {
                throw fail(failure.message)
            }
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

    private func validCurrency(_ code: String, _ argument: TypedExpression) throws -> String {
        guard Currencies.isKnown(code) else { throw EvaluationError("unknown currency code '\(code)'", span: argument.span) }
        return code
    }

    /// The sum of numbers, amounts (one currency) or durations; an empty list sums to zero.
    private func sum(_ list: [Value], elementType: ValueType, _ expression: TypedExpression) throws -> Value {
        var element = ValueType.error
        if case .list(let type) = elementType { element = type.nonOptional }
        switch element {
        case .int, .duration:
            var total = 0
            for value in list {
                let int: Int
                switch try nonNull(value, expression) {
                case .int(let v), .duration(let v): int = v
                default: throw wrongType(value, element.description, expression)
                }
                let (result, overflow) = total.addingReportingOverflow(int)
                if overflow { throw EvaluationError("integer overflow in 'sum'", span: expression.span) }
                total = result
            }
            return element == .int ? .int(total) : .duration(total)
        case .money:
            var total: Money?
            for value in list {
                let money = try moneyValue(try nonNull(value, expression), expression)
                if let running = total {
                    guard running.currency == money.currency else {
                        throw EvaluationError("cannot add \(running) and \(money): the currencies differ", span: expression.span)
                    }
                    total = Money(amount: try checked(running.amount + money.amount, expression), currency: running.currency)
                } else {
                    total = money
                }
            }
            if let total { return .money(total) }
            guard let currency = context.defaultCurrency else {
                throw EvaluationError("the sum of an empty list of money has no currency", span: expression.span)
            }
            return .money(Money(amount: 0, currency: currency))
        default:
            var total = Decimal(0)
            for value in list { total = try checked(total + numberValue(try nonNull(value, expression), expression), expression) }
            return .decimal(total)
        }
    }
}
