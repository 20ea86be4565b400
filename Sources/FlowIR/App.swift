import FlowExpression
import FlowSource

/// A checked app: every name resolved to an index, every expression typed.
///
/// Screens are stored app-wide in one array (`screens`), so a transition target is an index
/// and the runtime never looks a screen up by its ID string.
public struct App: Sendable {
    public var id: String
    public var name: String
    public var seed: String?
    public var version: String?
    public var currency: String
    public var locale: String
    public var description: String?
    /// The flow the app starts in.
    public var startFlow: Int
    public var types: [DomainType]
    public var state: [StateVariable]
    public var derived: [DerivedValue]
    public var invariants: [Invariant]
    public var events: [EventDeclaration]
    public var services: [Service]
    public var flows: [Flow]
    public var screens: [Screen]
    public var criteria: [AcceptanceCriterion]
    public var scenarios: [Scenario]
    public var questions: [OpenQuestion]
    /// The seed document traced sentence by sentence (`document:` and `requirements:`); nil when the app has none.
    public var traceability: Traceability? = nil
    /// Recurring timers (`app.every`): each fires every `delayMilliseconds` from launch on, wherever the person is.
    public var recurringTimers: [Timer] = []
    /// Rules `flowc explore` checks on every step it takes (`properties:`).
    public var properties: [Property] = []
    /// The app's locales and every text people read, by key, with its translations (the String Catalog).
    public var localisation = Localisation()
    /// The files the app was read from, root first.
    public var files: [String]
    public var range: SourceRange

    public init(id: String, name: String, currency: String, locale: String, range: SourceRange) {
        self.id = id
        self.name = name
        self.currency = currency
        self.locale = locale
        self.range = range
        startFlow = 0
        types = []; state = []; derived = []; invariants = []; events = []; services = []
        flows = []; screens = []; criteria = []; scenarios = []; questions = []; files = []
    }

    /// The screen the app starts on.
    /// Nil when the start flow or its start screen did not resolve (the checker has reported it).
    public var startScreen: Int? {
        guard flows.indices.contains(startFlow), screens.indices.contains(flows[startFlow].start) else { return nil }
        return flows[startFlow].start
    }
}

/// A domain type declared under `types:`.
public struct DomainType: Sendable {
    public enum Kind: Sendable {
        case enumeration([String])
        case record([RecordField])
    }
    public struct RecordField: Sendable {
        public var name: String
        public var type: ValueType
        public init(name: String, type: ValueType) { self.name = name; self.type = type }
    }
    public var name: String
    public var kind: Kind
    public var description: String?
    public var range: SourceRange

    public init(name: String, kind: Kind, description: String?, range: SourceRange) {
        self.name = name; self.kind = kind; self.description = description; self.range = range
    }
}

public struct StateVariable: Sendable {
    public var name: String
    public var type: ValueType
    public var initial: TypedExpression?
    public var description: String?
    /// Whether the value survives a restart of the app (`persist: true`); the others start over at launch.
    public var persisted = false
    /// `personal: true`: personal data (a name, an email, an address): a static proof shows it reaches no analytics
    /// property and no push text.
    public var personal = false
    public var range: SourceRange

    public init(name: String, type: ValueType, initial: TypedExpression?, description: String?, range: SourceRange) {
        self.name = name; self.type = type; self.initial = initial; self.description = description; self.range = range
    }
}

public struct DerivedValue: Sendable {
    public var name: String
    public var type: ValueType
    public var value: TypedExpression?
    public var description: String?
    public var range: SourceRange

    public init(name: String, type: ValueType, value: TypedExpression?, description: String?, range: SourceRange) {
        self.name = name; self.type = type; self.value = value; self.description = description; self.range = range
    }
}

public struct Invariant: Sendable {
    public var name: String
    public var text: String?
    public var source: String
    public var check: TypedExpression?
    public var range: SourceRange

    public init(name: String, text: String?, source: String, check: TypedExpression?, range: SourceRange) {
        self.name = name; self.text = text; self.source = source; self.check = check; self.range = range
    }
}

/// An event the app handles; service outcomes appear here as `service.operation.outcome`.
public struct EventDeclaration: Sendable {
    public var name: String
    public var payload: [DomainType.RecordField]
    public var description: String?
    public var range: SourceRange?

    public init(name: String, payload: [DomainType.RecordField], description: String?, range: SourceRange?) {
        self.name = name; self.payload = payload; self.description = description; self.range = range
    }
}

public struct Service: Sendable {
    public struct Operation: Sendable {
        public struct Outcome: Sendable {
            public var name: String
            public var output: [DomainType.RecordField]
            public var description: String?
            public init(name: String, output: [DomainType.RecordField], description: String?) {
                self.name = name; self.output = output; self.description = description
            }
        }
        public var name: String
        public var description: String?
        public var input: [DomainType.RecordField]
        public var outcomes: [Outcome]
        /// How long a call waits for an answer before the machine answers it with `timeout.outcome` (nil: for ever).
        public var timeout: CallTimeout?
        /// `when_left: cancel`: leaving the screen that waits for the answer forgets the call (its answer is ignored).
        public var cancelsWhenLeft: Bool
        public init(name: String, description: String?, input: [DomainType.RecordField], outcomes: [Outcome],
                    timeout: CallTimeout? = nil, cancelsWhenLeft: Bool = false) {
            self.name = name; self.description = description; self.input = input; self.outcomes = outcomes
            self.timeout = timeout; self.cancelsWhenLeft = cancelsWhenLeft
        }
        /// Whether the machine keeps track of each call until it is answered (a timeout or a cancelling leave).
        public var hasCallPolicy: Bool { timeout != nil || cancelsWhenLeft }
    }
    public var name: String
    public var displayName: String?
    public var description: String?
    public var operations: [Operation]
    public var range: SourceRange

    public init(name: String, displayName: String?, description: String?, operations: [Operation], range: SourceRange) {
        self.name = name; self.displayName = displayName; self.description = description; self.operations = operations; self.range = range
    }
}

/// An operation's `timeout: { after: 2m, outcome: timed_out }`.
public struct CallTimeout: Sendable, Hashable {
    public var milliseconds: Int
    /// The duration as written (`2m`), for traces and reports.
    public var source: String
    /// The outcome the machine answers with when the time is up (it has no output).
    public var outcome: String
    public init(milliseconds: Int, source: String, outcome: String) {
        self.milliseconds = milliseconds; self.source = source; self.outcome = outcome
    }
}

public struct OpenQuestion: Sendable {
    public var id: String
    public var text: String
    public var section: String?
    public var assumption: String
    public var screens: [Int]
    public var range: SourceRange

    public init(id: String, text: String, section: String?, assumption: String, screens: [Int], range: SourceRange) {
        self.id = id; self.text = text; self.section = section; self.assumption = assumption; self.screens = screens; self.range = range
    }
}
