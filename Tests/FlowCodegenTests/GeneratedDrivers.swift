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
    func variant() throws -> String? { try machine.computeVariant()?.rawValue }
    func texts() throws -> [String: String] { Dictionary(uniqueKeysWithValues: try machine.computeTexts().map { ($0.key.rawValue, $0.value) }) }
    func stateJSON() throws -> String { try encodeSorted(machine.state) }
    func stateDiffers(from other: MachineDriver) -> Bool { machine.state != other.machine.state }
    mutating func start() throws -> [EffectRecord] {
        var effects: [Machine.Effect] = []
        try machine.start(into: &effects)
        return effects.map(Self.record)
    }
    mutating func send(named name: String, payload: [String: String]) throws -> [EffectRecord]? {
        guard let event = try Self.event(named: name, payload: payload) else { return nil }
        var effects: [Machine.Effect] = []
        try machine.send(event, into: &effects)
        return effects.map(Self.record)
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
        return effects.map(Self.record)
    }
    mutating func fireTimer(_ token: Int) throws -> [EffectRecord] {
        var effects: [Machine.Effect] = []
        try machine.send(.timerFired(token: TimerToken(rawValue: token)), into: &effects)
        return effects.map(Self.record)
    }
    mutating func back() throws -> [EffectRecord] {
        var effects: [Machine.Effect] = []
        try machine.back(into: &effects)
        return effects.map(Self.record)
    }
    mutating func restart() throws -> [EffectRecord] {
        var effects: [Machine.Effect] = []
        try machine.restart(into: &effects)
        return effects.map(Self.record)
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
