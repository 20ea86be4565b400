/// Validators for banking identifiers and other fintech text fields.
enum BankingIdentifiers {
    /// IBAN lengths by country (SWIFT IBAN registry).
    static let ibanLengths: [String: Int] = [
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

    /// An IBAN in electronic or printed form (spaces allowed, case-insensitive): the country's
    /// length, check digits 02–98, and the ISO 7064 mod-97 checksum.
    static func isIBAN(_ text: String) -> Bool {
        let scalars = text.uppercased().unicodeScalars.filter { $0 != " " }
        guard scalars.count >= 4, scalars.allSatisfy({ isDigit($0) || ("A"..."Z").contains($0) }) else { return false }
        let characters = Array(scalars)
        let country = String(String.UnicodeScalarView(characters[0..<2]))
        guard characters[0...1].allSatisfy({ ("A"..."Z").contains($0) }),
              let length = ibanLengths[country], characters.count == length,
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

    /// A BIC (SWIFT code): 4 letters (bank), a known ISO country, 2 letters/digits (location),
    /// and optionally 3 letters/digits (branch). Case-insensitive.
    static func isBIC(_ text: String) -> Bool {
        let characters = Array(text.uppercased().unicodeScalars)
        guard characters.count == 8 || characters.count == 11 else { return false }
        let isLetter: (Unicode.Scalar) -> Bool = { ("A"..."Z").contains($0) }
        guard characters[0..<6].allSatisfy(isLetter),
              characters[6...].allSatisfy({ isLetter($0) || isDigit($0) }),
              PhoneNumbers.dialCodes[String(String.UnicodeScalarView(characters[4..<6]))] != nil else { return false }
        return true
    }

    /// A UK sort code: `12-34-56` or `123456`.
    static func isSortCode(_ text: String) -> Bool {
        let characters = Array(text.unicodeScalars)
        if characters.count == 6 { return characters.allSatisfy(isDigit) }
        guard characters.count == 8, characters[2] == "-", characters[5] == "-" else { return false }
        return [0, 1, 3, 4, 6, 7].allSatisfy { isDigit(characters[$0]) }
    }

    /// Exactly `count` ASCII digits.
    static func isDigits(_ text: String, count: Int) -> Bool {
        let scalars = text.unicodeScalars
        return count >= 0 && scalars.count == count && scalars.allSatisfy(isDigit)
    }

    /// At least two ASCII digits that are all the same (`0000`) or run up or down by one (`1234`, `4321`).
    static func isSequence(_ text: String) -> Bool {
        let digits = text.unicodeScalars.map { Int($0.value) - 0x30 }
        guard digits.count >= 2, digits.allSatisfy({ (0...9).contains($0) }) else { return false }
        let step = digits[1] - digits[0]
        guard (-1...1).contains(step) else { return false }
        return zip(digits, digits.dropFirst()).allSatisfy { $1 - $0 == step }
    }

    /// A practical email address check: `local@domain.tld`, at most 254 characters, a local part
    /// of at most 64 characters (letters, digits, ``!#$%&'*+/=?^_`{|}~-`` and single dots inside),
    /// and at least two domain labels of letters, digits and inner hyphens, the last of 2+ letters
    /// (or an `xn--` label).
    static func isEmail(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard scalars.count <= 254, let at = scalars.lastIndex(of: "@") else { return false }
        let local = scalars[..<at]
        let domain = scalars[(at + 1)...]
        let localSpecials = Set("!#$%&'*+/=?^_`{|}~-".unicodeScalars)
        guard (1...64).contains(local.count), local.first != ".", local.last != ".",
              !zip(local, local.dropFirst()).contains(where: { $0 == "." && $1 == "." }),
              local.allSatisfy({ $0.isASCII && (isIdentifierScalar($0) || localSpecials.contains($0) || $0 == ".") })
        else { return false }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2, domain.count <= 253 else { return false }
        for label in labels {
            guard (1...63).contains(label.count), label.first != "-", label.last != "-",
                  label.allSatisfy({ $0.isASCII && ((isIdentifierScalar($0) && $0 != "_") || $0 == "-") }) else { return false }
        }
        guard let tld = labels.last else { return false }
        let tldText = String(String.UnicodeScalarView(tld)).lowercased()
        return tldText.hasPrefix("xn--") || (tld.count >= 2 && tld.allSatisfy { !isDigit($0) && $0 != "-" })
    }
}
