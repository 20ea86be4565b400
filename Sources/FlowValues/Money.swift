// Part of FlowValues: the values flows compute with, below both the expression language and FlowMachine.

import Foundation

/// An amount of money: an exact `Decimal` and an ISO 4217 currency code. Never `Double`.
///
/// One type for the checker's literals, the interpreter and generated code. Amounts are not rounded by arithmetic
/// (`1.00 GBP / 3` keeps 38 digits); use `round`. `description` shows at least the currency's minor-unit digits:
/// `5.00 USD`, `1200 JPY`.
///
/// ```swift
/// Money(amount: 4.99, currency: "GBP").description   // "4.99 GBP"
/// ```
public struct Money: Hashable, Sendable, Codable, CustomStringConvertible {
    public var amount: Decimal
    public var currency: String
    public init(amount: Decimal, currency: String) { self.amount = amount; self.currency = currency }

    public var description: String {
        "\(formatDecimal(amount, minimumFractionDigits: minorUnits(of: currency))) \(currency)"
    }
}

/// Digits after the point for `code` (2 for an unknown code), from the one currency table.
@_spi(Generated) public func minorUnits(of code: String) -> Int { Currencies.minorUnitsByCode[code] ?? 2 }


/// `decimal` in plain notation with at least `minimumFractionDigits` digits after the point.
@_spi(Generated) public func formatDecimal(_ decimal: Decimal, minimumFractionDigits: Int = 0) -> String {
    var text = decimal.description
    guard minimumFractionDigits > 0 else { return text }
    if let point = text.firstIndex(of: ".") {
        let fraction = text.distance(from: text.index(after: point), to: text.endIndex)
        if fraction < minimumFractionDigits { text += String(repeating: "0", count: minimumFractionDigits - fraction) }
    } else {
        text += "." + String(repeating: "0", count: minimumFractionDigits)
    }
    return text
}
