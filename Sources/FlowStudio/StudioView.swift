/// What the page shows after every click: the current screen of the live run, what can happen next, the state,
/// the recording and the flow picture. Encoded as JSON for the page; every text in it is escaped by the page.
struct StudioView: Encodable, Sendable {
    struct Field: Encodable, Sendable {
        var name: String
        var label: String
        /// Empty when the field writes none.
        var placeholder: String
        var kind: String
        var options: [Option]
        var value: String
        var error: String?
        var secret: Bool
    }
    struct Option: Encodable, Sendable {
        var value: String
        var label: String
    }
    struct Event: Encodable, Sendable {
        var name: String
        var enabled: Bool
        /// Why nothing would happen now (the guards that do not hold), when not enabled.
        var reason: String?
        var payload: [Typed]
        /// A global transition (tab bar, app lock) rather than the screen's own.
        var global: Bool
    }
    struct Typed: Encodable, Sendable {
        var name: String
        var type: String
    }
    struct Outcome: Encodable, Sendable {
        var name: String
        var output: [Typed]
    }
    struct PendingCall: Encodable, Sendable {
        var operation: String
        var outcomes: [Outcome]
    }
    struct Timer: Encodable, Sendable {
        var delay: String
        var remainingMilliseconds: Int
    }
    struct Effect: Encodable, Sendable {
        var kind: String
        var value: String
    }
    struct StateValue: Encodable, Sendable {
        var name: String
        var value: String
        var derived: Bool
        var changed: Bool
    }
    struct Criterion: Encodable, Sendable {
        var id: String
        var text: String
        var status: String
    }

    var app: String
    var appName: String
    var screen: String
    var screenName: String
    var presentation: String
    var variant: String?
    var step: String?
    var terminal: Bool
    var backBlocked: Bool
    var ended: String?
    var clockMilliseconds: Int
    var texts: [Typed]
    var fields: [Field]
    var events: [Event]
    var pending: [PendingCall]
    var timers: [Timer]
    var effects: [Effect]
    var transitions: [String]
    var state: [StateValue]
    var recording: [String]
    var scenarioYAML: String
    var canUndo: Bool
    var path: [String]
    var picture: String
    var criteria: [Criterion]
    /// The answer to the last action when it was refused (a bad value, nothing to undo).
    var error: String?
    /// Diagnostics of the flow files after an edit that does not check; the walk stays on the last good flows.
    var diagnostics: String?
    /// Said after a reload: how far the walk could be replayed on the edited flows.
    var notice: String?
    /// The app's scenarios, to open one and step through it.
    var scenarios: [String]
    var openedScenario: String?
    /// The index of the opened scenario's next step, and how many steps it has (expectations included).
    var openedNextStep: Int?
    var openedSteps: Int?
}
