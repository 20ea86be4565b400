/// The support library copied into each generated module: Swift versions of the expression
/// language's values and functions, kept byte for byte in step with FlowExpression's library
/// (the differential tests compare them). Only the units an app uses are emitted.
enum SupportUnit: String, CaseIterable, Sendable {
    case core
    case email
    case phone
    case banking
    case bic
    case decimal
    case regex
    case currency
    /// `add_months`, `add_years`.
    case calendar
    /// `sort_by`, `sort_by_desc`.
    case sorting
    /// `format_number`, `truncate`.
    case formatting

    /// Units this one calls.
    var dependencies: [SupportUnit] {
        switch self {
        case .bic: [.phone]
        case .currency, .formatting: [.decimal]
        default: []
        }
    }

    /// The unit's Swift source.
    var source: String {
        switch self {
        case .core: SupportSource.core
        case .email: SupportSource.email
        case .phone: SupportSource.phone
        case .banking: SupportSource.banking
        case .bic: SupportSource.bic
        case .decimal: SupportSource.decimal
        case .regex: SupportSource.regex
        case .currency: SupportSource.currency
        case .calendar: SupportSource.calendar
        case .sorting: SupportSource.sorting
        case .formatting: SupportSource.formatting
        }
    }
}

enum SupportSource {
    static let calendar = #"""
/// The date `months` calendar months later; a day the target month lacks becomes its last day
/// (FlowExpression's CalendarDate.addingMonths).
func addMonths(_ value: CalendarDate, _ months: Int) throws -> CalendarDate {
    let (total, overflow) = (value.year * 12 + value.month - 1).addingReportingOverflow(months)
    guard !overflow, total >= 12, total < 120_000 else { throw FlowFailure("date out of range (years 1 to 9999)") }
    let year = total / 12
    let month = total % 12 + 1
    let last = month == 2 ? ((year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)) ? 29 : 28) : ([4, 6, 9, 11].contains(month) ? 30 : 31)
    guard let moved = CalendarDate(year: year, month: month, day: Swift.min(value.day, last)) else { throw FlowFailure("date out of range (years 1 to 9999)") }
    return moved
}

/// The same time of day `months` calendar months later.
func addMonths(_ value: Timestamp, _ months: Int) throws -> Timestamp {
    let dayLength = 86_400_000
    guard let day = value.date else { throw FlowFailure("date out of range (years 1 to 9999)") }
    let moved = try addMonths(day, months)
    let timeOfDay = value.millisecondsSince1970 - day.daysSince1970 * dayLength
    return Timestamp(millisecondsSince1970: moved.daysSince1970 * dayLength + timeOfDay)
}

func addYears(_ value: CalendarDate, _ years: Int) throws -> CalendarDate {
    let (months, overflow) = years.multipliedReportingOverflow(by: 12)
    guard !overflow else { throw FlowFailure("date out of range (years 1 to 9999)") }
    return try addMonths(value, months)
}

func addYears(_ value: Timestamp, _ years: Int) throws -> Timestamp {
    let (months, overflow) = years.multipliedReportingOverflow(by: 12)
    guard !overflow else { throw FlowFailure("date out of range (years 1 to 9999)") }
    return try addMonths(value, months)
}
"""#

    static let formatting = #"""
/// `value` rounded half-even to `places` decimals, thousands separated by commas (FlowExpression's DecimalMath.grouped).
func formatNumber(_ value: Decimal, _ places: Int) throws -> String {
    guard (0...10).contains(places) else { throw FlowFailure("format_number shows 0 to 10 decimal places, not \(places)") }
    let rounded = try round(value, places, "half_even")
    let text = formatDecimal(rounded.magnitude, minimumFractionDigits: places)
    let parts = text.split(separator: ".", maxSplits: 1).map(String.init)
    var digits = Array(parts.first ?? "0")
    var groups: [String] = []
    while digits.count > 3 {
        groups.insert(String(digits.suffix(3)), at: 0)
        digits.removeLast(3)
    }
    groups.insert(String(digits), at: 0)
    let whole = groups.joined(separator: ",")
    return (rounded < 0 ? "-" : "") + whole + (parts.count > 1 ? "." + parts[1] : "")
}
func formatNumber(_ value: Int, _ places: Int) throws -> String { try formatNumber(Decimal(value), places) }
func formatNumber(_ value: Money, _ places: Int) throws -> String { try formatNumber(value.amount, places) }

/// The first `length` characters of `text`.
func truncate(_ text: String, _ length: Int) throws -> String {
    guard length >= 0 else { throw FlowFailure("truncate needs a length of 0 or more, not \(length)") }
    return String(text.prefix(length))
}
"""#

    static let sorting = #"""
/// The list ordered by `key` (largest first when `descending`), stable: equal keys keep their order.
/// The same index sort as FlowExpression's MacroFold, so a failing comparison names the same pair.
func sortedBy<T, Key>(_ list: [T], descending: Bool, _ key: (T) throws -> Key, compare: (Key, Key) throws -> Int) throws -> [T] {
    let keys = try list.map(key)
    var order = Array(list.indices)
    var failure: (any Error)?
    order.sort { a, b in
        guard failure == nil else { return a < b }
        do {
            let sign = try compare(keys[a], keys[b])
            if sign == 0 { return a < b }
            return descending ? sign > 0 : sign < 0
        } catch {
            failure = error
            return a < b
        }
    }
    if let failure { throw failure }
    return order.map { list[$0] }
}

func sortedBy<T, Key: Comparable>(_ list: [T], descending: Bool, _ key: (T) throws -> Key) throws -> [T] {
    try sortedBy(list, descending: descending, key, compare: { a, b in a < b ? -1 : (a == b ? 0 : 1) })
}

func sortedBy<T>(_ list: [T], descending: Bool, _ key: (T) throws -> Money) throws -> [T] {
    try sortedBy(list, descending: descending, key, compare: { a, b in try compare(a, b) })
}
"""#

    static let core = #"""
/// A run stopped by a broken rule of the model: an expression that could not be evaluated
/// (a null value, an invalid phone number passed to `e164`), a raised-event loop, or a broken invariant.
public struct FlowFailure: Error, Equatable, Sendable, CustomStringConvertible {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }
}

/// What a person typed or picked in a field.
public enum FieldInput: Hashable, Sendable {
    case text(String)
    case list([String])
}

/// What a person would have typed to give a field's default (nil for a null default).
func fieldInput(_ value: String?) -> FieldInput? { value.map { .text($0) } }
func fieldInput(_ value: Bool?) -> FieldInput? { value.map { .text($0 ? "true" : "false") } }
func fieldInput(_ value: Int?) -> FieldInput? { value.map { .text(String($0)) } }
func fieldInput(_ value: Decimal?) -> FieldInput? { value.map { .text($0.description) } }
func fieldInput(_ value: Money?) -> FieldInput? { value.map { .text($0.amount.description) } }
func fieldInput(_ value: CalendarDate?) -> FieldInput? { value.map { .text($0.description) } }
func fieldInput(_ value: [String]?) -> FieldInput? { value.map { .list($0) } }
func fieldInput<T: RawRepresentable>(_ value: T?) -> FieldInput? where T.RawValue == String { value.map { .text($0.rawValue) } }
func fieldInput<T: RawRepresentable>(_ value: [T]?) -> FieldInput? where T.RawValue == String { value.map { .list($0.map(\.rawValue)) } }

/// Identifies a timer the machine started; the host sends `.timerFired(token)` when it is due.
public struct TimerToken: Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public var description: String { "timer #\(rawValue)" }
}

/// An analytics event: a screen view (no properties) or an `analytics:` action.
public struct AnalyticsEvent: Hashable, Sendable {
    public var name: String
    /// Property values rendered as text, in declaration order.
    public var properties: [AnalyticsProperty]
    public init(name: String, properties: [AnalyticsProperty] = []) { self.name = name; self.properties = properties }
}

/// One property of an analytics event.
public struct AnalyticsProperty: Hashable, Sendable {
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

    static func daysIn(month: Int, year: Int) -> Int {
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
public struct Timestamp: Hashable, Sendable, Comparable, Codable {
    public var millisecondsSince1970: Int
    public init(millisecondsSince1970: Int) { self.millisecondsSince1970 = millisecondsSince1970 }

    /// The UTC calendar day this instant falls on.
    public var date: CalendarDate? {
        let day = 86_400_000
        let quotient = millisecondsSince1970 / day
        let floor = (millisecondsSince1970 % day != 0 && millisecondsSince1970 < 0) ? quotient - 1 : quotient
        return CalendarDate(daysSince1970: floor)
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.millisecondsSince1970 < rhs.millisecondsSince1970 }
}

// MARK: Field values

extension Optional where Wrapped == FieldInput {
    /// Whether nothing (or only blanks, or an unticked box) was entered.
    var isBlank: Bool {
        switch self {
        case .none: true
        case .text(let text)?: isBlankText(text)
        case .list(let items)?: items.isEmpty
        }
    }

    /// The typed text (empty for a list).
    var typedText: String {
        if case .text(let text)? = self { return text }
        return ""
    }
}

/// All whitespace (or the unticked box's `false`); ASCII text is checked byte by byte.
func isBlankText(_ text: String) -> Bool {
    for byte in text.utf8 {
        if byte >= 0x80 { return text.allSatisfy(\.isWhitespace) }
        if !(byte == 0x20 || (0x09...0x0D).contains(byte)) { return text == "false" }
    }
    return true
}

/// A text-like field's value; a list of picks reads as its items joined with commas.
func textValue(_ input: FieldInput?) -> String {
    switch input {
    case .none: ""
    case .text(let text)?: text
    case .list(let items)?: items.joined(separator: ",")
    }
}

/// A multi-choice field's value.
func listValue(_ input: FieldInput?) -> [String] {
    switch input {
    case .none: []
    case .text(let text)?: text.isEmpty ? [] : [text]
    case .list(let items)?: items
    }
}

/// A checkbox's value: ticked when the text is `true`.
func boolValue(_ input: FieldInput?) -> Bool {
    if case .text(let text)? = input { return text == "true" }
    return false
}

/// A date field's value (`DD/MM/YYYY` or `YYYY-MM-DD`); nil when empty or not a date.
func dateValue(_ input: FieldInput?) -> CalendarDate? {
    guard case .text(let text)? = input, !text.isEmpty else { return nil }
    let parts = text.split(separator: "/")
    if parts.count == 3, let day = Int(parts[0]), let month = Int(parts[1]), let year = Int(parts[2]), parts[2].count == 4 {
        return CalendarDate(year: year, month: month, day: day)
    }
    return CalendarDate(parsing: text)
}

/// A money field's value in `currency`; nil when empty or not a number.
func moneyValue(_ input: FieldInput?, currency: String) -> Money? {
    guard case .text(let text)? = input, !text.isEmpty else { return nil }
    return Decimal(string: text.replacingOccurrences(of: ",", with: ""), locale: Locale(identifier: "en_US_POSIX"))
        .map { Money(amount: $0, currency: currency) }
}

/// A decimal field's value; nil when empty or not a number.
func decimalValue(_ input: FieldInput?) -> Decimal? {
    guard case .text(let text)? = input, !text.isEmpty else { return nil }
    return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
}

/// A whole-number field's value; nil when empty or not a number.
func intValue(_ input: FieldInput?) -> Int? {
    guard case .text(let text)? = input, !text.isEmpty else { return nil }
    return Int(text)
}

// MARK: Expression helpers

/// The value of something the flow expected to be set; a null stops the run as the interpreter does.
func required<T>(_ value: T?, _ what: String) throws -> T {
    guard let value else { throw FlowFailure("\(what) is null") }
    return value
}

func add(_ a: Int, _ b: Int) throws -> Int {
    let (result, overflow) = a.addingReportingOverflow(b)
    if overflow { throw FlowFailure("integer overflow in '+'") }
    return result
}

func subtract(_ a: Int, _ b: Int) throws -> Int {
    let (result, overflow) = a.subtractingReportingOverflow(b)
    if overflow { throw FlowFailure("integer overflow in '-'") }
    return result
}

func multiply(_ a: Int, _ b: Int) throws -> Int {
    let (result, overflow) = a.multipliedReportingOverflow(by: b)
    if overflow { throw FlowFailure("integer overflow in '*'") }
    return result
}

func divide(_ a: Int, _ b: Int) throws -> Int {
    if b == 0 { throw FlowFailure("division by zero") }
    let (result, overflow) = a.dividedReportingOverflow(by: b)
    if overflow { throw FlowFailure("integer overflow in '/'") }
    return result
}

func remainder(_ a: Int, _ b: Int) throws -> Int {
    if b == 0 { throw FlowFailure("division by zero") }
    let (result, overflow) = a.remainderReportingOverflow(dividingBy: b)
    if overflow { throw FlowFailure("integer overflow in '%'") }
    return result
}

func negate(_ a: Int) throws -> Int { try subtract(0, a) }
func negate(_ a: Decimal) -> Decimal { -a }
func negate(_ a: Money) -> Money { Money(amount: -a.amount, currency: a.currency) }

/// A decimal result, or a failure when Decimal overflowed to NaN.
func checked(_ value: Decimal) throws -> Decimal {
    if value.isNaN { throw FlowFailure("decimal overflow") }
    return value
}

func add(_ a: Decimal, _ b: Decimal) throws -> Decimal { try checked(a + b) }
func subtract(_ a: Decimal, _ b: Decimal) throws -> Decimal { try checked(a - b) }
func multiply(_ a: Decimal, _ b: Decimal) throws -> Decimal { try checked(a * b) }
func divide(_ a: Decimal, _ b: Decimal) throws -> Decimal {
    if b.isZero { throw FlowFailure("division by zero") }
    return try checked(a / b)
}

func sameCurrency(_ a: Money, _ b: Money, _ verb: String) throws {
    if a.currency != b.currency { throw FlowFailure("cannot \(verb) \(a) and \(b): the currencies differ") }
}

func add(_ a: Money, _ b: Money) throws -> Money {
    try sameCurrency(a, b, "add")
    return Money(amount: try add(a.amount, b.amount), currency: a.currency)
}

func subtract(_ a: Money, _ b: Money) throws -> Money {
    try sameCurrency(a, b, "subtract")
    return Money(amount: try subtract(a.amount, b.amount), currency: a.currency)
}

func divide(_ a: Money, _ b: Money) throws -> Decimal {
    try sameCurrency(a, b, "divide")
    return try divide(a.amount, b.amount)
}

func multiply(_ a: Money, _ b: Decimal) throws -> Money { Money(amount: try multiply(a.amount, b), currency: a.currency) }
func multiply(_ a: Money, _ b: Int) throws -> Money { try multiply(a, Decimal(b)) }
func multiply(_ a: Decimal, _ b: Money) throws -> Money { try multiply(b, a) }
func multiply(_ a: Int, _ b: Money) throws -> Money { try multiply(b, Decimal(a)) }
func divide(_ a: Money, _ b: Decimal) throws -> Money { Money(amount: try divide(a.amount, b), currency: a.currency) }
func divide(_ a: Money, _ b: Int) throws -> Money { try divide(a, Decimal(b)) }

/// Whether two amounts (either may be absent) are equal; amounts in different currencies cannot be compared.
func sameMoney(_ a: Money?, _ b: Money?) throws -> Bool {
    guard let a, let b else { return a == nil && b == nil }
    guard a.currency == b.currency else { throw FlowFailure("cannot compare \(a) and \(b): the currencies differ") }
    return a.amount == b.amount
}

/// Orders two amounts; amounts in different currencies cannot be ordered.
func compare(_ a: Money, _ b: Money) throws -> Int {
    guard a.currency == b.currency else { throw FlowFailure("cannot compare \(a) and \(b): the currencies differ") }
    return a.amount < b.amount ? -1 : (a.amount == b.amount ? 0 : 1)
}

/// How a validation bound compares with a value: nil when they cannot be compared.
func order<T: Comparable>(_ a: T, _ b: T) -> Int? { a < b ? -1 : (a == b ? 0 : 1) }
func order(_ a: Int, _ b: Decimal) -> Int? { order(Decimal(a), b) }
func order(_ a: Decimal, _ b: Int) -> Int? { order(a, Decimal(b)) }
func order(_ a: Money, _ b: Money) -> Int? { a.currency == b.currency ? order(a.amount, b.amount) : nil }

/// The element at `index`, or a failure when out of range.
func element<T>(_ list: [T], _ index: Int) throws -> T {
    guard list.indices.contains(index) else { throw FlowFailure("index \(index) is out of range for a list of \(list.count)") }
    return list[index]
}

/// CEL `contains` on text: an empty part is always contained.
func textContains(_ whole: String, _ part: String) -> Bool { part.isEmpty || whole.contains(part) }

func trimmed(_ text: String) -> String { text.trimmingCharacters(in: .whitespacesAndNewlines) }

func absolute(_ value: Int) throws -> Int {
    guard value != Int.min else { throw FlowFailure("integer overflow in 'abs'") }
    return Swift.abs(value)
}
func absolute(_ value: Decimal) -> Decimal { value.magnitude }
func absolute(_ value: Money) -> Money { Money(amount: value.amount.magnitude, currency: value.currency) }

/// The smallest or largest of the values; a failure for none.
func minimum<T: Comparable>(_ values: [T]) throws -> T {
    guard var best = values.first else { throw FlowFailure("min of an empty list") }
    for value in values.dropFirst() where value < best { best = value }
    return best
}

func maximum<T: Comparable>(_ values: [T]) throws -> T {
    guard var best = values.first else { throw FlowFailure("max of an empty list") }
    for value in values.dropFirst() where value > best { best = value }
    return best
}

func sum(_ values: [Int]) throws -> Int { try values.reduce(0) { try add($0, $1) } }
func sum(_ values: [Decimal]) throws -> Decimal { try values.reduce(Decimal(0)) { try add($0, $1) } }
func sum(_ values: [Money], currency: String) throws -> Money {
    guard var total = values.first else { return Money(amount: 0, currency: currency) }
    for value in values.dropFirst() { total = try add(total, value) }
    return total
}

/// Whole years from `birth` to `day`.
func age(_ birth: CalendarDate, on day: CalendarDate) -> Int {
    let beforeBirthday = (day.month, day.day) < (birth.month, birth.day)
    return day.year - birth.year - (beforeBirthday ? 1 : 0)
}

/// The UTC day of an instant, or a failure outside years 1 to 9999.
func calendarDay(_ instant: Timestamp) throws -> CalendarDate {
    guard let date = instant.date else { throw FlowFailure("the clock is out of range") }
    return date
}

/// How `string(x)` and analytics properties render values, as the interpreter does.
func describe(_ value: String) -> String { value }
func describe(_ value: Int) -> String { String(value) }
func describe(_ value: Bool) -> String { value ? "true" : "false" }
func describe(_ value: Decimal) -> String { formatDecimal(value) }
func describe(_ value: Money) -> String { value.description }
func describe(_ value: CalendarDate) -> String { value.description }
func describe<T: RawRepresentable>(_ value: T) -> String where T.RawValue == String { value.rawValue }
func describe(_ value: Timestamp) -> String {
    guard let date = value.date else { return "\(value.millisecondsSince1970)ms since 1970" }
    let rest = value.millisecondsSince1970 - date.daysSince1970 * 86_400_000
    let seconds = rest / 1000
    var text = "\(date)T\(padded(seconds / 3600, 2)):\(padded(seconds / 60 % 60, 2)):\(padded(seconds % 60, 2))"
    if rest % 1000 != 0 { text += "." + padded(rest % 1000, 3) }
    return text + "Z"
}
func describe(_ value: [String]) -> String {
    "[" + value.map { "\"" + $0.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\"" }.joined(separator: ", ") + "]"
}
func describe<T>(_ value: T) -> String { String(describing: value) }
/// Text inside a record or list, as the interpreter writes it: in double quotes, `\\` and `"` escaped.
func quotedText(_ text: String) -> String {
    "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
}

/// A duration in milliseconds as flows write it: `0s`, `1m30s`, `-2h`, `250ms`.
func describeDuration(_ milliseconds: Int) -> String {
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
func formatDecimal(_ decimal: Decimal, minimumFractionDigits: Int = 0) -> String {
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

func isDigit(_ scalar: Unicode.Scalar) -> Bool { (0x30...0x39).contains(scalar.value) }

/// The decimal value of ASCII digits, or nil if any is not a digit.
func parseDigits(_ scalars: ArraySlice<Unicode.Scalar>) -> Int? {
    guard !scalars.isEmpty, scalars.count <= 18 else { return nil }
    var value = 0
    for scalar in scalars {
        guard isDigit(scalar) else { return nil }
        value = value * 10 + Int(scalar.value - 0x30)
    }
    return value
}

func padded(_ value: Int, _ width: Int) -> String {
    let digits = String(abs(value))
    return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
}

/// Digits after the point for `code` (2 for an unknown code).
func minorUnits(of code: String) -> Int {
    switch code {
    case "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "VND", "VUV", "XAF", "XOF", "XPF": 0
    case "BHD", "IQD", "JOD", "KWD", "LYD", "OMR", "TND": 3
    default: 2
    }
}

/// Whether `value` is in `list`; a null is in no list of values.
func isIn<T: Equatable>(_ value: T?, _ list: [T]) -> Bool { value.map(list.contains) ?? false }

func minimum(_ values: [Money]) throws -> Money {
    guard var best = values.first else { throw FlowFailure("min of an empty list") }
    for value in values.dropFirst() where try compare(value, best) < 0 { best = value }
    return best
}

func maximum(_ values: [Money]) throws -> Money {
    guard var best = values.first else { throw FlowFailure("max of an empty list") }
    for value in values.dropFirst() where try compare(value, best) > 0 { best = value }
    return best
}

func add(_ a: Timestamp, _ b: Int) throws -> Timestamp { Timestamp(millisecondsSince1970: try add(a.millisecondsSince1970, b)) }
func add(_ a: Int, _ b: Timestamp) throws -> Timestamp { try add(b, a) }
func subtract(_ a: Timestamp, _ b: Int) throws -> Timestamp { Timestamp(millisecondsSince1970: try subtract(a.millisecondsSince1970, b)) }
func subtract(_ a: Timestamp, _ b: Timestamp) throws -> Int { try subtract(a.millisecondsSince1970, b.millisecondsSince1970) }
func subtract(_ a: CalendarDate, _ b: CalendarDate) throws -> Int { try multiply(a.daysSince1970 - b.daysSince1970, 86_400_000) }

func add(_ date: CalendarDate, _ milliseconds: Int) throws -> CalendarDate {
    guard milliseconds % 86_400_000 == 0 else { throw FlowFailure("cannot add \(milliseconds)ms to a date: only whole days, such as '1d'") }
    guard let result = CalendarDate(daysSince1970: date.daysSince1970 + milliseconds / 86_400_000) else { throw FlowFailure("date out of range (years 1 to 9999)") }
    return result
}

func add(_ milliseconds: Int, _ date: CalendarDate) throws -> CalendarDate { try add(date, milliseconds) }
func subtract(_ date: CalendarDate, _ milliseconds: Int) throws -> CalendarDate { try add(date, try negate(milliseconds)) }

/// `date('2024-01-05')`.
func parseDate(_ text: String) throws -> CalendarDate {
    guard let date = CalendarDate(parsing: text) else { throw FlowFailure("invalid date '\(text)', expected 'YYYY-MM-DD'") }
    return date
}

/// `int('42')`.
func parseInt(_ text: String) throws -> Int {
    guard let value = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else { throw FlowFailure("'\(text)' is not an int") }
    return value
}

/// A decimal literal of the flow, checked when the code was generated.
func decimal(_ text: String) -> Decimal { Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) ?? 0 }

/// A date literal of the flow, checked when the code was generated.
func date(_ year: Int, _ month: Int, _ day: Int) -> CalendarDate {
    CalendarDate(year: year, month: month, day: day) ?? CalendarDate(unchecked: year, month, day)
}

extension CalendarDate {
    fileprivate init(unchecked year: Int, _ month: Int, _ day: Int) { self.year = year; self.month = month; self.day = day }
}

/// A construct flowc does not translate yet; the run stops as an evaluation error would.
func unsupported<T>(_ what: String) throws -> T { throw FlowFailure("\(what) is not supported in generated code") }
"""#

    static let email = #"""
/// A practical email address check: `local@domain.tld` (the interpreter's `is_email`).
func isEmail(_ text: String) -> Bool {
    let scalars = Array(text.unicodeScalars)
    guard scalars.count <= 254, let at = scalars.lastIndex(of: "@") else { return false }
    let local = scalars[..<at]
    let domain = scalars[(at + 1)...]
    let localSpecials = Set("!#$%&'*+/=?^_`{|}~-".unicodeScalars)
    guard (1...64).contains(local.count), local.first != ".", local.last != ".",
          !zip(local, local.dropFirst()).contains(where: { $0 == "." && $1 == "." }),
          local.allSatisfy({ $0.isASCII && (isIdentifierScalar($0) || localSpecials.contains($0) || $0 == ".") })
    else { return false }
    let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
    guard labels.count >= 2, domain.count <= 253 else { return false }
    for label in labels {
        guard (1...63).contains(label.count), label.first != "-", label.last != "-",
              label.allSatisfy({ $0.isASCII && ((isIdentifierScalar($0) && $0 != "_") || $0 == "-") }) else { return false }
    }
    guard let tld = labels.last else { return false }
    let tldText = String(String.UnicodeScalarView(tld)).lowercased()
    return tldText.hasPrefix("xn--") || (tld.count >= 2 && tld.allSatisfy { !isDigit($0) && $0 != "-" })
}

func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F: true
    default: false
    }
}
"""#

    static let phone = #"""
/// What a valid national significant number looks like in one country.
struct PhoneRule: Sendable {
    var lengths: ClosedRange<Int>
    var trunkPrefix: String?
    var leadingZero = false
    var nanp = false
    var lengthsByPrefix: [String: ClosedRange<Int>] = [:]

    func allowedLengths(for national: String) -> ClosedRange<Int> {
        for (prefix, lengths) in lengthsByPrefix where national.hasPrefix(prefix) { return lengths }
        return lengths
    }
}

/// Phone number checks and E.164 formatting (the interpreter's `is_phone`, `e164`, `dial_code`).
enum PhoneNumbers {
    static let rules: [String: PhoneRule] = [
        "GB": PhoneRule(lengths: 10...10, trunkPrefix: "0", lengthsByPrefix: ["1": 9...10]),
        "IE": PhoneRule(lengths: 7...9, trunkPrefix: "0"),
        "FR": PhoneRule(lengths: 9...9, trunkPrefix: "0"),
        "DE": PhoneRule(lengths: 6...13, trunkPrefix: "0"),
        "ES": PhoneRule(lengths: 9...9),
        "IT": PhoneRule(lengths: 6...11, leadingZero: true),
        "NL": PhoneRule(lengths: 9...9, trunkPrefix: "0"),
        "BE": PhoneRule(lengths: 8...9, trunkPrefix: "0"),
        "PT": PhoneRule(lengths: 9...9),
        "NO": PhoneRule(lengths: 8...8),
        "SE": PhoneRule(lengths: 7...9, trunkPrefix: "0"),
        "DK": PhoneRule(lengths: 8...8),
        "FI": PhoneRule(lengths: 5...12, trunkPrefix: "0"),
        "PL": PhoneRule(lengths: 9...9),
        "CH": PhoneRule(lengths: 9...9, trunkPrefix: "0"),
        "AT": PhoneRule(lengths: 4...13, trunkPrefix: "0"),
        "US": PhoneRule(lengths: 10...10, trunkPrefix: "1", nanp: true),
        "CA": PhoneRule(lengths: 10...10, trunkPrefix: "1", nanp: true),
        "KE": PhoneRule(lengths: 9...9, trunkPrefix: "0"),
        "UG": PhoneRule(lengths: 9...9, trunkPrefix: "0"),
        "TZ": PhoneRule(lengths: 9...9, trunkPrefix: "0"),
        "RW": PhoneRule(lengths: 9...9, trunkPrefix: "0"),
        "NG": PhoneRule(lengths: 8...10, trunkPrefix: "0"),
        "GH": PhoneRule(lengths: 9...9, trunkPrefix: "0"),
        "ZA": PhoneRule(lengths: 9...9, trunkPrefix: "0"),
        "IN": PhoneRule(lengths: 10...10, trunkPrefix: "0"),
        "AE": PhoneRule(lengths: 8...9, trunkPrefix: "0"),
    ]

    static let dialCodes: [String: String] = [
        "AD": "376", "AE": "971", "AF": "93", "AG": "1", "AI": "1", "AL": "355", "AM": "374", "AO": "244",
        "AR": "54", "AS": "1", "AT": "43", "AU": "61", "AW": "297", "AX": "358", "AZ": "994",
        "BA": "387", "BB": "1", "BD": "880", "BE": "32", "BF": "226", "BG": "359", "BH": "973", "BI": "257",
        "BJ": "229", "BL": "590", "BM": "1", "BN": "673", "BO": "591", "BQ": "599", "BR": "55", "BS": "1",
        "BT": "975", "BW": "267", "BY": "375", "BZ": "501",
        "CA": "1", "CC": "61", "CD": "243", "CF": "236", "CG": "242", "CH": "41", "CI": "225", "CK": "682",
        "CL": "56", "CM": "237", "CN": "86", "CO": "57", "CR": "506", "CU": "53", "CV": "238", "CW": "599",
        "CX": "61", "CY": "357", "CZ": "420",
        "DE": "49", "DJ": "253", "DK": "45", "DM": "1", "DO": "1", "DZ": "213",
        "EC": "593", "EE": "372", "EG": "20", "EH": "212", "ER": "291", "ES": "34", "ET": "251",
        "FI": "358", "FJ": "679", "FK": "500", "FM": "691", "FO": "298", "FR": "33",
        "GA": "241", "GB": "44", "GD": "1", "GE": "995", "GF": "594", "GG": "44", "GH": "233", "GI": "350",
        "GL": "299", "GM": "220", "GN": "224", "GP": "590", "GQ": "240", "GR": "30", "GT": "502", "GU": "1",
        "GW": "245", "GY": "592",
        "HK": "852", "HN": "504", "HR": "385", "HT": "509", "HU": "36",
        "ID": "62", "IE": "353", "IL": "972", "IM": "44", "IN": "91", "IO": "246", "IQ": "964", "IR": "98",
        "IS": "354", "IT": "39",
        "JE": "44", "JM": "1", "JO": "962", "JP": "81",
        "KE": "254", "KG": "996", "KH": "855", "KI": "686", "KM": "269", "KN": "1", "KP": "850", "KR": "82",
        "KW": "965", "KY": "1", "KZ": "7",
        "LA": "856", "LB": "961", "LC": "1", "LI": "423", "LK": "94", "LR": "231", "LS": "266", "LT": "370",
        "LU": "352", "LV": "371", "LY": "218",
        "MA": "212", "MC": "377", "MD": "373", "ME": "382", "MF": "590", "MG": "261", "MH": "692", "MK": "389",
        "ML": "223", "MM": "95", "MN": "976", "MO": "853", "MP": "1", "MQ": "596", "MR": "222", "MS": "1",
        "MT": "356", "MU": "230", "MV": "960", "MW": "265", "MX": "52", "MY": "60", "MZ": "258",
        "NA": "264", "NC": "687", "NE": "227", "NF": "672", "NG": "234", "NI": "505", "NL": "31", "NO": "47",
        "NP": "977", "NR": "674", "NU": "683", "NZ": "64",
        "OM": "968",
        "PA": "507", "PE": "51", "PF": "689", "PG": "675", "PH": "63", "PK": "92", "PL": "48", "PM": "508",
        "PR": "1", "PS": "970", "PT": "351", "PW": "680", "PY": "595",
        "QA": "974",
        "RE": "262", "RO": "40", "RS": "381", "RU": "7", "RW": "250",
        "SA": "966", "SB": "677", "SC": "248", "SD": "249", "SE": "46", "SG": "65", "SH": "290", "SI": "386",
        "SJ": "47", "SK": "421", "SL": "232", "SM": "378", "SN": "221", "SO": "252", "SR": "597", "SS": "211",
        "ST": "239", "SV": "503", "SX": "1", "SY": "963", "SZ": "268",
        "TC": "1", "TD": "235", "TG": "228", "TH": "66", "TJ": "992", "TK": "690", "TL": "670", "TM": "993",
        "TN": "216", "TO": "676", "TR": "90", "TT": "1", "TV": "688", "TW": "886", "TZ": "255",
        "UA": "380", "UG": "256", "US": "1", "UY": "598", "UZ": "998",
        "VA": "39", "VC": "1", "VE": "58", "VG": "1", "VI": "1", "VN": "84", "VU": "678",
        "WF": "681", "WS": "685", "XK": "383", "YE": "967", "YT": "262",
        "ZA": "27", "ZM": "260", "ZW": "263",
    ]

    static let countryByDialCode: [String: String] = {
        var result: [String: String] = [:]
        for (country, code) in dialCodes.sorted(by: { $0.key < $1.key }) {
            if result[code] == nil || (rules[country] != nil && rules[result[code] ?? ""] == nil) {
                result[code] = country
            }
        }
        result["1"] = "US"
        result["44"] = "GB"
        return result
    }()

    /// The number in E.164 form (`+447700900123`), or nil when it is not a valid number.
    static func e164(_ text: String, country: String) -> String? {
        let country = country.uppercased()
        var scalars = Array(text.unicodeScalars)
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        var cleaned = String(String.UnicodeScalarView(scalars)).replacingOccurrences(of: "(0)", with: "")
        var international = false
        if cleaned.hasPrefix("+") {
            international = true
            cleaned.removeFirst()
        }
        var digits = ""
        for scalar in cleaned.unicodeScalars {
            if isDigit(scalar) {
                digits.unicodeScalars.append(scalar)
            } else if !(scalar == " " || scalar == "-" || scalar == "." || scalar == "/" || scalar == "(" || scalar == ")"
                        || scalar.properties.isWhitespace) {
                return nil
            }
        }
        guard !digits.isEmpty, digits.count <= 17 else { return nil }
        if !international, digits.hasPrefix("00") {
            international = true
            digits.removeFirst(2)
        }
        if international {
            var dialCode: String?
            if let own = dialCodes[country], digits.hasPrefix(own) {
                dialCode = own
            } else {
                for length in 1...3 where digits.count > length {
                    let prefix = String(digits.prefix(length))
                    if countryByDialCode[prefix] != nil {
                        dialCode = prefix
                        break
                    }
                }
            }
            guard let dialCode else { return nil }
            let owner = dialCodes[country] == dialCode ? country : (countryByDialCode[dialCode] ?? country)
            let national = String(digits.dropFirst(dialCode.count))
            return validate(national: national, dialCode: dialCode, rule: rules[owner])
        }
        guard let dialCode = dialCodes[country] else { return nil }
        var national = digits
        let rule = rules[country]
        let trunk = rule.map { $0.trunkPrefix } ?? "0"
        if let trunk, national.hasPrefix(trunk) {
            let stripped = String(national.dropFirst(trunk.count))
            if rule?.nanp != true || national.count == 11 { national = stripped }
        }
        return validate(national: national, dialCode: dialCode, rule: rule)
    }

    private static func validate(national: String, dialCode: String, rule: PhoneRule?) -> String? {
        guard let first = national.unicodeScalars.first else { return nil }
        if let rule {
            guard rule.allowedLengths(for: national).contains(national.count), rule.leadingZero || first != "0" else { return nil }
            if rule.nanp {
                let digits = Array(national.unicodeScalars)
                guard digits[0].value >= 0x32, digits[3].value >= 0x32 else { return nil }
            }
        } else {
            guard first != "0", national.count >= 4, dialCode.count + national.count <= 15 else { return nil }
        }
        guard dialCode.count + national.count <= 15 else { return nil }
        return "+" + dialCode + national
    }
}

func isPhone(_ number: String, _ country: String) -> Bool { PhoneNumbers.e164(number, country: country) != nil }

func e164(_ number: String, _ country: String) throws -> String {
    guard let formatted = PhoneNumbers.e164(number, country: country) else {
        throw FlowFailure("'\(number)' is not a valid phone number for '\(country)'")
    }
    return formatted
}

func dialCode(_ country: String) throws -> String {
    guard let code = PhoneNumbers.dialCodes[country.uppercased()] else { throw FlowFailure("unknown country code '\(country)'") }
    return "+" + code
}
"""#

    static let banking = #"""
/// Banking identifier checks (the interpreter's `is_iban`, `is_bic`, `is_sort_code`, `is_digits`, `is_sequence`).
enum BankingIdentifiers {
    static let ibanLengths: [String: Int] = [
        "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BI": 27,
        "BR": 29, "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DJ": 27, "DK": 18, "DO": 28,
        "EE": 20, "EG": 29, "ES": 24, "FI": 18, "FK": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23,
        "GL": 18, "GR": 27, "GT": 28, "HN": 28, "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IQ": 23, "IS": 26,
        "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LC": 32, "LI": 21, "LT": 20, "LU": 20, "LV": 21,
        "LY": 25, "MC": 27, "MD": 24, "ME": 22, "MK": 19, "MN": 20, "MR": 27, "MT": 31, "MU": 30, "NI": 28,
        "NL": 18, "NO": 15, "OM": 23, "PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22,
        "RU": 33, "SA": 24, "SC": 31, "SD": 18, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "SO": 23, "ST": 25,
        "SV": 28, "TL": 23, "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20, "YE": 30,
    ]
}

func isIBAN(_ text: String) -> Bool {
    let scalars = text.uppercased().unicodeScalars.filter { $0 != " " }
    guard scalars.count >= 4, scalars.allSatisfy({ isDigit($0) || ("A"..."Z").contains($0) }) else { return false }
    let characters = Array(scalars)
    let country = String(String.UnicodeScalarView(characters[0..<2]))
    guard characters[0...1].allSatisfy({ ("A"..."Z").contains($0) }),
          let length = BankingIdentifiers.ibanLengths[country], characters.count == length,
          let check = parseDigits(characters[2..<4]), (2...98).contains(check) else { return false }
    var remainder = 0
    for scalar in characters[4...] + characters[0..<4] {
        if isDigit(scalar) {
            remainder = (remainder * 10 + Int(scalar.value - 0x30)) % 97
        } else {
            remainder = (remainder * 100 + Int(scalar.value - 0x41 + 10)) % 97
        }
    }
    return remainder == 1
}

func isSortCode(_ text: String) -> Bool {
    let characters = Array(text.unicodeScalars)
    if characters.count == 6 { return characters.allSatisfy(isDigit) }
    guard characters.count == 8, characters[2] == "-", characters[5] == "-" else { return false }
    return [0, 1, 3, 4, 6, 7].allSatisfy { isDigit(characters[$0]) }
}

func isDigits(_ text: String, _ count: Int) -> Bool {
    let scalars = text.unicodeScalars
    return count >= 0 && scalars.count == count && scalars.allSatisfy(isDigit)
}

/// At least two ASCII digits, all the same (`0000`) or running up or down by one (`1234`, `4321`).
func isSequence(_ text: String) -> Bool {
    // Byte by byte: a digit is one UTF-8 byte, and anything else ends the check.
    var count = 0
    var previous = 0
    var step = 0
    for byte in text.utf8 {
        let digit = Int(byte) - 0x30
        guard (0...9).contains(digit) else { return false }
        if count == 1 {
            step = digit - previous
            guard (-1...1).contains(step) else { return false }
        } else if count > 1, digit - previous != step {
            return false
        }
        previous = digit
        count += 1
    }
    return count >= 2
}
"""#

    static let bic = #"""
func isBIC(_ text: String) -> Bool {
    let characters = Array(text.uppercased().unicodeScalars)
    guard characters.count == 8 || characters.count == 11 else { return false }
    let isLetter: (Unicode.Scalar) -> Bool = { ("A"..."Z").contains($0) }
    return characters[0..<6].allSatisfy(isLetter)
        && characters[6...].allSatisfy({ isLetter($0) || isDigit($0) })
        && PhoneNumbers.dialCodes[String(String.UnicodeScalarView(characters[4..<6]))] != nil
}
"""#

    static let decimal = #"""
/// `value` rounded to `places` digits after the point; `mode` is half_even, half_up, up or down.
func round(_ value: Decimal, _ places: Int, _ mode: String = "half_even") throws -> Decimal {
    guard (-38...38).contains(places) else { throw FlowFailure("cannot round to \(places) places") }
    let foundationMode: NSDecimalNumber.RoundingMode
    switch mode {
    case "half_even": foundationMode = .bankers
    case "half_up": foundationMode = .plain
    case "up": foundationMode = .up
    case "down": foundationMode = .down
    default: throw FlowFailure("unknown rounding mode '\(mode)'")
    }
    var magnitude = value.magnitude
    var result = Decimal()
    NSDecimalRound(&result, &magnitude, places, foundationMode)
    return value < 0 ? -result : result
}

func round(_ value: Money, _ places: Int, _ mode: String = "half_even") throws -> Money {
    let allowed = minorUnits(of: value.currency)
    guard places <= allowed else { throw FlowFailure("cannot round \(value.currency) to \(places) places: \(value.currency) has \(allowed)") }
    return Money(amount: try round(value.amount, places, mode), currency: value.currency)
}

/// `value` rounded half-even to its currency's minor unit.
func round(_ value: Money) throws -> Money {
    Money(amount: try round(value.amount, minorUnits(of: value.currency), "half_even"), currency: value.currency)
}

func allocate(_ money: Money, _ ratios: [Int]) throws -> [Money] { try allocate(money, ratios.map { Decimal($0) }) }

/// `money` split by `ratios` into parts on the minor unit that add up to exactly `money` (largest remainder,
/// ties to the earlier part).
func allocate(_ money: Money, _ ratios: [Decimal]) throws -> [Money] {
    guard !ratios.isEmpty else { throw FlowFailure("allocate needs at least one ratio") }
    guard ratios.allSatisfy({ $0 >= 0 }) else { throw FlowFailure("the ratios of allocate must not be negative") }
    let total = ratios.reduce(Decimal(0), +)
    guard total > 0 else { throw FlowFailure("the ratios of allocate must add up to more than 0") }
    let places = minorUnits(of: money.currency)
    guard decimalPlaces(money.amount) <= places else {
        throw FlowFailure("cannot allocate \(money.amount) \(money.currency): \(money.currency) has \(places) decimal places")
    }
    var unit = Decimal(1)
    for _ in 0..<places { unit /= 10 }
    let amount = money.amount.magnitude
    var parts: [Decimal] = []
    var remainders: [(index: Int, remainder: Decimal)] = []
    for (index, ratio) in ratios.enumerated() {
        let exact = amount * ratio / total
        let floored = try round(exact, places, "down")
        parts.append(floored)
        remainders.append((index, exact - floored))
    }
    var left = amount - parts.reduce(Decimal(0), +)
    let order = remainders.enumerated().sorted { lhs, rhs in
        lhs.element.remainder != rhs.element.remainder ? lhs.element.remainder > rhs.element.remainder : lhs.offset < rhs.offset
    }.map(\.element.index)
    var position = 0
    while left >= unit, !order.isEmpty {
        parts[order[position % order.count]] += unit
        left -= unit
        position += 1
    }
    return parts.map { Money(amount: money.amount < 0 ? -$0 : $0, currency: money.currency) }
}

/// The smallest multiple of `unit` not less than `value`.
func roundUp(_ value: Decimal, _ unit: Decimal = 1) throws -> Decimal {
    guard unit > 0 else { throw FlowFailure("the unit of round_up must be more than 0") }
    var input = value / unit
    var result = Decimal()
    NSDecimalRound(&result, &input, 0, .up)
    return try checked(result * unit)
}

func roundUp(_ value: Money, _ unit: Decimal = 1) throws -> Money {
    Money(amount: try roundUp(value.amount, unit), currency: value.currency)
}

func roundUp(_ value: Money, _ unit: Money) throws -> Money {
    guard unit.currency == value.currency else { throw FlowFailure("cannot round \(value) up to a multiple of \(unit): the currencies differ") }
    return try roundUp(value, unit.amount)
}

/// Digits after the point, not counting trailing zeros.
func decimalPlaces(_ value: Decimal) -> Int {
    var scaled = value.magnitude
    var places = 0
    while places < 40, (try? round(scaled, 0, "down")) != scaled {
        scaled *= 10
        places += 1
    }
    return places
}

func decimalPlaces(_ value: Money) -> Int { decimalPlaces(value.amount) }

/// `int(decimal)`: truncated toward zero; a failure when out of range.
func truncatedInt(_ value: Decimal) throws -> Int {
    let truncated = try round(value, 0, "down")
    guard let result = Int(formatDecimal(truncated)) else { throw FlowFailure("\(formatDecimal(value)) does not fit in an int") }
    return result
}

/// `decimal('4.50')`: `[+-]digits[.digits]`.
func parseDecimal(_ text: String) throws -> Decimal {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    var scalars = Substring(trimmed).unicodeScalars[...]
    if let first = scalars.first, first == "+" || first == "-" { scalars = scalars.dropFirst() }
    let parts = scalars.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isDigit) }),
          scalars.filter({ $0 != "0" && $0 != "." }).count <= 38,
          let value = Decimal(string: trimmed.hasPrefix("+") ? String(trimmed.dropFirst()) : trimmed, locale: Locale(identifier: "en_US_POSIX"))
    else { throw FlowFailure("'\(text)' is not a decimal number") }
    return value
}
"""#

    static let regex = #"""
/// Compiled patterns, shared by every evaluation; NSRegularExpression is safe to use from any thread.
final class RegexCache: @unchecked Sendable {
    static let shared = RegexCache()
    private let lock = NSLock()
    private var entries: [String: NSRegularExpression] = [:]

    func regex(for pattern: String) -> NSRegularExpression? {
        lock.lock()
        defer { lock.unlock() }
        if let cached = entries[pattern] { return cached }
        guard let compiled = try? NSRegularExpression(pattern: pattern) else { return nil }
        if entries.count >= 256 { entries.removeAll(keepingCapacity: true) }
        entries[pattern] = compiled
        return compiled
    }
}

/// CEL `matches`: whether the pattern matches anywhere in `text`.
func matches(_ text: String, _ pattern: String) throws -> Bool {
    guard let regex = RegexCache.shared.regex(for: pattern) else { throw FlowFailure("invalid regular expression '\(pattern)'") }
    return regex.firstMatch(in: text, range: NSRange(text.startIndex..<text.endIndex, in: text)) != nil
}

/// A validation `pattern:`: the whole text must match.
func matchesWhole(_ text: String, _ pattern: String) -> Bool {
    guard let regex = RegexCache.shared.regex(for: pattern) else { return false }
    let range = NSRange(text.startIndex..., in: text)
    guard let match = regex.firstMatch(in: text, options: [.anchored], range: range) else { return false }
    return match.range.location == 0 && match.range.length == range.length
}
"""#

    static let currency = #"""
/// ISO 4217 codes in use, with their minor units.
enum Currencies {
    static let minorUnitsByCode: [String: Int] = [
        "AED": 2, "AFN": 2, "ALL": 2, "AMD": 2, "ANG": 2, "AOA": 2, "ARS": 2, "AUD": 2, "AWG": 2, "AZN": 2,
        "BAM": 2, "BBD": 2, "BDT": 2, "BGN": 2, "BHD": 3, "BIF": 0, "BMD": 2, "BND": 2, "BOB": 2, "BRL": 2,
        "BSD": 2, "BTN": 2, "BWP": 2, "BYN": 2, "BZD": 2, "CAD": 2, "CDF": 2, "CHF": 2, "CLP": 0, "CNY": 2,
        "COP": 2, "CRC": 2, "CUP": 2, "CVE": 2, "CZK": 2, "DJF": 0, "DKK": 2, "DOP": 2, "DZD": 2, "EGP": 2,
        "ERN": 2, "ETB": 2, "EUR": 2, "FJD": 2, "FKP": 2, "GBP": 2, "GEL": 2, "GHS": 2, "GIP": 2, "GMD": 2,
        "GNF": 0, "GTQ": 2, "GYD": 2, "HKD": 2, "HNL": 2, "HTG": 2, "HUF": 2, "IDR": 2, "ILS": 2, "INR": 2,
        "IQD": 3, "IRR": 2, "ISK": 0, "JMD": 2, "JOD": 3, "JPY": 0, "KES": 2, "KGS": 2, "KHR": 2, "KMF": 0,
        "KPW": 2, "KRW": 0, "KWD": 3, "KYD": 2, "KZT": 2, "LAK": 2, "LBP": 2, "LKR": 2, "LRD": 2, "LSL": 2,
        "LYD": 3, "MAD": 2, "MDL": 2, "MGA": 2, "MKD": 2, "MMK": 2, "MNT": 2, "MOP": 2, "MRU": 2, "MUR": 2,
        "MVR": 2, "MWK": 2, "MXN": 2, "MYR": 2, "MZN": 2, "NAD": 2, "NGN": 2, "NIO": 2, "NOK": 2, "NPR": 2,
        "NZD": 2, "OMR": 3, "PAB": 2, "PEN": 2, "PGK": 2, "PHP": 2, "PKR": 2, "PLN": 2, "PYG": 0, "QAR": 2,
        "RON": 2, "RSD": 2, "RUB": 2, "RWF": 0, "SAR": 2, "SBD": 2, "SCR": 2, "SDG": 2, "SEK": 2, "SGD": 2,
        "SHP": 2, "SLE": 2, "SOS": 2, "SRD": 2, "SSP": 2, "STN": 2, "SVC": 2, "SYP": 2, "SZL": 2, "THB": 2,
        "TJS": 2, "TMT": 2, "TND": 3, "TOP": 2, "TRY": 2, "TTD": 2, "TWD": 2, "TZS": 2, "UAH": 2, "UGX": 0,
        "USD": 2, "UYU": 2, "UZS": 2, "VED": 2, "VES": 2, "VND": 0, "VUV": 0, "WST": 2, "XAF": 0, "XCD": 2,
        "XCG": 2, "XOF": 0, "XPF": 0, "YER": 2, "ZAR": 2, "ZMW": 2, "ZWG": 2,
    ]
}

/// `code` when it is a known ISO 4217 currency.
func validCurrency(_ code: String) throws -> String {
    guard Currencies.minorUnitsByCode[code] != nil else { throw FlowFailure("unknown currency code '\(code)'") }
    return code
}

/// How amounts in a currency are written before the number (`$`, `€`, `£`), or the code itself.
func currencySymbol(_ code: String) -> String {
    switch code {
    case "USD": "$"
    case "EUR": "€"
    case "GBP": "£"
    case "JPY", "CNY": "¥"
    case "INR": "₹"
    case "KRW": "₩"
    case "NGN": "₦"
    case "ILS": "₪"
    case "PHP": "₱"
    case "TRY": "₺"
    case "UAH": "₴"
    case "VND": "₫"
    case "THB": "฿"
    case "KES": "KSh"
    case "UGX": "USh"
    case "TZS": "TSh"
    case "RWF": "FRw"
    case "GHS": "GH₵"
    case "ZAR": "R"
    case "BRL": "R$"
    case "CAD": "CA$"
    case "AUD": "A$"
    case "NZD": "NZ$"
    case "HKD": "HK$"
    case "SGD": "S$"
    case "MXN": "MX$"
    case "XOF": "CFA"
    case "XAF": "FCFA"
    default: code
    }
}

func currencySymbol(_ money: Money) -> String { currencySymbol(money.currency) }

func makeMoney(_ amount: Decimal, _ currency: String) throws -> Money {
    let code = try validCurrency(currency)
    guard decimalPlaces(amount) <= minorUnits(of: code) else {
        throw FlowFailure("\(amount) has more decimal places than \(code) allows (\(minorUnits(of: code))); round the amount first")
    }
    return Money(amount: amount, currency: code)
}

func convert(_ money: Money, _ currency: String, _ rate: Decimal) throws -> Money {
    let code = try validCurrency(currency)
    guard rate > 0 else { throw FlowFailure("the rate of convert must be more than 0") }
    return try round(Money(amount: try multiply(money.amount, rate), currency: code))
}
"""#

}
