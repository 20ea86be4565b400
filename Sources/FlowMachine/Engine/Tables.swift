// The app as data: what the engine reads to run any generated machine. Generated `Tables.swift`
// files fill these rows; nothing here knows a particular app.

/// Where a transition leads. The argument column of a row says which screen, sub-flow or outcome.
@_spi(Generated) public enum TargetKind: UInt8, Sendable {
    case stay, screen, overlay, back, subflow, end
}

/// One row of the transition table: taken on `event` when the guard holds.
@_spi(Generated) public struct TransitionRow: Sendable {
    /// The event's number (`Event.number`); -1 for timer and sub-flow return rows.
    public var event: Int32
    /// Guard function number, 0 for none.
    public var guardID: Int32
    /// Action list number, 0 for none.
    public var actionsID: Int32
    public var target: TargetKind
    /// Screen number (screen, overlay), sub-flow call number (subflow) or outcome number (end).
    public var argument: Int32
    /// Whether the screen's fields are validated before the guard is read.
    public var validates: Bool

    @inlinable
    public init(event: Int32, guardID: Int32, actionsID: Int32, target: TargetKind, argument: Int32, validates: Bool) {
        self.event = event; self.guardID = guardID; self.actionsID = actionsID; self.target = target
        self.argument = argument; self.validates = validates
    }
}

/// What the engine knows of each screen.
@_spi(Generated) public struct ScreenEntry: Sendable {
    public var flow: Int32
    /// Own transitions: `rows[rowStart..<rowEnd]`.
    public var rowStart: Int32
    public var rowEnd: Int32
    /// Fields: `fields[fieldStart..<fieldEnd]`.
    public var fieldStart: Int32
    public var fieldEnd: Int32
    /// Timers: `timers[timerStart..<timerEnd]`.
    public var timerStart: Int32
    public var timerEnd: Int32
    /// Variants: `variants[variantStart..<variantEnd]`.
    public var variantStart: Int32
    public var variantEnd: Int32
    public var enterActions: Int32
    public var exitActions: Int32
    /// Screen-view analytics event, -1 for none (an index into `strings`).
    public var analytics: Int32
    /// `back: blocked`: the system back gesture does nothing on this screen.
    public var backBlocked: Bool

    @inlinable
    public init(flow: Int32, rowStart: Int32, rowEnd: Int32, fieldStart: Int32, fieldEnd: Int32, timerStart: Int32, timerEnd: Int32,
                variantStart: Int32, variantEnd: Int32, enterActions: Int32, exitActions: Int32, analytics: Int32, backBlocked: Bool = false) {
        self.flow = flow; self.rowStart = rowStart; self.rowEnd = rowEnd; self.fieldStart = fieldStart; self.fieldEnd = fieldEnd
        self.timerStart = timerStart; self.timerEnd = timerEnd; self.variantStart = variantStart; self.variantEnd = variantEnd
        self.enterActions = enterActions; self.exitActions = exitActions; self.analytics = analytics; self.backBlocked = backBlocked
    }
}

/// What the engine knows of each flow.
@_spi(Generated) public struct FlowEntry: Sendable {
    public var start: Int32
    /// Global transitions: `rows[rowStart..<rowEnd]`.
    public var rowStart: Int32
    public var rowEnd: Int32
    /// Global timers: `timers[timerStart..<timerEnd]`.
    public var timerStart: Int32
    public var timerEnd: Int32
    /// The flow's name (an index into `strings`), used to name sub-flow outcomes.
    public var name: Int32

    @inlinable
    public init(start: Int32, rowStart: Int32, rowEnd: Int32, timerStart: Int32, timerEnd: Int32, name: Int32) {
        self.start = start; self.rowStart = rowStart; self.rowEnd = rowEnd; self.timerStart = timerStart; self.timerEnd = timerEnd
        self.name = name
    }
}

/// A timer: fires `rows[rowStart..<rowEnd]` after `milliseconds` on its screen (or flow); a variant's timer
/// (`variant`: its index in `variants`, -1 for none) counts from when the screen began to show that variant.
@_spi(Generated) public struct TimerEntry: Sendable {
    public var milliseconds: Int
    public var rowStart: Int32
    public var rowEnd: Int32
    public var variant: Int32

    @inlinable
    public init(milliseconds: Int, rowStart: Int32, rowEnd: Int32, variant: Int32 = -1) {
        self.milliseconds = milliseconds; self.rowStart = rowStart; self.rowEnd = rowEnd; self.variant = variant
    }
}

/// A sub-flow call site: the flow run and where each of its outcomes leads (`returns[returnStart..<returnEnd]`).
/// An operation whose calls the machine tracks until they are answered: `timeout:` gives up on a call after
/// `timer`'s length, as if the service had answered `timeoutEvent`; `cancelsOnLeave` (`when_left: cancel`)
/// forgets a call when the screen waiting for it is left. An answer to a call no longer waited for is ignored.
@_spi(Generated) public struct CallPolicyEntry: Sendable {
    /// `service.operation`, in the strings table.
    public var operation: Int32
    /// The deadline timer in the timers table, or -1 when calls of the operation never time out.
    public var timer: Int32
    /// The outcome event the deadline raises, or -1.
    public var timeoutEvent: Int32
    public var cancelsOnLeave: Bool
    /// The operation's outcome events.
    public var answers: [Int32]

    @inlinable
    public init(operation: Int32, timer: Int32, timeoutEvent: Int32, cancelsOnLeave: Bool, answers: [Int32]) {
        self.operation = operation; self.timer = timer; self.timeoutEvent = timeoutEvent; self.cancelsOnLeave = cancelsOnLeave
        self.answers = answers
    }
}

@_spi(Generated) public struct SubflowEntry: Sendable {
    public var flow: Int32
    public var returnStart: Int32
    public var returnEnd: Int32

    @inlinable
    public init(flow: Int32, returnStart: Int32, returnEnd: Int32) {
        self.flow = flow; self.returnStart = returnStart; self.returnEnd = returnEnd
    }
}

/// Where one outcome of a sub-flow leads: `rows[rowStart..<rowEnd]`.
@_spi(Generated) public struct ReturnEntry: Sendable {
    public var outcome: Int32
    public var rowStart: Int32
    public var rowEnd: Int32

    @inlinable
    public init(outcome: Int32, rowStart: Int32, rowEnd: Int32) {
        self.outcome = outcome; self.rowStart = rowStart; self.rowEnd = rowEnd
    }
}

/// A form field: its name, validator number (0 for none) and the guard under which it is shown (0: always),
/// with that guard's source for messages.
@_spi(Generated) public struct FieldEntry: Sendable {
    public var name: Int32
    public var validator: Int32
    public var shownWhen: Int32
    public var shownWhenSource: Int32
    /// `secret:`: what is typed is forgotten once the screen is left and never saved in a snapshot.
    public var secret: Bool

    @inlinable
    public init(name: Int32, validator: Int32, shownWhen: Int32, shownWhenSource: Int32, secret: Bool = false) {
        self.name = name; self.validator = validator; self.shownWhen = shownWhen; self.shownWhenSource = shownWhenSource
        self.secret = secret
    }
}

/// A state variant: its name and condition (a guard number; 0 always holds).
@_spi(Generated) public struct VariantEntry: Sendable {
    public var name: Int32
    public var condition: Int32

    @inlinable
    public init(name: Int32, condition: Int32) {
        self.name = name; self.condition = condition
    }
}

/// An app's tables, built once into one shared object each machine keeps a reference to, so a step
/// reads them through one pointer instead of a lazily initialised global per access.
@_spi(Generated) public final class FlowTables: Sendable {
    public let strings: [String]
    public let screenIDs: [Int32]
    public let screens: [ScreenEntry]
    public let rows: [TransitionRow]
    public let flows: [FlowEntry]
    public let timers: [TimerEntry]
    public let subflows: [SubflowEntry]
    public let returns: [ReturnEntry]
    public let fields: [FieldEntry]
    public let variants: [VariantEntry]
    /// The app's recurring timers (`app.every`), by their index in `timers`: armed at launch, again after each firing.
    public let recurringTimers: [Int32]
    /// The flow the app starts in (recurring timers are listed with it).
    public let startFlow: Int32
    /// By event number: whether the event is a service's answer (`bank.transfer.sent`), which is not the person
    /// acting, so it does not restart a flow's inactivity timers.
    public let serviceAnswers: [Bool]
    /// The operations whose calls the machine keeps track of: those with a `timeout:` or `when_left: cancel`.
    public let callPolicies: [CallPolicyEntry]
    /// By event number, the call policy whose answer the event is (-1: none).
    public let answerPolicies: [Int32]
    /// By timer number, whether it is a screen's `every:` timer, armed again each time it fires.
    public let repeatingTimers: [Bool]

    public init(strings: [String], screenIDs: [Int32], screens: [ScreenEntry], rows: [TransitionRow], flows: [FlowEntry],
                timers: [TimerEntry], subflows: [SubflowEntry], returns: [ReturnEntry], fields: [FieldEntry], variants: [VariantEntry],
                recurringTimers: [Int32] = [], startFlow: Int32 = 0, serviceAnswerEvents: [Int32] = [], callPolicies: [CallPolicyEntry] = [],
                repeatingTimers: [Int32] = []) {
        self.strings = strings; self.screenIDs = screenIDs; self.screens = screens; self.rows = rows; self.flows = flows
        self.timers = timers; self.subflows = subflows; self.returns = returns; self.fields = fields; self.variants = variants
        self.recurringTimers = recurringTimers; self.startFlow = startFlow
        self.callPolicies = callPolicies
        var policies: [Int32] = []
        for (index, policy) in callPolicies.enumerated() {
            for event in policy.answers where event >= 0 {
                if Int(event) >= policies.count { policies += repeatElement(-1, count: Int(event) - policies.count + 1) }
                policies[Int(event)] = Int32(truncatingIfNeeded: index)
            }
        }
        answerPolicies = policies
        var repeating: [Bool] = []
        for timer in repeatingTimers where timer >= 0 {
            if Int(timer) >= repeating.count { repeating += repeatElement(false, count: Int(timer) - repeating.count + 1) }
            repeating[Int(timer)] = true
        }
        self.repeatingTimers = repeating
        var answers: [Bool] = []
        for event in serviceAnswerEvents where event >= 0 {
            if Int(event) >= answers.count { answers += repeatElement(false, count: Int(event) - answers.count + 1) }
            answers[Int(event)] = true
        }
        serviceAnswers = answers
    }

    /// Whether event `event` is a service's answer.
    @inlinable
    public func isServiceAnswer(_ event: Int32) -> Bool { event >= 0 && Int(event) < serviceAnswers.count && serviceAnswers[Int(event)] }

    /// Whether timer `timer` is a screen's `every:` timer.
    @inlinable
    public func repeats(_ timer: Int32) -> Bool { timer >= 0 && Int(timer) < repeatingTimers.count && repeatingTimers[Int(timer)] }

    /// The call policy whose answer event `event` is, or -1.
    @inlinable
    public func answerPolicy(_ event: Int32) -> Int32 { event >= 0 && Int(event) < answerPolicies.count ? answerPolicies[Int(event)] : -1 }
}

/// Reads a table written one row per line, numbers separated by spaces, each row optionally followed by `// what it is`.
/// A field that is not a number in Int32's range reads as 0; blank lines are skipped. It reads the bytes once, without
/// splitting into substrings, so building Tempo's tables on first use costs a fraction of a millisecond.
@_spi(Generated) public func decodeTable<Row>(_ text: String, _ build: ([Int32]) -> Row) -> [Row] {
    var result: [Row] = []
    var row: [Int32] = []
    var field = NumberField()
    var inComment = false
    func endField() {
        if field.started { row.append(field.value) }
        field = NumberField()
    }
    func endLine() {
        endField()
        if !row.isEmpty { result.append(build(row)) }
        row.removeAll(keepingCapacity: true)
        inComment = false
    }
    for byte in text.utf8 {
        switch byte {
        case UInt8(ascii: "\n"): endLine()
        case _ where inComment: continue
        case UInt8(ascii: " "): endField()
        // What the row is, for a reader of the generated code, follows `//` (a field starting with `/`).
        case UInt8(ascii: "/") where !field.started: inComment = true
        default: field.read(byte)
        }
    }
    endLine()
    return result
}

/// A number being read from a table's text, a byte at a time: anything but an optional `-` and digits, or a value
/// outside Int32, reads as 0.
struct NumberField {
    private var magnitude: Int64 = 0
    private var negative = false
    private var valid = true
    private(set) var started = false

    var value: Int32 {
        guard valid else { return 0 }
        return Int32(exactly: negative ? -magnitude : magnitude) ?? 0
    }

    mutating func read(_ byte: UInt8) {
        let first = !started
        started = true
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            // Held just past what Int32 can take either way, so a longer number stays out of range without overflowing.
            magnitude = min(magnitude * 10 + Int64(byte - UInt8(ascii: "0")), Int64(Int32.max) + 2)
        case UInt8(ascii: "-") where first:
            negative = true
        default:
            valid = false
        }
    }
}

/// Reads a string table written one string per line.
@_spi(Generated) public func decodeLines(_ text: String) -> [String] {
    text.isEmpty ? [] : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
}

/// What of the engine an app's flows use. A generated machine states its app's features as a constant
/// (`engineFeatures`), so the engine specialised for it drops every stage the app cannot reach: a ring without
/// timers, sub-flows or forms pays nothing for them on each event. The interpreter takes the same stages (read at
/// run time); a host that does not state them runs every stage. The differential test runs the interpreter with
/// every stage beside the generated machines, so a feature left out wrongly makes them part.
@_spi(Generated) public struct EngineFeatures: OptionSet, Sendable, Hashable {
    public var rawValue: UInt32
    @inlinable public init(rawValue: UInt32) { self.rawValue = rawValue }

    // Computed and inlinable, so that a test of a feature folds to a constant in the machine's module (a stored
    // `static let` would be read through its lazy initialiser on every test).

    /// Any timer: a screen's, a flow's, a variant's or the app's recurring ones.
    @inlinable public static var timers: EngineFeatures { EngineFeatures(rawValue: 1 << 0) }
    /// A flow's global timers, which measure inactivity (started again after each event the person sends).
    @inlinable public static var flowTimers: EngineFeatures { EngineFeatures(rawValue: 1 << 1) }
    /// Timers that belong to a screen variant.
    @inlinable public static var variantTimers: EngineFeatures { EngineFeatures(rawValue: 1 << 2) }
    /// Screen-view analytics on some screen.
    @inlinable public static var screenViews: EngineFeatures { EngineFeatures(rawValue: 1 << 3) }
    /// Entry actions on some screen.
    @inlinable public static var entryActions: EngineFeatures { EngineFeatures(rawValue: 1 << 4) }
    /// Exit actions on some screen.
    @inlinable public static var exitActions: EngineFeatures { EngineFeatures(rawValue: 1 << 5) }
    /// Form fields, or transitions that validate them.
    @inlinable public static var forms: EngineFeatures { EngineFeatures(rawValue: 1 << 6) }
    /// Screens opened as sheets (`overlay:`).
    @inlinable public static var overlays: EngineFeatures { EngineFeatures(rawValue: 1 << 7) }
    /// Sub-flow calls.
    @inlinable public static var subflows: EngineFeatures { EngineFeatures(rawValue: 1 << 8) }
    /// Transitions that end a flow (`end:`).
    @inlinable public static var endings: EngineFeatures { EngineFeatures(rawValue: 1 << 9) }
    /// A flow's global transitions.
    @inlinable public static var globalTransitions: EngineFeatures { EngineFeatures(rawValue: 1 << 10) }
    /// Events raised while handling another (`raise:` actions; the interpreter's services answering at once).
    @inlinable public static var raisedEvents: EngineFeatures { EngineFeatures(rawValue: 1 << 11) }
    /// Invariants checked after every step.
    @inlinable public static var invariants: EngineFeatures { EngineFeatures(rawValue: 1 << 12) }
    /// Secret fields (`secret:`), forgotten when their screen is left.
    @inlinable public static var secretFields: EngineFeatures { EngineFeatures(rawValue: 1 << 13) }
    /// Every stage: what a host runs when it does not know its app's features.
    @inlinable public static var callPolicies: EngineFeatures { EngineFeatures(rawValue: 1 << 14) }
    @inlinable public static var all: EngineFeatures { EngineFeatures(rawValue: (1 << 15) - 1) }

    /// The features `tables` use, with what only the flows' code knows: whether an action raises an event and
    /// whether the app has invariants.
    public init(tables: FlowTables, raisesEvents: Bool, checksInvariants: Bool) {
        self = []
        if !tables.timers.isEmpty { insert(.timers) }
        if tables.flows.contains(where: { $0.timerStart != $0.timerEnd }) { insert(.flowTimers) }
        if tables.timers.contains(where: { $0.variant >= 0 }) { insert(.variantTimers) }
        if tables.screens.contains(where: { $0.analytics >= 0 }) { insert(.screenViews) }
        if tables.screens.contains(where: { $0.enterActions != 0 }) { insert(.entryActions) }
        if tables.screens.contains(where: { $0.exitActions != 0 }) { insert(.exitActions) }
        if !tables.fields.isEmpty || tables.rows.contains(where: \.validates) { insert(.forms) }
        if tables.fields.contains(where: \.secret) { insert(.secretFields) }
        if tables.rows.contains(where: { $0.target == .overlay }) { insert(.overlays) }
        if tables.rows.contains(where: { $0.target == .subflow }) || !tables.subflows.isEmpty { insert(.subflows) }
        if tables.rows.contains(where: { $0.target == .end }) { insert(.endings) }
        if tables.flows.contains(where: { $0.rowStart != $0.rowEnd }) { insert(.globalTransitions) }
        if raisesEvents { insert(.raisedEvents) }
        if checksInvariants { insert(.invariants) }
        if !tables.callPolicies.isEmpty { insert(.callPolicies) }
    }

    /// The features' names, for the generated code's constant (`[.timers, .overlays]`).
    public var names: [String] {
        let named: [(EngineFeatures, String)] = [
            (.timers, "timers"), (.flowTimers, "flowTimers"), (.variantTimers, "variantTimers"), (.screenViews, "screenViews"),
            (.entryActions, "entryActions"), (.exitActions, "exitActions"), (.forms, "forms"), (.overlays, "overlays"),
            (.subflows, "subflows"), (.endings, "endings"), (.globalTransitions, "globalTransitions"), (.raisedEvents, "raisedEvents"),
            (.invariants, "invariants"), (.secretFields, "secretFields"), (.callPolicies, "callPolicies"),
        ]
        return named.filter { contains($0.0) }.map(\.1)
    }
}

/// Reads a table written as numbers, `columns` to a row (the literal table style: one row per line of the array).
/// A trailing partial row, which flowc never writes, is left out.
@_spi(Generated) public func decodeTable<Row>(_ values: [Int32], columns: Int, _ build: ([Int32]) -> Row) -> [Row] {
    guard columns > 0 else { return [] }
    var result: [Row] = []
    result.reserveCapacity(values.count / columns)
    var row: [Int32] = []
    row.reserveCapacity(columns)
    var start = 0
    while start + columns <= values.count {
        row.removeAll(keepingCapacity: true)
        row.append(contentsOf: values[start..<start + columns])
        result.append(build(row))
        start += columns
    }
    return result
}
