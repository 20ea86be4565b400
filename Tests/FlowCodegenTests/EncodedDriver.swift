import FlowRuntime
import Foundation
import SmallEncodedFlow

// The small fixture generated in the large-app shape (`--table-style encoded`): tables decoded
// from string literals and a struct screen type, as the 10,000-screen ring gets. In a file of its
// own because it declares the same type names as SmallFlow.

struct SmallEncodedDriver: GeneratedDriver {
    var machine: SmallMachine
    init(start: String) throws { machine = try SmallMachine(start: SmallScreen(rawValue: start)) }
    mutating func setClock(elapsed: Int) { machine.now = .init(millisecondsSince1970: 1_767_225_600_000 + elapsed) }
    var screenID: String { machine.screenID }
    var errors: [String: String] { machine.errors }
    var ended: String? { machine.ended }
    func variant() throws -> String? { try machine.variant() }
    func texts() throws -> [String: String] { try machine.texts() }
    func stateJSON() throws -> String { try encodeSorted(machine.state) }
    func stateDiffers(from other: SmallEncodedDriver) -> Bool { machine.state != other.machine.state }
    mutating func start() throws -> [EffectRecord] {
        var effects: [SmallEffect] = []
        try machine.start(into: &effects)
        return effects.map(Self.record)
    }
    mutating func send(named name: String, payload: [String: String]) throws -> [EffectRecord]? {
        guard let event = SmallEvent(name: name, payload: payload) else { return nil }
        return try machine.send(event).map(Self.record)
    }
    mutating func fireTimer(_ token: Int) throws -> [EffectRecord] {
        try machine.send(.timerFired(token: SmallEncodedFlow.TimerToken(rawValue: token))).map(Self.record)
    }
    mutating func back() throws -> [EffectRecord] {
        var effects: [SmallEffect] = []
        try machine.back(into: &effects)
        return effects.map(Self.record)
    }
    mutating func restart() throws -> [EffectRecord] {
        var effects: [SmallEffect] = []
        try machine.restart(into: &effects)
        return effects.map(Self.record)
    }
    mutating func fill(_ field: String, _ input: FlowRuntime.FieldInput) throws {
        switch input {
        case .text(let text): try machine.fill(field, .text(text))
        case .list(let items): try machine.fill(field, .list(items))
        }
    }
    static func record(_ effect: SmallEffect) -> EffectRecord {
        switch effect {
        case .call(let call): .effect(kind: "call", value: call.operation, details: call.arguments)
        case .analytics(let event):
            .effect(kind: "analytics", value: event.name, details: Dictionary(event.properties.map { ($0.name, $0.value) }, uniquingKeysWith: { $1 }))
        case .push(let text): .effect(kind: "push", value: text, details: [:])
        case .toast(let text): .effect(kind: "toast", value: text, details: [:])
        case .startTimer(let token, let milliseconds): .startTimer(token: token.rawValue, milliseconds: milliseconds)
        case .cancelTimer(let token): .cancelTimer(token: token.rawValue)
        }
    }
}
