// Part of FlowMachine, the runtime library every generated module imports.
//
// Texts for people, written the way a locale writes them. The conventions are data here, pinned (taken
// from CLDR 45 and frozen), and never read from the machine's ICU: Foundation's formatters give different
// text on Linux and on iOS, and between OS versions, so a scenario checked on CI would not hold on a phone.

@_spi(Generated) import FlowValues
import Foundation

extension FlowLocales {
    static func require(_ identifier: String, argument: Int) throws -> LocaleConventions {
        guard let conventions = conventions(identifier) else {
            throw FlowFailure("flowc has no text conventions for locale '\(identifier)'; it knows \(supported.keys.sorted().joined(separator: ", "))",
                              argument: argument)
        }
        return conventions
    }
}

// MARK: The functions texts call (one implementation: the evaluator and generated code call these)

/// `format_number(x, places)` in a locale: rounded half-even, grouped in thousands.
@_spi(Generated) public func formatNumber(_ value: Decimal, _ places: Int, _ locale: String) throws -> String {
    let conventions = try FlowLocales.require(locale, argument: 2)
    let english = try formatNumber(value, places)
    return relocalised(english, conventions)
}

@_spi(Generated) public func formatNumber(_ value: Int, _ places: Int, _ locale: String) throws -> String {
    try formatNumber(Decimal(value), places, locale)
}

@_spi(Generated) public func formatNumber(_ value: Money, _ places: Int, _ locale: String) throws -> String {
    try formatNumber(value.amount, places, locale)
}

/// English digits (`1,234.5`) in a locale's separators.
private func relocalised(_ english: String, _ conventions: LocaleConventions) -> String {
    guard conventions.decimalSeparator != "." || conventions.groupingSeparator != "," else { return english }
    var result = ""
    for character in english {
        switch character {
        case ",": result += conventions.groupingSeparator
        case ".": result += conventions.decimalSeparator
        default: result.append(character)
        }
    }
    return result
}

/// `format_money(m)`: the amount with every minor unit of its currency (£12.50, never £12.5; ¥1,200), grouped,
/// with the currency's sign where the locale writes it (`$1,234.50`, `1 234,50 €`). More decimals than the
/// currency has (a rate, a unit price) are kept.
@_spi(Generated) public func formatMoney(_ value: Money, _ locale: String) throws -> String {
    let conventions = try FlowLocales.require(locale, argument: 1)
    let places = max(minorUnits(of: value.currency), decimalPlaces(value.amount))
    let number = relocalised(try formatNumber(value.amount.magnitude, places), conventions)
    let sign = conventions.currencySymbols[value.currency] ?? currencySymbol(value.currency)
    // A sign made of letters (KSh, CHF) stands apart from the number before it.
    let before = sign.last.map { $0.isLetter } == true ? sign + "\u{00A0}" : sign
    let written = conventions.moneyPattern.hasPrefix("¤")
        ? before + number
        : conventions.moneyPattern.replacingOccurrences(of: "#", with: number).replacingOccurrences(of: "¤", with: sign)
    return value.amount < 0 ? "-" + written : written
}

/// `format_percent(x, places)`: `x` is already a percentage (42.5 → `42.5%`, `42,5 %`).
@_spi(Generated) public func formatPercent(_ value: Decimal, _ places: Int, _ locale: String) throws -> String {
    let conventions = try FlowLocales.require(locale, argument: 2)
    return relocalised(try formatNumber(value, places), conventions) + conventions.percentSuffix
}

@_spi(Generated) public func formatPercent(_ value: Int, _ places: Int, _ locale: String) throws -> String {
    try formatPercent(Decimal(value), places, locale)
}

/// `format_date(d, style)`: `short`, `medium` (the default), `long` or `full`, as the locale writes them
/// (en-GB full: `Monday, 5 January 2026`; en-US medium: `Jan 5, 2026`; fr-FR long: `5 janvier 2026`).
@_spi(Generated) public func formatDate(_ date: CalendarDate, _ style: String, _ locale: String) throws -> String {
    let conventions = try FlowLocales.require(locale, argument: 2)
    guard let pattern = conventions.datePatterns[style] else {
        throw FlowFailure("a date style is one of \(LocaleConventions.dateStyles.joined(separator: ", ")), not '\(style)'", argument: 1)
    }
    return render(date, pattern: pattern, conventions)
}

/// A timestamp's UTC day, as `formatDate` writes it.
@_spi(Generated) public func formatDate(_ timestamp: Timestamp, _ style: String, _ locale: String) throws -> String {
    guard let date = timestamp.date else { throw FlowFailure("timestamp out of range", argument: 0) }
    return try formatDate(date, style, locale)
}

/// `format_time(t)`: the UTC time of day (`9:05 AM` in en-US, `09:05` in en-GB and fr-FR).
@_spi(Generated) public func formatTime(_ timestamp: Timestamp, _ locale: String) throws -> String {
    let conventions = try FlowLocales.require(locale, argument: 1)
    let day = Timestamp.millisecondsPerDay
    let inDay = ((timestamp.millisecondsSince1970 % day) + day) % day
    let minutes = inDay / 60_000
    let hour = minutes / 60
    let minute = minutes % 60
    guard conventions.twelveHourClock else { return "\(padded(hour, 2)):\(padded(minute, 2))" }
    let twelve = hour % 12 == 0 ? 12 : hour % 12
    return "\(twelve):\(padded(minute, 2))\u{00A0}\(hour < 12 ? "AM" : "PM")"
}

/// A timestamp as a date and a time (`5 Jan 2026, 09:05`; `5 janv. 2026 à 09:05`).
@_spi(Generated) public func formatDateTime(_ timestamp: Timestamp, _ locale: String) throws -> String {
    let conventions = try FlowLocales.require(locale, argument: 1)
    return try formatDate(timestamp, "medium", locale) + conventions.dateTimeSeparator + formatTime(timestamp, locale)
}

/// `format_relative(t)`: how long before or after now (`5 minutes ago`, `in 2 days`, `il y a 3 heures`):
/// under a minute is "just now"; whole minutes, hours, then days, counted down.
@_spi(Generated) public func formatRelative(_ timestamp: Timestamp, _ now: Timestamp, _ locale: String) throws -> String {
    let conventions = try FlowLocales.require(locale, argument: 2)
    let (difference, overflow) = timestamp.millisecondsSince1970.subtractingReportingOverflow(now.millisecondsSince1970)
    guard !overflow else { throw FlowFailure("timestamp out of range", argument: 0) }
    let span = difference.magnitude / 60_000
    guard span > 0 else { return conventions.relative.now }
    let (count, unit): (UInt, Int) = span < 60 ? (span, 0) : span < 24 * 60 ? (span / 60, 1) : (span / (24 * 60), 2)
    let words = conventions.relative.units[unit]
    let amount = "\(count) \(count == 1 ? words.one : words.other)"
    return (difference < 0 ? conventions.relative.past : conventions.relative.future).replacingOccurrences(of: "%@", with: amount)
}

/// `join(list)`: `a`, `a and b`, `a, b and c` (en-US: `a, b, and c`; fr-FR: `a, b et c`).
@_spi(Generated) public func joinList(_ items: [String], _ locale: String) throws -> String {
    let conventions = try FlowLocales.require(locale, argument: 1)
    guard let last = items.last else { return "" }
    guard items.count > 1 else { return last }
    let head = items.dropLast().joined(separator: ", ")
    let comma = conventions.serialComma && items.count > 2 ? "," : ""
    return "\(head)\(comma) \(conventions.listConjunction) \(last)"
}

/// A decimal for people: the locale's separators, grouped, its own decimals kept (`1,234.5`, `1 234,5`).
@_spi(Generated) public func formatDecimalForDisplay(_ value: Decimal, _ locale: String) throws -> String {
    try formatNumber(value, min(decimalPlaces(value), 10), locale)
}

private func render(_ date: CalendarDate, pattern: String, _ conventions: LocaleConventions) -> String {
    var result = ""
    var characters = Array(pattern)[...]
    while let first = characters.first {
        let run = characters.prefix { $0 == first }
        characters = characters.dropFirst(run.count)
        switch (first, run.count) {
        case ("d", 1): result += String(date.day)
        case ("d", _): result += padded(date.day, 2)
        case ("M", 1): result += String(date.month)
        case ("M", 2): result += padded(date.month, 2)
        case ("M", 3): result += conventions.monthAbbreviations[date.month - 1]
        case ("M", _): result += conventions.monthNames[date.month - 1]
        case ("y", _): result += String(date.year)
        case ("E", _):
            // 1970-01-01 was a Thursday (index 3, Monday first).
            let weekday = ((date.daysSince1970 % 7) + 7 + 3) % 7
            result += conventions.weekdayNames[weekday]
        default: result += String(run)
        }
    }
    return result
}
