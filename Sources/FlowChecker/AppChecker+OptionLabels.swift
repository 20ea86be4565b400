import FlowIR
import FlowExpression
import FlowSource
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

    /// The labels a field writes for its options (`options: { passport: Passport }`), each a text of the catalog
    /// keyed `<screen>.<field>.<option>` (or `component.<component>.<field>.<option>`, see `textKey`) with its translations, shown in the current locale. An option without a
    /// label of its own reads as its enum's label (translated by `Enum.case`) or as its value (a code: `USD`).
    func translatedOptions(_ options: [Field.Option], of syntax: FieldSyntax, on screen: String) -> [Field.Option] {
        let type: String? = switch resolveFieldKind(syntax) {
        case .choiceOf(let name)?, .multiChoiceOf(let name)?: name
        default: nil
        }
        return options.map { option in
            guard let written = syntax.options.first(where: { $0.value.value == option.value })?.label else {
                // Its enum's label, translated by `Enum.case`: shown in the current locale as `label(x)` shows it.
                guard let type, let label = texts.labels[type]?[option.value] else { return option }
                var labelled = option
                labelled.localised = LocalisedText(key: "\(type).\(option.value)", arguments: [], value: label)
                return labelled
            }
            // A label is words only: braces are written as they are.
            let escaped = written.value.replacingOccurrences(of: "{", with: "{{").replacingOccurrences(of: "}", with: "}}")
            let source = ExpressionSource(text: escaped, range: written.range, firstCharacter: nil)
            let field = syntax.name.value
            var labelled = option
            let key = textKey("\(field).\(option.value)", writtenAt: written.range, on: screen)
            let place = key.component.map { "component \($0.component) (on every screen that uses it)" } ?? "screen \(screen)"
            labelled.localised = checkKeyedText(source, key: key.key, kind: .option,
                                                comment: "option '\(option.value)' of field '\(field)' on \(place)",
                                                in: domainEnvironment(), what: "the label of option '\(option.value)' of field '\(field)'")
            return labelled
        }
    }
}
