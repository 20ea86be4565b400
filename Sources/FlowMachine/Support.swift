// Part of FlowMachine, the runtime library every generated module imports.

@_spi(Generated) import FlowValues
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
    "[" + value.map(quotedText).joined(separator: ", ") + "]"
}
@_spi(Generated) public func describe<T>(_ value: T) -> String { String(describing: value) }

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

/// A construct flowc does not translate yet; the run stops as an evaluation error would.
@_spi(Generated) public func unsupported<T>(_ what: String) throws -> T { throw FlowFailure("\(what) is not supported in generated code") }

/// The locale decimal text is read in (a `.` before the fraction, no grouping), made once: a `Locale` costs an
/// allocation and a lookup, and amounts are parsed on every step that reads a money field.
let posixLocale = Locale(identifier: "en_US_POSIX")
