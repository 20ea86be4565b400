@_spi(Generated) import FlowMachine
/// An instant in UTC, to the millisecond.
///
/// Parsed from ISO 8601 with an explicit zone (`Z` or `±HH:MM`) so it is never ambiguous;
/// rendered as `2026-01-05T09:00:00Z` (with `.mmm` when the milliseconds are not zero).
///
/// ```swift
/// Timestamp(parsing: "2026-01-05T10:00:00+01:00")?.description   // "2026-01-05T09:00:00Z"
/// ```
public typealias Timestamp = FlowMachine.Timestamp

/// `a / b` rounded toward negative infinity (for `b > 0`).
func floorDivide(_ a: Int, _ b: Int) -> Int {
    let quotient = a / b
    return (a % b != 0 && (a < 0) != (b < 0)) ? quotient - 1 : quotient
}
