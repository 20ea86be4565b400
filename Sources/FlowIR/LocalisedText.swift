import FlowExpression

/// One row of an app's text table: a text's words in every locale, looked up by its catalog key. The generated
/// Swift asks the host for the key first (its bundle, its String Catalog) and falls back to these words.
///
/// Words are in the String Catalog's format: `%1$@` where the first value goes, `%%` for a percent sign.
public struct TextFormats: Sendable, Hashable {
    /// The key in `<App>.xcstrings` (`STEP-14.2.caption`, or a toast's words).
    public var key: String
    /// How many values the source text puts in: a host's translation must put in exactly `%1$@`…`%n$@`.
    public var sourceArguments: Int
    /// Locale → the words, with `%n$@` where value n goes. A translation that words a value otherwise than the
    /// source text (`{offline ? 'Hors ligne' : ''}`) puts in a value after the source's (`%3$@`).
    public var formats: [String: String]

    public init(key: String, sourceArguments: Int, formats: [String: String]) {
        self.key = key; self.sourceArguments = sourceArguments; self.formats = formats
    }
}

/// A text people read where it is shown: its key and the values put in, each already written for people in the
/// current locale (`£12.50`), in the order of the table's `%n$@`.
public struct LocalisedText: Sendable, Hashable {
    public var key: String
    /// The source text's values, then those a translation words otherwise (each empty unless its locale is shown).
    public var arguments: [TypedExpression]
    /// The same text as one expression on the current locale, as the interpreter evaluates it. The generated code
    /// looks the key up wherever this expression is shown as the text of that key: a whole text, or inside a larger
    /// expression (`Localisation.shownInside`: a label in a value, a row text, a `when:` text, an empty state).
    public var value: TypedExpression

    public init(key: String, arguments: [TypedExpression], value: TypedExpression) {
        self.key = key; self.arguments = arguments; self.value = value
    }

    /// The text as it sits in the body of a map over rows, where `name` is the row (see `localising`).
    public func localising(_ name: String) -> LocalisedText {
        LocalisedText(key: key, arguments: arguments.map { $0.localising(name) }, value: value.localising(name))
    }
}

/// A piece of a checked text: words, or a value put in with the words it was written as (`transfer.amount`).
public enum CheckedTextPiece: Sendable, Hashable {
    case words(String)
    case value(written: String, TypedExpression)

    /// The pieces in the String Catalog's format, each value numbered by `position` (1-based).
    public static func format(_ pieces: [CheckedTextPiece], position: (String, TypedExpression) -> Int) -> String {
        var result = ""
        for piece in pieces {
            switch piece {
            case .words(let words): result += words.replacingOccurrences(of: "%", with: "%%")
            case .value(let written, let value): result += "%\(position(written, value))$@"
            }
        }
        return result
    }
}
