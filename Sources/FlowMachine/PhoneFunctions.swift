// Part of FlowMachine, the runtime library every generated module imports.

@_spi(Generated) import FlowValues
import Foundation

@_spi(Generated) public func e164(_ number: String, _ country: String) throws -> String {
    guard let formatted = PhoneNumbers.e164(number, country: country) else {
        throw FlowFailure("'\(number)' is not a valid phone number for '\(country)'")
    }
    return formatted
}

@_spi(Generated) public func dialCode(_ country: String) throws -> String {
    guard let code = PhoneNumbers.dialCodes[country.uppercased()] else { throw FlowFailure("unknown country code '\(country)'") }
    return "+" + code
}
