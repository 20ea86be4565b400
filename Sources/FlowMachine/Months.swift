// Part of FlowMachine, the runtime library every generated module imports.

@_spi(Generated) import FlowValues
import Foundation

/// `same_month(a, b)`: the two days fall in one calendar month of one year (timestamps are read in UTC).
@_spi(Generated) public func sameMonth(_ first: CalendarDate, _ second: CalendarDate) -> Bool {
    first.year == second.year && first.month == second.month
}

/// `start_of_month(d)`: the first day of the day's calendar month.
@_spi(Generated) public func startOfMonth(_ day: CalendarDate) throws -> CalendarDate {
    guard let start = CalendarDate(year: day.year, month: day.month, day: 1) else { throw FlowFailure("date out of range") }
    return start
}

/// A timer length read from the state, refused when negative (as the interpreter does).
@_spi(Generated) public func checkedTimerLength(_ milliseconds: Int, _ timer: String) throws -> Int {
    guard milliseconds >= 0 else { throw FlowFailure("timer '\(timer)' has a negative length (\(describeDuration(milliseconds)))") }
    return milliseconds
}
