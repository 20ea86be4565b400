import FlowExpression
import FlowIR
import FlowSource
import FlowSyntax

/// Checks one app's parsed files and builds its IR.
///
/// All problems are reported in one run: unresolved names (with a did-you-mean), type errors
/// in every expression, and the graph rules (unreachable screens, dead ends, ambiguous
/// transitions), then criteria, scenarios and unused declarations.
/// - Parameters:
///   - sources: The app's root file and the files it includes.
///   - defaultID: The app's ID when `app.id` is not given (its folder name).
///   - diagnostics: Receives every problem found.
/// - Returns: The checked app, or nil when the root file has no usable `app:` section.
public func checkApp(_ sources: AppSourcesSyntax, defaultID: String, diagnostics: some DiagnosticCollector) -> App? {
    // The checker's diagnostics are held until the end, so a misspelled declaration can be reported once
    // instead of at every use (see `mergeMisspelledDeclarations`).
    let held = DiagnosticBag()
    let expanded = expandComponents(sources, diagnostics: held)
    let checker = AppChecker(sources: expanded, diagnostics: held)
    let app = checker.run(defaultID: defaultID)
    if app != nil { checker.checkWordsInStateValues() }
    let found = checker.checkComponentArguments(held)
    for diagnostic in checker.mergeMisspelledDeclarations(found) { diagnostics.emit(diagnostic) }
    return app
}

struct EnvironmentKey: Hashable {
    var screen: Int?
    var event: String?
    /// Whether the screen's fields are in scope: a timer length is checked without them, so the two must not
    /// share a cache entry (whichever came first would otherwise answer for both).
    var withFields: Bool
}

/// What a screen's environment is built from. Screens with the same fields see the same names, so an
/// expression checked on one of them checks the same on all (see `checkedExpressions`).
struct EnvironmentContent: Hashable {
    var hasScreen: Bool
    var fieldNames: [String]
    var fieldTypes: [ValueType]
    var event: String?
}

/// Everything `checkExpression` reads: the text, what is expected of it, the role named in its messages and
/// the names it sees (an environment's content number and the paths known not to be null).
struct CheckedExpressionKey: Hashable {
    var text: String
    var expected: ValueType?
    var role: String
    var environment: Int
    var nonNullPaths: Set<String>
}

/// The mutable state of one app's check; lives only for the duration of `checkApp`.
final class AppChecker {
    /// Flows run as sub-flows somewhere (see `subflowNames`).
    var subflowNamesFound: Set<String>?
    let sources: AppSourcesSyntax
    let diagnostics: any DiagnosticCollector

    var app: App
    var types = SymbolTable<TypeDeclarationSyntax>(kind: "type")
    var stateTable = SymbolTable<StateDeclarationSyntax>(kind: "state value")
    var derivedTable = SymbolTable<DerivedDeclarationSyntax>(kind: "derived value")
    var invariantTable = SymbolTable<InvariantSyntax>(kind: "invariant")
    var eventTable = SymbolTable<EventDeclarationSyntax>(kind: "event")
    var serviceTable = SymbolTable<ServiceSyntax>(kind: "service")
    var flowTable = SymbolTable<FlowDefinitionSyntax>(kind: "flow")
    var screenTable = SymbolTable<(flow: Int, syntax: ScreenSyntax)>(kind: "screen")
    var criterionTable = SymbolTable<CriterionSyntax>(kind: "criterion")
    var scenarioTable = SymbolTable<ScenarioSyntax>(kind: "scenario")
    var questionTable = SymbolTable<QuestionSyntax>(kind: "question")
    var propertyTable = SymbolTable<PropertySyntax>(kind: "property")

    /// The resolved types of enum and record declarations, for the expression checker.
    var enums: [String: [String]] = [:]
    var records: [String: [(name: String, type: ValueType)]] = [:]
    /// Top-level names visible in every expression: state and derived values.
    var baseVariables: [String: ValueType] = [:]
    /// Events by name: declared ones, service outcomes, and those first met as `on:` keys.
    var eventIndex: [String: Int] = [:]
    /// Events that some transition handles, for scenario and `raise` checks.
    var handledEvents: Set<String> = []
    var raisedEvents: [(name: String, range: SourceRange)] = []
    /// Screens with a transition whose target did not resolve: graph rules skip them, so one typo
    /// does not also make the screen a dead end and its intended target unreachable.
    var screensWithBrokenTargets: Set<Int> = []
    /// Messages of validation rules that did not check (already reported).
    var messagesOfBrokenRules: Set<String> = []
    /// The app's locales, its translations and the texts found so far (AppChecker+Localisation.swift).
    var texts = TextsState()
    var currentScreen: Int?
    var environmentCache: [EnvironmentKey: (environment: TypeEnvironment, content: Int)] = [:]
    /// A number per distinct `EnvironmentContent`. Environments are built only once the domain (state, derived
    /// values, types, event payloads) is resolved and fixed, so equal content means an equal environment.
    var environmentContents: [EnvironmentContent: Int] = [:]
    var environmentsByContent: [TypeEnvironment] = []
    /// `checkExpression`'s answers, for the guards and assignments written alike on many screens.
    var checkedExpressions: [CheckedExpressionKey: (TypedExpression?, [ExpressionDiagnostic])] = [:]
    var parsedExpressions: [String: (ExpressionSyntax?, [ExpressionDiagnostic])] = [:]

    // Use tracking for `unused-declaration`.
    var usedTypes: Set<String> = []
    var usedNames: Set<String> = []
    var calledOperations: Set<String> = []

    init(sources: AppSourcesSyntax, diagnostics: some DiagnosticCollector) {
        self.sources = sources
        self.diagnostics = diagnostics
        let root = sources.root
        app = App(id: "", name: "", currency: "GBP", locale: "en-GB",
                  range: root.app?.range ?? .wholeFile(root.path))
    }

    func error(_ code: String, _ message: String, at range: SourceRange, notes: [Diagnostic.Note] = []) {
        diagnostics.emit(.error(code, message, at: range, notes: notes))
    }

    func warning(_ code: String, _ message: String, at range: SourceRange, notes: [Diagnostic.Note] = []) {
        diagnostics.emit(.warning(code, message, at: range, notes: notes))
    }

    func run(defaultID: String) -> App? {
        guard checkAppSection(defaultID: defaultID) else { return nil }
        declareEverything()
        resolveLocales()
        resolveTypes()
        resolveLabels()
        resolveDomain()
        resolveServicesAndEvents()
        resolveFlows()
        // The one lowering of validation rules, which the interpreter compiles and the generator translates.
        app.lowerFieldRules()
        checkGraph()
        checkUnhandledOutcomes()
        checkCallsThatCanWaitForever()
        checkLateAnswers()
        resolveProperties()
        resolveCriteria()
        checkPersonalData()
        resolveQuestions()
        resolveScenarios()
        resolveRequirements()
        finishLocalisation()
        checkUnused()
        return app
    }

    // MARK: App section

    func checkAppSection(defaultID: String) -> Bool {
        let root = sources.root
        guard let section = root.app else {
            error("missing-app", "the root file has no 'app:' section; add one with name, currency, locale and start", at: .wholeFile(root.path))
            return false
        }
        app.files = sources.files.map(\.path)
        app.name = section.name?.value ?? defaultID
        if let name = section.name { checkNameLength(name, "app name") }
        if let id = section.id {
            if NamePattern.snakeCase.matches(id.value) {
                checkNameLength(id, "app id")
                app.id = id.value
            } else {
                error("invalid-name", "app id '\(id.value)' must be \(NamePattern.snakeCase.description)", at: id.range)
                app.id = defaultID
            }
        } else {
            app.id = defaultID
        }
        app.seed = section.seed?.value
        app.version = section.version?.value
        app.description = section.description?.value
        if let currency = section.currency {
            if isCurrencyCode(currency.value) {
                app.currency = currency.value
            } else {
                error("invalid-currency", "currency '\(currency.value)' is not an ISO 4217 code such as GBP, EUR or USD", at: currency.range,
                      notes: currencyNotes(currency.value))
            }
        }
        if let locale = section.locale { app.locale = locale.value }
        for part in sources.parts where part.app != nil {
            error("misplaced-app", "only the root file of an app has an 'app:' section; remove it from this included file",
                  at: part.app?.range ?? .wholeFile(part.path))
        }
        for part in sources.parts where !part.includes.isEmpty {
            error("include-in-part", "only the root file lists includes; move these to \(root.path)", at: part.includes[0].range)
        }
        return true
    }

    // MARK: Declarations

    func declareEverything() {
        screenTable.reserveCapacity(sources.files.reduce(0) { count, file in file.flows.reduce(count) { $0 + $1.screens.count } })
        for file in sources.files {
            for type in file.types {
                if !NamePattern.typeName.matches(type.name.value) {
                    error("invalid-name", "type name '\(type.name.value)' must be \(NamePattern.typeName.description)", at: type.name.range)
                }
                types.declare(type.name.value, at: type.name.range, type, diagnostics: diagnostics)
            }
            for state in file.state {
                checkSnakeCase(state.name, "state value")
                stateTable.declare(state.name.value, at: state.name.range, state, diagnostics: diagnostics)
            }
            for derived in file.derived {
                checkSnakeCase(derived.name, "derived value")
                if stateTable[derived.name.value] != nil {
                    error("duplicate-declaration", "derived value '\(derived.name.value)' has the name of a state value; rename one",
                          at: derived.name.range, notes: [.init("state value declared here", at: stateTable.entries[stateTable[derived.name.value] ?? 0].range)])
                    continue
                }
                derivedTable.declare(derived.name.value, at: derived.name.range, derived, diagnostics: diagnostics)
            }
            for invariant in file.invariants {
                checkSnakeCase(invariant.name, "invariant")
                invariantTable.declare(invariant.name.value, at: invariant.name.range, invariant, diagnostics: diagnostics)
            }
            for property in file.properties {
                checkSnakeCase(property.name, "property")
                propertyTable.declare(property.name.value, at: property.name.range, property, diagnostics: diagnostics)
            }
            for event in file.events {
                if !NamePattern.eventName.matches(event.name.value) {
                    error("invalid-name", "event name '\(event.name.value)' must be \(NamePattern.eventName.description)", at: event.name.range)
                }
                eventTable.declare(event.name.value, at: event.name.range, event, diagnostics: diagnostics)
            }
            for service in file.services {
                checkSnakeCase(service.name, "service")
                serviceTable.declare(service.name.value, at: service.name.range, service, diagnostics: diagnostics)
            }
            for written in file.flows {
                // App-wide transitions become each flow's global ones, after the flow's own for the same event.
                var flow = written
                let handled = Set(flow.on.map(\.event.value))
                flow.on += (sources.root.app?.on ?? []).filter { !handled.contains($0.event.value) }
                checkSnakeCase(flow.name, "flow")
                guard let flowIndex = flowTable.declare(flow.name.value, at: flow.name.range, flow, diagnostics: diagnostics) else { continue }
                for screen in flow.screens {
                    if !NamePattern.screenID.matches(screen.id.value) {
                        error("invalid-name", "screen ID '\(screen.id.value)' must be \(NamePattern.screenID.description)", at: screen.id.range)
                    }
                    screenTable.declare(screen.id.value, at: screen.id.range, (flowIndex, screen), diagnostics: diagnostics)
                }
            }
            for criterion in file.criteria {
                if !NamePattern.criterionID.matches(criterion.id.value) {
                    error("invalid-name", "criterion ID '\(criterion.id.value)' must be \(NamePattern.criterionID.description)", at: criterion.id.range)
                }
                criterionTable.declare(criterion.id.value, at: criterion.id.range, criterion, diagnostics: diagnostics)
            }
            for scenario in file.scenarios {
                checkSnakeCase(scenario.name, "scenario")
                scenarioTable.declare(scenario.name.value, at: scenario.name.range, scenario, diagnostics: diagnostics)
            }
            for question in file.questions {
                if !NamePattern.questionID.matches(question.id.value) {
                    error("invalid-name", "question ID '\(question.id.value)' must be \(NamePattern.questionID.description)", at: question.id.range)
                }
                questionTable.declare(question.id.value, at: question.id.range, question, diagnostics: diagnostics)
            }
        }
    }

    func checkSnakeCase(_ name: Located<String>, _ kind: String) {
        if !NamePattern.snakeCase.matches(name.value) {
            error("invalid-name", "\(kind) name '\(name.value)' must be \(NamePattern.snakeCase.description)", at: name.range)
        } else {
            checkNameLength(name, "\(kind) name")
        }
    }

    /// Names become file and type names (`reports/<app>/<flow>.dot`, `<App>Flow/`); a file name must stay under
    /// 255 bytes, so a name the back end could not write is refused here, with its place.
    func checkNameLength(_ name: Located<String>, _ kind: String) {
        let length = name.value.utf8.count
        if length > Self.longestName {
            error("invalid-name", "this \(kind) is \(length) bytes long; keep it under \(Self.longestName): it becomes a file name", at: name.range)
        }
    }

    static let longestName = 100
}
