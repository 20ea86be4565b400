// Part of FlowMachine, the runtime library every generated module imports.

@_spi(Generated) import FlowValues
import Foundation

/// `format_number(x, places)`: rounded half-even to `places` decimals, thousands separated by commas
/// The interpreter calls this same function, so both back ends write numbers alike.
@_spi(Generated) public func formatNumber(_ value: Decimal, _ places: Int) throws -> String {
    guard (0...10).contains(places) else { throw FlowFailure("format_number shows 0 to 10 decimal places, not \(places)") }
    let rounded = try round(value, places, "half_even")
    let text = formatDecimal(rounded.magnitude, minimumFractionDigits: places)
    let parts = text.split(separator: ".", maxSplits: 1).map(String.init)
    var digits = Array(parts.first ?? "0")
    var groups: [String] = []
    while digits.count > 3 {
        groups.insert(String(digits.suffix(3)), at: 0)
        digits.removeLast(3)
    }
    groups.insert(String(digits), at: 0)
    let whole = groups.joined(separator: ",")
    return (rounded < 0 ? "-" : "") + whole + (parts.count > 1 ? "." + parts[1] : "")
}

@_spi(Generated) public func formatNumber(_ value: Int, _ places: Int) throws -> String { try formatNumber(Decimal(value), places) }
@_spi(Generated) public func formatNumber(_ value: Money, _ places: Int) throws -> String { try formatNumber(value.amount, places) }

/// `truncate(text, n)`: the first `length` characters.
@_spi(Generated) public func truncate(_ text: String, _ length: Int) throws -> String {
    guard length >= 0 else { throw FlowFailure("truncate needs a length of 0 or more, not \(length)") }
    return String(text.prefix(length))
}
