import FlowMachine
import FlowRuntime
import Foundation

/// An effect as both sides can report it: the kind and value scenarios match on, or a timer request.
enum EffectRecord: Equatable, CustomStringConvertible {
    /// `details`: a call's arguments or an analytics event's properties, rendered as text.
    case effect(kind: String, value: String, details: [String: String])
    case startTimer(token: Int, milliseconds: Int)
    case cancelTimer(token: Int)

    var description: String {
        switch self {
        case .effect(let kind, let value, let details): details.isEmpty ? "\(kind) \(value)" : "\(kind) \(value) \(details.sorted { $0.key < $1.key })"
        case .startTimer(let token, let milliseconds): "start timer #\(token) \(milliseconds)ms"
        case .cancelTimer(let token): "cancel timer #\(token)"
        }
    }
}

/// The generated machine of one app, driven by event names: one conformance per generated module.
protocol GeneratedDriver {
    /// A machine on the screen with seed ID `start`.
    init(start: String) throws
    var screenID: String { get }
    var errors: [String: String] { get }
    var ended: String? { get }
    /// The calls the machine waits for (`waitingCalls`), oldest first: `operation on SCREEN`.
    var waitingCalls: [String] { get }
    /// The engine's decisions (`lastStepDecisions`) of every step since the last call, in order, in `decisionWords`.
    mutating func takeDecisions() -> [String]
    func variant() throws -> String?
    /// The current screen's texts with their values filled in.
    func texts() throws -> [String: String]
    /// The state encoded as JSON (sorted keys), for comparison with the interpreter's.
    func stateJSON() throws -> String
    /// Whether the state differs from `other`'s (cheap: the generated state is Equatable).
    func stateDiffers(from other: Self) -> Bool
    mutating func start() throws -> [EffectRecord]
    /// nil when the app has no event of that name; `payload` fills text payload fields.
    mutating func send(named name: String, payload: [String: String]) throws -> [EffectRecord]?
    mutating func fireTimer(_ token: Int) throws -> [EffectRecord]
    mutating func back() throws -> [EffectRecord]
    /// The app closed and launched again (`restart: true`).
    mutating func restart() throws -> [EffectRecord]
    mutating func fill(_ field: String, _ input: FlowRuntime.FieldInput) throws
    /// Sets the host clock to `elapsed` milliseconds after the run's start (the interpreter's default clock).
    mutating func setClock(elapsed: Int)
    /// The current screen's lists (`computeRows()`), each row's id and texts by name.
    func rows() throws -> [String: [ShownRow]]
    /// Taps row `index` of `list` (`rowEvent(_:at:)`, then sends it); nil when the machine gives no event for it.
    mutating func tapRow(_ list: String, at index: Int) throws -> [EffectRecord]?
    /// Each row's actions (`computeRowActions(_:at:)`) of the current screen's lists, as `rowActionWords` reads them.
    func rowActions() throws -> [String: [[String]]]
    /// Performs row action `action` on row `index` of `list` (`rowActionEvent(_:_:at:)`, then sends it); nil when the
    /// machine gives no event for it.
    mutating func rowAction(_ list: String, _ action: String, at index: Int) throws -> [EffectRecord]?
}

/// An engine decision in words for comparing the back ends: what it was about (the operation, or the sub-flow) and
/// the screen it was made on.
func decisionWords(_ kind: MicroStep.EngineDecision, _ subject: String, _ screen: String) -> String { "\(kind) \(subject) on \(screen)" }

/// The interpreter's decisions in a step, in `decisionWords` (an answer dropped is named by its operation).
func interpreterDecisions(_ steps: [MacroStep]) -> [String] {
    steps.flatMap(\.microSteps).compactMap { micro in
        guard case .decided(let screen, let decision) = micro.outcome else { return nil }
        let subject = decision == .answerDropped ? micro.event.split(separator: ".").dropLast().joined(separator: ".") : micro.event
        return decisionWords(decision, subject, screen)
    }
}

/// One row action in words for comparing the back ends: `delete "Delete" swipe trailing destructive`.
func rowActionWords(name: String, label: String, longPress: Bool, leading: Bool, destructive: Bool) -> String {
    "\(name) \"\(label)\" \(longPress ? "long_press" : "swipe") \(leading ? "leading" : "trailing")\(destructive ? " destructive" : "")"
}

/// The interpreter's row actions of the current screen's lists: each row's actions in words; lists without actions
/// or rows are left out.
func interpreterRowActions(_ interpreter: Interpreter) throws -> [String: [[String]]] {
    var shown: [String: [[String]]] = [:]
    let rows = try interpreter.rows()
    for list in interpreter.currentScreen.lists where !list.actions.isEmpty {
        let count = rows[list.name]?.count ?? 0
        guard count > 0 else { continue }
        let labels = try interpreter.rowActions(list.name)
        shown[list.name] = (0..<count).map { index in
            labels.compactMap { entry in
                entry.labels.indices.contains(index)
                    ? rowActionWords(name: entry.action.name, label: entry.labels[index], longPress: entry.action.gesture == .longPress,
                                     leading: entry.action.edge == .leading, destructive: entry.action.destructive)
                    : nil
            }
        }
    }
    return shown
}

/// The generated machine's row actions, as `interpreterRowActions` reads the interpreter's.
func generatedRowActions<Machine: FlowRowActing>(_ machine: Machine) throws -> [String: [[String]]] {
    var shown: [String: [[String]]] = [:]
    for (list, rows) in try machine.computeRows() where !rows.isEmpty {
        let actions = try rows.indices.map { index in
            try machine.computeRowActions(list, at: index).map {
                rowActionWords(name: $0.action.rawValue, label: $0.label, longPress: $0.gesture == .longPress, leading: $0.edge == .leading,
                               destructive: $0.isDestructive)
            }
        }
        if actions.contains(where: { !$0.isEmpty }) { shown[list.rawValue] = actions }
    }
    return shown
}

/// The event a row action sends, or nil when the machine gives none.
func rowActionEvent<Machine: FlowRowActing>(_ machine: Machine, list: String, action: String, index: Int) throws -> Any? {
    guard let typed = Machine.List(rawValue: list), let named = Machine.RowAction(rawValue: action) else { return nil }
    return try machine.rowActionEvent(typed, named, at: index)
}

/// The rows of a machine that shows lists, by the flows' names (the machine opened from `any FlowListShowing`).
func shownRows<Machine: FlowListShowing>(_ machine: Machine) throws -> [String: [ShownRow]] {
    var shown: [String: [ShownRow]] = [:]
    for (list, rows) in try machine.computeRows() {
        shown[list.rawValue] = rows.map { row in ShownRow(id: row.id, texts: Dictionary(uniqueKeysWithValues: row.texts.map { ($0.key.rawValue, $0.value) })) }
    }
    return shown
}

/// The event a tap on a row sends, or nil when the machine gives none (or has no list of that name).
func rowEvent<Machine: FlowListShowing>(_ machine: Machine, list: String, index: Int) throws -> Any? {
    guard let typed = Machine.List(rawValue: list) else { return nil }
    return try machine.rowEvent(typed, at: index)
}

func encodeSorted<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    let data = try encoder.encode(value)
    let object = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .fragmentsAllowed]), as: UTF8.self)
}

/// Drives any generated machine through `FlowStateMachine`, the protocol every generated machine
/// conforms to: one driver for every app, so a new app needs no test code.
struct MachineDriver<Machine: FlowStateMachine>: GeneratedDriver {
    var machine: Machine
    /// The interpreter's default clock: 2026-01-01T00:00:00Z.
    static var startOfRun: Int { 1_767_225_600_000 }
    init(start: String) throws { machine = try Machine(startScreenID: start, now: Timestamp(millisecondsSince1970: Self.startOfRun)) }
    mutating func setClock(elapsed: Int) { machine.now = Timestamp(millisecondsSince1970: Self.startOfRun + elapsed) }
    var screenID: String { machine.screenID }
    var errors: [String: String] { Dictionary(uniqueKeysWithValues: machine.errors.map { ($0.key.rawValue, $0.value) }) }
    var ended: String? { machine.ended?.rawValue }
    var waitingCalls: [String] { machine.waitingCalls.map { "\($0.operation.rawValue) on \($0.screen.rawValue)" } }
    var decisionLog: [String] = []
    mutating func takeDecisions() -> [String] {
        defer { decisionLog = [] }
        return decisionLog
    }
    /// A step's effects as records, noting the step's decisions.
    mutating func noted(_ effects: [Machine.Effect]) -> [EffectRecord] {
        for decision in machine.lastStepDecisions {
            switch decision {
            case .callForgotten(let operation, let screen): decisionLog.append(decisionWords(.callForgotten, operation.rawValue, screen.rawValue))
            case .answerDropped(_, let operation, let screen): decisionLog.append(decisionWords(.answerDropped, operation.rawValue, screen.rawValue))
            case .subflowAbandoned(let subflow, let screen): decisionLog.append(decisionWords(.subflowAbandoned, subflow.rawValue, screen.rawValue))
            }
        }
        return effects.map(Self.record)
    }
    func variant() throws -> String? { try machine.computeVariant()?.rawValue }
    func texts() throws -> [String: String] { Dictionary(uniqueKeysWithValues: try machine.computeTexts().map { ($0.key.rawValue, $0.value) }) }
    func stateJSON() throws -> String { try encodeSorted(machine.state) }
    func stateDiffers(from other: MachineDriver) -> Bool { machine.state != other.machine.state }
    mutating func start() throws -> [EffectRecord] {
        var effects: [Machine.Effect] = []
        try machine.start(into: &effects)
        return noted(effects)
    }
    mutating func send(named name: String, payload: [String: String]) throws -> [EffectRecord]? {
        guard let event = try Self.event(named: name, payload: payload) else { return nil }
        var effects: [Machine.Effect] = []
        try machine.send(event, into: &effects)
        return noted(effects)
    }
    /// The event, or nil for a name the generated machine cannot be sent; a payload it refuses throws.
    static func event(named name: String, payload: [String: String]) throws -> Machine.Event? {
        do {
            return try Machine.Event(name: name, payload: payload)
        } catch {
            if error.reason == .unknownEvent || error.reason == .raisedByFlows { return nil }
            throw error
        }
    }
    func rows() throws -> [String: [ShownRow]] {
        guard let lists = machine as? any FlowListShowing else { return [:] }
        return try shownRows(lists)
    }
    mutating func tapRow(_ list: String, at index: Int) throws -> [EffectRecord]? {
        guard let lists = machine as? any FlowListShowing, let event = try rowEvent(lists, list: list, index: index) as? Machine.Event else { return nil }
        var effects: [Machine.Effect] = []
        try machine.send(event, into: &effects)
        return noted(effects)
    }
    func rowActions() throws -> [String: [[String]]] {
        guard let acting = machine as? any FlowRowActing else { return [:] }
        return try generatedRowActions(acting)
    }
    mutating func rowAction(_ list: String, _ action: String, at index: Int) throws -> [EffectRecord]? {
        guard let acting = machine as? any FlowRowActing,
              let event = try rowActionEvent(acting, list: list, action: action, index: index) as? Machine.Event else { return nil }
        var effects: [Machine.Effect] = []
        try machine.send(event, into: &effects)
        return noted(effects)
    }
    mutating func fireTimer(_ token: Int) throws -> [EffectRecord] {
        var effects: [Machine.Effect] = []
        try machine.send(.timerFired(token: TimerToken(rawValue: token)), into: &effects)
        return noted(effects)
    }
    mutating func back() throws -> [EffectRecord] {
        var effects: [Machine.Effect] = []
        try machine.back(into: &effects)
        return noted(effects)
    }
    mutating func restart() throws -> [EffectRecord] {
        var effects: [Machine.Effect] = []
        try machine.restart(into: &effects)
        return noted(effects)
    }
    mutating func fill(_ field: String, _ input: FlowRuntime.FieldInput) throws {
        // Typed field names: a name the app does not have fails as filling a field the screen lacks does.
        guard let typed = Machine.Field(rawValue: field) else { throw FlowFailure("screen '\(machine.screenID)' has no field '\(field)'") }
        switch input {
        case .text(let text): try machine.fill(typed, .text(text))
        case .list(let items): try machine.fill(typed, .list(items))
        }
    }
    static func record(_ effect: Machine.Effect) -> EffectRecord {
        switch effect.summary {
        case .call(let operation, let arguments): .effect(kind: "call", value: operation, details: arguments)
        case .analytics(let event):
            .effect(kind: "analytics", value: event.name, details: Dictionary(event.properties.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 }))
        case .push(let text): .effect(kind: "push", value: text, details: [:])
        case .toast(let text): .effect(kind: "toast", value: text, details: [:])
        case .startTimer(let token, let milliseconds): .startTimer(token: token.rawValue, milliseconds: milliseconds)
        case .cancelTimer(let token): .cancelTimer(token: token.rawValue)
        }
    }
}
