/// Swift names for flow names: `given_name` → `givenName`, `ONB-007b` → `onb007b`, `Tempo` → `Tempo`.
enum Naming {
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do",
        "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while",
        "Any", "as", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "some", "any", "await",
        "Type", "Protocol",
    ]

    /// The words of a flow name, split at `_`, `-`, `.`, spaces and lower-to-upper case changes.
    static func words(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previousIsLower = false
        for character in name {
            if character.isLetter || character.isNumber {
                if character.isUppercase && previousIsLower && !current.isEmpty {
                    words.append(current)
                    current = ""
                }
                current.append(character)
                previousIsLower = character.isLowercase || character.isNumber
            } else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousIsLower = false
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// `lowerCamelCase`, escaped with backticks when it is a keyword, prefixed with `_` when it starts with a digit.
    static func member(_ name: String) -> String {
        let parts = words(name)
        guard let first = parts.first else { return "_" }
        var text = first.lowercased() + parts.dropFirst().map(capitalized).joined()
        if let head = text.first, head.isNumber { text = "_" + text }
        text = ascii(text)
        return keywords.contains(text) ? "`\(text)`" : text
    }

    /// `UpperCamelCase` for types; a name that is already a type name keeps its casing.
    static func type(_ name: String) -> String {
        var text = words(name).map(capitalized).joined()
        if text.isEmpty { text = "Value" }
        if let head = text.first, head.isNumber { text = "T" + text }
        text = ascii(text)
        return keywords.contains(text) ? text + "Type" : text
    }

    private static func capitalized(_ word: String) -> String {
        guard let first = word.first else { return word }
        return first.uppercased() + word.dropFirst()
    }

    /// Drops anything that is not an ASCII letter, digit or underscore.
    private static func ascii(_ text: String) -> String {
        String(text.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_") }.map(Character.init))
    }
}
