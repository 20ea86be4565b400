import FlowExpression
import FlowIR
import FlowSource

extension AppChecker {
    /// In an app with several locales, words written into a state value (`set: { home_error: "'Unable to load'" }`)
    /// and shown by a text, a toast or a push reach people untranslated: no key of the String Catalog holds them.
    /// Each such value is warned about once, where the words are written, with the texts that show them.
    ///
    /// Words are a text literal with a space in it: one-word literals (`'loading'`, `'failed'`) are codes the flows
    /// compare against, not words people read.
    func checkWordsInStateValues() {
        guard app.localisation.locales.count > 1 else { return }
        var written: [String: (words: String, range: SourceRange)] = [:]
        app.forEachAction { action in
            guard case .set(let path, let value) = action.kind, path.count == 1, written[path[0]] == nil,
                  let words = Self.words(in: value) else { return }
            written[path[0]] = (words, action.range)
        }
        guard !written.isEmpty else { return }
        // A derived value that reads one carries its words on.
        var carriers: [String: String] = Dictionary(uniqueKeysWithValues: written.keys.map { ($0, $0) })
        var changed = true
        while changed {
            changed = false
            for derived in app.derived where carriers[derived.name] == nil {
                if let source = derived.value?.referencedVariables.compactMap({ carriers[$0] }).min() {
                    carriers[derived.name] = source
                    changed = true
                }
            }
        }
        var shownBy: [String: [String]] = [:]
        func note(_ value: TypedExpression, _ place: String) {
            for name in value.referencedVariables.sorted() {
                guard let source = carriers[name] else { continue }
                if shownBy[source]?.contains(place) != true { shownBy[source, default: []].append(place) }
            }
        }
        for screen in app.screens {
            for text in screen.texts { note(text.value, "text '\(text.name)' of screen \(screen.id)") }
        }
        app.forEachAction { action in
            switch action.kind {
            case .toast(let text): note(text.value, "the toast \"\(text.source)\"")
            case .push(let text): note(text.value, "the push \"\(text.source)\"")
            default: break
            }
        }
        for (name, places) in shownBy.sorted(by: { $0.key < $1.key }) {
            guard let origin = written[name] else { continue }
            let shown = places.prefix(3).joined(separator: ", ") + (places.count > 3 ? " and \(places.count - 3) more" : "")
            warning("untranslated-state-words", "the words \"\(origin.words)\" are kept in state value '\(name)' and shown by \(shown), so no translation reaches them; show them as a text, a message or an enum's label, which are translated by key",
                    at: origin.range)
        }
    }

    /// The words of a text literal people would read, or nil.
    private static func words(in value: TypedExpression) -> String? {
        switch value.kind {
        case .literal(.text(let text)) where text.contains(" "):
            return text
        case .conditional(_, let then, let otherwise):
            return words(in: then) ?? words(in: otherwise)
        default:
            return nil
        }
    }
}
