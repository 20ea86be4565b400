import FlowExpression
import FlowIR
@_spi(Generated) import FlowMachine

/// A 128-bit fingerprint of where a run is (see ``Interpreter/stateKey()``): two runs with equal keys behave the
/// same from here on, so an explorer visits one of them. Keys are compared only within one process (decimals and
/// dates go in through their own hashes), so an exploration's result never depends on a key's bits.
public struct StateKey: Hashable, Sendable, Comparable {
    public var high: UInt64
    public var low: UInt64
    public static func < (left: StateKey, right: StateKey) -> Bool { (left.high, left.low) < (right.high, right.low) }
}

/// A yes/no expression over the app's state, prepared once for a program and checked on many runs.
public struct CompiledCondition: Sendable {
    let expression: RuntimeExpression
    public var source: TypedExpression { expression.expression }
}

extension RuntimeProgram {
    /// Prepares an expression written against the app's state (a property's condition) to be checked on many runs.
    public func compileCondition(_ expression: TypedExpression) -> CompiledCondition {
        CompiledCondition(expression: compile(expression))
    }
}

extension Interpreter {
    /// Whether `condition` holds now (anything but `true` counts as false); a failure to evaluate is thrown.
    public mutating func holds(_ condition: CompiledCondition) throws -> Bool {
        try evaluate(condition.expression).isTrue
    }

    /// The value of `condition` now, for a message that quotes what a failed check read.
    public mutating func value(of condition: CompiledCondition) throws -> Value {
        try evaluate(condition.expression)
    }

    /// The canonical key of where the run is: the state values (not the derived ones, which follow from
    /// them), the screen, the back stack, open sheets, sub-flows, typed fields, the variants shown, calls
    /// waiting for an answer and outcomes chosen in advance, the time left on each running timer, and the
    /// ending. The clock itself is left out: two runs that differ only in how much time has passed are one
    /// state (a guard that reads `now()` is explored at the times the paths reach, not at every instant).
    /// Field errors on show are left out too: they change nothing that can happen next.
    public func stateKey() -> StateKey {
        var hasher = StateHasher()
        hasher.combine(Int(engine.screenNumber))
        hasher.combine(engine.ended.map { 1 + $0.utf8.count } ?? 0)
        if let ended = engine.ended { hasher.combine(ended) }
        for slot in 0..<program.stateCount { hasher.combine(scope.globals[slot]) }
        let history = engine.history.screens
        hasher.combine(history.count)
        for screen in history { hasher.combine(Int(screen)) }
        let openers = engine.overlayOpeners
        hasher.combine(openers.count)
        for screen in openers { hasher.combine(Int(screen)) }
        hasher.combine(engine.callFrames.count)
        for (index, frame) in engine.callFrames.enumerated() {
            hasher.combine(Int(frame.caller)); hasher.combine(Int(frame.subflow)); hasher.combine(frame.historyDepth)
            if engine.callEvents.indices.contains(index), let event = engine.callEvents[index] {
                hasher.combine(Int(event.number))
                for (name, value) in payload(of: event).sorted(by: { $0.key < $1.key }) { hasher.combine(name); hasher.combine(value) }
            }
        }
        hasher.combine(engine.inputs.count)
        for (field, input) in engine.inputs.sorted(by: { $0.key < $1.key }) {
            hasher.combine(field)
            switch input {
            case .text(let text): hasher.combine(0); hasher.combine(text)
            case .list(let items): hasher.combine(items.count); for item in items { hasher.combine(item) }
            }
        }
        hasher.combine(engine.shownVariants.count)
        for (screen, variant) in engine.shownVariants.sorted(by: { $0.key < $1.key }) { hasher.combine(Int(screen)); hasher.combine(Int(variant)) }
        // Timers by the time left and their order, not by their tokens, which count every timer ever started.
        let timers = scheduled.sorted { ($0.fireAt, $0.token.rawValue) < ($1.fireAt, $1.token.rawValue) }
        hasher.combine(timers.count)
        for timer in timers { hasher.combine(timer.fireAt - elapsed); hasher.combine(Int(timer.timer)) }
        hasher.combine(pendingCalls.count)
        for call in pendingCalls { hasher.combine(call) }
        for operation in services.queued.keys.sorted() {
            for choice in services.queued[operation] ?? [] { hasher.combine(operation); hasher.combine(choice.outcome) }
        }
        // The answers a scenario's `given: services:` chose in advance make a different world: the same screen and
        // values there behave otherwise (a call is answered at once), so they are two states.
        hasher.combine(services.defaults.count)
        for operation in services.defaults.keys.sorted() {
            guard let choice = services.defaults[operation] else { continue }
            hasher.combine(operation); hasher.combine(choice.outcome)
            for name in choice.output.keys.sorted() { hasher.combine(name); hasher.combine(choice.output[name].map { $0.hashValue } ?? 0) }
        }
        return hasher.key
    }

    /// The milliseconds until the next timer fires, nil when none runs.
    public var nextTimerDue: Int? {
        scheduled.map { $0.fireAt - elapsed }.min()
    }
}

/// Two 64-bit lanes fed word by word (multiply, rotate, xor), finalised with a 64-bit mixer. Not cryptographic:
/// a collision would merge two states, which at 2^-64 per pair is far below any bound an exploration reaches.
struct StateHasher {
    private var first: UInt64 = 0x9E37_79B9_7F4A_7C15
    private var second: UInt64 = 0xC2B2_AE3D_27D4_EB4F

    mutating func combine(_ word: UInt64) {
        first = (first ^ word) &* 0xFF51_AFD7_ED55_8CCD
        first = (first << 31) | (first >> 33)
        second = (second ^ (word &+ 0x1656_67B1_9E37_79F9)) &* 0xC4CE_B9FE_1A85_EC53
        second = (second << 29) | (second >> 35)
    }

    mutating func combine(_ value: Int) { combine(UInt64(bitPattern: Int64(value))) }

    mutating func combine(_ text: String) {
        var word: UInt64 = 0
        var count = 0
        for byte in text.utf8 {
            word = (word << 8) | UInt64(byte)
            count += 1
            if count == 8 { combine(word); word = 0; count = 0 }
        }
        combine(word ^ UInt64(text.utf8.count) << 56)
    }

    mutating func combine(_ value: Value) {
        switch value {
        case .null: combine(1)
        case .bool(let flag): combine(flag ? 2 : 3)
        case .int(let number): combine(4); combine(number)
        // Through their own hashes, not their text (formatting a decimal took a sixth of an exploration): a key is
        // only ever compared with keys of the same process.
        case .decimal(let number): combine(5); combine(number.hashValue)
        case .money(let money): combine(11); combine(money.amount.hashValue); combine(money.currency)
        case .date(let date): combine(12); combine(date.hashValue)
        case .timestamp(let instant): combine(13); combine(instant.millisecondsSince1970)
        case .duration(let milliseconds): combine(6); combine(milliseconds)
        case .text(let text): combine(7); combine(text)
        case .enumCase(let type, let name): combine(8); combine(type); combine(name)
        case .list(let items):
            combine(9); combine(items.count)
            for item in items { combine(item) }
        case .record(let fields):
            combine(10); combine(fields.count)
            for name in fields.keys.sorted() { combine(name); combine(fields[name] ?? .null) }
        }
    }

    var key: StateKey {
        func mix(_ value: UInt64) -> UInt64 {
            var z = value
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        return StateKey(high: mix(first ^ (second >> 17)), low: mix(second ^ (first << 13)))
    }
}

/// The value a declared type starts at when nothing sets it (`0`, `''`, `0.00` in the app's currency, the
/// first case of an enumeration): what an explorer puts in an event's payload.
public func zeroValue(of type: ValueType, in app: App) -> Value { Value(app.zeroValue(of: type, in: .required)) }
