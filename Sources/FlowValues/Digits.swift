// Part of FlowValues: the values flows compute with, below both the expression language and FlowMachine.

import Foundation

@_spi(Generated) public func isDigit(_ scalar: Unicode.Scalar) -> Bool { (0x30...0x39).contains(scalar.value) }

/// The decimal value of ASCII digits, or nil if any is not a digit.
@_spi(Generated) public func parseDigits(_ scalars: ArraySlice<Unicode.Scalar>) -> Int? {
    guard !scalars.isEmpty, scalars.count <= 18 else { return nil }
    var value = 0
    for scalar in scalars {
        guard isDigit(scalar) else { return nil }
        value = value * 10 + Int(scalar.value - 0x30)
    }
    return value
}

@_spi(Generated) public func padded(_ value: Int, _ width: Int) -> String {
    let digits = String(abs(value))
    return (value < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
}
