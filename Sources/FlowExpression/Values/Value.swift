@_spi(Generated) import FlowValues
import Foundation

/// A value of the expression language: a literal or a constant the checker folded, in the typed tree; a
/// scenario's inputs and expectations, in the IR; what FlowEvaluation computes.
///
/// Money is `Decimal` + currency (never `Double`); dates are calendar days; timestamps are
/// UTC milliseconds; durations are whole milliseconds. A value of an optional type may be `.null`.
/// Records are keyed by field name; a field that is absent reads as `null`.
///
/// ```swift
/// Value.money(Money(amount: 12.5, currency: "GBP")).description     // "12.50 GBP"
/// Value.list([.text("a"), .duration(5_400_000)]).description      // "[\"a\", 1h30m]"
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
        if case .text(let value) = self { return quotedText(value) }
        return description
    }
}

/// A duration as its literal would be written, largest units first: `1h30m`, `500ms`, `-2d`, `0s`
/// (FlowValues', so generated code writes durations the same way).
public func formatDuration(_ milliseconds: Int) -> String { describeDuration(milliseconds) }
