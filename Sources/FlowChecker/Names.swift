import FlowExpression
import FlowSource
import FlowSyntax

/// The naming rules of the language, each with the wording used when a name breaks it.
enum NamePattern {
    case screenID, snakeCase, typeName, criterionID, questionID, requirementID, eventName

    var description: String {
        switch self {
        case .screenID: "a screen ID such as 'ONB-004' or 'WAL-013g'"
        case .snakeCase: "a snake_case name such as 'given_name'"
        case .typeName: "an UpperCamelCase name such as 'Applicant'"
        case .criterionID: "an ID such as 'AC-ONB-01' or 'AC-ONB-02b' (parts of capital letters and digits joined by '-', a part after the first may end in small letters)"
        case .questionID: "an ID such as 'Q-ONB-1' or 'Q-XC-D3' (parts of capital letters and digits joined by '-', a part after the first may end in small letters)"
        case .requirementID: "an ID such as 'R-ONB-004-1' (parts of capital letters and digits joined by '-', a part after the first may end in small letters)"
        case .eventName: "a snake_case event name such as 'tap_continue'"
        }
    }

    func matches(_ name: String) -> Bool {
        // Every declared name passes through here (10,000 screen IDs in a big app): read the scalars in place.
        let scalars = name.unicodeScalars
        guard let first = scalars.first else { return false }
        func isLower(_ c: Unicode.Scalar) -> Bool { ("a"..."z").contains(c) }
        func isUpper(_ c: Unicode.Scalar) -> Bool { ("A"..."Z").contains(c) }
        func isDigit(_ c: Unicode.Scalar) -> Bool { ("0"..."9").contains(c) }
        func isAlnum(_ c: Unicode.Scalar) -> Bool { isLower(c) || isUpper(c) || isDigit(c) }
        switch self {
        case .criterionID, .questionID, .requirementID:
            // The published schema's rule (docs/flow.schema.json): ^[A-Z][A-Z0-9]*(-[A-Z0-9]+[a-z]*)+$
            guard isUpper(first) else { return false }
            let parts = name.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count >= 2, parts[0].unicodeScalars.allSatisfy({ isUpper($0) || isDigit($0) }) else { return false }
            return parts.dropFirst().allSatisfy { part in
                let head = part.unicodeScalars.prefix { isUpper($0) || isDigit($0) }
                return !head.isEmpty && part.unicodeScalars.dropFirst(head.count).allSatisfy(isLower)
            }
        case .screenID:
            guard isLower(first) || isUpper(first), name != "back" else { return false }
            var previousWasSeparator = false
            for c in scalars.dropFirst() {
                if c == "-" || c == "_" || c == "." {
                    if previousWasSeparator { return false }
                    previousWasSeparator = true
                } else if isAlnum(c) {
                    previousWasSeparator = false
                } else {
                    return false
                }
            }
            return !previousWasSeparator
        case .snakeCase, .eventName:
            return isLower(first) && scalars.allSatisfy { isLower($0) || isDigit($0) || $0 == "_" }
        case .typeName:
            return isUpper(first) && scalars.allSatisfy(isAlnum)
        }
    }
}

/// Whether `code` looks like an ISO 4217 currency code (three capital letters).
func isCurrencyCode(_ code: String) -> Bool {
    isKnownCurrency(code)
}

/// A did-you-mean note for a currency code that is not ISO 4217.
func currencyNotes(_ code: String) -> [Diagnostic.Note] {
    closestCurrencyCode(to: code).map { [Diagnostic.Note("did you mean '\($0)'?")] } ?? []
}
