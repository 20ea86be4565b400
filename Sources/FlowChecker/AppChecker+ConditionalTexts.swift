import FlowExpression
import FlowIR
import FlowSource
import FlowSyntax

extension AppChecker {
    /// A screen's text written `{ text: …, when: condition }`: its words while the condition holds, nothing otherwise.
    /// The words stay one text with one key, so every locale translates them; the condition is any yes/no expression.
    func shownWhile(_ condition: ExpressionSource?, _ text: TypedExpression, in environment: TypeEnvironment) -> TypedExpression {
        guard let condition, let checked = check(condition, expected: .bool, in: environment, role: "text condition") else { return text }
        return Self.shownOnlyWhile(checked, text)
    }

    /// `condition ? text : ''`: a text that reads as nothing while the condition does not hold (a `when:` text, a
    /// list's empty state).
    static func shownOnlyWhile(_ condition: TypedExpression, _ text: TypedExpression) -> TypedExpression {
        let nothing = TypedExpression(type: .text, span: 0..<0, kind: .literal(.text("")))
        return TypedExpression(type: .text, span: 0..<0, kind: .conditional(condition, text, nothing))
    }
}
