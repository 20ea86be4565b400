import Foundation

/// Exact decimal helpers: rounding modes, rounding up to a unit, counting decimal places.
/// Everything stays in `Decimal`; nothing goes through `Double`.
enum DecimalMath {
    /// How `round` breaks ties and truncates. `up` and `down` are away from and toward zero.
    enum RoundingMode: String, CaseIterable, Sendable {
        /// Ties go to the even neighbour (banker's rounding): 2.345 → 2.34.
        case halfEven = "half_even"
        /// Ties go away from zero: 2.345 → 2.35, -2.345 → -2.35.
        case halfUp = "half_up"
        /// Away from zero: 2.341 → 2.35.
        case up
        /// Toward zero (truncation): 2.349 → 2.34.
        case down
    }

    /// `value` rounded to `places` digits after the point (negative: to tens, hundreds...).
    static func round(_ value: Decimal, places: Int, mode: RoundingMode) -> Decimal {
        var magnitude = value.magnitude
        var result = Decimal()
        let foundationMode: NSDecimalNumber.RoundingMode
        switch mode {
        case .halfEven: foundationMode = .bankers
        case .halfUp: foundationMode = .plain
        case .up: foundationMode = .up
        case .down: foundationMode = .down
        }
        // On a non-negative magnitude Foundation's .up/.down are away from/toward zero.
        NSDecimalRound(&result, &magnitude, places, foundationMode)
        return value < 0 ? -result : result
    }


    /// The smallest integer not less than `value`.
    static func ceiling(_ value: Decimal) -> Decimal {
        var input = value
        var result = Decimal()
        NSDecimalRound(&result, &input, 0, .up)
        return result
    }

    /// The smallest multiple of `unit` (> 0) not less than `value`: 4.30 with unit 1 → 5.
    static func roundUp(_ value: Decimal, unit: Decimal) -> Decimal {
        ceiling(value / unit) * unit
    }

    /// Digits after the point, not counting trailing zeros: 4.50 → 1, 4 → 0, 0.125 → 3.
    static func decimalPlaces(_ value: Decimal) -> Int {
        var scaled = value.magnitude
        var places = 0
        while places < 40, round(scaled, places: 0, mode: .down) != scaled {
            scaled *= 10
            places += 1
        }
        return places
    }

    /// `value` as an `Int`, truncated toward zero; nil when out of range.
    static func truncatedInt(_ value: Decimal) -> Int? {
        let truncated = round(value, places: 0, mode: .down)
        return Int(formatDecimal(truncated))
    }

    /// Parses `[+-]digits[.digits]` (surrounding whitespace allowed); nil otherwise.
    static func parse(_ text: String) -> Decimal? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        var scalars = Substring(trimmed).unicodeScalars[...]
        if let first = scalars.first, first == "+" || first == "-" { scalars = scalars.dropFirst() }
        let parts = scalars.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isDigit) }),
              scalars.filter({ $0 != "0" && $0 != "." }).count <= 38 else { return nil }
        return Decimal(string: trimmed.hasPrefix("+") ? String(trimmed.dropFirst()) : trimmed,
                       locale: Locale(identifier: "en_US_POSIX"))
    }
}
