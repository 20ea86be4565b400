@_spi(Generated) import FlowMachine
import Foundation

/// An amount of money: an exact `Decimal` and an ISO 4217 currency code. Never `Double`.
///
/// One type for the interpreter and generated code: FlowMachine's `Money`. Amounts are not rounded by
/// arithmetic (`1.00 GBP / 3` keeps 38 digits); use `round`. `description` shows at least the
/// currency's minor-unit digits: `5.00 USD`, `1200 JPY`.
///
/// ```swift
/// Money(amount: 4.99, currency: "GBP").description   // "4.99 GBP"
/// ```
public typealias Money = FlowMachine.Money

/// `decimal` in plain notation with at least `minimumFractionDigits` digits after the point (FlowMachine's).
func formatDecimal(_ decimal: Decimal, minimumFractionDigits: Int = 0) -> String {
    FlowMachine.formatDecimal(decimal, minimumFractionDigits: minimumFractionDigits)
}
