import Foundation

/// Money kept to its currency's minor unit (ISO 4217: GBP 2, JPY 0, BHD 3).
///
/// The rule (docs/language.md, "Money is exact to the minor unit"): adding, subtracting and
/// multiplying by a whole number keep money on its minor unit by construction; multiplying by a
/// decimal or dividing can leave a fraction of a penny, so the checker requires such an expression
/// to be rounded (`round(m)`, `round(m, places, mode)`, `round_up`) or split (`allocate`) before it is
/// used; `convert` rounds half-even to the target currency; `money(amount, code)` refuses an amount finer
/// than the currency allows.
enum MoneyMath {
    /// Whether `money` has no more decimal places than its currency allows.
    static func isOnMinorUnit(_ money: Money) -> Bool {
        DecimalMath.decimalPlaces(money.amount) <= Currencies.minorUnits(of: money.currency)
    }

    /// `money` rounded to its currency's minor unit.
    static func rounded(_ money: Money, mode: DecimalMath.RoundingMode = .halfEven) -> Money {
        Money(amount: DecimalMath.round(money.amount, places: Currencies.minorUnits(of: money.currency), mode: mode), currency: money.currency)
    }

    /// Splits `money` into parts proportional to `ratios` that add up to exactly `money`, each on the
    /// currency's minor unit (largest remainder: every part is first rounded toward zero, then the
    /// minor units left over go one each to the parts with the largest remainders, ties to the earlier part).
    ///
    /// `allocate(10.01 GBP, [70, 30])` is `[7.01 GBP, 3.00 GBP]`; `allocate(0.05 GBP, [70, 30])` is `[0.04 GBP, 0.01 GBP]`.
    /// - Returns: The parts, or why the split cannot be made (a negative ratio, ratios adding up to 0,
    ///   an amount finer than the minor unit).
    static func allocate(_ money: Money, ratios: [Decimal]) -> Result<[Money], AllocationProblem> {
        guard !ratios.isEmpty else { return .failure(.noRatios) }
        guard ratios.allSatisfy({ $0 >= 0 }) else { return .failure(.negativeRatio) }
        let total = ratios.reduce(Decimal(0), +)
        guard total > 0 else { return .failure(.zeroTotal) }
        guard isOnMinorUnit(money) else { return .failure(.finerThanMinorUnit(money)) }
        let places = Currencies.minorUnits(of: money.currency)
        var unit = Decimal(1)
        for _ in 0..<places { unit /= 10 }
        let negative = money.amount < 0
        let amount = money.amount.magnitude
        var parts: [Decimal] = []
        var remainders: [(index: Int, remainder: Decimal)] = []
        for (index, ratio) in ratios.enumerated() {
            let exact = amount * ratio / total
            let floored = DecimalMath.round(exact, places: places, mode: .down)
            parts.append(floored)
            remainders.append((index, exact - floored))
        }
        var left = amount - parts.reduce(Decimal(0), +)
        // Stable: equal remainders keep their order, so ties go to the earlier part.
        let order = remainders.enumerated().sorted { lhs, rhs in
            lhs.element.remainder != rhs.element.remainder ? lhs.element.remainder > rhs.element.remainder : lhs.offset < rhs.offset
        }.map(\.element.index)
        var position = 0
        while left >= unit, !order.isEmpty {
            parts[order[position % order.count]] += unit
            left -= unit
            position += 1
        }
        return .success(parts.map { Money(amount: negative ? -$0 : $0, currency: money.currency) })
    }

    enum AllocationProblem: Error, Equatable {
        case noRatios, negativeRatio, zeroTotal
        case finerThanMinorUnit(Money)

        var message: String {
            switch self {
            case .noRatios: "allocate needs at least one ratio"
            case .negativeRatio: "the ratios of allocate must not be negative"
            case .zeroTotal: "the ratios of allocate must add up to more than 0"
            case .finerThanMinorUnit(let money): "cannot allocate \(money.amount) \(money.currency): \(money.currency) has \(Currencies.minorUnits(of: money.currency)) decimal places"
            }
        }
    }
}
