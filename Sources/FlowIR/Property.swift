import FlowExpression
import FlowSource

/// A rule of the app checked on every step `flowc explore` takes (`properties:`): stronger evidence than an
/// invariant held over the scenarios, because every reachable path is walked, with service outcomes, field
/// inputs, time and restarts.
///
/// Three forms, written for the product team:
/// - `always: <condition>`: holds after every step (like an invariant, but over every explored path);
/// - `never: <condition>`, or `never: { push: <text>, when: <condition> }`: a situation no step may reach, or an
///   effect (a push, an analytics event, a toast, a call) or a screen no step may show while `when` held as it began;
/// - `after: <trigger>` (`restart`, `{ event: <name> }`, `{ screen: <ID> }`) with an optional `when:` (read just
///   before the step) and `then: { screen: <ID>, check: <condition> }` (read just after it).
public struct Property: Sendable {
    /// A yes/no expression over the state, with its text as written (for messages and written scenarios).
    public struct Condition: Sendable {
        public var expression: TypedExpression
        public var source: String
        public init(expression: TypedExpression, source: String) { self.expression = expression; self.source = source }
    }

    public enum Form: Sendable {
        case always(Condition)
        case never(Forbidden)
        case after(Trigger, then: Expectation)
    }

    /// What `never:` forbids: a situation (`condition` after a step), or an effect or screen in a step that began while `when` held.
    public struct Forbidden: Sendable {
        /// After every step, this must not hold (set for the `never: <condition>` form).
        public var condition: Condition?
        public var effect: EffectPattern?
        /// A screen the step must not end on.
        public var screen: Int?
        /// Read before the step: only steps that began while it held are judged.
        public var when: Condition?
        /// The effect is allowed in a step that handled one of these events (`unless_after:`): "a withdrawal is
        /// submitted only right after the passcode or Face ID confirmed it".
        public var unlessAfter: [String]
        public init(condition: Condition? = nil, effect: EffectPattern? = nil, screen: Int? = nil, when: Condition? = nil, unlessAfter: [String] = []) {
            self.condition = condition; self.effect = effect; self.screen = screen; self.when = when; self.unlessAfter = unlessAfter
        }
    }

    /// An effect by its kind as scenarios write it (`push`, `analytics`, `toast`, `call`) and its text, event or operation.
    public struct EffectPattern: Sendable, Hashable {
        public var kind: String
        public var value: String
        public init(kind: String, value: String) { self.kind = kind; self.value = value }
    }

    /// The step an `after:` property judges.
    public enum Trigger: Sendable, Hashable {
        /// The app closed and launched again.
        case restart
        /// An event sent (by name), whatever it caused.
        case event(String)
        /// A step that ends on this screen, having begun elsewhere.
        case screen(Int)
    }

    /// What must be so right after the trigger.
    public struct Expectation: Sendable {
        public var when: Condition?
        public var screen: Int?
        public var check: Condition?
        public init(when: Condition? = nil, screen: Int? = nil, check: Condition? = nil) {
            self.when = when; self.screen = screen; self.check = check
        }
    }

    public var name: String
    /// The rule in plain words.
    public var text: String?
    public var form: Form
    public var range: SourceRange

    public init(name: String, text: String?, form: Form, range: SourceRange) {
        self.name = name; self.text = text; self.form = form; self.range = range
    }
}
