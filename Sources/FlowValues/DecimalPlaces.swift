// Part of FlowValues: the values flows compute with, below both the expression language and FlowMachine.

import Foundation

/// How `round` breaks ties and truncates; `up` and `down` are away from and toward zero.
@_spi(Generated) public enum DecimalRoundingMode: String, CaseIterable, Sendable {
    /// Ties go to the even neighbour (banker's rounding): 2.345 → 2.34.
    case halfEven = "half_even"
    /// Ties go away from zero: 2.345 → 2.35, -2.345 → -2.35.
    case halfUp = "half_up"
    /// Away from zero: 2.341 → 2.35.
    case up
    /// Toward zero (truncation): 2.349 → 2.34.
    case down
}

/// Digits after the point, not counting trailing zeros.
@_spi(Generated) public func decimalPlaces(_ value: Decimal) -> Int {
    var scaled = value.magnitude
    var places = 0
    while places < 40, wholePart(scaled) != scaled {
        scaled *= 10
        places += 1
    }
    return places
}

/// `value` (not negative) truncated to a whole number: FlowMachine's `round(value, 0, "down")`, which this module
/// sits below.
private func wholePart(_ value: Decimal) -> Decimal {
    var input = value
    var result = Decimal()
    NSDecimalRound(&result, &input, 0, .down)
    return result
}

@_spi(Generated) public func decimalPlaces(_ value: Money) -> Int { decimalPlaces(value.amount) }
