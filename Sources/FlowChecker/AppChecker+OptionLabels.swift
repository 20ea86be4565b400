import FlowIR
import FlowSyntax

extension AppChecker {
    /// The options of a `choice(Enum)` or `multi_choice(Enum)` field read as the enum's `labels:` say, unless the
    /// field writes its own: a label is declared once, in the domain, translated by its key (`AssetCategory.cash`),
    /// and `label(form.category)` shows the same words in the current locale.
    func labelledByTheirEnum(_ options: [Field.Option], kind: Field.Kind) -> [Field.Option] {
        let type: String
        switch kind {
        case .choiceOf(let name), .multiChoiceOf(let name): type = name
        default: return options
        }
        guard let index = types[type] else { return options }
        let labels = types.entries[index].value.labels
        guard !labels.isEmpty else { return options }
        return options.map { option in
            guard option.label == nil, let label = labels.first(where: { $0.name.value == option.value }) else { return option }
            return Field.Option(value: option.value, label: label.label.value)
        }
    }
}
