@_spi(Generated) import FlowValues
import FlowSource

/// ISO 4217 currency codes in use, with their minor units (digits after the point): FlowMachine's one
/// table, which generated code reads too, with what only the checker needs (aliases, did-you-mean).
enum CurrencyCodes {
    static var minorUnitsByCode: [String: Int] { FlowValues.Currencies.minorUnitsByCode }

    static func symbol(of code: String) -> String { currencySymbol(code) }

    /// Sorted codes, for did-you-mean notes.
    static let codes: [String] = minorUnitsByCode.keys.sorted()

    /// Informal names people type for a code.
    static let aliases: [String: String] = ["UKP": "GBP", "STG": "GBP", "EUD": "EUR", "RMB": "CNY", "NTD": "TWD"]

    static func isKnown(_ code: String) -> Bool { minorUnitsByCode[code] != nil }

    /// Digits after the point for `code` (2 for an unknown code).
    static func minorUnits(of code: String) -> Int { minorUnitsByCode[code] ?? 2 }
}

/// Whether `code` is an ISO 4217 currency flowc knows (with its minor unit): the one list money literals,
/// the app's and fields' `currency:` and payloads are checked against.
public func isKnownCurrency(_ code: String) -> Bool { CurrencyCodes.isKnown(code) }

/// The known code closest to a mistyped one (`GPB` → `GBP`, `UKP` → `GBP`), for did-you-mean notes.
public func closestCurrencyCode(to code: String) -> String? {
    if let alias = CurrencyCodes.aliases[code.uppercased()] { return alias }
    // A sign typed for a code: `£` → GBP.
    if let signed = ["$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY"][code] { return signed }
    return closestMatch(to: code.uppercased(), among: CurrencyCodes.codes)
}

