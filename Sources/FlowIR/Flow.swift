import FlowExpression
import FlowSource

/// A group of screens with a start screen; the app's start flow or a sub-flow.
public struct Flow: Sendable {
    public var name: String
    public var title: String?
    public var description: String?
    /// Index of the start screen in `App.screens`.
    public var start: Int
    public var outcomes: [String]
    /// Indices of this flow's screens in `App.screens`, in declaration order.
    public var screens: [Int]
    /// Transitions that apply on every screen of the flow (a screen's own transition for the same event wins).
    public var globalTransitions: [Transition]
    public var globalTimers: [Timer]
    public var range: SourceRange

    public init(name: String, title: String?, description: String?, start: Int, outcomes: [String], screens: [Int],
                globalTransitions: [Transition], globalTimers: [Timer], range: SourceRange) {
        self.name = name; self.title = title; self.description = description; self.start = start; self.outcomes = outcomes
        self.screens = screens; self.globalTransitions = globalTransitions; self.globalTimers = globalTimers; self.range = range
    }
}

public enum Presentation: String, Sendable, CaseIterable {
    case screen, sheet, modal, alert, external
}

/// A screen (a state of the machine), with the seed's screen ID.
public struct Screen: Sendable {
    public struct Variant: Sendable {
        public var name: String
        public var condition: TypedExpression?
        public var description: String?
        /// `loading: true`: the spinner or skeleton shown while the screen waits for an answer.
        public var loading = false
        public init(name: String, condition: TypedExpression?, description: String?) {
            self.name = name; self.condition = condition; self.description = description
        }
    }
    public var id: String
    public var name: String
    /// Index of the owning flow in `App.flows`.
    public var flow: Int
    public var step: String?
    public var description: String?
    public var presentation: Presentation
    public var analytics: String?
    public var terminal: Bool
    /// `back: blocked`: the system back gesture does nothing here (a lock screen); the screen's own
    /// transitions, `to: back` included, still leave it.
    public var backBlocked = false
    /// `screenshot_protected: true`: screenshots and screen recording are blocked while it shows (card details, PIN).
    public var screenshotProtected = false
    public var variants: [Variant]
    public var enter: [Action]
    public var exit: [Action]
    public var fields: [Field]
    /// Own transitions, grouped by event in declaration order; alternatives for one event are in order.
    public var transitions: [Transition]
    public var timers: [Timer]
    /// What the screen shows in words (`texts:`), each a text expression (templates lowered to `+` and `string()`).
    public var texts: [(name: String, value: TypedExpression)] = []
    /// Collections the screen shows (`lists:`), a row per element.
    public var lists: [ScreenList] = []
    public var range: SourceRange

    public init(id: String, name: String, flow: Int, step: String?, description: String?, presentation: Presentation,
                analytics: String?, terminal: Bool, range: SourceRange) {
        self.id = id; self.name = name; self.flow = flow; self.step = step; self.description = description
        self.presentation = presentation; self.analytics = analytics; self.terminal = terminal; self.range = range
        variants = []; enter = []; exit = []; fields = []; transitions = []; timers = []
    }
}

/// One transition: taken on `event` when `condition` holds.
public struct Transition: Sendable {
    public enum Target: Sendable {
        /// Go to a screen (index in `App.screens`).
        case screen(Int)
        /// Return to the previous screen (or close an overlay).
        case back
        /// Open a screen as a sheet over the current one.
        case overlay(Int)
        /// Run a flow as a sub-flow; `returns` says where each of its end outcomes leads.
        case subflow(Int, returns: [SubflowReturn])
        /// End the current flow with an outcome.
        case end(String)
        /// Stay: only run the actions.
        case stay
    }
    public var event: String
    public var condition: TypedExpression?
    public var conditionSource: String?
    public var target: Target
    public var actions: [Action]
    /// Whether the screen's fields are validated before the transition is taken.
    public var validates: Bool
    public var note: String?
    public var range: SourceRange

    public init(event: String, condition: TypedExpression?, conditionSource: String?, target: Target, actions: [Action],
                validates: Bool, note: String?, range: SourceRange) {
        self.event = event; self.condition = condition; self.conditionSource = conditionSource; self.target = target
        self.actions = actions; self.validates = validates; self.note = note; self.range = range
    }
}

public struct SubflowReturn: Sendable {
    public var outcome: String
    public var transitions: [Transition]
    public init(outcome: String, transitions: [Transition]) { self.outcome = outcome; self.transitions = transitions }
}

/// Transitions fired when their screen (or flow) has been current for `delayMilliseconds` of virtual time; a
/// variant's timer counts from when the screen began to show that variant instead.
///
/// A timer written with a state name (`after: { session_timeout: ... }`) has a `length` instead: the expression is
/// read each time the timer starts, and `delayMilliseconds` is 0.
public struct Timer: Sendable {
    public var delayMilliseconds: Int
    public var delaySource: String
    public var transitions: [Transition]
    /// The state or derived `duration` value the length is read from; nil for a literal length.
    public var length: TypedExpression?
    /// The index in its screen's `variants` of the variant whose showing starts this timer; nil for a screen's or
    /// flow's own timer.
    public var variant: Int?
    /// A screen's `every:` timer: armed again each time it fires, until the screen is left.
    public var repeats = false
    public init(delayMilliseconds: Int, delaySource: String, transitions: [Transition], length: TypedExpression? = nil, variant: Int? = nil) {
        self.delayMilliseconds = delayMilliseconds; self.delaySource = delaySource; self.transitions = transitions
        self.length = length; self.variant = variant
    }
}

/// An action run by a transition or on entering or leaving a screen.
public struct Action: Sendable {
    public enum Kind: Sendable {
        case set(path: [String], value: TypedExpression)
        case append(path: [String], value: TypedExpression)
        case clearFields
        /// Types `value` into a field of the current screen as a person would (nil: empties it), and clears the
        /// field's error. `fill:` and `clear: [form.<field>]` actions; a field's `default:` is one with
        /// `onlyWhenEmpty`, made by the checker first among the screen's entry actions.
        case fillField(field: String, value: TypedExpression?, onlyWhenEmpty: Bool)
        case clear(path: [String])
        case call(service: Int, operation: Int, arguments: [(name: String, value: TypedExpression)])
        case analytics(event: String, properties: [(name: String, value: TypedExpression)])
        case push(DisplayText)
        case toast(DisplayText)
        case raise(String)
    }
    public var kind: Kind
    public var range: SourceRange
    public init(kind: Kind, range: SourceRange) { self.kind = kind; self.range = range }
}
