@_spi(Generated) import FlowValues
import FlowSource

/// What only the checker needs beside FlowValues' one currency table (which generated code reads too): the codes in
/// order and the names people type for them, for did-you-mean notes.
enum CurrencyCodes {
    /// Sorted codes, for did-you-mean notes.
    static let codes: [String] = Currencies.minorUnitsByCode.keys.sorted()

    /// Informal names people type for a code.
    static let aliases: [String: String] = ["UKP": "GBP", "STG": "GBP", "EUD": "EUR", "RMB": "CNY", "NTD": "TWD"]

    static func isKnown(_ code: String) -> Bool { Currencies.minorUnitsByCode[code] != nil }
}

/// Whether `code` is an ISO 4217 currency flowc knows (with its minor unit): the one list money literals,
/// the app's and fields' `currency:` and payloads are checked against.
public func isKnownCurrency(_ code: String) -> Bool { CurrencyCodes.isKnown(code) }

/// The known code closest to a mistyped one (`GPB` → `GBP`, `UKP` → `GBP`), for did-you-mean notes.
public func closestCurrencyCode(to code: String) -> String? {
    if let alias = CurrencyCodes.aliases[code.uppercased()] { return alias }
    // A known code in small letters: `gbp` → GBP (the suggestions below never name the code itself).
    if code.uppercased() != code, CurrencyCodes.isKnown(code.uppercased()) { return code.uppercased() }
    // A sign typed for a code: `£` → GBP.
    if let signed = ["$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY"][code] { return signed }
    return closestMatch(to: code.uppercased(), among: CurrencyCodes.codes)
}

