import FlowExpression

/// Something the app must do or show, recorded when an action runs.
public enum Effect: Hashable, Sendable, CustomStringConvertible {
    case analytics(event: String, properties: [String: Value])
    case push(String)
    case toast(String)
    /// A service call; its outcome comes back as the event `service.operation.outcome`.
    case call(operation: String, arguments: [String: Value])

    /// The kind as written in scenarios (`analytics`, `push`, `toast`, `call`).
    public var kind: String {
        switch self {
        case .analytics: "analytics"
        case .push: "push"
        case .toast: "toast"
        case .call: "call"
        }
    }

    /// What a scenario matches against: the analytics event, the text, or `service.operation`.
    public var value: String {
        switch self {
        case .analytics(let event, _): event
        case .push(let text), .toast(let text): text
        case .call(let operation, _): operation
        }
    }

    public var description: String { "\(kind) \(value)" }
}

/// One transition taken (or an event nobody handled) inside a macro step.
public struct MicroStep: Hashable, Sendable, CustomStringConvertible {
    public enum Outcome: Hashable, Sendable {
        /// A transition was taken from `from` to `to` (screen IDs; `to` is nil when the run ended).
        case taken(from: String, to: String?, alternative: Int, global: Bool)
        /// The screen's fields failed validation; the screen stays.
        case rejected(screen: String, errors: [String: String])
        /// No transition is enabled for the event on this screen.
        case ignored(screen: String)
        /// The engine decided something no transition shows, on `screen` (see `EngineDecision`).
        case decided(screen: String, EngineDecision)
    }
    /// What the engine does on its own, said in the trace so a run reads whole.
    public enum EngineDecision: Hashable, Sendable {
        /// The screen waiting for a call of `event` (the operation) was left and its `when_left: cancel` forgot the
        /// call: its deadline stopped, and its answer, if it comes, is dropped.
        case callForgotten
        /// `event`, an answer, came for a call no longer waited for (forgotten as its screen was left, or timed out).
        case answerDropped
        /// A move out of the sub-flow in progress abandoned its call (`event` is the sub-flow): no return route runs.
        case subflowAbandoned
    }
    public var event: String
    public var outcome: Outcome
    /// Guards evaluated, in order, with their results (`"amount > balance" -> false`).
    public var guards: [GuardResult]

    public struct GuardResult: Hashable, Sendable {
        public var source: String
        public var value: Bool
    }

    public var description: String {
        let checks = guards.map { "[\($0.source) → \($0.value)]" }.joined(separator: " ")
        let prefix = checks.isEmpty ? "" : checks + " "
        switch outcome {
        case .taken(let from, let to, _, let global):
            return "\(event): \(prefix)\(from) → \(to ?? "(end)")\(global ? " (global)" : "")"
        case .rejected(let screen, let errors):
            return "\(event): \(prefix)\(screen) stays, invalid: " + errors.keys.sorted().map { "\($0) \"\(errors[$0] ?? "")\"" }.joined(separator: ", ")
        case .ignored(let screen):
            return "\(event): \(prefix)ignored on \(screen)"
        case .decided(let screen, .callForgotten):
            return "\(event): call forgotten as \(screen) is left (when_left: cancel); a late answer is dropped"
        case .decided(let screen, .answerDropped):
            return "\(event): dropped on \(screen): its call is no longer waited for (its screen was left, or it timed out)"
        case .decided(let screen, .subflowAbandoned):
            return "\(event): sub-flow abandoned from \(screen), without a return route"
        }
    }
}

/// What triggered a macro step.
public enum Trigger: Hashable, Sendable, CustomStringConvertible {
    case start
    case event(String)
    case timer(String)
    case back
    /// The app was closed and launched again (`restart: true`).
    case restart
    case fill([String])

    public var description: String {
        switch self {
        case .start: "start"
        case .event(let name): "send \(name)"
        case .timer(let delay): "timer \(delay)"
        case .back: "back"
        case .restart: "restart"
        case .fill(let fields): "fill " + fields.joined(separator: ", ")
        }
    }
}

/// One run-to-completion step: the trigger, the transitions it caused, the effects, and where it left the app.
public struct MacroStep: Hashable, Sendable {
    public var index: Int
    /// Virtual time, milliseconds since the run started.
    public var time: Int
    public var trigger: Trigger
    public var microSteps: [MicroStep]
    public var effects: [Effect]
    /// State paths whose values changed, with the new values.
    public var changes: [String: Value]
    public var screen: String
    public var variant: String?
    /// Set when the run ended in this step (an `end:` outside any sub-flow).
    public var ended: String?
    /// Every validation rule evaluated in this step, and whether it passed.
    public var rules: [RuleResult] = []
}

/// One validation rule's verdict on one field.
public struct RuleResult: Hashable, Sendable {
    public var screen: String
    public var field: String
    public var rule: String
    public var passed: Bool
}

/// The recorded run: every macro step in order. A value: compare it, print it, store it.
public struct Trace: Hashable, Sendable, CustomStringConvertible {
    public var steps: [MacroStep]

    public init(steps: [MacroStep] = []) { self.steps = steps }

    /// One line per macro step, its micro steps indented, virtual time on each line.
    public var description: String {
        var lines: [String] = []
        for step in steps {
            let variant = step.variant.map { " (\($0))" } ?? ""
            lines.append("[\(formatTime(step.time))] #\(step.index) \(step.trigger) → \(step.screen)\(variant)\(step.ended.map { " ended: \($0)" } ?? "")")
            for micro in step.microSteps { lines.append("    \(micro)") }
            for effect in step.effects { lines.append("    effect: \(effect)") }
            for key in step.changes.keys.sorted() { lines.append("    set \(key) = \(step.changes[key]?.description ?? "null")") }
        }
        return lines.joined(separator: "\n")
    }
}

/// `+1m30s` style virtual time.
func formatTime(_ milliseconds: Int) -> String {
    let seconds = milliseconds / 1000
    let rest = milliseconds % 1000
    let minutes = seconds / 60
    let base = minutes > 0 ? "+\(minutes)m\(String(format: "%02d", seconds % 60))s" : "+\(seconds)s"
    return rest == 0 ? base : base + "\(rest)ms"
}
