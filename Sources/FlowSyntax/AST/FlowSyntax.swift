import FlowSource

/// A flow: a group of screens with a start screen, usable as a sub-flow.
public struct FlowDefinitionSyntax: Sendable {
    public var name: Located<String>
    public var title: Located<String>?
    public var start: Located<String>?
    public var outcomes: [Located<String>]
    /// Global transitions: apply on every screen of the flow.
    public var on: [EventTransitionsSyntax]
    /// Global timers: restart on every event handled in the flow.
    public var after: [TimerSyntax]
    public var screens: [ScreenSyntax]
    public var description: Located<String>?
}

/// A screen (a state), keyed by the seed's screen ID.
public struct ScreenSyntax: Sendable {
    public var id: Located<String>
    public var name: Located<String>?
    public var step: Located<String>?
    public var description: Located<String>?
    public var presentation: Located<String>?
    /// `back: blocked`: the system back gesture does nothing on this screen.
    public var back: Located<String>?
    public var analytics: Located<String>?
    public var terminal: Located<Bool>?
    public var variants: [VariantSyntax]
    public var enter: [ActionSyntax]
    public var exit: [ActionSyntax]
    public var fields: [FieldSyntax]
    public var on: [EventTransitionsSyntax]
    public var after: [TimerSyntax]
    /// What the screen shows in words (`texts:`): name → text, where `{expression}` puts a value in.
    public var texts: [(name: Located<String>, template: ExpressionSource)] = []
    /// `texts: { error: { text: …, when: home_load_failed } }`: the condition of a text that reads as written only
    /// while it holds (and as nothing otherwise), by the text's name.
    public var textConditions: [String: ExpressionSource] = [:]
    /// `every: { 30s: … }`: timers that fire every so long while the screen shows.
    public var every: [TimerSyntax] = []
    /// `lists:`: collections the screen shows, a row per element.
    public var lists: [ScreenListSyntax] = []
    /// `screenshot_protected: true`: screenshots and screen recording are blocked while it shows.
    public var screenshotProtected: Located<Bool>? = nil
    /// Whether parts of the screen were dropped for syntax errors: graph rules then skip it, so a
    /// typo in one key is not also reported as a dead end.
    public var hasSyntaxErrors = false
    /// A screen with `use:` as written, until `expandComponents` puts its components in and reads it.
    public var written: WrittenScreen? = nil
    /// The components put into this screen, for diagnostics that point at both the use and the definition.
    public var expansions: [ComponentExpansion] = []
}

public struct VariantSyntax: Sendable {
    public var name: Located<String>
    public var when: ExpressionSource?
    public var description: Located<String>?
    /// Timers that start when the screen begins to show this variant (and stop when it stops).
    public var after: [TimerSyntax] = []
    /// `loading: true`: the spinner or skeleton shown while the screen waits for an answer.
    public var loading: Located<Bool>? = nil
}

/// Every transition written for one event, in order (the first whose guard holds is taken).
public struct EventTransitionsSyntax: Sendable {
    public var event: Located<String>
    public var transitions: [TransitionSyntax]
}

/// Transitions that fire when a screen (or flow) has been current for `delay`.
public struct TimerSyntax: Sendable {
    public var delay: Located<String>
    public var transitions: [TransitionSyntax]
}

public struct TransitionSyntax: Sendable {
    public var target: TargetSyntax?
    public var guardExpression: ExpressionSource?
    public var actions: [ActionSyntax]
    public var validate: Located<Bool>?
    public var note: Located<String>?
    public var range: SourceRange
}

/// Where a transition leads.
public indirect enum TargetSyntax: Sendable {
    case screen(Located<String>)
    case back(SourceRange)
    case overlay(Located<String>)
    case flow(Located<String>, returns: [EventTransitionsSyntax])
    case end(Located<String>)

    public var range: SourceRange {
        switch self {
        case .screen(let name), .overlay(let name), .end(let name), .flow(let name, _): name.range
        case .back(let range): range
        }
    }
}

/// One action of a `do:`, `enter:` or `exit:` list.
public struct ActionSyntax: Sendable {
    public enum Kind: Sendable {
        case set([AssignmentSyntax])
        case append([AssignmentSyntax])
        case clear([Located<String>])
        /// `fill: { recipient: event.name }`: types values into fields of the current screen.
        case fill([AssignmentSyntax])
        case call(Located<String>, with: [AssignmentSyntax])
        case analytics(Located<String>, properties: [AssignmentSyntax])
        /// Texts people read, where `{expression}` puts a value in.
        case push(ExpressionSource)
        case toast(ExpressionSource)
        case raise(Located<String>)
    }
    public var kind: Kind
    public var range: SourceRange
}

public struct FieldSyntax: Sendable {
    public var name: Located<String>
    public var type: Located<String>?
    public var label: Located<String>?
    public var hint: Located<String>?
    public var placeholder: Located<String>?
    public var options: [OptionSyntax]
    public var currency: Located<String>?
    public var country: Located<String>?
    public var countryField: Located<String>?
    public var defaultValue: ExpressionSource?
    public var rules: [RuleSyntax]
    /// `when:`: the field is shown (filled, validated) only while this holds.
    public var shownWhen: ExpressionSource? = nil
    /// `secret:`: what is typed is forgotten once the screen is left and never saved (default: true for `password`).
    public var secret: Located<Bool>? = nil
    /// `personal: true`: what is typed here is personal data.
    public var personal: Located<Bool>? = nil
}

public struct OptionSyntax: Sendable {
    public var value: Located<String>
    public var label: Located<String>?
}

/// A validation rule: one rule key with its argument, and the message shown when it fails.
public struct RuleSyntax: Sendable {
    public enum Argument: Sendable {
        case flag(Located<Bool>)
        case integer(Located<Int>)
        case text(Located<String>)
        case expression(ExpressionSource)
        case list([Located<String>])
        case bounds(min: ExpressionSource?, max: ExpressionSource?)
    }
    public var kind: Located<String>
    public var argument: Argument
    public var message: Located<String>?
    public var range: SourceRange
    /// `when:`: the rule applies only while this yes/no expression holds.
    public var condition: ExpressionSource? = nil
}
