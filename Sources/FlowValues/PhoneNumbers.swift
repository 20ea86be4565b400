// Part of FlowValues: the values flows compute with, below both the expression language and FlowMachine.

import Foundation

/// What a valid national significant number looks like in one country.
@_spi(Generated) public struct PhoneRule: Sendable {
    public var lengths: ClosedRange<Int>
    public var trunkPrefix: String?
    public var leadingZero = false
    public var nanp = false
    public var lengthsByPrefix: [String: ClosedRange<Int>] = [:]

    public func allowedLengths(for national: String) -> ClosedRange<Int> {
        for (prefix, lengths) in lengthsByPrefix where national.hasPrefix(prefix) { return lengths }
        return lengths
    }
}

/// Phone number checks and E.164 formatting (the interpreter's `is_phone`, `e164`, `dial_code`).
@_spi(Generated) public enum PhoneNumbers {
    public static let rules: [String: PhoneRule] = [
        "GB": PhoneRule(lengths: 10...10, trunkPrefix: "0", lengthsByPrefix: ["1": 9...10]),
        "IE": PhoneRule(lengths: 7...9, trunkPrefix: "0"),
        "FR": PhoneRule(lengths: 9...9, trunkPrefix: "0"),
        "DE": PhoneRule(lengths: 6...13, trunkPrefix: "0"),
        "ES": PhoneRule(lengths: 9...9),
        "IT": PhoneRule(lengths: 6...11, leadingZero: true),
        "NL": PhoneRule(lengths: 9...9, trunkPrefix: "0"),
        "BE": PhoneRule(lengths: 8...9, trunkPrefix: "0"),
        "PT": PhoneRule(lengths: 9...9),
        "NO": PhoneRule(lengths: 8...8),
        "SE": PhoneRule(lengths: 7...9, trunkPrefix: "0"),
        "DK": PhoneRule(lengths: 8...8),
        "FI": PhoneRule(lengths: 5...12, trunkPrefix: "0"),
        "PL": PhoneRule(lengths: 9...9),
        "CH": PhoneRule(lengths: 9...9, trunkPrefix: "0"),
        "AT": PhoneRule(lengths: 4...13, trunkPrefix: "0"),
        "US": PhoneRule(lengths: 10...10, trunkPrefix: "1", nanp: true),
        "CA": PhoneRule(lengths: 10...10, trunkPrefix: "1", nanp: true),
        "KE": PhoneRule(lengths: 9...9, trunkPrefix: "0"),
        "UG": PhoneRule(lengths: 9...9, trunkPrefix: "0"),
        "TZ": PhoneRule(lengths: 9...9, trunkPrefix: "0"),
        "RW": PhoneRule(lengths: 9...9, trunkPrefix: "0"),
        "NG": PhoneRule(lengths: 8...10, trunkPrefix: "0"),
        "GH": PhoneRule(lengths: 9...9, trunkPrefix: "0"),
        "ZA": PhoneRule(lengths: 9...9, trunkPrefix: "0"),
        "IN": PhoneRule(lengths: 10...10, trunkPrefix: "0"),
        "AE": PhoneRule(lengths: 8...9, trunkPrefix: "0"),
    ]

    public static let dialCodes: [String: String] = [
        "AD": "376", "AE": "971", "AF": "93", "AG": "1", "AI": "1", "AL": "355", "AM": "374", "AO": "244",
        "AR": "54", "AS": "1", "AT": "43", "AU": "61", "AW": "297", "AX": "358", "AZ": "994",
        "BA": "387", "BB": "1", "BD": "880", "BE": "32", "BF": "226", "BG": "359", "BH": "973", "BI": "257",
        "BJ": "229", "BL": "590", "BM": "1", "BN": "673", "BO": "591", "BQ": "599", "BR": "55", "BS": "1",
        "BT": "975", "BW": "267", "BY": "375", "BZ": "501",
        "CA": "1", "CC": "61", "CD": "243", "CF": "236", "CG": "242", "CH": "41", "CI": "225", "CK": "682",
        "CL": "56", "CM": "237", "CN": "86", "CO": "57", "CR": "506", "CU": "53", "CV": "238", "CW": "599",
        "CX": "61", "CY": "357", "CZ": "420",
        "DE": "49", "DJ": "253", "DK": "45", "DM": "1", "DO": "1", "DZ": "213",
        "EC": "593", "EE": "372", "EG": "20", "EH": "212", "ER": "291", "ES": "34", "ET": "251",
        "FI": "358", "FJ": "679", "FK": "500", "FM": "691", "FO": "298", "FR": "33",
        "GA": "241", "GB": "44", "GD": "1", "GE": "995", "GF": "594", "GG": "44", "GH": "233", "GI": "350",
        "GL": "299", "GM": "220", "GN": "224", "GP": "590", "GQ": "240", "GR": "30", "GT": "502", "GU": "1",
        "GW": "245", "GY": "592",
        "HK": "852", "HN": "504", "HR": "385", "HT": "509", "HU": "36",
        "ID": "62", "IE": "353", "IL": "972", "IM": "44", "IN": "91", "IO": "246", "IQ": "964", "IR": "98",
        "IS": "354", "IT": "39",
        "JE": "44", "JM": "1", "JO": "962", "JP": "81",
        "KE": "254", "KG": "996", "KH": "855", "KI": "686", "KM": "269", "KN": "1", "KP": "850", "KR": "82",
        "KW": "965", "KY": "1", "KZ": "7",
        "LA": "856", "LB": "961", "LC": "1", "LI": "423", "LK": "94", "LR": "231", "LS": "266", "LT": "370",
        "LU": "352", "LV": "371", "LY": "218",
        "MA": "212", "MC": "377", "MD": "373", "ME": "382", "MF": "590", "MG": "261", "MH": "692", "MK": "389",
        "ML": "223", "MM": "95", "MN": "976", "MO": "853", "MP": "1", "MQ": "596", "MR": "222", "MS": "1",
        "MT": "356", "MU": "230", "MV": "960", "MW": "265", "MX": "52", "MY": "60", "MZ": "258",
        "NA": "264", "NC": "687", "NE": "227", "NF": "672", "NG": "234", "NI": "505", "NL": "31", "NO": "47",
        "NP": "977", "NR": "674", "NU": "683", "NZ": "64",
        "OM": "968",
        "PA": "507", "PE": "51", "PF": "689", "PG": "675", "PH": "63", "PK": "92", "PL": "48", "PM": "508",
        "PR": "1", "PS": "970", "PT": "351", "PW": "680", "PY": "595",
        "QA": "974",
        "RE": "262", "RO": "40", "RS": "381", "RU": "7", "RW": "250",
        "SA": "966", "SB": "677", "SC": "248", "SD": "249", "SE": "46", "SG": "65", "SH": "290", "SI": "386",
        "SJ": "47", "SK": "421", "SL": "232", "SM": "378", "SN": "221", "SO": "252", "SR": "597", "SS": "211",
        "ST": "239", "SV": "503", "SX": "1", "SY": "963", "SZ": "268",
        "TC": "1", "TD": "235", "TG": "228", "TH": "66", "TJ": "992", "TK": "690", "TL": "670", "TM": "993",
        "TN": "216", "TO": "676", "TR": "90", "TT": "1", "TV": "688", "TW": "886", "TZ": "255",
        "UA": "380", "UG": "256", "US": "1", "UY": "598", "UZ": "998",
        "VA": "39", "VC": "1", "VE": "58", "VG": "1", "VI": "1", "VN": "84", "VU": "678",
        "WF": "681", "WS": "685", "XK": "383", "YE": "967", "YT": "262",
        "ZA": "27", "ZM": "260", "ZW": "263",
    ]

    public static let countryByDialCode: [String: String] = {
        var result: [String: String] = [:]
        for (country, code) in dialCodes.sorted(by: { $0.key < $1.key }) {
            if result[code] == nil || (rules[country] != nil && rules[result[code] ?? ""] == nil) {
                result[code] = country
            }
        }
        result["1"] = "US"
        result["44"] = "GB"
        return result
    }()

    /// The number in E.164 form (`+447700900123`), or nil when it is not a valid number.
    public static func e164(_ text: String, country: String) -> String? {
        let country = country.uppercased()
        var scalars = Array(text.unicodeScalars)
        while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
        var cleaned = String(String.UnicodeScalarView(scalars)).replacingOccurrences(of: "(0)", with: "")
        var international = false
        if cleaned.hasPrefix("+") {
            international = true
            cleaned.removeFirst()
        }
        var digits = ""
        for scalar in cleaned.unicodeScalars {
            if isDigit(scalar) {
                digits.unicodeScalars.append(scalar)
            } else if !(scalar == " " || scalar == "-" || scalar == "." || scalar == "/" || scalar == "(" || scalar == ")"
                        || scalar.properties.isWhitespace) {
                return nil
            }
        }
        guard !digits.isEmpty, digits.count <= 17 else { return nil }
        if !international, digits.hasPrefix("00") {
            international = true
            digits.removeFirst(2)
        }
        if international {
            var dialCode: String?
            if let own = dialCodes[country], digits.hasPrefix(own) {
                dialCode = own
            } else {
                for length in 1...3 where digits.count > length {
                    let prefix = String(digits.prefix(length))
                    if countryByDialCode[prefix] != nil {
                        dialCode = prefix
                        break
                    }
                }
            }
            guard let dialCode else { return nil }
            let owner = dialCodes[country] == dialCode ? country : (countryByDialCode[dialCode] ?? country)
            let national = String(digits.dropFirst(dialCode.count))
            return validate(national: national, dialCode: dialCode, rule: rules[owner])
        }
        guard let dialCode = dialCodes[country] else { return nil }
        var national = digits
        let rule = rules[country]
        let trunk = rule.map { $0.trunkPrefix } ?? "0"
        if let trunk, national.hasPrefix(trunk) {
            let stripped = String(national.dropFirst(trunk.count))
            if rule?.nanp != true || national.count == 11 { national = stripped }
        }
        return validate(national: national, dialCode: dialCode, rule: rule)
    }

    private static func validate(national: String, dialCode: String, rule: PhoneRule?) -> String? {
        guard let first = national.unicodeScalars.first else { return nil }
        if let rule {
            guard rule.allowedLengths(for: national).contains(national.count), rule.leadingZero || first != "0" else { return nil }
            if rule.nanp {
                let digits = Array(national.unicodeScalars)
                guard digits[0].value >= 0x32, digits[3].value >= 0x32 else { return nil }
            }
        } else {
            guard first != "0", national.count >= 4, dialCode.count + national.count <= 15 else { return nil }
        }
        guard dialCode.count + national.count <= 15 else { return nil }
        return "+" + dialCode + national
    }
}

@_spi(Generated) public func isPhone(_ number: String, _ country: String) -> Bool { PhoneNumbers.e164(number, country: country) != nil }
