// Part of FlowValues: the values flows compute with, below both the expression language and FlowMachine.

import Foundation

/// A calendar day with no time and no time zone (years 1 to 9999). Encoded as `YYYY-MM-DD`.
/// Years run from 1 to 9999 in the proleptic Gregorian calendar; ordering is chronological.
///
/// ```swift
/// CalendarDate(parsing: "2024-02-29")?.description   // "2024-02-29"
/// CalendarDate(parsing: "2023-02-29")                // nil
/// ```
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

extension CalendarDate {
    /// A date flowc checked when it generated the code (FlowMachine's `date(_:_:_:)`), made without checking again.
    @_spi(Generated) public init(unchecked year: Int, _ month: Int, _ day: Int) { self.year = year; self.month = month; self.day = day }
}
