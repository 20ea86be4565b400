// Part of FlowMachine, the runtime library every generated module imports.

@_spi(Generated) import FlowValues
import Foundation

/// Banking identifier checks (the interpreter's `is_iban`, `is_bic`, `is_sort_code`, `is_digits`, `is_sequence`).
@_spi(Generated) public enum BankingIdentifiers {
    public static let ibanLengths: [String: Int] = [
        "AD": 24, "AE": 23, "AL": 28, "AT": 20, "AZ": 28, "BA": 20, "BE": 16, "BG": 22, "BH": 22, "BI": 27,
        "BR": 29, "BY": 28, "CH": 21, "CR": 22, "CY": 28, "CZ": 24, "DE": 22, "DJ": 27, "DK": 18, "DO": 28,
        "EE": 20, "EG": 29, "ES": 24, "FI": 18, "FK": 18, "FO": 18, "FR": 27, "GB": 22, "GE": 22, "GI": 23,
        "GL": 18, "GR": 27, "GT": 28, "HN": 28, "HR": 21, "HU": 28, "IE": 22, "IL": 23, "IQ": 23, "IS": 26,
        "IT": 27, "JO": 30, "KW": 30, "KZ": 20, "LB": 28, "LC": 32, "LI": 21, "LT": 20, "LU": 20, "LV": 21,
        "LY": 25, "MC": 27, "MD": 24, "ME": 22, "MK": 19, "MN": 20, "MR": 27, "MT": 31, "MU": 30, "NI": 28,
        "NL": 18, "NO": 15, "OM": 23, "PK": 24, "PL": 28, "PS": 29, "PT": 25, "QA": 29, "RO": 24, "RS": 22,
        "RU": 33, "SA": 24, "SC": 31, "SD": 18, "SE": 24, "SI": 19, "SK": 24, "SM": 27, "SO": 23, "ST": 25,
        "SV": 28, "TL": 23, "TN": 24, "TR": 26, "UA": 29, "VA": 22, "VG": 24, "XK": 20, "YE": 30,
    ]
}

@_spi(Generated) public func isIBAN(_ text: String) -> Bool {
    let scalars = text.uppercased().unicodeScalars.filter { $0 != " " }
    guard scalars.count >= 4, scalars.allSatisfy({ isDigit($0) || ("A"..."Z").contains($0) }) else { return false }
    let characters = Array(scalars)
    let country = String(String.UnicodeScalarView(characters[0..<2]))
    guard characters[0...1].allSatisfy({ ("A"..."Z").contains($0) }),
          let length = BankingIdentifiers.ibanLengths[country], characters.count == length,
          let check = parseDigits(characters[2..<4]), (2...98).contains(check) else { return false }
    var remainder = 0
    for scalar in characters[4...] + characters[0..<4] {
        if isDigit(scalar) {
            remainder = (remainder * 10 + Int(scalar.value - 0x30)) % 97
        } else {
            remainder = (remainder * 100 + Int(scalar.value - 0x41 + 10)) % 97
        }
    }
    return remainder == 1
}

@_spi(Generated) public func isSortCode(_ text: String) -> Bool {
    let characters = Array(text.unicodeScalars)
    if characters.count == 6 { return characters.allSatisfy(isDigit) }
    guard characters.count == 8, characters[2] == "-", characters[5] == "-" else { return false }
    return [0, 1, 3, 4, 6, 7].allSatisfy { isDigit(characters[$0]) }
}

@_spi(Generated) public func isDigits(_ text: String, _ count: Int) -> Bool {
    let scalars = text.unicodeScalars
    return count >= 0 && scalars.count == count && scalars.allSatisfy(isDigit)
}

/// At least two ASCII digits, all the same (`0000`) or running up or down by one (`1234`, `4321`).
@_spi(Generated) public func isSequence(_ text: String) -> Bool {
    // Byte by byte: a digit is one UTF-8 byte, and anything else ends the check.
    var count = 0
    var previous = 0
    var step = 0
    for byte in text.utf8 {
        let digit = Int(byte) - 0x30
        guard (0...9).contains(digit) else { return false }
        if count == 1 {
            step = digit - previous
            guard (-1...1).contains(step) else { return false }
        } else if count > 1, digit - previous != step {
            return false
        }
        previous = digit
        count += 1
    }
    return count >= 2
}
