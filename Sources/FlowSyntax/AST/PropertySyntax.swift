import FlowSource

/// A property under `properties:`: a rule `flowc explore` checks on every step (see FlowIR's `Property`).
public struct PropertySyntax: Sendable {
    public enum Form: Sendable {
        /// `always: <condition>`.
        case always(ExpressionSource)
        /// `never: <condition>` or `never: { push: …, screen: …, when: … }`.
        case never(Forbidden)
        /// `after: <trigger>`, `when:` and `then:` beside it.
        case after(Trigger, when: ExpressionSource?, thenScreen: Located<String>?, thenCheck: ExpressionSource?)
    }

    public struct Forbidden: Sendable {
        public var condition: ExpressionSource?
        /// The effect's kind (`push`, `analytics`, `toast`, `call`) as the key was written, and its text, event or operation.
        public var effect: (kind: Located<String>, value: Located<String>)?
        public var screen: Located<String>?
        public var when: ExpressionSource?
        /// `unless_after: [<event>, …]`: the effect is allowed in a step that handled one of these events.
        public var unlessAfter: [Located<String>] = []
    }

    public enum Trigger: Sendable {
        case restart(SourceRange)
        case event(Located<String>)
        case screen(Located<String>)
    }

    public var name: Located<String>
    public var text: Located<String>?
    public var form: Form?
    public var range: SourceRange
}
