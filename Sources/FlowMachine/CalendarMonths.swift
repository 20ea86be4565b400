// Part of FlowMachine, the runtime library every generated module imports.

import Foundation

/// `add_months(d, n)`: the date `months` calendar months later; a day the target month lacks becomes its last
/// day (`CalendarDate.addingMonths`, which the interpreter calls too).
@_spi(Generated) public func addMonths(_ value: CalendarDate, _ months: Int) throws -> CalendarDate {
    guard let moved = value.addingMonths(months) else { throw FlowFailure("date out of range (years 1 to 9999)") }
    return moved
}

/// `add_months(t, n)`: the same time of day `months` calendar months later.
@_spi(Generated) public func addMonths(_ value: Timestamp, _ months: Int) throws -> Timestamp {
    guard let moved = value.addingMonths(months) else { throw FlowFailure("date out of range (years 1 to 9999)") }
    return moved
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
