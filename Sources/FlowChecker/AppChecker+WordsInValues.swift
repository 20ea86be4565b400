import FlowExpression
import FlowSyntax
import FlowIR
import FlowSource

extension AppChecker {
    /// Words written inside a text's own value (`{offline ? 'You are offline' : ''}`, `{name + ' joined'}`) are
    /// keyed only as part of the code around them: a translator gets the braces and quotes to edit, and the words are
    /// no text of their own. In an app with several locales each such value is warned about with the texts that need
    /// translating (`untranslated-state-words`, as words kept in state are): a text shown only sometimes takes `when:`,
    /// and a value chosen among words is an enum with labels.
    func warnWordsInsideValues(_ values: [(hole: String, value: TypedExpression)], in source: ExpressionSource, what: String) {
        for (written, value) in values {
            guard let words = Self.words(in: value) else { continue }
            warning("untranslated-state-words", "the words \"\(words)\" are written inside the value {\(written)} of \(what), so the String Catalog holds them as code, not as words to translate; keep words outside the braces: a text shown only while something holds takes 'when:' ({ text: …, when: <condition> }), and words chosen by a value are an enum's labels",
                    at: source.range)
        }
    }
}
