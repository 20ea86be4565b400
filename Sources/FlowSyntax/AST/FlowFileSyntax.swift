import FlowSource

/// One parsed `.flow.yaml` file: every top-level section, each entry with its source range.
///
/// Sections are lists in file order; names are not resolved here (that is the checker's job),
/// so a file can mention screens, types and services declared in its sibling files.
public struct FlowFileSyntax: Sendable {
    public var path: String
    public var app: AppSyntax?
    public var includes: [Located<String>] = []
    public var types: [TypeDeclarationSyntax] = []
    public var state: [StateDeclarationSyntax] = []
    public var derived: [DerivedDeclarationSyntax] = []
    public var invariants: [InvariantSyntax] = []
    public var events: [EventDeclarationSyntax] = []
    public var services: [ServiceSyntax] = []
    public var flows: [FlowDefinitionSyntax] = []
    public var criteria: [CriterionSyntax] = []
    public var scenarios: [ScenarioSyntax] = []
    public var questions: [QuestionSyntax] = []
    /// `document:`: the seed document's sections (one file of the app has it).
    public var document: DocumentSyntax?
    /// `requirements:`: the traceability table, sentence by sentence.
    public var requirements: [RequirementSyntax] = []
    public var properties: [PropertySyntax] = []
    /// `translations:`: the app's texts in its other locales.
    public var translations: [TranslationsSyntax] = []
    /// `components:`: fragments of screens written once, put into screens by `use:` (see `expandComponents`).
    public var components: [ComponentSyntax] = []

    public init(path: String) {
        self.path = path
    }
}

/// The `app:` section of a root file.
public struct AppSyntax: Sendable {
    public var name: Located<String>?
    public var id: Located<String>?
    public var seed: Located<String>?
    public var version: Located<String>?
    public var currency: Located<String>?
    public var locale: Located<String>?
    /// `locales:`: every locale the app ships, the source locale among them.
    public var locales: [Located<String>] = []
    /// `current_locale:`: the state value that holds the locale shown now (`locale` when not given): text, or an
    /// enum whose cases name the locales (`en`, `fr`).
    public var currentLocale: Located<String>?
    public var start: Located<String>?
    public var description: Located<String>?
    /// App-wide transitions (`app.on`): handled on every screen of every flow, unless the screen or its flow
    /// handles the event itself (app lock, session expiry).
    public var on: [EventTransitionsSyntax] = []
    /// Recurring timers (`app.every`): fire every so long wherever the person is in the app, from launch on.
    public var every: [TimerSyntax] = []
    public var range: SourceRange
}

/// A `name: type` entry, as in record fields, payloads, service inputs and outputs.
public struct TypedNameSyntax: Sendable {
    public var name: Located<String>
    public var type: ExpressionSource
}

/// A `name: expression` entry, as in `set:`, `given.state` and `with:`.
public struct AssignmentSyntax: Sendable {
    public var path: Located<String>
    public var value: ExpressionSource
}

public struct TypeDeclarationSyntax: Sendable {
    public enum Kind: Sendable {
        case enumeration([Located<String>])
        case record([TypedNameSyntax])
    }
    public var name: Located<String>
    public var kind: Kind
    public var description: Located<String>?
    /// `labels:` of an enum: what people read for each case (`barclays: Barclays`).
    public var labels: [(name: Located<String>, label: Located<String>)] = []
}

/// `translations: { fr-FR: { review: true, texts: { key: text } } }`: one locale's texts.
public struct TranslationsSyntax: Sendable {
    public var locale: Located<String>
    /// `review: true`: a draft, marked `needs_review` in the String Catalog.
    public var review: Located<Bool>?
    public var texts: [(key: Located<String>, template: ExpressionSource)]
}

public struct StateDeclarationSyntax: Sendable {
    public var name: Located<String>
    public var type: ExpressionSource?
    public var initial: ExpressionSource?
    public var description: Located<String>?
    /// `persist: true`: the value survives the app being closed and launched again.
    public var persist: Located<Bool>? = nil
    /// `personal: true`: personal data, which a static proof keeps out of analytics and pushes.
    public var personal: Located<Bool>? = nil
}

public struct DerivedDeclarationSyntax: Sendable {
    public var name: Located<String>
    public var type: ExpressionSource?
    public var value: ExpressionSource?
    public var description: Located<String>?
}

public struct InvariantSyntax: Sendable {
    public var name: Located<String>
    public var text: Located<String>?
    public var check: ExpressionSource?
}

public struct EventDeclarationSyntax: Sendable {
    public var name: Located<String>
    public var payload: [TypedNameSyntax]
    public var description: Located<String>?
}

public struct ServiceSyntax: Sendable {
    public var name: Located<String>
    public var displayName: Located<String>?
    public var description: Located<String>?
    public var operations: [OperationSyntax]
}

public struct OperationSyntax: Sendable {
    public var name: Located<String>
    public var description: Located<String>?
    public var input: [TypedNameSyntax]
    public var outcomes: [OutcomeSyntax]
    /// `timeout: { after: 2m, outcome: timed_out }`: how long a call waits before the machine answers it itself.
    public var timeout: CallTimeoutSyntax? = nil
    /// `when_left: cancel` or `wait` (the default): what leaving the screen that waits for the answer does to the call.
    public var whenLeft: Located<String>? = nil
}

public struct CallTimeoutSyntax: Sendable {
    public var after: Located<String>
    public var outcome: Located<String>
    public var range: SourceRange
}

public struct OutcomeSyntax: Sendable {
    public var name: Located<String>
    public var output: [TypedNameSyntax]
    public var description: Located<String>?
}
