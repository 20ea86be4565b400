/// Words in the String Catalog's format with the values put in: `%1$@` (or `%@`, the next value in order) is a
/// value, `%%` a percent sign. The interpreter's texts are the same words and values joined, so a generated
/// machine's text and the interpreter's agree.
public enum FlowTextFormat {
    /// `format` with `arguments` put in, or why it cannot be: a specifier other than `%@`/`%n$@`, a value the
    /// text does not have (`%3$@` with two values), or a value of the first `required` left out.
    public static func fill(_ format: String, _ arguments: [String], required: Int) -> Result<String, FlowTextFormatError> {
        var result = ""
        var used = Set<Int>()
        var next = 0
        var characters = format[...]
        while let percent = characters.firstIndex(of: "%") {
            result += characters[..<percent]
            characters = characters[characters.index(after: percent)...]
            if characters.first == "%" {
                result += "%"
                characters = characters.dropFirst()
                continue
            }
            let digits = characters.prefix { $0.isASCII && $0.isNumber }
            let rest = characters.dropFirst(digits.count)
            let index: Int
            if !digits.isEmpty, rest.first == "$", rest.dropFirst().first == "@", let number = Int(digits), number > 0 {
                index = number - 1
                characters = rest.dropFirst(2)
            } else if digits.isEmpty, characters.first == "@" {
                index = next
                characters = characters.dropFirst()
            } else {
                let specifier = "%" + String(characters.prefix(4))
                return .failure(FlowTextFormatError(reason: "has '\(specifier)', which is not a value (%@ or %1$@)"))
            }
            next = index + 1
            guard index < arguments.count else {
                return .failure(FlowTextFormatError(reason: "puts in value \(index + 1) but the text has \(arguments.count)"))
            }
            used.insert(index)
            result += arguments[index]
        }
        result += characters
        if let missing = (0..<min(required, arguments.count)).first(where: { !used.contains($0) }) {
            return .failure(FlowTextFormatError(reason: "leaves out value \(missing + 1) of \(required)"))
        }
        return .success(result)
    }
}

/// Why words cannot be filled in.
public struct FlowTextFormatError: Error, Hashable, Sendable {
    public var reason: String
}

/// A generated machine's texts: each key with its words in every locale the app ships (the flows' translations),
/// read from one string per locale in the generated `Texts.swift`, one line per text.
@_spi(Generated) public struct FlowTextTable: Sendable {
    /// The locales, the flows' own first.
    public let locales: [String]
    /// The keys, by number.
    public let keys: [String]
    /// How many values each text's source words put in: a lookup's words must put in exactly these.
    private let required: [Int]
    /// Locale number → text number → words.
    private let formats: [[String]]

    /// - Parameters:
    ///   - keys: One line per text: how many values its source words put in, a space, the key (escaped as below).
    ///   - formats: Per locale (in the order of `locales`), one line per text: its words, with `\\`, `\n`, `\r`,
    ///     `\t` and `\"` for a backslash, line breaks, a tab and a quote.
    public init(locales: [String], keys: String, formats: [String]) {
        self.locales = locales
        var parsedKeys: [String] = []
        var required: [Int] = []
        for line in decodeLines(keys) {
            let count = line.prefix { $0 != " " }
            required.append(Int(count) ?? 0)
            parsedKeys.append(Self.unescape(line.dropFirst(count.count + 1)))
        }
        self.keys = parsedKeys
        self.required = required
        self.formats = formats.map { decodeLines($0).map { Self.unescape($0[...]) } }
    }

    /// Text number `number` in `locale` with `arguments` put in: the lookup's words when it has well-formed ones,
    /// else the compiled-in words of `locale` (the flows' own locale's for a locale the app does not ship).
    public func text(_ number: Int, _ arguments: [String], locale: String, lookup: any FlowTextLookup) -> String {
        guard keys.indices.contains(number) else { return "" }
        let key = keys[number]
        if let words = lookup.format(forKey: key, locale: locale) {
            // A lookup's words may put in the source text's values only: the others are a translation's own wording.
            let shared = Array(arguments.prefix(required[number]))
            switch FlowTextFormat.fill(words, shared, required: required[number]) {
            case .success(let text): return text
            case .failure(let error): lookup.rejected(FlowTextProblem(key: key, locale: locale, format: words, reason: error.reason))
            }
        }
        let localeNumber = locales.firstIndex(of: locale) ?? 0
        guard formats.indices.contains(localeNumber), formats[localeNumber].indices.contains(number) else { return "" }
        switch FlowTextFormat.fill(formats[localeNumber][number], arguments, required: 0) {
        case .success(let text): return text
        case .failure: return formats[localeNumber][number]
        }
    }

    /// The words of `line` as the generator escaped them.
    static func unescape(_ line: Substring) -> String {
        guard line.contains("\\") else { return String(line) }
        var result = ""
        var escaped = false
        for character in line {
            if escaped {
                switch character {
                case "n": result.append("\n")
                case "r": result.append("\r")
                case "t": result.append("\t")
                default: result.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// `text` escaped for one line of a table (the inverse of `unescape`).
    public static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\r\n": result += "\\r\\n"
            case "\t": result += "\\t"
            case "\"": result += "\\\""
            default: result.append(character)
            }
        }
        return result
    }
}
