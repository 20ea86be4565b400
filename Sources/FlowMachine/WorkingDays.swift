/// Working-day arithmetic for UK banking: Monday to Friday, except the bank holidays of England and Wales.
/// The interpreter's `add_working_days` and every generated machine's use this one implementation.
///
/// The holidays are data, not a rule: substitute days (Boxing Day on a Saturday moves to Monday) and the
/// years' one-off holidays are whatever gov.uk publishes. Only the years listed are known; a count that
/// reaches another year is an error, never a silent guess.
///
/// ```swift
/// try WorkingDays.adding(7, to: CalendarDate(year: 2026, month: 1, day: 1)!)   // 2026-01-12 (1 January is a holiday)
/// ```
public enum WorkingDays {
    /// Bank holidays in England and Wales, from https://www.gov.uk/bank-holidays, by year.
    public static let englandAndWalesHolidays: [Int: [String]] = [
        2025: ["2025-01-01", "2025-04-18", "2025-04-21", "2025-05-05", "2025-05-26", "2025-08-25", "2025-12-25", "2025-12-26"],
        2026: ["2026-01-01", "2026-04-03", "2026-04-06", "2026-05-04", "2026-05-25", "2026-08-31", "2026-12-25", "2026-12-28"],
        2027: ["2027-01-01", "2027-03-26", "2027-03-29", "2027-05-03", "2027-05-31", "2027-08-30", "2027-12-27", "2027-12-28"],
        2028: ["2028-01-03", "2028-04-14", "2028-04-17", "2028-05-01", "2028-05-29", "2028-08-28", "2028-12-25", "2028-12-26"],
    ]

    /// The years the holiday data covers.
    public static let knownYears: ClosedRange<Int> = 2025...2028

    @usableFromInline static let holidays: Set<String> = Set(englandAndWalesHolidays.values.joined())

    /// Whether `date` is a working day: a weekday that is not a bank holiday; nil outside the known years.
    public static func isWorkingDay(_ date: CalendarDate) -> Bool? {
        guard knownYears.contains(date.year) else { return nil }
        // 1970-01-01 was a Thursday: day 0 is weekday 3, counting Monday as 0.
        let weekday = ((date.daysSince1970 % 7) + 7 + 3) % 7
        return weekday < 5 && !holidays.contains(date.description)
    }

    /// The date `count` working days after `date` (counting from the next day; 0 gives `date` itself).
    /// - Throws: `FlowFailure` when `count` is negative or the count reaches a year without holiday data.
    public static func adding(_ count: Int, to date: CalendarDate) throws -> CalendarDate {
        guard count >= 0 else { throw FlowFailure("add_working_days counts forward; \(count) is negative") }
        var day = date
        var left = count
        while left > 0 {
            guard let next = CalendarDate(daysSince1970: day.daysSince1970 + 1) else { throw FlowFailure("date out of range (years 1 to 9999)") }
            guard let working = isWorkingDay(next) else {
                throw FlowFailure("no bank holiday data for \(next.year) (known: \(knownYears.lowerBound)–\(knownYears.upperBound)); add the year's England and Wales bank holidays to the function library")
            }
            day = next
            if working { left -= 1 }
        }
        return day
    }
}

/// `add_working_days(date, count)` in generated machines.
@_spi(Generated) public func addWorkingDays(_ date: CalendarDate, _ count: Int) throws -> CalendarDate {
    try WorkingDays.adding(count, to: date)
}
