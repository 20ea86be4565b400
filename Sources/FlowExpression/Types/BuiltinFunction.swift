/// The functions of the expression language, with the signatures diagnostics show.
///
/// Every function can be called as `f(x, y)` or on its first argument as `x.f(y)`.
public enum BuiltinFunction: String, Hashable, Sendable, CaseIterable {
    case size, matches, contains, startsWith, endsWith, lower, upper, trim
    case sum, min, max, abs
    case isEmail = "is_email"
    case isPhone = "is_phone"
    case e164
    case dialCode = "dial_code"
    case isIBAN = "is_iban"
    case isBIC = "is_bic"
    case isSortCode = "is_sort_code"
    case isUKAccountNumber = "is_uk_account_number"
    case isDigits = "is_digits"
    case isSequence = "is_sequence"
    case age
    case addWorkingDays = "add_working_days"
    case decimalPlaces = "decimal_places"
    case round
    case roundUp = "round_up"
    case allocate
    case symbol
    case convert, money, amount, currency, now, today, date, timestamp, year, month, day, string, int, decimal
    case addMonths = "add_months"
    case addYears = "add_years"
    case formatNumber = "format_number"
    case truncate
    // Pages of a list (Rail "Infinite scroll pagination") and calendar months (Rail "total rounded up this month").
    case take, drop
    // Newest first from a list kept in the order things happened (Tempo's "Latest 3–5 transactions").
    case reverse
    case sameMonth = "same_month"
    case startOfMonth = "start_of_month"
    // Texts for people, in the current locale (FlowMachine's FormattingLocale.swift, over FlowValues' locale
    // tables); the checker of an app passes the locale (and `now()`) as the last arguments when a text leaves them out.
    case formatMoney = "format_money"
    case formatDate = "format_date"
    case formatTime = "format_time"
    case formatDateTime = "format_datetime"
    case formatRelative = "format_relative"
    case formatDuration = "format_duration"
    case formatPercent = "format_percent"
    case join
    /// The label an enum value's declaration gives it (`labels:`); the app's checker replaces the call by the labels.
    case label

    /// The name as written in expressions.
    public var name: String { rawValue }

    /// The signature as diagnostics show it.
    public var signature: String {
        switch self {
        case .size: "size(value: text|list) -> int"
        case .matches: "matches(text: text, pattern: text) -> bool"
        case .contains: "contains(value: text|list<T>, part: text|T) -> bool"
        case .startsWith: "startsWith(text: text, prefix: text) -> bool"
        case .endsWith: "endsWith(text: text, suffix: text) -> bool"
        case .lower: "lower(text: text) -> text"
        case .upper: "upper(text: text) -> text"
        case .trim: "trim(text: text) -> text"
        case .sum: "sum(values: list<int|decimal|money|duration>) -> element"
        case .min: "min(values: list<T>) -> T, or min(a: T, b: T, ...) -> T"
        case .max: "max(values: list<T>) -> T, or max(a: T, b: T, ...) -> T"
        case .abs: "abs(value: int|decimal|money|duration) -> same type"
        case .isEmail: "is_email(text: text) -> bool"
        case .isPhone: "is_phone(number: text, country: text) -> bool"
        case .e164: "e164(number: text, country: text) -> text"
        case .dialCode: "dial_code(country: text) -> text"
        case .isIBAN: "is_iban(text: text) -> bool"
        case .isBIC: "is_bic(text: text) -> bool"
        case .isSortCode: "is_sort_code(text: text) -> bool"
        case .isUKAccountNumber: "is_uk_account_number(text: text) -> bool"
        case .isDigits: "is_digits(text: text, count: int) -> bool"
        case .isSequence: "is_sequence(text: text) -> bool"
        case .age: "age(birth: date[, on: date]) -> int"
        case .addWorkingDays: "add_working_days(date: date, count: int) -> date"
        case .decimalPlaces: "decimal_places(value: decimal|money) -> int"
        case .round: "round(value: decimal|money, places: int[, mode: text]) -> same type, or round(value: money) -> money"
        case .allocate: "allocate(amount: money, ratios: list<int|decimal>) -> list<money>"
        case .symbol: "symbol(currency: money|text) -> text"
        case .roundUp: "round_up(value: decimal|money[, unit: decimal|money]) -> same type"
        case .convert: "convert(amount: money, currency: text, rate: decimal) -> money"
        case .money: "money(amount: decimal, currency: text) -> money"
        case .amount: "amount(money: money) -> decimal"
        case .currency: "currency(money: money) -> text"
        case .now: "now() -> timestamp"
        case .today: "today() -> date"
        case .date: "date(value: text|timestamp) -> date"
        case .timestamp: "timestamp(text: text) -> timestamp"
        case .year: "year(value: date|timestamp) -> int"
        case .month: "month(value: date|timestamp) -> int"
        case .day: "day(value: date|timestamp) -> int"
        case .string: "string(value: any) -> text"
        case .int: "int(value: int|decimal|text) -> int"
        case .decimal: "decimal(value: int|decimal|text) -> decimal"
        case .addMonths: "add_months(value: date|timestamp, months: int) -> same type"
        case .addYears: "add_years(value: date|timestamp, years: int) -> same type"
        case .formatNumber: "format_number(value: int|decimal|money, places: int) -> text"
        case .truncate: "truncate(text: text, length: int) -> text"
        case .take: "take(list: list<T>, count: int) -> list<T>"
        case .drop: "drop(list: list<T>, count: int) -> list<T>"
        case .reverse: "reverse(list: list<T>) -> list<T>"
        case .sameMonth: "same_month(a: date|timestamp, b: date|timestamp) -> bool"
        case .startOfMonth: "start_of_month(value: date|timestamp) -> date"
        case .formatMoney: "format_money(amount: money[, locale: text]) -> text"
        case .formatDate: "format_date(value: date|timestamp[, style: text[, locale: text]]) -> text"
        case .formatTime: "format_time(value: timestamp[, locale: text]) -> text"
        case .formatDateTime: "format_datetime(value: timestamp[, locale: text]) -> text"
        case .formatRelative: "format_relative(value: timestamp[, now: timestamp[, locale: text]]) -> text"
        case .formatPercent: "format_percent(value: int|decimal, places: int[, locale: text]) -> text"
        case .formatDuration: "format_duration(value: duration[, locale: text]) -> text"
        case .join: "join(values: list<text>[, locale: text]) -> text"
        case .label: "label(value: enum) -> text"
        }
    }

    /// How many arguments a call may have (a receiver counts as the first).
    var arity: ClosedRange<Int> {
        switch self {
        case .now, .today: 0...0
        case .size, .lower, .upper, .trim, .sum, .abs, .isEmail, .dialCode, .isIBAN, .isBIC, .isSortCode,
             .isUKAccountNumber, .isSequence, .decimalPlaces, .amount, .currency, .date, .timestamp,
             .year, .month, .day, .string, .int, .decimal: 1...1
        case .matches, .contains, .startsWith, .endsWith, .isPhone, .e164, .isDigits, .money, .addWorkingDays, .addMonths, .addYears, .truncate: 2...2
        case .formatNumber, .formatPercent: 2...3
        case .formatMoney, .formatTime, .formatDateTime, .formatDuration, .join: 1...2
        case .formatDate, .formatRelative: 1...3
        case .label: 1...1
        case .age, .roundUp: 1...2
        case .round: 1...3
        case .allocate: 2...2
        case .symbol: 1...1
        case .convert: 3...3
        case .min, .max: 1...Int.max
        case .take, .drop, .sameMonth: 2...2
        case .startOfMonth, .reverse: 1...1
        }
    }

    /// Functions are looked up by their written name.
    static let byName: [String: BuiltinFunction] = Dictionary(uniqueKeysWithValues: allCases.map { ($0.name, $0) })

    /// Names from other languages, mapped to the function a user most likely meant.
    static let aliases: [String: String] = [
        "len": "size", "length": "size", "count": "size", "lowercase": "lower", "toLowerCase": "lower",
        "uppercase": "upper", "toUpperCase": "upper", "strip": "trim", "starts_with": "startsWith",
        "ends_with": "endsWith", "startswith": "startsWith", "endswith": "endsWith", "includes": "contains",
        "is_phone_number": "is_phone", "is_valid_iban": "is_iban", "iban": "is_iban", "email": "is_email",
        "str": "string", "toString": "string", "text": "string", "floor": "round", "ceil": "round_up",
        "any": "exists", "some": "exists", "every": "all", "where": "filter", "select": "map",
        "format_currency": "format_money", "format_amount": "format_money", "format_timestamp": "format_datetime",
        "relative_time": "format_relative", "duration": "format_duration", "humanize": "format_duration", "percent": "format_percent", "concat": "join", "limit": "take", "first": "take", "prefix": "take", "skip": "drop", "offset": "drop",
    ]

    /// The signature of a macro, as diagnostics show it.
    static func macroSignature(_ macro: MacroKind) -> String {
        switch macro {
        case .all: "list.all(x, predicate: bool) -> bool"
        case .exists: "list.exists(x, predicate: bool) -> bool"
        case .existsOne: "list.exists_one(x, predicate: bool) -> bool"
        case .map: "list.map(x, [predicate: bool,] transform) -> list"
        case .filter: "list.filter(x, predicate: bool) -> list"
        case .sortBy: "list.sort_by(x, key) -> list"
        case .sortByDescending: "list.sort_by_desc(x, key) -> list"
        }
    }
}
