import FlowExpression
import FlowSource

/// An acceptance criterion quoted verbatim from the seed, and how it is verified.
public struct AcceptanceCriterion: Sendable {
    public enum Verification: Sendable {
        /// Indices in `App.scenarios`.
        case scenarios([Int])
        /// Index in `App.invariants`.
        case invariant(Int)
        /// Index in `App.properties`: checked on every step `flowc explore` takes.
        case property(Int)
        /// A static proof over the flows (`static: screenshot_protected`), with what it found when the app was checked.
        case staticProof(StaticProofVerdict)
        case notAutomatable(reason: String)
        /// No evidence named yet: reported as uncovered.
        case unverified

        /// The kind as written in reports and the inventory.
        public var kindName: String {
            switch self {
            case .scenarios: "scenarios"
            case .invariant: "invariant"
            case .property: "property"
            case .staticProof: "static"
            case .notAutomatable: "not-automatable"
            case .unverified: "none"
            }
        }
    }
    public struct TransitionReference: Sendable, Hashable {
        public var screen: Int
        public var event: String
        public init(screen: Int, event: String) { self.screen = screen; self.event = event }
    }
    public var id: String
    public var text: String
    public var section: String?
    public var screens: [Int]
    public var transitions: [TransitionReference]
    public var verification: Verification
    /// The part of the criterion that only a device can check, with the reason, when `verification` (scenarios or
    /// an invariant) proves the rest: the criterion passes on its evidence and the reports show both parts.
    public var notAutomatablePart: String?
    /// `no_property:`: why this rule-like criterion is not checked by a property on every explored path.
    public var noPropertyReason: String? = nil
    /// Index in `App.properties` of a property written beside scenarios or an invariant
    /// (`verified_by: { scenarios: [...], property: X }`): both kinds of evidence, each reported with its strength;
    /// the criterion passes only when both hold.
    public var propertyBeside: Int? = nil
    /// `concerns:` as written, resolved: the parts of screens the criterion's text is about. When present, the
    /// mutants that touch the criterion are those editing its transitions or these parts; its `screens` are then
    /// for the reports only. Nil: every listed screen is concerned as a whole.
    public var concerns: [Concern]?
    /// `survivors:`: surviving mutants the criterion's evidence may let live, each with the reason.
    public var survivorNotes: [SurvivorNote] = []
    public var range: SourceRange

    public init(id: String, text: String, section: String?, screens: [Int], transitions: [TransitionReference],
                verification: Verification, notAutomatablePart: String? = nil, range: SourceRange) {
        self.id = id; self.text = text; self.section = section; self.screens = screens
        self.transitions = transitions; self.verification = verification; self.notAutomatablePart = notAutomatablePart; self.range = range
    }
}

extension AcceptanceCriterion {
    /// The property `flowc explore` checks for this criterion: its only evidence, or the one beside its scenarios.
    public var checkedProperty: Int? {
        if case .property(let index) = verification { return index }
        return propertyBeside
    }
}

/// A part of a screen that mutants edit and criteria can name (`concerns:`).
public enum ScreenPart: Sendable, Hashable {
    /// The transitions (and timers, `after 6s`) on an event.
    case transition(String)
    /// A field's validation rules.
    case field(String)
    case enter
    case exit
    /// `back: blocked`.
    case back
    /// The screen-view analytics event (`analytics:`).
    case analytics
    /// A list the screen shows (`lists:`): its rows' texts, its tap and its row actions.
    case list(String)

    /// As written after the screen ID: `tap_continue`, `field amount`, `enter`, `exit`, `back`.
    public var text: String {
        switch self {
        case .transition(let event): event
        case .field(let name): "field \(name)"
        case .enter: "enter"
        case .exit: "exit"
        case .back: "back"
        case .analytics: "analytics"
        case .list(let name): "list \(name)"
        }
    }
}

extension AcceptanceCriterion {
    /// One entry of `concerns:`: a screen (`part` nil: all of it) or one part of it.
    public struct Concern: Sendable, Hashable {
        public var screen: Int
        public var part: ScreenPart?
        public init(screen: Int, part: ScreenPart?) { self.screen = screen; self.part = part }
    }
    /// One entry of `survivors:`: the key of a mutant (`PAY-003 field amount: amount.decimal_places: 2 → 1`) and why
    /// the criterion's evidence may let it live.
    public struct SurvivorNote: Sendable {
        public var mutant: String
        public var reason: String
        public var range: SourceRange
        public init(mutant: String, reason: String, range: SourceRange) { self.mutant = mutant; self.reason = reason; self.range = range }
    }
}

/// An acceptance scenario, resolved: events, fields, screens and expressions checked.
public struct Scenario: Sendable {
    public struct Step: Sendable {
        public enum Kind: Sendable {
            case send(event: String, payload: [(name: String, value: TypedExpression)])
            case fill([(field: String, value: FillValue)])
            /// The app must refuse each of these fills (the step fails if one is taken).
            case fillRefused([(field: String, value: FillValue)])
            case advance(milliseconds: Int)
            case outcome([ServiceChoice])
            case back
            /// The app is closed and launched again: persisted state stays, the rest starts over.
            case restart
            /// A tap on a row of a list of the current screen: it sends the list's row event with the row's payload.
            case tapRow(list: String, row: RowChoice)
            /// A row action (`swipe_row`, `long_press_row`): it sends the action's event with the row's payload.
            case rowAction(list: String, action: String, row: RowChoice)
            case expect(Expectation)
        }
        public var kind: Kind
        public var range: SourceRange
        public init(kind: Kind, range: SourceRange) { self.kind = kind; self.range = range }
    }
    /// Which row a `tap_row` step taps: by position (from 0) or by the key it shows.
    public enum RowChoice: Sendable, Hashable {
        case index(Int)
        case key(String)
    }
    public enum FillValue: Sendable, Hashable {
        case text(String)
        case list([String])
    }
    public struct ServiceChoice: Sendable, Hashable {
        public var service: Int
        public var operation: Int
        public var outcome: Int
        /// Output values the scenario chose (`output: { transfer_id: "'EQ-1'" }`), evaluated when the outcome arrives;
        /// outputs not listed arrive at their zero value.
        public var output: [String: TypedExpression]
        public init(service: Int, operation: Int, outcome: Int, output: [String: TypedExpression] = [:]) {
            self.service = service; self.operation = operation; self.outcome = outcome; self.output = output
        }
    }
    public struct Effect: Sendable, Hashable {
        public var kind: String
        public var value: String
        /// Analytics property values or call arguments the emitted effect must carry. Those not listed are not
        /// compared, except when `detailsAreComplete`.
        public var properties: [String: TypedExpression]
        /// `properties:`/`arguments:` was written inside `exact_effects`: the emitted effect carries these and no others.
        public var detailsAreComplete: Bool
        public init(kind: String, value: String, properties: [String: TypedExpression] = [:], detailsAreComplete: Bool = false) {
            self.kind = kind; self.value = value; self.properties = properties; self.detailsAreComplete = detailsAreComplete
        }
    }
    public struct Expectation: Sendable {
        public var screen: Int?
        public var variant: String?
        public var errors: [(field: String, message: String)]?
        public var state: [(path: [String], value: TypedExpression)]
        /// Emitted since the previous expectation, in this order; others may come between them.
        public var effects: [Effect]
        public var noEffects: [Effect]
        /// Emitted since the previous expectation: exactly these, in this order, and no others.
        public var exactEffects: [Effect]?
        /// The current screen's texts, each exactly this.
        public var texts: [(name: String, text: String)] = []
        /// The current screen's lists, each with exactly this many rows, each row's texts listed exactly these words.
        public var rows: [(list: String, rows: [[(name: String, text: String)]])] = []
        /// Yes/no expressions over the state that must hold now, with the text as written (for failures).
        public var checks: [(text: String, condition: TypedExpression)] = []
        /// The current screen's choice fields, each offering exactly these option labels, in this order.
        public var options: [(field: String, labels: [String])] = []
        /// The current screen's lists, each with exactly this many rows, each row's actions labelled exactly these words.
        public var rowActions: [(list: String, rows: [[(name: String, text: String)]])] = []
        /// The current screen's fields, each caption (label, placeholder or hint) reading exactly these words.
        public var captions: [(field: String, caption: Field.Caption, words: String)] = []
        public init(screen: Int?, variant: String?, errors: [(field: String, message: String)]?, state: [(path: [String], value: TypedExpression)],
                    effects: [Effect], noEffects: [Effect], exactEffects: [Effect]? = nil) {
            self.screen = screen; self.variant = variant; self.errors = errors; self.state = state
            self.effects = effects; self.noEffects = noEffects; self.exactEffects = exactEffects
        }
    }
    public var name: String
    public var description: String?
    public var startScreen: Int?
    public var givenState: [(path: [String], value: TypedExpression)]
    public var givenServices: [ServiceChoice]
    /// Milliseconds since 1970-01-01T00:00:00Z on the virtual clock.
    public var clockStart: Int64?
    public var steps: [Step]
    public var range: SourceRange

    public init(name: String, description: String?, startScreen: Int?, givenState: [(path: [String], value: TypedExpression)],
                givenServices: [ServiceChoice], clockStart: Int64?, steps: [Step], range: SourceRange) {
        self.name = name; self.description = description; self.startScreen = startScreen; self.givenState = givenState
        self.givenServices = givenServices; self.clockStart = clockStart; self.steps = steps; self.range = range
    }
}

/// Every app of a compilation.
public struct FlowProgram: Sendable {
    public var apps: [App]
    public init(apps: [App]) { self.apps = apps }
}
