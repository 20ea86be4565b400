// Part of FlowMachine, the runtime library every generated module imports.

import Foundation

/// `add_months(d, n)`: the date `months` calendar months later; a day the target month lacks becomes its last
/// day (FlowExpression's CalendarDate.addingMonths).
@_spi(Generated) public func addMonths(_ value: CalendarDate, _ months: Int) throws -> CalendarDate {
    let (total, overflow) = (value.year * 12 + value.month - 1).addingReportingOverflow(months)
    guard !overflow, total >= 12, total < 120_000 else { throw FlowFailure("date out of range (years 1 to 9999)") }
    let year = total / 12
    let month = total % 12 + 1
    let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let last = month == 2 ? (leap ? 29 : 28) : ([4, 6, 9, 11].contains(month) ? 30 : 31)
    guard let moved = CalendarDate(year: year, month: month, day: Swift.min(value.day, last)) else {
        throw FlowFailure("date out of range (years 1 to 9999)")
    }
    return moved
}

/// `add_months(t, n)`: the same time of day `months` calendar months later.
@_spi(Generated) public func addMonths(_ value: Timestamp, _ months: Int) throws -> Timestamp {
    let dayLength = 86_400_000
    guard let day = value.date else { throw FlowFailure("date out of range (years 1 to 9999)") }
    let moved = try addMonths(day, months)
    let timeOfDay = value.millisecondsSince1970 - day.daysSince1970 * dayLength
    return Timestamp(millisecondsSince1970: moved.daysSince1970 * dayLength + timeOfDay)
}

/// `add_years(d, n)`: `years` calendar years later (29 February becomes 28 February).
@_spi(Generated) public func addYears(_ value: CalendarDate, _ years: Int) throws -> CalendarDate {
    let (months, overflow) = years.multipliedReportingOverflow(by: 12)
    guard !overflow else { throw FlowFailure("date out of range (years 1 to 9999)") }
    return try addMonths(value, months)
}

@_spi(Generated) public func addYears(_ value: Timestamp, _ years: Int) throws -> Timestamp {
    let (months, overflow) = years.multipliedReportingOverflow(by: 12)
    guard !overflow else { throw FlowFailure("date out of range (years 1 to 9999)") }
    return try addMonths(value, months)
}
