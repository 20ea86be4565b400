import Foundation

/// A state machine flowc generated, as code that works with any app sees it: `FlowDriver` (which
/// performs effects), a logger, a replay tool, a test that drives every app the same way (flowc's
/// differential test is one).
///
/// Each generated `<App>Machine` conforms; its own API is the same with the app's types, so app
/// code rarely needs this protocol. Names the flows give are typed (`Field`, `Variant`, `Ending`, `Text`,
/// `Subflow`, `ServiceCall.Operation`); code that knows them as text goes through their raw values.
///
/// ```swift
/// func replay<M: FlowStateMachine>(_ names: [String], on machine: inout M) throws -> [EffectSummary] {
///     var effects: [M.Effect] = []
///     for name in names {
///         try machine.send(try M.Event(name: name, payload: [:]), into: &effects)   // FlowEventError for a bad name
///     }
///     return effects.map(\.summary)
/// }
/// ```
public protocol FlowStateMachine: Sendable where Effect == FlowEffect<ServiceCall> {
    associatedtype Event: FlowMachineEvent
    associatedtype Effect: FlowMachineEffect
    associatedtype ServiceCall: FlowServiceCall
    associatedtype State: Codable, Equatable, Sendable
    /// The screens (`TempoScreen`): raw values are the seed's screen IDs.
    associatedtype Screen: RawRepresentable, Hashable, Sendable where Screen.RawValue == String
    /// Every form field name of the app (`TempoField`).
    associatedtype Field: FlowName
    /// Every screen variant name of the app (`TempoVariant`).
    associatedtype Variant: FlowName
    /// Every outcome a flow of the app can end with (`TempoEnding`).
    associatedtype Ending: FlowName
    /// Every name of a screen text (`texts:`) of the app (`TempoText`).
    associatedtype Text: FlowName
    /// Every flow the app calls as a sub-flow (`TempoSubflow`).
    associatedtype Subflow: FlowName
    /// What performs the app's service calls: the generated services protocol (`any TempoServices`).
    associatedtype Services: Sendable

    /// The app's id in its flows (`tempo`).
    static var appID: String { get }

    /// A machine on the screen with seed ID `startScreenID` (nil: the app's first screen), before its entry runs.
    /// - Throws: `FlowFailure` when the app has no screen with that ID.
    init(startScreenID: String?, now: Timestamp) throws

    /// The domain state.
    var state: State { get }
    /// The current screen.
    var screen: Screen { get }
    /// The seed ID of the current screen.
    var screenID: String { get }
    /// The back stack, oldest first.
    var backStack: [Screen] { get }
    /// The screens under the open sheets, innermost last; empty when no sheet is open.
    var sheetOpeners: [Screen] { get }
    /// Whether `back` would move now: false on a screen with `back: blocked`, or with nowhere to go back to. A view
    /// hides its back button and refuses a swipe back or a sheet pulled down where it is false.
    var canGoBack: Bool { get }
    /// The sub-flows in progress, outermost first: each flow with the screen that called it.
    var activeSubflows: [(flow: Subflow, caller: Screen)] { get }
    /// Messages of the current screen's invalid fields.
    var errors: [Field: String] { get }
    /// The outcome the run ended with, once it has.
    var ended: Ending? { get }
    /// The host's clock.
    var now: Timestamp { get set }
    /// Where the texts' words come from, by their String Catalog keys, before the words compiled in
    /// (`FlowBundleTexts` for the app's bundle); `FlowCompiledTexts` until the host sets one.
    var textLookup: any FlowTextLookup { get set }

    /// The first variant of the current screen whose condition holds; throws the `FlowFailure` of a condition the
    /// flows cannot compute now. Views read `variant()`, which does not throw.
    func computeVariant() throws -> Variant?
    /// The current screen's texts with their values filled in; throws the `FlowFailure` of a value the flows cannot
    /// compute now. Views read `texts()`, which does not throw.
    func computeTexts() throws -> [Text: String]
    /// The first read of the current screen (its variant, its texts) the flows cannot compute now, in words; nil when
    /// every one computes. `FlowDriver` reports it once, after the step that caused it (`FlowDriverFailure.readFailed`).
    func readFailure() -> String?
    /// What was typed into a field of the current screen (nil: nothing, or not a field of this screen).
    func input(_ field: Field) -> FieldInput?
    /// Enters the start screen: its screen view, entry actions and timers.
    mutating func start(into effects: inout [Effect]) throws
    /// Runs one run-to-completion step, appending the effects to perform.
    mutating func send(_ event: Event, into effects: inout [Effect]) throws
    /// The system back gesture; false when there is nowhere to go back to.
    @discardableResult mutating func back(into effects: inout [Effect]) throws -> Bool
    /// Types into a field of the current screen.
    mutating func fill(_ field: Field, _ input: FieldInput) throws
    /// The app closed and launched again: persisted state stays, the rest starts over on the start screen.
    mutating func restart(into effects: inout [Effect]) throws
    /// The whole machine as data, to restore after the app was killed.
    func snapshot() -> FlowSnapshot<State>
    /// Resumes a machine saved with `snapshot()`; throws `SnapshotMismatch` for another app's or other flows' snapshot.
    init(restoring snapshot: FlowSnapshot<State>) throws

    /// Performs `call` with the host's services and returns its outcome as the event the machine expects
    /// (`.equalsLogInSuccess(userId:)`). `FlowDriver` calls it for every `.call` effect.
    static func perform(_ call: ServiceCall, with services: Services) async throws -> Event
}

extension FlowStateMachine {
    /// The first variant of the current screen whose condition holds. A condition the flows cannot compute now
    /// (a value missing) counts as not holding: the screen shows its default look (nil), and `readFailure()` says why.
    public func variant() -> Variant? { (try? computeVariant()) ?? nil }

    /// The current screen's texts with their values filled in, by name. When one cannot be computed now the screen
    /// shows none (an empty dictionary: `texts()[.expectedDelivery] ?? ""`), and `readFailure()` says why.
    public func texts() -> [Text: String] { (try? computeTexts()) ?? [:] }
}

/// An event of a generated machine.
public protocol FlowMachineEvent: Hashable, Sendable {
    /// The event named `name` in the flows, its payload fields written as text (`"4.35"`, `"true"`, `"2026-01-31"`).
    /// - Throws: `FlowEventError` for a name the flows do not handle or raise themselves, or a payload field
    ///   missing or not of its type.
    init(name: String, payload: [String: String]) throws(FlowEventError)
    /// The event the host sends when a timer the machine started is due.
    static func timerFired(token: TimerToken) -> Self
}

/// An effect of a generated machine.
public protocol FlowMachineEffect: Hashable, Sendable {
    /// The effect in a form that is the same for every app: for logs, replays and tests.
    var summary: EffectSummary { get }
}

/// What a generated machine asks its host to do, without the app's own types.
public enum EffectSummary: Hashable, Sendable, Codable, CustomStringConvertible {
    /// A service call: `service.operation` and its inputs rendered as text.
    case call(operation: String, arguments: [String: String])
    case analytics(AnalyticsEvent)
    case push(String)
    case toast(String)
    case startTimer(TimerToken, milliseconds: Int)
    case cancelTimer(TimerToken)

    public var description: String {
        switch self {
        case .call(let operation, let arguments):
            arguments.isEmpty ? "call \(operation)" : "call \(operation) " + arguments.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
        case .analytics(let event):
            event.properties.isEmpty ? "analytics \(event.name)" : "analytics \(event.name) " + event.properties.map { "\($0.name)=\($0.value)" }.joined(separator: " ")
        case .push(let text): "push \(text)"
        case .toast(let text): "toast \(text)"
        case .startTimer(let token, let milliseconds): "start \(token) \(milliseconds)ms"
        case .cancelTimer(let token): "cancel \(token)"
        }
    }
}
