// Part of FlowMachine, the runtime library every generated module imports.

@_spi(Generated) import FlowValues
import Foundation

/// `code` when it is a known ISO 4217 currency; `argument` is where the code was passed (see `FlowFailure`).
@_spi(Generated) public func validCurrency(_ code: String, argument: Int? = nil) throws -> String {
    guard Currencies.minorUnitsByCode[code] != nil else { throw FlowFailure("unknown currency code '\(code)'", argument: argument) }
    return code
}

@_spi(Generated) public func makeMoney(_ amount: Decimal, _ currency: String) throws -> Money {
    let code = try validCurrency(currency, argument: 1)
    guard decimalPlaces(amount) <= minorUnits(of: code) else {
        throw FlowFailure("\(amount) has more decimal places than \(code) allows (\(minorUnits(of: code))); round the amount first")
    }
    return Money(amount: amount, currency: code)
}

@_spi(Generated) public func convert(_ money: Money, _ currency: String, _ rate: Decimal) throws -> Money {
    let code = try validCurrency(currency, argument: 1)
    guard rate > 0 else { throw FlowFailure("the rate of convert must be more than 0", argument: 2) }
    return try round(Money(amount: try multiply(money.amount, rate), currency: code))
}
