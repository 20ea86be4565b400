import FlowIR
import FlowSource
import FlowSyntax

/// Scenario expectations about the words written around a field: `expect: { labels: … }`, `placeholders:` and
/// `hints:` (each the caption's words in the current locale).
extension AppChecker {
    /// `labels: { email: Adresse e-mail }`, `placeholders: { email: vous@exemple.com }`, `hints: { … }`.
    func resolveExpectedCaptions(_ expect: ExpectSyntax, screen: Int?) -> [(field: String, caption: Field.Caption, words: String)] {
        guard !expect.captions.isEmpty else { return [] }
        guard let screen else {
            // One mistake, one diagnostic: an expectation that checks labels and placeholders lacks one 'screen'.
            if expect.screen == nil, let first = expect.captions.first {
                let keys = Field.Caption.allCases.map(\.rawValue).filter { caption in expect.captions.contains { $0.caption == caption } }
                error("missing-key", keys.map { "'\($0)s'" }.joined(separator: " and ") + " need\(keys.count == 1 ? "s" : "") 'screen' in the same expectation",
                      at: first.field.range)
            }
            return []
        }
        let shown = app.screens[screen]
        var resolved: [(field: String, caption: Field.Caption, words: String)] = []
        for entry in expect.captions {
            guard let caption = Field.Caption(rawValue: entry.caption) else { continue }
            let names = shown.fields.map(\.name)
            guard let field = shown.fields.first(where: { $0.name == entry.field.value }) else {
                error("unknown-member", "screen '\(shown.id)' has no field '\(entry.field.value)'"
                      + (names.isEmpty ? "; it has no fields" : "; its fields are \(names.map { "'\($0)'" }.joined(separator: ", "))"),
                      at: entry.field.range, notes: closestMatch(to: entry.field.value, among: names).map { [.init("did you mean '\($0)'?")] } ?? [])
                continue
            }
            guard written(caption, of: field) != nil else {
                let writing = shown.fields.filter { written(caption, of: $0) != nil }.map(\.name)
                error("unknown-member", "field '\(field.name)' of screen '\(shown.id)' has no \(caption.rawValue)"
                      + (writing.isEmpty ? "; no field of the screen has one" : "; its fields with a \(caption.rawValue) are \(writing.map { "'\($0)'" }.joined(separator: ", "))"),
                      at: entry.field.range)
                continue
            }
            resolved.append((field.name, caption, entry.words.value))
        }
        return resolved
    }

    private func written(_ caption: Field.Caption, of field: Field) -> String? {
        switch caption {
        case .label: field.label
        case .placeholder: field.placeholder
        case .hint: field.hint
        }
    }
}
