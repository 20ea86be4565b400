// Part of FlowMachine, the runtime library every generated module imports.

@_spi(Generated) import FlowValues
import Foundation

/// `value` rounded to `places` digits after the point (negative: to tens, hundreds...); `mode` is one of
/// `DecimalRoundingMode`.
@_spi(Generated) public func round(_ value: Decimal, _ places: Int, _ mode: String = "half_even") throws -> Decimal {
    guard (-38...38).contains(places) else { throw FlowFailure("cannot round to \(places) places", argument: 1) }
    guard let known = DecimalRoundingMode(rawValue: mode) else { throw FlowFailure("unknown rounding mode '\(mode)'", argument: 2) }
    let foundationMode: NSDecimalNumber.RoundingMode
    switch known {
    case .halfEven: foundationMode = .bankers
    case .halfUp: foundationMode = .plain
    case .up: foundationMode = .up
    case .down: foundationMode = .down
    }
    // On a non-negative magnitude Foundation's .up/.down are away from/toward zero.
    var magnitude = value.magnitude
    var result = Decimal()
    NSDecimalRound(&result, &magnitude, places, foundationMode)
    return value < 0 ? -result : result
}

@_spi(Generated) public func round(_ value: Money, _ places: Int, _ mode: String = "half_even") throws -> Money {
    let allowed = minorUnits(of: value.currency)
    guard places <= allowed else {
        throw FlowFailure("cannot round \(value.currency) to \(places) places: \(value.currency) has \(allowed)", argument: 1)
    }
    return Money(amount: try round(value.amount, places, mode), currency: value.currency)
}

/// `value` rounded half-even to its currency's minor unit.
@_spi(Generated) public func round(_ value: Money) throws -> Money {
    Money(amount: try round(value.amount, minorUnits(of: value.currency), "half_even"), currency: value.currency)
}

@_spi(Generated) public func allocate(_ money: Money, _ ratios: [Int]) throws -> [Money] { try allocate(money, ratios.map { Decimal($0) }) }

/// `money` split by `ratios` into parts on the minor unit that add up to exactly `money` (largest remainder,
/// ties to the earlier part).
@_spi(Generated) public func allocate(_ money: Money, _ ratios: [Decimal]) throws -> [Money] {
    guard !ratios.isEmpty else { throw FlowFailure("allocate needs at least one ratio") }
    guard ratios.allSatisfy({ $0 >= 0 }) else { throw FlowFailure("the ratios of allocate must not be negative") }
    let total = ratios.reduce(Decimal(0), +)
    guard total > 0 else { throw FlowFailure("the ratios of allocate must add up to more than 0") }
    let places = minorUnits(of: money.currency)
    guard decimalPlaces(money.amount) <= places else {
        throw FlowFailure("cannot allocate \(money.amount) \(money.currency): \(money.currency) has \(places) decimal places")
    }
    var unit = Decimal(1)
    for _ in 0..<places { unit /= 10 }
    let amount = money.amount.magnitude
    var parts: [Decimal] = []
    var remainders: [(index: Int, remainder: Decimal)] = []
    for (index, ratio) in ratios.enumerated() {
        let exact = amount * ratio / total
        let floored = try round(exact, places, "down")
        parts.append(floored)
        remainders.append((index, exact - floored))
    }
    var left = amount - parts.reduce(Decimal(0), +)
    let order = remainders.enumerated().sorted { lhs, rhs in
        lhs.element.remainder != rhs.element.remainder ? lhs.element.remainder > rhs.element.remainder : lhs.offset < rhs.offset
    }.map(\.element.index)
    var position = 0
    while left >= unit, !order.isEmpty {
        parts[order[position % order.count]] += unit
        left -= unit
        position += 1
    }
    return parts.map { Money(amount: money.amount < 0 ? -$0 : $0, currency: money.currency) }
}

/// The smallest multiple of `unit` not less than `value`.
@_spi(Generated) public func roundUp(_ value: Decimal, _ unit: Decimal = 1) throws -> Decimal {
    guard unit > 0 else { throw FlowFailure("the unit of round_up must be more than 0", argument: 1) }
    var input = value / unit
    var result = Decimal()
    NSDecimalRound(&result, &input, 0, .up)
    return try checked(result * unit)
}

@_spi(Generated) public func roundUp(_ value: Money, _ unit: Decimal = 1) throws -> Money {
    Money(amount: try roundUp(value.amount, unit), currency: value.currency)
}

@_spi(Generated) public func roundUp(_ value: Money, _ unit: Money) throws -> Money {
    guard unit.currency == value.currency else { throw FlowFailure("cannot round \(value) up to a multiple of \(unit): the currencies differ") }
    return try roundUp(value, unit.amount)
}

/// `int(decimal)`: truncated toward zero; a failure when out of range.
@_spi(Generated) public func truncatedInt(_ value: Decimal) throws -> Int {
    let truncated = try round(value, 0, "down")
    guard let result = Int(formatDecimal(truncated)) else { throw FlowFailure("\(formatDecimal(value)) does not fit in an int") }
    return result
}

/// `decimal('4.50')`: `[+-]digits[.digits]`.
@_spi(Generated) public func parseDecimal(_ text: String) throws -> Decimal {
    let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
    var scalars = Substring(trimmed).unicodeScalars[...]
    if let first = scalars.first, first == "+" || first == "-" { scalars = scalars.dropFirst() }
    let parts = scalars.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isDigit) }),
          scalars.filter({ $0 != "0" && $0 != "." }).count <= 38,
          let value = Decimal(string: trimmed.hasPrefix("+") ? String(trimmed.dropFirst()) : trimmed, locale: posixLocale)
    else { throw FlowFailure("'\(text)' is not a decimal number") }
    return value
}
