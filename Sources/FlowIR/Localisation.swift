import FlowExpression

/// A text people read, as an action shows it (a toast, a push): the words as written in the app's source
/// locale, which are also its key in the String Catalog, and the text as both back ends compute it (values put
/// in, in the current locale).
public struct DisplayText: Sendable, Hashable, CustomStringConvertible {
    /// As written (`Refresh {bank} now`): the key, and what coverage and scenarios match.
    public var source: String
    /// The text in the current locale; a text literal when it has no values and no translations.
    public var value: TypedExpression
    /// The text by its key and values, for the generated code's text table (nil: a text the checker did not key).
    public var localised: LocalisedText?

    public init(source: String, value: TypedExpression, localised: LocalisedText? = nil) {
        self.source = source; self.value = value; self.localised = localised
    }

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
        return Self.template(source, couldRead: text)
    }

    /// Whether `text` could be what the template `source` reads once its values are put in.
    public static func template(_ source: String, couldRead text: String) -> Bool {
        var words: [String] = [""]
        for part in templateParts(source) {
            switch part {
            case .words(let written): words[words.count - 1] += written
            case .value: words.append("")
            }
        }
        guard let first = words.first, let last = words.last, text.hasPrefix(first) else { return false }
        guard words.count > 1 else { return text == first }
        var rest = text.dropFirst(first.count)
        for word in words.dropFirst().dropLast() where !word.isEmpty {
            guard let found = rest.range(of: word) else { return false }
            rest = rest[found.upperBound...]
        }
        return rest.hasSuffix(last)
    }
}

/// A piece of a text as written: words, or the expression of a value put in (`{transfer.amount}`).
public enum TemplatePart: Hashable, Sendable {
    case words(String)
    case value(String)
}

/// A text split into its words and its values: `{{` and `}}` are braces in the words; a value's braces and
/// quotes nest (`{cond ? '}' : ''}` is one value). An unclosed `{` makes the rest one value (the checker has
/// reported it).
public func templateParts(_ template: String) -> [TemplatePart] {
    var parts: [TemplatePart] = []
    var words = ""
    let characters = Array(template)
    var index = 0
    while index < characters.count {
        let character = characters[index]
        if (character == "{" || character == "}"), index + 1 < characters.count, characters[index + 1] == character {
            words.append(character)
            index += 2
            continue
        }
        guard character == "{" else { words.append(character); index += 1; continue }
        var depth = 0
        var quote: Character?
        var end = index + 1
        while end < characters.count {
            let next = characters[end]
            if let open = quote {
                if next == "\\" { end += 1 } else if next == open { quote = nil }
            } else if next == "'" || next == "\"" {
                quote = next
            } else if next == "{" {
                depth += 1
            } else if next == "}" {
                if depth == 0 { break }
                depth -= 1
            }
            end += 1
        }
        if !words.isEmpty { parts.append(.words(words)); words = "" }
        parts.append(.value(String(characters[(index + 1)..<min(end, characters.count)]).trimmingCharacters(in: .whitespaces)))
        index = end + 1
    }
    if !words.isEmpty { parts.append(.words(words)) }
    return parts
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
    /// The state value holding the locale shown now, when the app ships several.
    public var currentLocaleState: String?
    /// The locale shown now as a text expression (`language == Language.fr ? 'fr-FR' : 'en-US'`, or the one locale).
    public var currentLocale = TypedExpression(type: .text, span: 0..<0, kind: .literal(.text("en-GB")))
    /// Every keyed text's words in each locale, sorted by key: the generated code's text table.
    public var table: [TextFormats] = []
    /// Each screen text (`texts:`) by the screen and its name (`STEP-14.2.caption`), with its catalog key (the same,
    /// or `component.offline_banner.offline_banner` for a text a component gives every screen alike) and its values.
    public var screenTexts: [String: LocalisedText] = [:]
    /// Keyed texts shown inside a larger expression, each as it sits there: an enum value's label inside a value
    /// (`{transfer.status}`), a list's row texts and row actions' labels (inside the map over the rows), a `when:`
    /// text and an empty state (inside their condition). The generated code looks each up by its key wherever its
    /// expression occurs, so a host's translation wins there too.
    public var shownInside: [LocalisedText] = []

    public init() {}
}

/// One string of the catalog.
public struct CatalogString: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// `label` is an enum value's label (shown inside a value); `field` a field's label, placeholder or hint.
        case text, toast, push, message, label, option, field
    }
    /// One locale's words, with `{...}` where values go, and whether it is a draft to review.
    public struct Value: Sendable, Hashable {
        public var text: String
        public var needsReview: Bool
        public init(_ text: String, needsReview: Bool) { self.text = text; self.needsReview = needsReview }
    }
    /// `STEP-14.2.caption` for a screen's text, `Bank.barclays` for an enum value's label, the words themselves
    /// for a toast, a push or a rule's message (as Xcode keys a `String(localized:)`).
    public var key: String
    public var kind: Kind
    /// Where it is shown, for translators (`screen STEP-14.2`).
    public var comment: String
    /// Locale → its words.
    public var values: [String: Value]
    /// The values put in, in the order of the source text (`transfer.amount`), for the catalog's `%1$@`.
    public var placeholders: [String]

    public init(key: String, kind: Kind, comment: String, values: [String: Value], placeholders: [String]) {
        self.key = key; self.kind = kind; self.comment = comment; self.values = values; self.placeholders = placeholders
    }
}
