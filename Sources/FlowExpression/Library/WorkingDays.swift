/// Working-day arithmetic for UK banking: Monday to Friday, except the bank holidays of England and Wales.
///
/// The holidays are data, not a rule: substitute days (Boxing Day on a Saturday moves to Monday) and the
/// years' one-off holidays are whatever gov.uk publishes. Only the years listed are known; a date outside
/// them cannot be counted and is an error, never a silent guess.
///
/// ```swift
/// WorkingDays.adding(7, to: CalendarDate(year: 2026, month: 1, day: 1)!)   // 2026-01-12 (Thursday 1 January is a holiday)
/// ```
public enum WorkingDays {
    /// Bank holidays in England and Wales, from https://www.gov.uk/bank-holidays (published 2025), by year.
    public static let englandAndWalesHolidays: [Int: [String]] = [
        2025: ["2025-01-01", "2025-04-18", "2025-04-21", "2025-05-05", "2025-05-26", "2025-08-25", "2025-12-25", "2025-12-26"],
        2026: ["2026-01-01", "2026-04-03", "2026-04-06", "2026-05-04", "2026-05-25", "2026-08-31", "2026-12-25", "2026-12-28"],
        2027: ["2027-01-01", "2027-03-26", "2027-03-29", "2027-05-03", "2027-05-31", "2027-08-30", "2027-12-27", "2027-12-28"],
        2028: ["2028-01-03", "2028-04-14", "2028-04-17", "2028-05-01", "2028-05-29", "2028-08-28", "2028-12-25", "2028-12-26"],
    ]

    /// The years the holiday data covers.
    public static var knownYears: ClosedRange<Int> {
        (englandAndWalesHolidays.keys.min() ?? 0)...(englandAndWalesHolidays.keys.max() ?? 0)
    }

    private static let holidays: Set<String> = Set(englandAndWalesHolidays.values.joined())

    /// Whether `date` is a working day: a weekday that is not a bank holiday. Nil outside the known years.
    public static func isWorkingDay(_ date: CalendarDate) -> Bool? {
        guard knownYears.contains(date.year) else { return nil }
        // 1970-01-01 was a Thursday: day 0 is weekday 3 counting Monday as 0.
        let weekday = ((date.daysSince1970 % 7) + 7 + 3) % 7
        return weekday < 5 && !holidays.contains(date.description)
    }

    /// The date `count` working days after `date` (counting from the next day; 0 gives `date` itself).
    /// - Throws: A message when `count` is negative or the count runs outside the known years.
    public static func adding(_ count: Int, to date: CalendarDate) throws(WorkingDaysError) -> CalendarDate {
        guard count >= 0 else { throw WorkingDaysError(message: "add_working_days counts forward; \(count) is negative") }
        var day = date
        var left = count
        while left > 0 {
            guard let next = CalendarDate(daysSince1970: day.daysSince1970 + 1) else {
                throw WorkingDaysError(message: "date out of range (years 1 to 9999)")
            }
            guard let working = isWorkingDay(next) else {
                throw WorkingDaysError(message: "no bank holiday data for \(next.year) (known: \(knownYears.lowerBound)–\(knownYears.upperBound)); add the year's England and Wales bank holidays to the function library")
            }
            day = next
            if working { left -= 1 }
        }
        return day
    }
}

public struct WorkingDaysError: Error, Sendable {
    public var message: String
}
