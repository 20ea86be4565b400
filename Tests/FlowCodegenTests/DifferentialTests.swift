import FlowCompiler
import FlowExpression
import FlowIR
@_spi(Generated) import FlowMachine
import RailFlow
@_spi(Generated) import FlowRuntime
import FlowSource
import FlowTestSupport
import Foundation
import Testing

/// One step of a random run, applied to both the interpreter and the generated machine.
enum RunAction: CustomStringConvertible {
    /// An event with text payload fields (the others at zero).
    case send(String, [String: String])
    case fill(String, FlowRuntime.FieldInput)
    /// Chooses an outcome for the pending call at this position (modulo the number pending).
    case outcome(pending: Int, outcome: Int)
    case advance(Int)
    case back
    /// The app closed and launched again.
    case restart
    /// A tap on row `index` of a list of the current screen.
    case tapRow(String, Int)
    /// A row action (`swipe:`, `long_press:`) on row `index` of a list of the current screen.
    case rowAction(String, String, Int)

    var description: String {
        switch self {
        case .send(let event, let payload): payload.isEmpty ? "send \(event)" : "send \(event) \(payload.sorted { $0.key < $1.key })"
        case .fill(let field, let input): "fill \(field) = \(input)"
        case .outcome(let pending, let outcome): "outcome #\(outcome) for pending call #\(pending)"
        case .advance(let milliseconds): "advance \(milliseconds)ms"
        case .back: "back"
        case .restart: "restart"
        case .tapRow(let list, let index): "tap row \(index) of \(list)"
        case .rowAction(let list, let action, let index): "\(action) on row \(index) of \(list)"
        }
    }
}

/// SplitMix64: a small seeded generator, so every failure can be replayed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Runs the interpreter and a generated machine side by side and reports the first difference.
struct DifferentialRunner<Driver: GeneratedDriver> {
    let app: App
    /// A started interpreter per start screen, copied for each run (the interpreter is a value; starting one compiles its rules).
    let started: [Int: Interpreter]
    /// Events the flows raise themselves: never sent from outside (the generated machine cannot even build them).
    let raised: Set<String>

    /// Apps whose invariants must hold on every random run, not only in their scenarios (issue 15: Rail's 70/30
    /// split, round-ups and withdrawals); a run that breaks one is reported like a difference.
    static var appsKeepingInvariants: Set<String> { ["rail"] }
    var keepsInvariants: Bool { Self.appsKeepingInvariants.contains(app.id) }

    /// The interpreter runs every stage of the engine, whatever the app reaches, while the generated machine
    /// leaves out the stages FlowLowering finds unreached: a stage left out wrongly is a difference.
    let program: RuntimeProgram

    init(app: App) {
        self.app = app
        raised = app.raisedEventNames
        program = RuntimeProgram(app: app, engineStages: .all)
        var started: [Int: Interpreter] = [:]
        for index in app.screens.indices { started[index] = try? Interpreter(program: program, start: index) }
        self.started = started
    }

    /// What a person might type: valid and invalid values of every field kind the seeds use.
    static var texts: [String] {
        ["", " ", "a", "Ab", "Ada", "ada@example.com", "not-an-email", "ada@example", "123456", "123457", "654321", "111111", "12345",
         "07700 900123", "+447700900123", "0044 7700 900123", "SW1A 1AA", "E1 6AN", "!!", "01/02/1990", "2010-05-05", "31/12/2009",
         "1990-13-45", "4.99", "10", "-3", "abc", "true", "false", "everyday", "plus", "premium", "uk", "eu", "GB", "FR"]
    }

    /// Values a field of this kind usually accepts, so runs get past forms.
    static func plausible(_ field: Field) -> [String] {
        if !field.options.isEmpty { return field.options.map(\.value) }
        switch field.kind {
        case .email: return ["ada@example.com"]
        case .digits(let count): return [String("482913570".prefix(count)), String(repeating: "7", count: count)]
        case .date: return ["01/02/1990", "2001-07-04"]
        case .phone: return ["07700 900123", "+33 6 12 34 56 78"]
        case .money, .decimal: return ["4.99", "120"]
        case .int: return ["3"]
        case .checkbox: return ["true"]
        case .country: return ["GB", "FR"]
        default: return ["Ada", "SW1A 1AA"]
        }
    }

    /// Picks an action that is likely to matter on the interpreter's current screen.
    func randomAction(_ random: inout SeededGenerator, _ interpreter: Interpreter) -> RunAction {
        let roll = Int.random(in: 0..<100, using: &random)
        let screen = interpreter.currentScreen
        if roll < 10, let list = screen.lists.filter({ $0.tap != nil }).randomElement(using: &random),
           let count = (try? interpreter.rows())?[list.name]?.count, count > 0 {
            return .tapRow(list.name, Int.random(in: 0..<count, using: &random))
        }
        if roll >= 10, roll < 15, let list = screen.lists.filter({ !$0.actions.isEmpty }).randomElement(using: &random),
           let action = list.actions.randomElement(using: &random), let count = (try? interpreter.rows())?[list.name]?.count, count > 0 {
            return .rowAction(list.name, action.name, Int.random(in: 0..<count, using: &random))
        }
        if roll < 40, let event = interpreter.availableEvents.filter({ $0.split(separator: ".").count != 3 && !raised.contains($0) }).randomElement(using: &random) {
            return .send(event, randomPayload(event, &random))
        }
        if roll < 60, let field = screen.fields.randomElement(using: &random) {
            // A choice can only be given its options (the interpreter refuses others, as a device cannot produce them).
            if field.kind.isMultiple {
                let options = field.options.map(\.value)
                return .fill(field.name, .list(options.filter { _ in Bool.random(using: &random) }))
            }
            if field.kind.isChoice {
                return .fill(field.name, .text((field.options.map(\.value) + [""]).randomElement(using: &random) ?? ""))
            }
            if Bool.random(using: &random), let valid = Self.plausible(field).randomElement(using: &random) {
                return .fill(field.name, .text(valid))
            }
            let pool = Self.texts + field.options.map(\.value)
            return .fill(field.name, .text(pool.randomElement(using: &random) ?? ""))
        }
        if roll < 75, !interpreter.pendingCalls.isEmpty {
            return .outcome(pending: Int.random(in: 0..<8, using: &random), outcome: Int.random(in: 0..<8, using: &random))
        }
        if roll < 85 {
            // Recurring timers (app.every) run for minutes or hours: advance by their lengths too, so they fire.
            let lengths = [200, 1_000, 2_000, 5_000, 30_000, 61_000] + app.recurringTimers.map(\.delayMilliseconds)
            return .advance(lengths.randomElement(using: &random) ?? 1_000)
        }
        if roll < 92 { return .back }
        if roll < 94 { return .restart }
        let any = app.events.filter { $0.name.split(separator: ".").count != 3 && !raised.contains($0.name) }.randomElement(using: &random)
        return .send(any?.name ?? "back", any.map { randomPayload($0.name, &random) } ?? [:])
    }

    /// Text for each text payload field: country codes, addresses, blanks; an amount for each money field, from
    /// the boundaries of the money rules (a cent, the 70/30 split's 0.05 and 10.01, a round-up, zero, negative).
    func randomPayload(_ event: String, _ random: inout SeededGenerator) -> [String: String] {
        guard let declaration = app.events.first(where: { $0.name == event }) else { return [:] }
        var payload: [String: String] = [:]
        for field in declaration.payload where field.type == .text {
            payload[field.name] = ["", "GB", "FR", "US", "gb", "XX", "1 High Street, London"].randomElement(using: &random) ?? ""
        }
        for field in declaration.payload where field.type == .money {
            payload[field.name] = ["0.00", "0.01", "0.05", "1.00", "4.35", "10.01", "33.33", "250.00", "-1.00"].randomElement(using: &random) ?? "0.00"
        }
        return payload
    }

    static func apply(_ action: RunAction, to interpreter: inout Interpreter) throws {
        switch action {
        case .send(let event, let text):
            var payload = zeroPayload(event, interpreter.app)
            let fields = interpreter.app.events.first { $0.name == event }?.payload ?? []
            for (name, value) in text {
                // As the generated `Event(name:payload:)` reads it: money as an amount in the app's currency.
                if fields.first(where: { $0.name == name })?.type == .money {
                    if let amount = Decimal(string: value, locale: Locale(identifier: "en_US_POSIX")) {
                        payload[name] = .money(Money(amount: amount, currency: interpreter.app.currency))
                    }
                } else {
                    payload[name] = .text(value)
                }
            }
            try interpreter.send(event, payload: payload)
        case .fill(let field, let input): if interpreter.currentScreen.fields.contains(where: { $0.name == field }) { try interpreter.fill(field, input) }
        case .outcome(let pending, let outcome):
            guard !interpreter.pendingCalls.isEmpty else { return }
            let operation = interpreter.pendingCalls[pending % interpreter.pendingCalls.count]
            let outcomes = outcomeNames(operation, interpreter.app)
            guard !outcomes.isEmpty else { return }
            try interpreter.choose(outcomes[outcome % outcomes.count], for: operation)
        case .advance(let milliseconds): _ = try interpreter.advance(by: milliseconds)
        case .back: try interpreter.back()
        case .restart: try interpreter.restart()
        case .tapRow(let list, let index): try interpreter.tapRow(list, at: index)
        case .rowAction(let list, let action, let index): try interpreter.rowAction(list, action, at: index)
        }
    }

    static func outcomeNames(_ operation: String, _ app: App) -> [String] {
        let parts = operation.split(separator: ".").map(String.init)
        guard parts.count == 2, let service = app.services.first(where: { $0.name == parts[0] }),
              let declared = service.operations.first(where: { $0.name == parts[1] }) else { return [] }
        return declared.outcomes.map(\.name)
    }

    /// The payload the generated `Event(name:payload:)` is given: `given`, and every other field of the event at its
    /// zero value in the text form it reads (the interpreter's side gets the same zero values from `zeroPayload`).
    static func textPayload(_ event: String, _ given: [String: String], _ app: App) -> [String: String] {
        guard let declaration = app.events.first(where: { $0.name == event }) else { return given }
        var payload = given
        for field in declaration.payload where payload[field.name] == nil {
            if let text = zeroText(field.type, app) { payload[field.name] = text }
        }
        return payload
    }

    /// A zero value as an event's payload text (nil: an optional, left out): the text form of `App.zeroValue`, the one
    /// decision both back ends render, so the harness cannot drift from it.
    static func zeroText(_ type: ValueType, _ app: App) -> String? {
        text(of: app.zeroValue(of: type, in: .required), app)
    }

    static func text(of zero: ZeroValue, _ app: App) -> String? {
        switch zero {
        case .none: nil
        case .bool(let value): value ? "true" : "false"
        case .int(let value), .decimal(let value), .duration(let value): String(value)
        case .money: "0"
        case .text(let value): value
        case .emptyList: "[]"
        case .epochDate: "1970-01-01"
        case .epochTimestamp: "1970-01-01T00:00Z"
        case .enumCase(_, let name): name
        case .record(_, let fields): recordJSON(fields, app)
        }
    }

    /// A record of zero values as JSON in the generated type's layout (a field with no value left out).
    static func recordJSON(_ fields: [ZeroValue.Field], _ app: App) -> String {
        let members = fields.compactMap { field -> String? in
            let value: String? = switch field.zero {
            case .money(let currency): "{\"amount\":0,\"currency\":\"\(currency)\"}"
            case .text, .epochDate, .enumCase: text(of: field.zero, app).map { "\"\($0)\"" }
            case .epochTimestamp: "{\"millisecondsSince1970\":0}"
            default: text(of: field.zero, app)
            }
            return value.map { "\"\(field.name)\":\($0)" }
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    /// The payload the generated `Event(name:)` carries: every field at its zero value.
    static func zeroPayload(_ event: String, _ app: App) -> [String: Value] {
        guard let declaration = app.events.first(where: { $0.name == event }) else { return [:] }
        var payload: [String: Value] = [:]
        for field in declaration.payload { payload[field.name] = Value(app.zeroValue(of: field.type, in: .required)) }
        return payload
    }

    /// Runs `actions` from screen number `start` on both sides; nil when they agree, else where and how they differ.
    func firstDifference(_ actions: [RunAction], start: Int) -> String? {
        var queue = actions[...]
        return run(start: start) { _ in queue.popFirst() }.difference
    }

    /// Runs actions chosen by `next` (from the interpreter as it is before each one) on both sides,
    /// until `next` returns nil or the two differ.
    func run(start: Int, next: (Interpreter) -> RunAction?) -> (actions: [RunAction], difference: String?) {
        var actions: [RunAction] = []
        let difference = compareRun(start: start) { interpreter in
            let action = next(interpreter)
            if let action { actions.append(action) }
            return action
        }
        return (actions, difference)
    }

    private func compareRun(start: Int, next: (Interpreter) -> RunAction?) -> String? {
        var interpreter: Interpreter
        var machine: Driver
        var startEffects: [EffectRecord]
        do {
            if let copy = started[start] { interpreter = copy } else { interpreter = try Interpreter(program: program, start: start) }
        } catch {
            // Both must refuse the same start (an entry action failing on the same null, say).
            guard var machine = try? Driver(start: app.screens[start].id) else { return nil }
            return (try? machine.start()) == nil ? nil : "interpreter failed to start: \(error); the generated machine started"
        }
        do {
            machine = try Driver(start: app.screens[start].id)
            startEffects = try machine.start()
        } catch {
            return "generated machine failed to start: \(error)"
        }
        var timers: [(token: Int, fireAt: Int, sequence: Int)] = []
        var elapsed = 0
        var sequence = 0
        var previous = machine
        // A timer started while another fires (a recurring timer re-armed, a screen timer set again) may be due
        // within the same advance: the advance loop records effects as they come, and record() skips a token
        // it has already seen.
        var trackedTokens: Set<Int> = []
        func record(_ effects: [EffectRecord]) -> [EffectRecord] {
            var visible: [EffectRecord] = []
            for effect in effects {
                switch effect {
                case .startTimer(let token, let milliseconds):
                    guard trackedTokens.insert(token).inserted else { continue }
                    sequence += 1
                    timers.append((token, elapsed + milliseconds, sequence))
                case .cancelTimer(let token):
                    timers.removeAll { $0.token == token }
                case .effect: visible.append(effect)
                }
            }
            return visible
        }
        func compareEffects(_ step: MacroStep, _ effects: [EffectRecord], _ label: String) -> String? {
            let expected = step.effects.map { effect -> EffectRecord in
                switch effect {
                case .call(let operation, let arguments): .effect(kind: "call", value: operation, details: arguments.mapValues(\.description))
                case .analytics(let event, let properties): .effect(kind: "analytics", value: event, details: properties.mapValues(\.description))
                default: .effect(kind: effect.kind, value: effect.value, details: [:])
                }
            }
            return expected != effects ? "\(label): effects \(expected) vs generated \(effects)" : nil
        }
        func compare(_ step: MacroStep?, _ effects: [EffectRecord], _ label: String) -> String? {
            guard let step else { return nil }
            if let difference = compareEffects(step, effects, label) { return difference }
            if step.screen != machine.screenID { return "\(label): screen \(step.screen) vs generated \(machine.screenID)" }
            if step.ended != machine.ended { return "\(label): ended \(step.ended ?? "nil") vs generated \(machine.ended ?? "nil")" }
            if interpreter.errors != machine.errors { return "\(label): errors \(interpreter.errors) vs generated \(machine.errors)" }
            let variant = try? machine.variant()
            if step.variant != variant { return "\(label): variant \(step.variant ?? "nil") vs generated \(variant.flatMap { $0 } ?? "nil")" }
            let rows = Result { try interpreter.rows() }
            let generatedRows = Result { try machine.rows() }
            if (try? rows.get()) != (try? generatedRows.get()) {
                return "\(label): rows \((try? rows.get()) ?? [:]) vs generated \((try? generatedRows.get()) ?? [:])"
            }
            let actions = Result { try interpreterRowActions(interpreter) }
            let generatedActions = Result { try machine.rowActions() }
            if (try? actions.get()) != (try? generatedActions.get()) {
                return "\(label): row actions \((try? actions.get()) ?? [:]) vs generated \((try? generatedActions.get()) ?? [:])"
            }
            let shown = Result { try interpreter.texts() }
            let generatedTexts = Result { try machine.texts() }
            if (try? shown.get()) != (try? generatedTexts.get()) {
                return "\(label): texts \((try? shown.get()) ?? [:]) vs generated \((try? generatedTexts.get()) ?? [:])"
            }
            if !step.changes.isEmpty || machine.stateDiffers(from: previous) {
                let expectedState = stateJSON(interpreter.state)
                let actualState = (try? machine.stateJSON()) ?? "unencodable"
                if expectedState != actualState { return "\(label): state\n  interpreter \(expectedState)\n  generated   \(actualState)" }
            }
            previous = machine
            return nil
        }
        if let difference = compare(interpreter.steps(from: 0).first, record(startEffects), "start") { return difference }
        if interpreterDecisions(interpreter.steps(from: 0)) != machine.takeDecisions() { return "start: the engine's decisions differ" }
        var index = 0
        while let action = next(interpreter) {
            index += 1
            let label = "step \(index) (\(action))"
            let stepsBefore = interpreter.stepCount
            // The outcome event an `.outcome` action sends, named before the interpreter runs it (so the generated
            // machine gets it even when the interpreter's step fails).
            var outcomeEvent: String?
            if case .outcome(let pending, let outcome) = action, !interpreter.pendingCalls.isEmpty {
                let operation = interpreter.pendingCalls[pending % interpreter.pendingCalls.count]
                let outcomes = Self.outcomeNames(operation, interpreter.app)
                if !outcomes.isEmpty { outcomeEvent = "\(operation).\(outcomes[outcome % outcomes.count])" }
            }
            var interpreterFailure: String?
            do { try Self.apply(action, to: &interpreter) } catch { interpreterFailure = "\(error)" }
            if keepsInvariants, let failure = interpreterFailure, failure.contains("invariant '") {
                return "\(label): the interpreter broke an invariant: \(failure)"
            }
            var generatedFailure: String?
            var outputs: [[EffectRecord]] = []
            // Where the generated machine was after each timer an advance fired: the interpreter records a step per
            // timer, and a step before the last is compared with where the machine was then (a later timer may move
            // it on or end the run); state, errors and texts are compared after the last.
            var firedAt: [(screen: String, ended: String?)] = []
            do {
                switch action {
                case .send(let event, let payload):
                    guard let effects = try machine.send(named: event, payload: Self.textPayload(event, payload, interpreter.app)) else {
                        return "\(label): the generated machine has no event '\(event)'"
                    }
                    outputs.append(effects)
                case .fill(let field, let input):
                    if interpreter.currentScreen.fields.contains(where: { $0.name == field }) || interpreterFailure != nil { try machine.fill(field, input) }
                case .outcome:
                    if let name = outcomeEvent {
                        guard let effects = try machine.send(named: name, payload: Self.textPayload(name, [:], interpreter.app)) else {
                            return "\(label): the generated machine has no event '\(name)'"
                        }
                        outputs.append(effects)
                    }
                case .advance(let milliseconds):
                    let target = elapsed + milliseconds
                    while machine.ended == nil, let next = timers.filter({ $0.fireAt <= target }).min(by: { ($0.fireAt, $0.sequence) < ($1.fireAt, $1.sequence) }) {
                        timers.removeAll { $0.token == next.token }
                        elapsed = next.fireAt
                        machine.setClock(elapsed: elapsed)
                        let fired = try machine.fireTimer(next.token)
                        _ = record(fired)
                        outputs.append(fired)
                        firedAt.append((machine.screenID, machine.ended))
                    }
                    elapsed = target
                    machine.setClock(elapsed: elapsed)
                case .back:
                    outputs.append(try machine.back())
                case .restart:
                    outputs.append(try machine.restart())
                case .tapRow(let list, let index):
                    guard let effects = try machine.tapRow(list, at: index) else {
                        return "\(label): the generated machine gives no event for row \(index) of '\(list)'"
                    }
                    outputs.append(effects)
                case .rowAction(let list, let action, let index):
                    guard let effects = try machine.rowAction(list, action, at: index) else {
                        return "\(label): the generated machine gives no event for action '\(action)' on row \(index) of '\(list)'"
                    }
                    outputs.append(effects)
                }
            } catch {
                generatedFailure = "\(error)"
            }
            if (interpreterFailure == nil) != (generatedFailure == nil) {
                return "\(label): interpreter \(interpreterFailure.map { "failed: \($0)" } ?? "succeeded"), generated \(generatedFailure.map { "failed: \($0)" } ?? "succeeded")"
            }
            if interpreterFailure != nil { return nil }
            let newSteps = interpreter.steps(from: stepsBefore)
            if newSteps.count != outputs.count { return "\(label): \(newSteps.count) interpreter steps vs \(outputs.count) generated" }
            for (offset, (step, effects)) in zip(newSteps, outputs).enumerated() {
                if offset < outputs.count - 1, offset < firedAt.count {
                    if step.screen != firedAt[offset].screen { return "\(label): screen \(step.screen) vs generated \(firedAt[offset].screen) after timer \(offset + 1)" }
                    if step.ended != firedAt[offset].ended { return "\(label): ended \(step.ended ?? "nil") vs generated \(firedAt[offset].ended ?? "nil") after timer \(offset + 1)" }
                    let visible = record(effects)
                    if let difference = compareEffects(step, visible, label) { return difference }
                    continue
                }
                if let difference = compare(step, record(effects), label) { return difference }
            }
            if case .fill = action, interpreter.errors != machine.errors { return "\(label): errors \(interpreter.errors) vs generated \(machine.errors)" }
            // The calls each waits for (`waitingCalls`): made, answered, timed out and forgotten alike.
            let waiting = interpreter.waitingCalls.map { "\($0.operation) on \($0.screen)" }
            if waiting != machine.waitingCalls { return "\(label): waiting for \(waiting) vs generated \(machine.waitingCalls)" }
            // What each decided on its own (a call forgotten, a late answer dropped, a sub-flow abandoned).
            let decided = interpreterDecisions(newSteps)
            let generatedDecided = machine.takeDecisions()
            if decided != generatedDecided { return "\(label): decided \(decided) vs generated \(generatedDecided)" }
        }
        return nil
    }

    /// The shortest failing run found by dropping actions one at a time while the difference persists.
    func shrink(_ actions: [RunAction], start: Int) -> [RunAction] {
        var current = actions
        var changed = true
        while changed {
            changed = false
            var index = 0
            while index < current.count {
                var candidate = current
                candidate.remove(at: index)
                if firstDifference(candidate, start: start) != nil {
                    current = candidate
                    changed = true
                } else {
                    index += 1
                }
            }
        }
        return current
    }
}

/// The interpreter's state in the generated state's JSON form: flow names as keys, nulls left out.
func stateJSON(_ state: [String: Value]) -> String {
    func json(_ value: Value) -> Any? {
        switch value {
        case .bool(let flag): flag
        case .int(let number): number
        case .decimal(let decimal): NSDecimalNumber(decimal: decimal)
        case .money(let money): ["amount": NSDecimalNumber(decimal: money.amount), "currency": money.currency] as [String: Any]
        case .text(let text): text
        case .date(let date): date.description
        case .timestamp(let instant): ["millisecondsSince1970": instant.millisecondsSince1970]
        case .duration(let milliseconds): milliseconds
        case .list(let items): items.map { json($0) ?? NSNull() }
        case .record(let fields): fields.compactMapValues(json)
        case .enumCase(_, let name): name
        case .null: nil
        }
    }
    let object = state.compactMapValues(json)
    guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return "unencodable" }
    // Round-trip as the generated side does, so numbers print alike.
    guard let parsed = try? JSONSerialization.jsonObject(with: data),
          let again = try? JSONSerialization.data(withJSONObject: parsed, options: [.sortedKeys]) else { return "unencodable" }
    return String(decoding: again, as: UTF8.self)
}

/// The driver of app `id`'s generated module: the module (of those this target links, listed by
/// GeneratedMachinesPlugin) whose machine has that app id; "small-encoded" is the small fixture
/// in the shape large apps get.
func generatedDriver(_ id: String) -> (any GeneratedDriver.Type)? {
    let machine = id == "small-encoded"
        ? generatedMachines["SmallEncodedFlow"]
        : generatedMachines.filter { $0.key != "SmallEncodedFlow" }.sorted { $0.key < $1.key }.map(\.value).first { $0.appID == id }
    return machine.map { driver(for: $0) }
}

func driver<Machine: FlowStateMachine>(for _: Machine.Type) -> any GeneratedDriver.Type { MachineDriver<Machine>.self }

@Suite struct DifferentialTests {
    // Bounded by default so `swift test` stays quick; CI runs a longer pass as its own step, and a long run raises it
    // (docs/architecture.md, "Long runs").
    static let runsPerApp = Int(ProcessInfo.processInfo.environment["DIFFERENTIAL_RUNS"] ?? "") ?? 250

    /// The apps, compiled once for every case: each compile of the four apps costs seconds in a debug build, and the
    /// seven cases and the snapshot fuzzing used to compile them each time. (A diagnostic in them fails the first
    /// test that asks.)
    static let compiledApps = compileApps()

    static func apps() -> [App] { compiledApps }

    private static func compileApps() -> [App] {
        let root = packageRoot()
        // Compiled cleanly: a diagnostic that appears in any of them fails the test that asked for the apps.
        let flows = compileCleanly(CompilerConfig(inputs: [root.appendingPathComponent("flows").path], generatesOutputs: false)).program.apps
        let fixture = compileCleanly(CompilerConfig(inputs: [fixturesDirectory().appendingPathComponent("codegen/small-app/input").path], generatesOutputs: false),
                                     allowing: smallAppWarnings).program.apps
        // The semantics fixture keeps answers that land where nothing handles them: it pins what the engine does then.
        let semantics = compileCleanly(CompilerConfig(inputs: [fixturesDirectory().appendingPathComponent("semantics/input").path], generatesOutputs: false),
                                       allowing: ["late-answer-unhandled"]).program.apps
        return flows + fixture + semantics
    }

    /// The invariant check of the Rail runs can fail: with the interpreter's Spend share of a deposit planted
    /// wrong (the Invest part booked to Spend), one 10.00 USD deposit breaks an invariant and the run is reported.
    @Test func aRailRunThatBreaksAnInvariantIsReported() throws {
        guard var app = Self.apps().first(where: { $0.id == "rail" }) else {
            Issue.record("no app 'rail'")
            return
        }
        var planted = false
        for flow in app.flows.indices {
            for transition in app.flows[flow].globalTransitions.indices where app.flows[flow].globalTransitions[transition].event == "deposit_split" {
                var actions = app.flows[flow].globalTransitions[transition].actions
                guard case .set(let path, _) = actions[0].kind, path == ["spend_balance"],
                      case .set(_, let investShare) = actions[1].kind else { continue }
                actions[0].kind = .set(path: path, value: investShare)
                app.flows[flow].globalTransitions[transition].actions = actions
                planted = true
            }
        }
        #expect(planted, "the deposit_split transition no longer starts with set spend_balance, invest_balance")
        let runner = DifferentialRunner<MachineDriver<RailMachine>>(app: app)
        let station = try #require(app.screens.firstIndex { $0.id == "station" })
        let difference = runner.firstDifference([.send("deposit_confirmed", ["amount": "10.00"])], start: station)
        #expect(difference?.contains("the interpreter broke an invariant") == true, "\(difference ?? "no difference")")
        #expect(difference?.contains("invariant 'spend_is_its_share_minus_outflows'") == true, "\(difference ?? "no difference")")
    }

    @Test func everyAppInFlowsHasAGeneratedModule() {
        let root = packageRoot()
        let flows = compileCleanly(CompilerConfig(inputs: [root.appendingPathComponent("flows").path], generatesOutputs: false)).program.apps
        for app in flows {
            #expect(generatedDriver(app.id) != nil, "app '\(app.id)' has no generated module under generated/Sources (run flowc build; after adding an app, swift package purge-cache once: SwiftPM caches Package.swift's module list)")
        }
    }

    /// Every app in flows/, the small fixture, and `small-encoded`: the small fixture in the shape
    /// large apps get (encoded tables, screen struct).
    static var caseIDs: [String] {
        let flows = compile(CompilerConfig(inputs: [packageRoot().appendingPathComponent("flows").path], generatesOutputs: false),
                            diagnostics: DiagnosticBag()).program.apps
        return flows.map(\.id) + ["small", "small-encoded", "semantics"]
    }

    @Test(arguments: caseIDs)
    func generatedMachineMatchesInterpreter(appID: String) throws {
        let name = appID == "small-encoded" ? "small" : appID
        guard let app = Self.apps().first(where: { $0.id == name }) else {
            Issue.record("no app '\(appID)'")
            return
        }
        guard let driver = generatedDriver(appID) else {
            Issue.record("app '\(appID)' has no generated module under generated/Sources (run flowc build)")
            return
        }
        try check(app, driver)
    }

    func check<Driver: GeneratedDriver>(_ app: App, _ driver: Driver.Type) throws {
        let runner = DifferentialRunner<Driver>(app: app)
        var random = SeededGenerator(state: 0x5EED_F10C)
        var actionCount = 0
        var screensSeen: Set<String> = []
        let started = Date()
        defer {
            print("differential \(String(describing: driver)): \(Self.runsPerApp) runs, \(actionCount) actions, \(screensSeen.count) of \(app.screens.count) screens reached, \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
        }
        for run in 0..<Self.runsPerApp {
            // Half the runs start on the app's start screen, half on a random screen, to reach deep screens.
            let start = Bool.random(using: &random) ? (app.startScreen ?? 0) : Int.random(in: 0..<app.screens.count, using: &random)
            let length = Int.random(in: 1...20, using: &random)
            var remaining = length
            let (actions, found) = runner.run(start: start) { interpreter in
                screensSeen.insert(interpreter.currentScreen.id)
                guard remaining > 0 else { return nil }
                remaining -= 1
                return runner.randomAction(&random, interpreter)
            }
            actionCount += actions.count
            if let difference = found {
                let shortest = runner.shrink(actions, start: start)
                let replay = shortest.enumerated().map { "  \($0.offset + 1). \($0.element)" }.joined(separator: "\n")
                Issue.record("""
                    \(app.id): run \(run) differs from the interpreter: \(difference)
                    shortest run found from \(app.screens[start].id) (\(shortest.count) of \(actions.count) actions): \(runner.firstDifference(shortest, start: start) ?? "")
                    \(replay)
                    """)
                return
            }
        }
    }
}
