@_spi(Generated) import FlowMachine
/// A calendar day (year, month, day) with no time and no time zone.
///
/// Years run from 1 to 9999 in the proleptic Gregorian calendar. Ordering is chronological.
///
/// ```swift
/// CalendarDate(parsing: "2024-02-29")?.description   // "2024-02-29"
/// CalendarDate(parsing: "2023-02-29")                // nil
/// ```
public typealias CalendarDate = FlowMachine.CalendarDate

extension FlowMachine.CalendarDate {
    static func isLeap(_ year: Int) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }
}

/// The decimal value of ASCII digits, or nil if any is not a digit.
func parseDigits(_ scalars: ArraySlice<Unicode.Scalar>) -> Int? {
    guard !scalars.isEmpty, scalars.count <= 18 else { return nil }
    var value = 0
    for scalar in scalars {
        guard isDigit(scalar) else { return nil }
        value = value * 10 + Int(scalar.value - 0x30)
    }
    return value
}

/// `value` in decimal with leading zeros up to `width` digits.
func padded(_ value: Int, _ width: Int) -> String {
    let digits = String(abs(value))
    let sign = value < 0 ? "-" : ""
    return sign + String(repeating: "0", count: max(0, width - digits.count)) + digits
}
