import FlowExpression
import FlowIR

extension TextsTranslator {
    /// `fieldLabel(_:)`, `fieldPlaceholder(_:)` and `fieldHint(_:)`: a field's words on the current screen in the
    /// current locale, each looked up by its key (`S03.email.placeholder`) through `textLookup` as every keyed text is.
    func captionFunctions(_ expressions: inout ExpressionTranslator) -> [SwiftDeclaration] {
        Field.Caption.allCases.map { caption in
            let name = "field" + caption.rawValue.prefix(1).uppercased() + caption.rawValue.dropFirst()
            var cases: [SwiftSwitchCase] = []
            for (index, screen) in app.screens.enumerated() {
                var fieldCases: [SwiftSwitchCase] = []
                for field in screen.fields {
                    let written: String? = switch caption {
                    case .label: field.label
                    case .placeholder: field.placeholder
                    case .hint: field.hint
                    }
                    guard let written else { continue }
                    var words = SwiftExpression.string(written)
                    if let localised = field.captions[caption],
                       let translated = expressions.keyedText(localised, showing: localised.value, scope: ExpressionScope()) {
                        words = translated.throwing ? .binary("??", .prefix("try?", .parenthesized(translated.code)), words) : translated.code
                    }
                    fieldCases.append(SwiftSwitchCase([".\(names.fieldCase(field.name))"], [.return(words)]))
                }
                guard !fieldCases.isEmpty else { continue }
                // A screen that captions every field of the app needs no `default:` (it would draw "will never be executed").
                let others: [SwiftSwitchCase] = fieldCases.count < names.fieldCases.count ? [.default([.return(.id("nil"))])] : []
                let inner: [SwiftStatement] = [.switch(.id("field"), fieldCases + others)]
                cases.append(SwiftSwitchCase(["\(index)"], [.comment("\(screen.id) \(screen.name)")] + inner))
            }
            var body: [SwiftStatement] = cases.isEmpty ? [.return(.id("nil"))] : [.switch(.id("screenNumber"), cases + [.default([.return(.id("nil"))])])]
            // Without fields the parameter's enum has no cases: any statement would draw "will never be executed".
            if names.fieldCases.isEmpty { body = [.comment("\(app.name) has no fields: nothing can call this.")] }
            return SwiftDeclaration(doc: ["The \(caption.rawValue) of field `field` on the current screen in the current locale, by its key in the String Catalog",
                                          "(`Text(machine.\(name)(.email) ?? \"\")`); nil for a field the screen does not show or one without a \(caption.rawValue)."],
                                    access: publicAccess,
                                    .function(modifiers: [], name: name, parameters: [SwiftParameter(label: "_", name: "field", type: names.field)],
                                              effects: [], returns: "String?", body: body))
        }
    }
}
