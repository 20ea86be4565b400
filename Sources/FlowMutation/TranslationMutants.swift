import FlowExpression
import FlowIR

extension MutantCollector {
    /// `translation-dropped` for each translated text of a screen: the text in the source language whatever the
    /// locale, as if its translations were lost. Only a scenario that reads the text in another locale kills it.
    mutating func translations(of screen: Screen, index screenIndex: Int) {
        part = nil
        for (position, text) in screen.texts.enumerated() {
            guard let source = untranslated(text.value) else { continue }
            add(.translationDropped, "text \(text.name): translations → dropped", range: screen.range, screen: screenIndex, flow: screen.flow,
                event: nil) { app in
                guard app.screens.indices.contains(screenIndex), app.screens[screenIndex].texts.indices.contains(position) else { return }
                app.screens[screenIndex].texts[position].value = source
            }
        }
    }

    /// The expression with every choice on the current locale (`language == Language.fr ? 'Commencer' : ...`)
    /// replaced by its source-language side; nil when it has none.
    func untranslated(_ expression: TypedExpression) -> TypedExpression? {
        guard let state = app.localisation.currentLocaleState else { return nil }
        var changed = false
        func strip(_ node: TypedExpression) -> TypedExpression {
            if case .conditional(let condition, _, let otherwise) = node.kind, condition.referencedVariables == [state] {
                changed = true
                return strip(otherwise)
            }
            guard case .conditional(let condition, let then, let otherwise) = node.kind else { return node }
            var result = node
            result.kind = .conditional(condition, strip(then), strip(otherwise))
            return result
        }
        let result = strip(expression)
        return changed ? result : nil
    }
}
