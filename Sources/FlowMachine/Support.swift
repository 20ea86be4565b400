// Part of FlowMachine, the runtime library every generated module imports.

import Foundation

/// A run stopped by a broken rule of the model: an expression that could not be evaluated
/// (a null value, an invalid phone number passed to `e164`), a raised-event loop, or a broken invariant.
public struct FlowFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    /// The argument (from 0; for an operator 0 is the left side, 1 the right) the failure is about, so a
    /// caller that knows where each argument was written can point at it; nil: the call as a whole.
    public var argument: Int?
    public init(_ message: String, argument: Int? = nil) { self.message = message; self.argument = argument }
    public var description: String { message }
}

/// What a person typed or picked in a field.
public enum FieldInput: Hashable, Sendable, Codable {
    case text(String)
    case list([String])
}

/// A money payload field written as its amount (`"4.35"`) in `currency`; nil when absent or not a number.
@_spi(Generated) public func payloadMoney(_ text: String?, currency: String) -> Money? {
    guard let text, let amount = Decimal(string: text, locale: posixLocale) else { return nil }
    return Money(amount: amount, currency: currency)
}

/// What a person would have typed to give a field's default (nil for a null default).
@_spi(Generated) public func fieldInput(_ value: String?) -> FieldInput? { value.map { .text($0) } }
@_spi(Generated) public func fieldInput(_ value: Bool?) -> FieldInput? { value.map { .text($0 ? "true" : "false") } }
@_spi(Generated) public func fieldInput(_ value: Int?) -> FieldInput? { value.map { .text(String($0)) } }
@_spi(Generated) public func fieldInput(_ value: Decimal?) -> FieldInput? { value.map { .text($0.description) } }
@_spi(Generated) public func fieldInput(_ value: Money?) -> FieldInput? { value.map { .text($0.amount.description) } }
@_spi(Generated) public func fieldInput(_ value: CalendarDate?) -> FieldInput? { value.map { .text($0.description) } }
@_spi(Generated) public func fieldInput(_ value: [String]?) -> FieldInput? { value.map { .list($0) } }
@_spi(Generated) public func fieldInput<T: RawRepresentable>(_ value: T?) -> FieldInput? where T.RawValue == String { value.map { .text($0.rawValue) } }
@_spi(Generated) public func fieldInput<T: RawRepresentable>(_ value: [T]?) -> FieldInput? where T.RawValue == String { value.map { .list($0.map(\.rawValue)) } }

/// Identifies a timer the machine started; the host sends `.timerFired(token)` when it is due.
public struct TimerToken: Hashable, Sendable, Codable, CustomStringConvertible {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public var description: String { "timer #\(rawValue)" }
}

/// An analytics event: a screen view (no properties) or an `analytics:` action.
public struct AnalyticsEvent: Hashable, Sendable, Codable {
    public var name: String
    /// Property values rendered as text, in declaration order.
    public var properties: [AnalyticsProperty]
    public init(name: String, properties: [AnalyticsProperty] = []) { self.name = name; self.properties = properties }
}

/// One property of an analytics event.
public struct AnalyticsProperty: Hashable, Sendable, Codable {
    public var name: String
    public var value: String
    public init(name: String, value: String) { self.name = name; self.value = value }
}

/// An amount of money: an exact `Decimal` and an ISO 4217 currency code. Never `Double`.
public struct Money: Hashable, Sendable, Codable, CustomStringConvertible {
    public var amount: Decimal
    public var currency: String
    public init(amount: Decimal, currency: String) { self.amount = amount; self.currency = currency }

    public var description: String {
        "\(formatDecimal(amount, minimumFractionDigits: minorUnits(of: currency))) \(currency)"
    }
}

/// A calendar day with no time and no time zone (years 1 to 9999). Encoded as `YYYY-MM-DD`.
public struct CalendarDate: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    public var year: Int
    public var month: Int
    public var day: Int

    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month), (1...CalendarDate.daysIn(month: month, year: year)).contains(day) else { return nil }
        self.year = year; self.month = month; self.day = day
    }

    /// Parses exactly `YYYY-MM-DD`.
    public init?(parsing text: String) {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count == 10, scalars[4] == "-", scalars[7] == "-",
              let year = parseDigits(scalars[0..<4]), let month = parseDigits(scalars[5..<7]),
              let day = parseDigits(scalars[8..<10]) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The date `days` days after 1970-01-01 (Howard Hinnant's civil_from_days).
    public init?(daysSince1970 days: Int) {
        guard abs(days) < 4_000_000 else { return nil }
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yoe + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// Days from 1970-01-01 (Howard Hinnant's days_from_civil).
    public var daysSince1970: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = month > 2 ? month - 3 : month + 9
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public var description: String { "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))" }

    public static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool { (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day) }

    public static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let date = CalendarDate(parsing: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a YYYY-MM-DD date: \(text)"))
        }
        self = date
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// An instant in UTC, to the millisecond.
public struct Timestamp: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    public var millisecondsSince1970: Int
    public init(millisecondsSince1970: Int) { self.millisecondsSince1970 = millisecondsSince1970 }

    /// Where a run's clock starts when nothing says otherwise (2026-01-01T00:00:00Z): the interpreter, a
    /// scenario without `clock:`, `flowc run` and a generated machine all start here, so their traces agree.
    public static let defaultClockStart = Timestamp(millisecondsSince1970: 1_767_225_600_000)

    /// Midnight UTC at the start of `date`.
    public init(_ date: CalendarDate) {
        self.millisecondsSince1970 = date.daysSince1970 * Timestamp.millisecondsPerDay
    }

    public static let millisecondsPerDay = 86_400_000

    /// The earliest and latest instants a timestamp may hold: years 1 to 9999.
    public static let validRange = (-62_135_596_800_000)...(253_402_300_799_999)

    /// Parses `YYYY-MM-DDTHH:MM[:SS[.fraction]](Z|±HH:MM)`; `t`, `z` and a space for `T` are accepted.
    /// Fractions beyond milliseconds are truncated.
    public init?(parsing text: String) {
        let s = Array(text.unicodeScalars)
        guard s.count >= 17, let date = CalendarDate(parsing: String(String.UnicodeScalarView(s[0..<10]))),
              s[10] == "T" || s[10] == "t" || s[10] == " ",
              let hour = parseDigits(s[11..<13]), s[13] == ":", let minute = parseDigits(s[14..<16]),
              hour < 24, minute < 60 else { return nil }
        var i = 16
        var second = 0
        var millisecond = 0
        if i < s.count, s[i] == ":" {
            guard i + 3 <= s.count, let value = parseDigits(s[(i + 1)..<(i + 3)]), value < 60 else { return nil }
            second = value
            i += 3
            if i < s.count, s[i] == "." || s[i] == "," {
                i += 1
                let start = i
                while i < s.count, isDigit(s[i]) { i += 1 }
                guard i > start, i - start <= 9 else { return nil }
                var fraction = Array(s[start..<min(i, start + 3)])
                while fraction.count < 3 { fraction.append("0") }
                millisecond = parseDigits(fraction[...]) ?? 0
            }
        }
        guard i < s.count else { return nil }
        var offsetMinutes = 0
        if s[i] == "Z" || s[i] == "z" {
            i += 1
        } else if s[i] == "+" || s[i] == "-" {
            guard i + 6 <= s.count, let hours = parseDigits(s[(i + 1)..<(i + 3)]), s[i + 3] == ":",
                  let minutes = parseDigits(s[(i + 4)..<(i + 6)]), hours < 24, minutes < 60 else { return nil }
            offsetMinutes = (hours * 60 + minutes) * (s[i] == "-" ? -1 : 1)
            i += 6
        } else {
            return nil
        }
        guard i == s.count else { return nil }
        let seconds = ((date.daysSince1970 * 24 + hour) * 60 + minute - offsetMinutes) * 60 + second
        self.millisecondsSince1970 = seconds * 1000 + millisecond
    }

    /// The UTC calendar day this instant falls on, or nil outside years 1...9999.
    public var date: CalendarDate? {
        let day = Timestamp.millisecondsPerDay
        let quotient = millisecondsSince1970 / day
        let floor = (millisecondsSince1970 % day != 0 && millisecondsSince1970 < 0) ? quotient - 1 : quotient
        return CalendarDate(daysSince1970: floor)
    }

    /// `2026-01-05T09:00:00Z`, with `.mmm` when the milliseconds are not zero.
    public var description: String {
        guard let date = self.date else { return "\(millisecondsSince1970)ms since 1970" }
        let rest = millisecondsSince1970 - date.daysSince1970 * Timestamp.millisecondsPerDay
        let milliseconds = rest % 1000
        let seconds = rest / 1000
        var text = "\(date)T\(padded(seconds / 3600, 2)):\(padded(seconds / 60 % 60, 2)):\(padded(seconds % 60, 2))"
        if milliseconds != 0 { text += "." + padded(milliseconds, 3) }
        return text + "Z"
    }

    /// The same time of day `months` calendar months later (see `CalendarDate.addingMonths(_:)`), or nil
    /// outside years 1...9999.
    public func addingMonths(_ months: Int) -> Timestamp? {
        guard let day = date, let moved = day.addingMonths(months) else { return nil }
        let timeOfDay = millisecondsSince1970 - day.daysSince1970 * Timestamp.millisecondsPerDay
        return Timestamp(millisecondsSince1970: moved.daysSince1970 * Timestamp.millisecondsPerDay + timeOfDay)
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.millisecondsSince1970 < rhs.millisecondsSince1970 }
}

extension CalendarDate {
    /// The date `months` calendar months later (earlier when negative). A day the target month does not
    /// have becomes its last day: 2026-01-31 plus 1 month is 2026-02-28, 2024-02-29 plus 12 months is
    /// 2025-02-28. Nil outside years 1...9999.
    public func addingMonths(_ months: Int) -> CalendarDate? {
        let (total, overflow) = (year * 12 + month - 1).addingReportingOverflow(months)
        guard !overflow, total >= 12, total < 120_000 else { return nil }
        let newYear = total / 12
        let newMonth = total % 12 + 1
        return CalendarDate(year: newYear, month: newMonth, day: Swift.min(day, Self.daysIn(month: newMonth, year: newYear)))
    }
}

// MARK: Field values

extension Optional where Wrapped == FieldInput {
    /// Whether nothing (or only blanks, or an unticked box) was entered.
    public var isBlank: Bool {
        switch self {
        case .none: true
        case .text(let text)?: isBlankText(text)
        case .list(let items)?: items.isEmpty
        }
    }

    /// The typed text (empty for a list).
    public var typedText: String {
        if case .text(let text)? = self { return text }
        return ""
    }
}

/// All whitespace (or the unticked box's `false`); ASCII text is checked byte by byte.
@_spi(Generated) public func isBlankText(_ text: String) -> Bool {
    for byte in text.utf8 {
        if byte >= 0x80 { return text.allSatisfy(\.isWhitespace) }
        if !(byte == 0x20 || (0x09...0x0D).contains(byte)) { return text == "false" }
    }
    return true
}

/// A text-like field's value; a list of picks reads as its items joined with commas.
@_spi(Generated) public func textValue(_ input: FieldInput?) -> String {
    switch input {
    case .none: ""
    case .text(let text)?: text
    case .list(let items)?: items.joined(separator: ",")
    }
}

/// A multi-choice field's value.
@_spi(Generated) public func listValue(_ input: FieldInput?) -> [String] {
    switch input {
    case .none: []
    case .text(let text)?: text.isEmpty ? [] : [text]
    case .list(let items)?: items
    }
}

/// A checkbox's value: ticked when the text is `true`.
@_spi(Generated) public func boolValue(_ input: FieldInput?) -> Bool {
    if case .text(let text)? = input { return text == "true" }
    return false
}

/// A date field's value (`DD/MM/YYYY` or `YYYY-MM-DD`); nil when empty or not a date.
@_spi(Generated) public func dateValue(_ input: FieldInput?) -> CalendarDate? {
    guard case .text(let text)? = input, !text.isEmpty else { return nil }
    let parts = text.split(separator: "/")
    if parts.count == 3, let day = Int(parts[0]), let month = Int(parts[1]), let year = Int(parts[2]), parts[2].count == 4 {
        return CalendarDate(year: year, month: month, day: day)
    }
    return CalendarDate(parsing: text)
}

/// A money field's value in `currency`; nil when empty or not a number.
@_spi(Generated) public func moneyValue(_ input: FieldInput?, currency: String) -> Money? {
    guard case .text(let text)? = input, !text.isEmpty else { return nil }
    return Decimal(string: text.replacingOccurrences(of: ",", with: ""), locale: posixLocale)
        .map { Money(amount: $0, currency: currency) }
}

/// A decimal field's value; nil when empty or not a number.
@_spi(Generated) public func decimalValue(_ input: FieldInput?) -> Decimal? {
    guard case .text(let text)? = input, !text.isEmpty else { return nil }
    return Decimal(string: text, locale: posixLocale)
}

/// A whole-number field's value; nil when empty or not a number.
@_spi(Generated) public func intValue(_ input: FieldInput?) -> Int? {
    guard case .text(let text)? = input, !text.isEmpty else { return nil }
    return Int(text)
}

// MARK: Expression helpers

/// The value of something the flow expected to be set; a null stops the run as the interpreter does.
@_spi(Generated) public func required<T>(_ value: T?, _ what: String) throws -> T {
    guard let value else { throw FlowFailure("\(what) is null") }
    return value
}

/// `list.all(x, body)` as CEL folds it: an element for which the body is false decides, even over another
/// element's error; an error is thrown only when no element gave false (as in the interpreter).
@_spi(Generated) public func allHold<T>(_ list: [T], _ body: (T) throws -> Bool) throws -> Bool {
    var failure: (any Error)?
    for element in list {
        do {
            if try !body(element) { return false }
        } catch {
            if failure == nil { failure = error }
        }
    }
    if let failure { throw failure }
    return true
}

/// `list.exists(x, body)` as CEL folds it: an element for which the body is true decides, even over another
/// element's error.
@_spi(Generated) public func anyHolds<T>(_ list: [T], _ body: (T) throws -> Bool) throws -> Bool {
    var failure: (any Error)?
    for element in list {
        do {
            if try body(element) { return true }
        } catch {
            if failure == nil { failure = error }
        }
    }
    if let failure { throw failure }
    return false
}

@_spi(Generated) public func add(_ a: Int, _ b: Int) throws -> Int {
    let (result, overflow) = a.addingReportingOverflow(b)
    if overflow { throw FlowFailure("integer overflow in '+'") }
    return result
}

@_spi(Generated) public func subtract(_ a: Int, _ b: Int) throws -> Int {
    let (result, overflow) = a.subtractingReportingOverflow(b)
    if overflow { throw FlowFailure("integer overflow in '-'") }
    return result
}

@_spi(Generated) public func multiply(_ a: Int, _ b: Int) throws -> Int {
    let (result, overflow) = a.multipliedReportingOverflow(by: b)
    if overflow { throw FlowFailure("integer overflow in '*'") }
    return result
}

/// A duration divided by a duration: their exact ratio, a decimal (the interpreter's rule), never a
/// whole-number division of milliseconds.
@_spi(Generated) public func durationRatio(_ a: Int, _ b: Int) throws -> Decimal {
    if b == 0 { throw FlowFailure("division by zero", argument: 1) }
    return try checked(Decimal(a) / Decimal(b))
}

@_spi(Generated) public func divide(_ a: Int, _ b: Int) throws -> Int {
    if b == 0 { throw FlowFailure("division by zero", argument: 1) }
    let (result, overflow) = a.dividedReportingOverflow(by: b)
    if overflow { throw FlowFailure("integer overflow in '/'") }
    return result
}

@_spi(Generated) public func remainder(_ a: Int, _ b: Int) throws -> Int {
    if b == 0 { throw FlowFailure("division by zero", argument: 1) }
    let (result, overflow) = a.remainderReportingOverflow(dividingBy: b)
    if overflow { throw FlowFailure("integer overflow in '%'") }
    return result
}

@_spi(Generated) public func negate(_ a: Int) throws -> Int { try subtract(0, a) }
@_spi(Generated) public func negate(_ a: Decimal) -> Decimal { -a }
@_spi(Generated) public func negate(_ a: Money) -> Money { Money(amount: -a.amount, currency: a.currency) }

/// A decimal result, or a failure when Decimal overflowed to NaN.
@_spi(Generated) public func checked(_ value: Decimal) throws -> Decimal {
    if value.isNaN { throw FlowFailure("decimal overflow") }
    return value
}

@_spi(Generated) public func add(_ a: Decimal, _ b: Decimal) throws -> Decimal { try checked(a + b) }
@_spi(Generated) public func subtract(_ a: Decimal, _ b: Decimal) throws -> Decimal { try checked(a - b) }
@_spi(Generated) public func multiply(_ a: Decimal, _ b: Decimal) throws -> Decimal { try checked(a * b) }
@_spi(Generated) public func divide(_ a: Decimal, _ b: Decimal) throws -> Decimal {
    if b.isZero { throw FlowFailure("division by zero", argument: 1) }
    return try checked(a / b)
}

@_spi(Generated) public func sameCurrency(_ a: Money, _ b: Money, _ verb: String) throws {
    if a.currency != b.currency { throw FlowFailure("cannot \(verb) \(a) and \(b): the currencies differ") }
}

@_spi(Generated) public func add(_ a: Money, _ b: Money) throws -> Money {
    try sameCurrency(a, b, "add")
    return Money(amount: try add(a.amount, b.amount), currency: a.currency)
}

@_spi(Generated) public func subtract(_ a: Money, _ b: Money) throws -> Money {
    try sameCurrency(a, b, "subtract")
    return Money(amount: try subtract(a.amount, b.amount), currency: a.currency)
}

@_spi(Generated) public func divide(_ a: Money, _ b: Money) throws -> Decimal {
    try sameCurrency(a, b, "divide")
    return try divide(a.amount, b.amount)
}

@_spi(Generated) public func multiply(_ a: Money, _ b: Decimal) throws -> Money { Money(amount: try multiply(a.amount, b), currency: a.currency) }
@_spi(Generated) public func multiply(_ a: Money, _ b: Int) throws -> Money { try multiply(a, Decimal(b)) }
@_spi(Generated) public func multiply(_ a: Decimal, _ b: Money) throws -> Money { try multiply(b, a) }
@_spi(Generated) public func multiply(_ a: Int, _ b: Money) throws -> Money { try multiply(b, Decimal(a)) }
@_spi(Generated) public func divide(_ a: Money, _ b: Decimal) throws -> Money { Money(amount: try divide(a.amount, b), currency: a.currency) }
@_spi(Generated) public func divide(_ a: Money, _ b: Int) throws -> Money { try divide(a, Decimal(b)) }

/// Whether two amounts (either may be absent) are equal; amounts in different currencies cannot be compared.
@_spi(Generated) public func sameMoney(_ a: Money?, _ b: Money?) throws -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    guard a.currency == b.currency else { throw FlowFailure("cannot compare \(a) and \(b): the currencies differ") }
    return a.amount == b.amount
}

/// Orders two amounts; amounts in different currencies cannot be ordered.
@_spi(Generated) public func compare(_ a: Money, _ b: Money) throws -> Int {
    guard a.currency == b.currency else { throw FlowFailure("cannot compare \(a) and \(b): the currencies differ") }
    return a.amount < b.amount ? -1 : (a.amount == b.amount ? 0 : 1)
}

/// How a validation bound compares with a value: nil when they cannot be compared.
@_spi(Generated) public func order<T: Comparable>(_ a: T, _ b: T) -> Int? { a < b ? -1 : (a == b ? 0 : 1) }
@_spi(Generated) public func order(_ a: Int, _ b: Decimal) -> Int? { order(Decimal(a), b) }
@_spi(Generated) public func order(_ a: Decimal, _ b: Int) -> Int? { order(a, Decimal(b)) }
@_spi(Generated) public func order(_ a: Money, _ b: Money) -> Int? { a.currency == b.currency ? order(a.amount, b.amount) : nil }

/// The element at `index`, or a failure when out of range.
@_spi(Generated) public func element<T>(_ list: [T], _ index: Int) throws -> T {
    guard list.indices.contains(index) else { throw FlowFailure("index \(index) is out of range for a list of \(list.count)") }
    return list[index]
}

/// CEL `contains` on text: an empty part is always contained.
@_spi(Generated) public func textContains(_ whole: String, _ part: String) -> Bool { part.isEmpty || whole.contains(part) }

@_spi(Generated) public func trimmed(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }

@_spi(Generated) public func absolute(_ value: Int) throws -> Int {
    guard value != Int.min else { throw FlowFailure("integer overflow in 'abs'") }
    return Swift.abs(value)
}
@_spi(Generated) public func absolute(_ value: Decimal) -> Decimal { value.magnitude }
@_spi(Generated) public func absolute(_ value: Money) -> Money { Money(amount: value.amount.magnitude, currency: value.currency) }

/// The smallest or largest of the values; a failure for none.
@_spi(Generated) public func minimum<T: Comparable>(_ values: [T]) throws -> T {
    guard var best = values.first else { throw FlowFailure("min of an empty list") }
    for value in values.dropFirst() where value < best { best = value }
    return best
}

@_spi(Generated) public func maximum<T: Comparable>(_ values: [T]) throws -> T {
    guard var best = values.first else { throw FlowFailure("max of an empty list") }
    for value in values.dropFirst() where value > best { best = value }
    return best
}

@_spi(Generated) public func sum(_ values: [Int]) throws -> Int {
    var total = 0
    for value in values {
        let (result, overflow) = total.addingReportingOverflow(value)
        if overflow { throw FlowFailure("integer overflow in 'sum'") }
        total = result
    }
    return total
}
@_spi(Generated) public func sum(_ values: [Decimal]) throws -> Decimal { try values.reduce(Decimal(0)) { try add($0, $1) } }
@_spi(Generated) public func sum(_ values: [Money], currency: String) throws -> Money {
    guard var total = values.first else { return Money(amount: 0, currency: currency) }
    for value in values.dropFirst() { total = try add(total, value) }
    return total
}

/// Whole years from `birth` to `day`.
@_spi(Generated) public func age(_ birth: CalendarDate, on day: CalendarDate) -> Int {
    let beforeBirthday = (day.month, day.day) < (birth.month, birth.day)
    return day.year - birth.year - (beforeBirthday ? 1 : 0)
}

/// The UTC day of an instant, or a failure outside years 1 to 9999.
@_spi(Generated) public func calendarDay(_ instant: Timestamp) throws -> CalendarDate {
    guard let date = instant.date else { throw FlowFailure("the clock is out of range") }
    return date
}

/// How `string(x)` and analytics properties render values, as the interpreter does.
@_spi(Generated) public func describe(_ value: String) -> String { value }
@_spi(Generated) public func describe(_ value: Int) -> String { String(value) }
@_spi(Generated) public func describe(_ value: Bool) -> String { value ? "true" : "false" }
@_spi(Generated) public func describe(_ value: Decimal) -> String { formatDecimal(value) }
@_spi(Generated) public func describe(_ value: Money) -> String { value.description }
@_spi(Generated) public func describe(_ value: CalendarDate) -> String { value.description }
@_spi(Generated) public func describe<T: RawRepresentable>(_ value: T) -> String where T.RawValue == String { value.rawValue }
@_spi(Generated) public func describe(_ value: Timestamp) -> String { value.description }

/// `timestamp('2026-01-05T09:00:00Z')`: ISO 8601 with an explicit zone, years 1 to 9999 (the interpreter's rule).
@_spi(Generated) public func parseTimestamp(_ text: String) throws -> Timestamp {
    guard let timestamp = Timestamp(parsing: text), Timestamp.validRange.contains(timestamp.millisecondsSince1970) else {
        throw FlowFailure("invalid timestamp '\(text)', expected ISO 8601 such as '2026-01-05T09:00:00Z'")
    }
    return timestamp
}
@_spi(Generated) public func describe(_ value: [String]) -> String {
    "[" + value.map { "\"" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"" }.joined(separator: ", ") + "]"
}
@_spi(Generated) public func describe<T>(_ value: T) -> String { String(describing: value) }
/// Text inside a record or list, as the interpreter writes it: in double quotes, `\\` and `"` escaped.
@_spi(Generated) public func quotedText(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
}

/// A duration in milliseconds as flows write it: `0s`, `1m30s`, `-2h`, `250ms`.
@_spi(Generated) public func describeDuration(_ milliseconds: Int) -> String {
    if milliseconds == 0 { return "0s" }
    if milliseconds == Int.min { return "\(milliseconds)ms" }
    var rest = abs(milliseconds)
    var text = milliseconds < 0 ? "-" : ""
    for (unit, size) in [("d", 86_400_000), ("h", 3_600_000), ("m", 60_000), ("s", 1000), ("ms", 1)] where rest >= size {
        text += "\(rest / size)\(unit)"
        rest %= size
    }
    return text
}

/// `decimal` in plain notation with at least `minimumFractionDigits` digits after the point.
@_spi(Generated) public func formatDecimal(_ decimal: Decimal, minimumFractionDigits: Int = 0) -> String {
    var text = decimal.description
    guard minimumFractionDigits > 0 else { return text }
    if let point = text.firstIndex(of: ".") {
        let fraction = text.distance(from: text.index(after: point), to: text.endIndex)
        if fraction < minimumFractionDigits { text += String(repeating: "0", count: minimumFractionDigits - fraction) }
    } else {
        text += "." + String(repeating: "0", count: minimumFractionDigits)
    }
    return text
}

@_spi(Generated) public func isDigit(_ scalar: Unicode.Scalar) -> Bool { (0x30...0x39).contains(scalar.value) }

/// The decimal value of ASCII digits, or nil if any is not a digit.
@_spi(Generated) public func parseDigits(_ scalars: ArraySlice<Unicode.Scalar>) -> Int? {
    guard !scalars.isEmpty, scalars.count <= 18 else { return nil }
    var value = 0
    for scalar in scalars {
        guard isDigit(scalar) else { return nil }
        value = value * 10 + Int(scalar.value - 0x30)
    }
    return value
}

@_spi(Generated) public func padded(_ value: Int, _ width: Int) -> String {
    let digits = String(abs(value))
    return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
}

/// Digits after the point for `code` (2 for an unknown code).
@_spi(Generated) public func minorUnits(of code: String) -> Int {
    switch code {
    case "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "VND", "VUV", "XAF", "XOF", "XPF": 0
    case "BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND": 3
    default: 2
    }
}

/// Whether `value` is in `list`; a null is in no list of values.
@_spi(Generated) public func isIn<T: Equatable>(_ value: T?, _ list: [T]) -> Bool { value.map(list.contains) ?? false }

@_spi(Generated) public func minimum(_ values: [Money]) throws -> Money {
    guard var best = values.first else { throw FlowFailure("min of an empty list") }
    for value in values.dropFirst() where try compare(value, best) < 0 { best = value }
    return best
}

@_spi(Generated) public func maximum(_ values: [Money]) throws -> Money {
    guard var best = values.first else { throw FlowFailure("max of an empty list") }
    for value in values.dropFirst() where try compare(value, best) > 0 { best = value }
    return best
}

@_spi(Generated) public func add(_ a: Timestamp, _ b: Int) throws -> Timestamp { Timestamp(millisecondsSince1970: try add(a.millisecondsSince1970, b)) }
@_spi(Generated) public func add(_ a: Int, _ b: Timestamp) throws -> Timestamp { try add(b, a) }
@_spi(Generated) public func subtract(_ a: Timestamp, _ b: Int) throws -> Timestamp { Timestamp(millisecondsSince1970: try subtract(a.millisecondsSince1970, b)) }
@_spi(Generated) public func subtract(_ a: Timestamp, _ b: Timestamp) throws -> Int { try subtract(a.millisecondsSince1970, b.millisecondsSince1970) }
@_spi(Generated) public func subtract(_ a: CalendarDate, _ b: CalendarDate) throws -> Int { try multiply(a.daysSince1970 - b.daysSince1970, 86_400_000) }

@_spi(Generated) public func add(_ date: CalendarDate, _ milliseconds: Int) throws -> CalendarDate {
    guard milliseconds % 86_400_000 == 0 else { throw FlowFailure("cannot add \(milliseconds)ms to a date: only whole days, such as '1d'") }
    guard let result = CalendarDate(daysSince1970: date.daysSince1970 + milliseconds / 86_400_000) else { throw FlowFailure("date out of range (years 1 to 9999)") }
    return result
}

@_spi(Generated) public func add(_ milliseconds: Int, _ date: CalendarDate) throws -> CalendarDate { try add(date, milliseconds) }
@_spi(Generated) public func subtract(_ date: CalendarDate, _ milliseconds: Int) throws -> CalendarDate { try add(date, try negate(milliseconds)) }

/// `date('2024-01-05')`.
@_spi(Generated) public func parseDate(_ text: String) throws -> CalendarDate {
    guard let date = CalendarDate(parsing: text) else { throw FlowFailure("invalid date '\(text)', expected 'YYYY-MM-DD'") }
    return date
}

/// `int('42')`.
@_spi(Generated) public func parseInt(_ text: String) throws -> Int {
    guard let value = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { throw FlowFailure("'\(text)' is not an int") }
    return value
}

/// A decimal literal of the flow, checked when the code was generated.
@_spi(Generated) public func decimal(_ text: String) -> Decimal { Decimal(string: text, locale: posixLocale) ?? 0 }

/// A date literal of the flow, checked when the code was generated.
@_spi(Generated) public func date(_ year: Int, _ month: Int, _ day: Int) -> CalendarDate {
    CalendarDate(year: year, month: month, day: day) ?? CalendarDate(unchecked: year, month, day)
}

extension CalendarDate {
    fileprivate init(unchecked year: Int, _ month: Int, _ day: Int) { self.year = year; self.month = month; self.day = day }
}

/// A construct flowc does not translate yet; the run stops as an evaluation error would.
@_spi(Generated) public func unsupported<T>(_ what: String) throws -> T { throw FlowFailure("\(what) is not supported in generated code") }

/// The locale decimal text is read in (a `.` before the fraction, no grouping), made once: a `Locale` costs an
/// allocation and a lookup, and amounts are parsed on every step that reads a money field.
let posixLocale = Locale(identifier: "en_US_POSIX")
