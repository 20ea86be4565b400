@_spi(Generated) import FlowValues
import Foundation

/// A runtime value of the expression language.
///
/// Money is `Decimal` + currency (never `Double`); dates are calendar days; timestamps are
/// UTC milliseconds; durations are whole milliseconds. A value of an optional type may be `.null`.
/// Records are keyed by field name; a field that is absent reads as `null`.
///
/// ```swift
/// let context = EvaluationContext(
///     variables: ["balance": .money(Money(amount: 12.5, currency: "GBP")), "plan": .enumCase(type: "Plan", name: "plus")],
///     now: Timestamp(parsing: "2026-01-05T09:00:00Z")!)
/// ```
public enum Value: Hashable, Sendable, CustomStringConvertible {
    case bool(Bool)
    case int(Int)
    case decimal(Decimal)
    case money(Money)
    case text(String)
    case date(CalendarDate)
    case timestamp(Timestamp)
    /// A length of time in milliseconds.
    case duration(Int)
    case list([Value])
    case record([String: Value])
    case enumCase(type: String, name: String)
    case null

    /// How `string(x)` renders the value: `4.99 GBP`, `2024-01-05`, `1h30m`, `[1, 2]`, an enum case's name.
    public var description: String {
        switch self {
        case .bool(let value): value ? "true" : "false"
        case .int(let value): String(value)
        case .decimal(let value): formatDecimal(value)
        case .money(let value): value.description
        case .text(let value): value
        case .date(let value): value.description
        case .timestamp(let value): value.description
        case .duration(let milliseconds): formatDuration(milliseconds)
        case .list(let values): "[" + values.map(\.quotedDescription).joined(separator: ", ") + "]"
        case .record(let fields):
            "{" + fields.keys.sorted().map { "\($0): \(fields[$0]?.quotedDescription ?? "null")" }.joined(separator: ", ") + "}"
        case .enumCase(_, let name): name
        case .null: "null"
        }
    }

    /// Like `description`, but text in double quotes, as it appears inside lists and records.
    public var quotedDescription: String {
        if case .text(let value) = self {
            return "\"" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        return description
    }
}

/// A duration as its literal would be written, largest units first: `1h30m`, `500ms`, `-2d`, `0s`
/// (FlowMachine's, so generated code writes durations the same way).
public func formatDuration(_ milliseconds: Int) -> String { FlowValues.describeDuration(milliseconds) }
