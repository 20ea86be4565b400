import FlowIR

extension Interpreter {
    /// The label, placeholder and hint of field `field` of the current screen as they read now, in the current
    /// locale (a translated one by its catalog key; the words as written otherwise). Empty for a field the screen
    /// does not have, or one that writes none.
    public func captions(of field: String) throws -> [Field.Caption: String] {
        guard let declared = currentScreen.fields.first(where: { $0.name == field }) else { return [:] }
        var copy = self
        var shown: [Field.Caption: String] = [:]
        for caption in Field.Caption.allCases {
            let written: String? = switch caption {
            case .label: declared.label
            case .placeholder: declared.placeholder
            case .hint: declared.hint
            }
            guard let written else { continue }
            guard let localised = declared.captions[caption] else { shown[caption] = written; continue }
            let value = try copy.evaluateExpression(localised.value, event: [:])
            if case .text(let words) = value { shown[caption] = words } else { shown[caption] = value.description }
        }
        return shown
    }
}
