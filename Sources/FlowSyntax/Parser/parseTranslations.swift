import FlowSource

extension FlowParser {
    /// `translations:`: locale → `{ review: true, texts: { key: text } }`, or locale → `{ key: text }` for short.
    func parseTranslations(_ node: YAMLNode) -> [TranslationsSyntax] {
        reader.entries(node, "'translations'").compactMap { locale, value in
            let what = "the translations into '\(locale.value)'"
            guard case .mapping = value.content else {
                reader.report("wrong-type", "\(what) must be a mapping of 'review' and 'texts'", at: value.range)
                return nil
            }
            guard let fields = reader.mapping(value, what, keys: ["review", "texts"], owner: locale.range) else { return nil }
            let texts = fields["texts"].map { texts in
                reader.entries(texts, "'texts' of \(what)").compactMap { key, text in
                    reader.expression(text, "the translation of '\(key.value)'").map { (key: key, template: $0) }
                }
            } ?? []
            return TranslationsSyntax(locale: locale, review: fields["review"].flatMap { reader.bool($0, "'review' of \(what)") }, texts: texts)
        }
    }
}
