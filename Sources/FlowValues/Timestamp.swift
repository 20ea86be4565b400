// Part of FlowValues: the values flows compute with, below both the expression language and FlowMachine.

import Foundation

/// An instant in UTC, to the millisecond.
///
/// Parsed from ISO 8601 with an explicit zone (`Z` or `±HH:MM`) so it is never ambiguous; rendered as
/// `2026-01-05T09:00:00Z` (with `.mmm` when the milliseconds are not zero).
///
/// ```swift
/// Timestamp(parsing: "2026-01-05T10:00:00+01:00")?.description   // "2026-01-05T09:00:00Z"
/// ```
public struct Timestamp: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    public var millisecondsSince1970: Int
    public init(millisecondsSince1970: Int) { self.millisecondsSince1970 = millisecondsSince1970 }

    /// Where a run's clock starts when nothing says otherwise (2026-01-01T00:00:00Z): the interpreter, a
    /// scenario without `clock:`, `flowc run` and a generated machine all start here, so their traces agree.
    public static let defaultClockStart = Timestamp(millisecondsSince1970: 1_767_225_600_000)

    /// Midnight UTC at the start of `date`.
    public init(_ date: CalendarDate) {
        self.millisecondsSince1970 = date.daysSince1970 * Timestamp.millisecondsPerDay
    }

    public static let millisecondsPerDay = 86_400_000

    /// The earliest and latest instants a timestamp may hold: years 1 to 9999.
    public static let validRange = (-62_135_596_800_000)...(253_402_300_799_999)

    /// Parses `YYYY-MM-DDTHH:MM[:SS[.fraction]](Z|±HH:MM)`; `t`, `z` and a space for `T` are accepted.
    /// Fractions beyond milliseconds are truncated.
    public init?(parsing text: String) {
        let s = Array(text.unicodeScalars)
        guard s.count >= 17, let date = CalendarDate(parsing: String(String.UnicodeScalarView(s[0..<10]))),
              s[10] == "T" || s[10] == "t" || s[10] == " ",
              let hour = parseDigits(s[11..<13]), s[13] == ":", let minute = parseDigits(s[14..<16]),
              hour < 24, minute < 60 else { return nil }
        var i = 16
        var second = 0
        var millisecond = 0
        if i < s.count, s[i] == ":" {
            guard i + 3 <= s.count, let value = parseDigits(s[(i + 1)..<(i + 3)]), value < 60 else { return nil }
            second = value
            i += 3
            if i < s.count, s[i] == "." || s[i] == "," {
                i += 1
                let start = i
                while i < s.count, isDigit(s[i]) { i += 1 }
                guard i > start, i - start <= 9 else { return nil }
                var fraction = Array(s[start..<min(i, start + 3)])
                while fraction.count < 3 { fraction.append("0") }
                millisecond = parseDigits(fraction[...]) ?? 0
            }
        }
        guard i < s.count else { return nil }
        var offsetMinutes = 0
        if s[i] == "Z" || s[i] == "z" {
            i += 1
        } else if s[i] == "+" || s[i] == "-" {
            guard i + 6 <= s.count, let hours = parseDigits(s[(i + 1)..<(i + 3)]), s[i + 3] == ":",
                  let minutes = parseDigits(s[(i + 4)..<(i + 6)]), hours < 24, minutes < 60 else { return nil }
            offsetMinutes = (hours * 60 + minutes) * (s[i] == "-" ? -1 : 1)
            i += 6
        } else {
            return nil
        }
        guard i == s.count else { return nil }
        let seconds = ((date.daysSince1970 * 24 + hour) * 60 + minute - offsetMinutes) * 60 + second
        self.millisecondsSince1970 = seconds * 1000 + millisecond
    }

    /// The UTC calendar day this instant falls on, or nil outside years 1...9999.
    public var date: CalendarDate? {
        let day = Timestamp.millisecondsPerDay
        let quotient = millisecondsSince1970 / day
        let floor = (millisecondsSince1970 % day != 0 && millisecondsSince1970 < 0) ? quotient - 1 : quotient
        return CalendarDate(daysSince1970: floor)
    }

    /// `2026-01-05T09:00:00Z`, with `.mmm` when the milliseconds are not zero.
    public var description: String {
        guard let date = self.date else { return "\(millisecondsSince1970)ms since 1970" }
        let rest = millisecondsSince1970 - date.daysSince1970 * Timestamp.millisecondsPerDay
        let milliseconds = rest % 1000
        let seconds = rest / 1000
        var text = "\(date)T\(padded(seconds / 3600, 2)):\(padded(seconds / 60 % 60, 2)):\(padded(seconds % 60, 2))"
        if milliseconds != 0 { text += "." + padded(milliseconds, 3) }
        return text + "Z"
    }

    /// The same time of day `months` calendar months later (see `CalendarDate.addingMonths(_:)`), or nil
    /// outside years 1...9999.
    public func addingMonths(_ months: Int) -> Timestamp? {
        guard let day = date, let moved = day.addingMonths(months) else { return nil }
        let timeOfDay = millisecondsSince1970 - day.daysSince1970 * Timestamp.millisecondsPerDay
        return Timestamp(millisecondsSince1970: moved.daysSince1970 * Timestamp.millisecondsPerDay + timeOfDay)
    }

    public static func < (lhs: Timestamp, rhs: Timestamp) -> Bool { lhs.millisecondsSince1970 < rhs.millisecondsSince1970 }
}
