import FlowExpression

/// A text people read, as an action shows it (a toast, a push): the words as written in the app's source
/// locale, which are also its key in the String Catalog, and the text as both back ends compute it (values put
/// in, in the current locale).
public struct DisplayText: Sendable, Hashable, CustomStringConvertible {
    /// As written (`Refresh {bank} now`): the key, and what coverage and scenarios match.
    public var source: String
    /// The text in the current locale; a text literal when it has no values and no translations.
    public var value: TypedExpression

    public init(source: String, value: TypedExpression) { self.source = source; self.value = value }

    /// A text with nothing put in.
    public init(fixed text: String) {
        self.init(source: text, value: TypedExpression(type: .text, span: 0..<0, kind: .literal(.text(text))))
    }

    /// The text when it is the same in every run, or nil.
    public var fixedText: String? {
        if case .literal(.text(let text)) = value.kind { return text }
        return nil
    }

    public var description: String { source }

    /// Whether an emitted text could come from this one: equal to a fixed text, or, for a text with values,
    /// the written words in order around anything put in (`Refresh {bank} now` matches `Refresh Barclays now`).
    public func couldRead(_ text: String) -> Bool {
        if let fixed = fixedText ?? (source.contains("{") ? nil : source) { return fixed == text }
        return Self.pieces(of: source).matches(text)
    }

    /// Whether `text` could be what the template `source` reads once its values are put in.
    public static func template(_ source: String, couldRead text: String) -> Bool { pieces(of: source).matches(text) }

    /// The literal words of a template, split where a value goes in.
    struct Pieces {
        var words: [String]
        func matches(_ text: String) -> Bool {
            guard let first = words.first, let last = words.last, text.hasPrefix(first) else { return false }
            var rest = text.dropFirst(first.count)
            for word in words.dropFirst().dropLast() where !word.isEmpty {
                guard let found = rest.range(of: word) else { return false }
                rest = rest[found.upperBound...]
            }
            return words.count == 1 ? rest.isEmpty : rest.hasSuffix(last) && rest.count >= last.count
        }
    }

    static func pieces(of template: String) -> Pieces {
        var words: [String] = [""]
        var depth = 0
        var previous: Character?
        for character in template {
            if depth == 0, character == "{", previous != "{" { depth = 1; words.append(""); previous = character; continue }
            if depth > 0 {
                if character == "{" { depth += 1 } else if character == "}" { depth -= 1 }
                previous = character
                continue
            }
            words[words.count - 1].append(character)
            previous = character
        }
        return Pieces(words: words.map { $0.replacingOccurrences(of: "{{", with: "{").replacingOccurrences(of: "}}", with: "}") })
    }
}

/// The app's locales and its String Catalog: every user-visible string, by a stable key, with its
/// translations. flowc writes it as `generated/<App>.xcstrings`.
public struct Localisation: Sendable {
    /// The locale the flows are written in (`app.locale`).
    public var sourceLocale: String = "en-GB"
    /// Every locale the app ships, the source locale first (`app.locales`; just the source locale when absent).
    public var locales: [String] = []
    /// Sorted by key.
    public var strings: [CatalogString] = []

    public init() {}
}

/// One string of the catalog.
public struct CatalogString: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        case text, toast, push, message, label
    }
    /// `STEP-14.2.caption` for a screen's text, `Bank.barclays` for an enum value's label, the words themselves
    /// for a toast, a push or a rule's message (as Xcode keys a `String(localized:)`).
    public var key: String
    public var kind: Kind
    /// Where it is shown, for translators (`screen STEP-14.2`).
    public var comment: String
    /// Locale → the text with `{...}` where values go, and whether the translation is a draft to review.
    public var values: [String: (text: String, needsReview: Bool)]
    /// The values put in, in the order of the source text (`transfer.amount`), for the catalog's `%1$@`.
    public var placeholders: [String]

    public init(key: String, kind: Kind, comment: String, values: [String: (text: String, needsReview: Bool)], placeholders: [String]) {
        self.key = key; self.kind = kind; self.comment = comment; self.values = values; self.placeholders = placeholders
    }

    public static func == (lhs: CatalogString, rhs: CatalogString) -> Bool {
        lhs.key == rhs.key && lhs.kind == rhs.kind && lhs.comment == rhs.comment && lhs.placeholders == rhs.placeholders
            && lhs.values.keys.sorted() == rhs.values.keys.sorted()
            && lhs.values.keys.allSatisfy { lhs.values[$0]?.text == rhs.values[$0]?.text && lhs.values[$0]?.needsReview == rhs.values[$0]?.needsReview }
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(key); hasher.combine(kind) }
}
