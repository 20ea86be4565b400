import FlowExpression
import FlowIR
@_spi(Generated) import FlowMachine

/// A checked app lowered to the tables FlowMachine's engine runs, with the numbered guards, action lists,
/// validators and timer lengths the tables point to, still as IR.
///
/// An app is lowered once (FlowCompiler's `lowerApps` stage) and both back ends consume the same value:
/// FlowCodegen writes the tables as Swift and translates each numbered guard, action list and validator to a
/// Swift function (`translateApp(lowered)`); FlowRuntime's interpreter keeps the tables in memory and compiles
/// the same numbered code to closures (`RuntimeProgram(lowered:)`). So the two run the same rows through the
/// same engine, and differ only in how a guard or an action is evaluated.
///
/// ```swift
/// let lowered = lowerApp(tempo)
/// lowered.tables.rows.count        // every transition, in the engine's layout
/// lowered.guards[id - 1].condition // the IR of guard `id`
/// let swift = translateApp(lowered)           // FlowCodegen
/// let program = RuntimeProgram(lowered: lowered) // FlowRuntime
/// ```
public struct LoweredApp: Sendable {
    /// The checked app the tables were lowered from.
    public let app: App
    /// The rows the engine reads.
    @_spi(Generated) public let tables: FlowTables
    /// Guard number `n` is `guards[n - 1]` (0 in a table means none).
    public internal(set) var guards: [LoweredGuard] = []
    /// Action list number `n` is `actions[n - 1]`.
    public internal(set) var actions: [LoweredActions] = []
    /// Validator number `n` is `validators[n - 1]`.
    public internal(set) var validators: [LoweredValidator] = []
    /// What of the engine the app uses: a generated machine states it, and the engine skips the rest.
    @_spi(Generated) public internal(set) var features: EngineFeatures = .all
    /// Where each row of `tables.rows` comes from, by row number.
    public internal(set) var rows: [RowOrigin] = []
    /// Where each timer of `tables.timers` comes from, by timer number.
    public internal(set) var timers: [TimerOrigin] = []
    /// By service and operation number, the call policy number of an operation with a `timeout:` or
    /// `when_left: cancel` (`tables.callPolicies`), -1 for the others.
    public internal(set) var callPolicyNumbers: [[Int32]] = []
    /// One line per screen (`3: ONB-003 Name`), per field and per variant, for the generated tables' comments.
    public internal(set) var screenComments: [String] = []
    public internal(set) var fieldComments: [String] = []
    public internal(set) var variantComments: [String] = []

    init(app: App, tables: FlowTables) { self.app = app; self.tables = tables }

    /// The call policy number of operation `operation` of service `service`, nil when it has none: the engine waits
    /// for the answer of a call with one (`engineCallStarted`).
    public func callPolicy(service: Int, operation: Int) -> Int32? {
        guard callPolicyNumbers.indices.contains(service), callPolicyNumbers[service].indices.contains(operation) else { return nil }
        let number = callPolicyNumbers[service][operation]
        return number < 0 ? nil : number
    }
}

/// A guard as the tables number it: its condition, and what it sees besides the state.
public struct LoweredGuard: Sendable {
    public var condition: TypedExpression
    /// The event whose payload `event.<field>` reads (an index into `App.events`), nil for timers, entries and variants.
    public var event: Int?
    /// The screen whose form `form.<field>` reads, nil for a flow's global transitions.
    public var screen: Int?
    /// Where it is written, in the order met (`ONB-003 tap_continue`).
    public var usedBy: [String]
}

/// An action list as the tables number it.
public struct LoweredActions: Sendable {
    public var actions: [Action]
    public var event: Int?
    public var screen: Int?
    public var usedBy: [String]
}

/// A field's validation, numbered: fields with the same rules share a number.
public struct LoweredValidator: Sendable {
    /// The first field with these rules, and its screen.
    public var screen: Int
    public var field: Int
    public var usedBy: [String]
}

/// Where a row of the transition table comes from: the IR transition and how traces name it.
public struct RowOrigin: Sendable {
    public var transition: Transition
    /// What a trace shows as the micro step's event: the event, `after 30s` for a timer, `every 15m` for a
    /// recurring timer, `<flow>.<outcome>` for a sub-flow's return route.
    public var event: String
    /// The row's position among the alternatives for the same event in its group (a screen's own rows, a
    /// flow's global rows, a timer's rows, a return route's rows).
    public var alternative: Int
    /// Whether the row belongs to the flow rather than a screen (global transitions and flow timers).
    public var global: Bool
    /// `ONB-003 tap_continue if consent → ONB-004`, for the generated tables' comments.
    public var comment: String
}

/// Where a timer of the tables comes from.
public struct TimerOrigin: Sendable {
    /// The delay as written: `30s`, or `every 15m` for a recurring timer (the trigger traces show).
    public var delay: String
    /// The event its micro steps show: `after 30s`, `every 15m`.
    public var event: String
    /// The state value the length is read from when the timer starts (nil: the table's milliseconds).
    public var length: TypedExpression?
    /// How a failure to read `length` names the timer: `after session_timeout`, `after consent_expires_at - 5m`.
    public var lengthName: String
    public var comment: String
}
