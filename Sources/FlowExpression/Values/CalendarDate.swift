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

/// The decimal value of ASCII digits, or nil if any is not a digit (FlowMachine's).
func parseDigits(_ scalars: ArraySlice<Unicode.Scalar>) -> Int? { FlowMachine.parseDigits(scalars) }

/// `value` in decimal with leading zeros up to `width` digits (FlowMachine's).
func padded(_ value: Int, _ width: Int) -> String { FlowMachine.padded(value, width) }
