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
}
