import FlowSource

/// Scenario expectations about the words written around a field: its label, placeholder and hint.
extension FlowParser {
    /// An expectation's keys for a field's captions, each with the caption it checks.
    static let expectedCaptionKeys = [("labels", "label"), ("placeholders", "placeholder"), ("hints", "hint")]

    /// `labels: { email: Adresse e-mail }`: each field's caption, in the words it reads now.
    func expectedCaptions(_ node: YAMLNode, key: String, caption: String) -> [(caption: String, field: Located<String>, words: Located<String>)] {
        reader.entries(node, "'\(key)'").compactMap { field, value in
            reader.text(value, "the expected \(caption) of '\(field.value)'").map { (caption, field, $0) }
        }
    }
}
