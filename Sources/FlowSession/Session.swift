import FlowExpression
import FlowIR
import FlowRuntime
import FlowSource
import Foundation

func location(of range: SourceRange) -> String { "\(range.file):\(range.start.line)" }

/// One person's (or script's) run of an app, with undo and the steps so far for `save`: what `flowc run` drives.
public struct Session: Sendable {
    public let app: App
    public var interpreter: Interpreter
    /// Every event some transition of the app handles (screens', flows' and service outcomes'), and the events
    /// the flows raise themselves: found once, so a step costs the same in a 10,000-screen app as in a small one.
    public let handledEvents: Set<String>
    public let raisedEvents: Set<String>
    /// Runs before each command, for `undo` (a person at a terminal; scripts keep none).
    var history: [Interpreter] = []
    var keepsHistory = true
    /// The walk so far as scenario steps (`- send: tap_log_in`), as `save` writes them under `steps:`.
    public internal(set) var steps: [String] = []
    /// Commands performed so far (undone ones taken off): the "step" a script's JSON lines report.
    /// Unlike `steps`, which a script keeps only up to `savedStepsLimit`, it keeps counting.
    var performedCount = 0
    var lastStepIndex = 0

    public init(app: App, start: Int? = nil, state: [(path: [String], value: TypedExpression)] = []) throws {
        try self.init(program: RuntimeProgram(app: app), start: start, state: state)
    }

    /// A session on a program already made from the lowered app: a caller that starts over many times (the studio's
    /// reset, each scenario it opens) lowers the app once.
    public init(program: RuntimeProgram, start: Int? = nil, state: [(path: [String], value: TypedExpression)] = []) throws {
        app = program.app
        interpreter = try Interpreter(program: program, start: start, state: state)
        (handledEvents, raisedEvents) = Self.eventSets(of: app)
    }

    /// A session in the world a scenario gives: its start screen, state, services' default outcomes and clock
    /// (`start` and `state` from the command line come on top).
    public init(app: App, scenario: Scenario, start: Int?, state: [(path: [String], value: TypedExpression)]) throws {
        try self.init(program: RuntimeProgram(app: app), scenario: scenario, start: start, state: state)
    }

    /// As above, on a program already made from the lowered app.
    public init(program: RuntimeProgram, scenario: Scenario, start: Int?, state: [(path: [String], value: TypedExpression)]) throws {
        app = program.app
        interpreter = try Interpreter(program: program, start: start ?? scenario.startScreen, clock: scenario.startingClock,
                                      services: ServiceOutcomes(givenBy: scenario, of: app),
                                      state: scenario.givenState + state)
        (handledEvents, raisedEvents) = Self.eventSets(of: app)
    }

    static func eventSets(of app: App) -> (handled: Set<String>, raised: Set<String>) {
        var events = Set<String>()
        for screen in app.screens { events.formUnion(screen.transitions.map(\.event)) }
        for flow in app.flows { events.formUnion(flow.globalTransitions.map(\.event)) }
        return (events, app.raisedEventNames)
    }

    /// Runs one step of a replayed scenario and records it for `save`; false for what is not an action
    /// (expectations and refused fills are checked by `flowc test`, not replayed).
    public mutating func replay(_ step: Scenario.Step) throws -> Bool {
        guard isAction(step.kind) else { return false }
        let app = self.app
        var evaluated: [String: Value] = [:]
        try record("") { evaluated = try performAction(step.kind, of: app, on: &$0) }
        if !steps.isEmpty { steps[steps.count - 1] = savedStep(step.kind, payload: evaluated) }
        return true
    }

    /// A replayed step as `save` writes it (several lines for several outcomes, joined at the steps' indentation).
    func savedStep(_ step: Scenario.Step.Kind, payload: [String: Value]) -> String {
        switch step {
        case .send(let event, _):
            return sendStep(event, payload)
        case .fill(let fills), .fillRefused(let fills):
            return "- fill: { " + fills.map { fill in
                switch fill.value {
                case .text(let text): "\(fill.field): \(yamlQuoted(text))"
                case .list(let items): "\(fill.field): [" + items.map(yamlQuoted).joined(separator: ", ") + "]"
                }
            }.joined(separator: ", ") + " }"
        case .advance(let milliseconds):
            return "- advance: " + (milliseconds % 1000 == 0 ? "\(milliseconds / 1000)s" : "\(milliseconds)ms")
        case .outcome(let choices):
            return choices.map { choice in
                let service = app.services[choice.service]
                let operation = service.operations[choice.operation]
                return outcomeStep("\(service.name).\(operation.name)", operation.outcomes[choice.outcome].name, choice.output)
            }.joined(separator: "\n      ")
        case .back:
            return "- back: true"
        case .restart:
            return "- restart: true"
        case .tapRow(let list, .index(let index)):
            return "- tap_row: { list: \(list), index: \(index) }"
        case .tapRow(let list, .key(let key)):
            return "- tap_row: { list: \(list), key: \(yamlQuoted(key)) }"
        case .rowAction(let list, let action, let row):
            return rowActionStep(list, action, row)
        case .expect:
            return ""
        }
    }

    /// A script's steps are remembered (for nothing but a bounded record) up to this many.
    static let savedStepsLimit = 10_000

    struct CommandError: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs one interactive command; returns text to print instead of the screen summary, if any.
    public mutating func perform(command: String, arguments: [String]) throws -> String? {
        switch command {
        case "undo":
            guard let previous = history.popLast() else { throw CommandError(description: "nothing to undo") }
            interpreter = previous
            if !steps.isEmpty { steps.removeLast() }
            performedCount = max(0, performedCount - 1)
            // The steps shown as "what just happened" are those before the command that was undone.
            lastStepIndex = min(lastStepIndex, interpreter.stepCount)
            return nil
        case "save":
            return scenarioYAML(name: arguments.first ?? "recorded_session")
        case "send":
            guard let event = arguments.first else { throw CommandError(description: "send needs an event name") }
            try checkHandled(event)
            let payload = try arguments.count > 1 ? payload(of: event, json: arguments[1]) : [:]
            try record(sendStep(event, payload)) { try $0.send(event, payload: payload) }
        case "fill":
            guard arguments.count == 2 else { throw CommandError(description: "fill needs a field and a value") }
            let field = arguments[0]
            let value = arguments[1]
            let isList = interpreter.currentScreen.fields.first { $0.name == field }.map { $0.kind.isMultiple } ?? false
            let input: FieldInput = isList ? .list(value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }) : .text(value)
            try record("- fill: { \(field): \(yamlQuoted(value)) }") { try $0.fill(field, input) }
        case "advance":
            guard let text = arguments.first, let milliseconds = parseDuration(text) else {
                throw CommandError(description: "advance needs a duration such as 30s or 5m")
            }
            try record("- advance: \(text)") { _ = try $0.advance(by: milliseconds) }
        case "outcome":
            guard arguments.count == 2 || arguments.count == 3 else {
                throw CommandError(description: "outcome needs an operation and an outcome, and may take output values as JSON")
            }
            let output = try outputs(of: arguments[0], outcome: arguments[1], json: arguments.count == 3 ? arguments[2] : nil)
            try record(outcomeStep(arguments[0], arguments[1], output)) { try $0.choose(arguments[1], for: arguments[0], output: output) }
        case "back":
            try record("- back: true") { try $0.back() }
        case "restart":
            try record("- restart: true") { try $0.restart() }
        case "tap_row":
            let (list, row) = try rowChoice(arguments)
            try record(savedStep(.tapRow(list: list, row: row), payload: [:])) { try $0.tapRow(list, row) }
        case "swipe_row", "long_press_row":
            let (list, row, action) = try rowActionChoice(command, arguments)
            try record(savedStep(.rowAction(list: list, action: action, row: row), payload: [:])) { try $0.rowAction(list, action, row) }
        default:
            try checkHandled(command)
            try record("- send: \(command)") { try $0.send(command) }
        }
        return nil
    }

    /// A person's mistyped event is refused with the nearest name, not sent to be ignored.
    func checkHandled(_ event: String) throws {
        try checkNotRaised(event)
        guard !handledEvents.contains(event) else { return }
        throw UnknownEvent(description: unknownEventRefusal(event))
    }

    /// An event the flows raise themselves is not the person's to send: it would take a path the app never takes.
    func checkNotRaised(_ event: String) throws {
        guard raisedEvents.contains(event) else { return }
        throw CommandError(description: "'\(event)' is raised by the flows ('raise: \(event)'), not sent from outside; send what leads there: \(sendableNow)")
    }

    mutating func record(_ step: String, _ body: (inout Interpreter) throws -> Void) throws {
        if !keepsHistory {
            // A failed line leaves the run as it was (the copy is dropped); with a bounded trace the copy costs
            // the same on the millionth line as on the first.
            var copy = interpreter
            lastStepIndex = copy.stepCount
            try body(&copy)
            interpreter = copy
            performedCount += 1
            if steps.count < Self.savedStepsLimit { steps.append(step) }
            return
        }
        var copy = interpreter
        lastStepIndex = copy.stepCount
        try body(&copy)
        history.append(interpreter)
        interpreter = copy
        performedCount += 1
        steps.append(step)
    }

    /// The keys a script line may have: one step, and the data that goes with it.
    static let stepKeys = ["send", "fill", "advance", "outcome", "back", "restart"] + rowStepKeys
    static let dataKeys = ["payload": "send", "output": "outcome"]

    /// Runs one JSON line of a script. Anything it cannot take exactly as written is refused, never guessed.
    public mutating func perform(jsonLine: String) throws {
        // A line refused before it runs took no step: its answer must not show the previous line's effects again.
        lastStepIndex = interpreter.stepCount
        try checkExactNumbers(in: jsonLine)
        let parsed: Any
        do {
            parsed = try JSONSerialization.jsonObject(with: Data(jsonLine.utf8))
        } catch {
            throw CommandError(description: "not valid JSON; each line is one JSON object such as {\"send\": \"tap_im_new\"}")
        }
        guard let object = parsed as? [String: Any], object.count >= 1 else {
            throw CommandError(description: "each line is a JSON object such as {\"send\": \"tap_im_new\"}")
        }
        let steps = Self.stepKeys.filter { object[$0] != nil }
        guard steps.count == 1, let step = steps.first else {
            throw CommandError(description: steps.isEmpty
                ? "unknown step \(object.keys.sorted()); use one of send, fill, advance, outcome, back, restart, tap_row, swipe_row or long_press_row"
                : "a line has one step; split \(steps.map { "\"\($0)\"" }.joined(separator: " and ")) into separate lines")
        }
        for key in object.keys.sorted() where key != step && Self.dataKeys[key] != step {
            throw CommandError(description: "\"\(key)\" does not go with \"\(step)\"")
        }
        if let event = object["send"] as? String {
            try checkNotRaised(event)
            guard handledEvents.contains(event) else { throw CommandError(description: unknownEventRefusal(event)) }
            let payload = try payload(of: event, raw: object["payload"] as? [String: Any] ?? [:])
            try record(sendStep(event, payload)) { try $0.send(event, payload: payload) }
        } else if let fills = object["fill"] as? [String: Any] {
            for key in fills.keys.sorted() {
                let input: FieldInput = if let items = fills[key] as? [Any] { .list(items.map { "\($0)" }) } else { .text("\(fills[key] ?? "")") }
                try record("- fill: { \(key): \(yamlQuoted("\(fills[key] ?? "")")) }") { try $0.fill(key, input) }
            }
        } else if let text = object["advance"] as? String {
            guard let milliseconds = parseDuration(text) else { throw CommandError(description: "'\(text)' is not a duration") }
            try record("- advance: \(text)") { _ = try $0.advance(by: milliseconds) }
        } else if let outcomes = object["outcome"] as? [String: String] {
            let raw = object["output"] as? [String: Any]
            if raw != nil && outcomes.count != 1 {
                throw CommandError(description: "\"output\" goes with exactly one outcome")
            }
            for key in outcomes.keys.sorted() {
                let outcome = outcomes[key] ?? ""
                let output = try outputs(of: key, outcome: outcome, raw: raw ?? [:])
                try record(outcomeStep(key, outcome, output)) { try $0.choose(outcome, for: key, output: output) }
            }
        } else if let back = object["back"] {
            // JSON `true` arrives as a boolean NSNumber (objCType "c"); `1` would also cast to Bool.
            let isTrue = (back as? NSNumber).map { String(cString: $0.objCType) == "c" && $0.boolValue } ?? false
            guard isTrue else {
                throw CommandError(description: "\"back\" takes true, not \(jsonShown(back))")
            }
            try record("- back: true") { try $0.back() }
        } else if let restart = object["restart"] {
            let isTrue = (restart as? NSNumber).map { String(cString: $0.objCType) == "c" && $0.boolValue } ?? false
            guard isTrue else {
                throw CommandError(description: "\"restart\" takes true, not \(jsonShown(restart))")
            }
            try record("- restart: true") { try $0.restart() }
        } else if Self.rowStepKeys.contains(step), let raw = object[step] {
            try performRowStep(step, raw)
        } else {
            throw CommandError(description: "\"\(step)\" has the wrong kind of value: \(jsonShown(object[step] ?? NSNull()))")
        }
    }


    /// Numbers are read as JSON doubles; one that a double cannot hold exactly (over 15 significant digits,
    /// or out of range) would arrive changed, so it is refused.
    func checkExactNumbers(in line: String) throws {
        let scalars = Array(line.unicodeScalars)
        var index = 0
        var inText = false
        while index < scalars.count {
            let scalar = scalars[index]
            if inText {
                if scalar == "\\" { index += 2; continue }
                if scalar == "\"" { inText = false }
                index += 1
                continue
            }
            if scalar == "\"" { inText = true; index += 1; continue }
            guard scalar == "-" || ("0"..."9").contains(scalar) else { index += 1; continue }
            var end = index + 1
            while end < scalars.count, ("0"..."9").contains(scalars[end]) || ".eE+-".unicodeScalars.contains(scalars[end]) { end += 1 }
            let token = String(String.UnicodeScalarView(scalars[index..<end]))
            let mantissa = token.prefix { $0 != "e" && $0 != "E" }
            let digits = mantissa.filter(\.isNumber).drop { $0 == "0" }
            let exponent = Int(token.drop { $0 != "e" && $0 != "E" }.dropFirst()) ?? 0
            if digits.count > 15 || abs(exponent) > 300 {
                throw CommandError(description: "the number \(token.count > 40 ? String(token.prefix(20)) + "…" : token) cannot be read exactly; write it as text, e.g. \"\(token.count > 40 ? "12.50" : token)\"")
            }
            index = end
        }
    }

    /// A payload given as JSON, read as the event's declared payload (undeclared events: text, numbers, booleans).
    func payload(of event: String, json text: String) throws -> [String: Value] {
        guard let raw = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else {
            throw CommandError(description: "the payload \(text) is not a JSON object; write it as {\"name\": \"value\"}, keys and text in double quotes")
        }
        return try payload(of: event, raw: raw)
    }

    func payload(of event: String, raw: [String: Any]) throws -> [String: Value] {
        let values = ScriptValues(app: app)
        if let fields = values.payloadFields(of: event) {
            return try values.values(raw, for: fields, of: "the payload of '\(event)'")
        }
        var payload: [String: Value] = [:]
        for (key, value) in raw { payload[key] = try literalValue(value) }
        return payload
    }

    /// Output values chosen for a service outcome, read as the outcome's declared outputs.
    func outputs(of operation: String, outcome: String, json text: String?) throws -> [String: TypedExpression] {
        guard let text else { return try outputs(of: operation, outcome: outcome, raw: [:]) }
        guard let raw = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] else {
            throw CommandError(description: "the output values \(text) are not a JSON object; write them as {\"name\": \"value\"}, keys and text in double quotes")
        }
        return try outputs(of: operation, outcome: outcome, raw: raw)
    }

    func outputs(of operation: String, outcome name: String, raw: [String: Any]) throws -> [String: TypedExpression] {
        let values = ScriptValues(app: app)
        let outcome = try values.outcome(name, of: operation)
        let chosen = try values.values(raw, for: outcome.output, of: "the output of '\(operation).\(name)'")
        var output: [String: TypedExpression] = [:]
        for field in outcome.output {
            if let value = chosen[field.name] { output[field.name] = value.asLiteral(of: field.type) }
        }
        return output
    }

    /// A JSON value as an expression-language value: numbers, booleans, and text; "10.00 GBP" becomes money.
    func literalValue(_ raw: Any) throws -> Value {
        if let flag = raw as? Bool { return .bool(flag) }
        if let number = raw as? Int { return .int(number) }
        if let text = raw as? String {
            let parts = text.split(separator: " ")
            if parts.count == 2, let amount = Decimal(string: String(parts[0])), parts[1].count == 3, parts[1].allSatisfy(\.isUppercase) {
                return .money(Money(amount: amount, currency: String(parts[1])))
            }
            return .text(text)
        }
        if let number = raw as? Double { return .decimal(Decimal(string: "\(number)") ?? 0) }
        throw CommandError(description: "payload values are text, numbers or booleans")
    }

    // MARK: Output

    public func screenSummary() -> String {
        let screen = interpreter.currentScreen
        var lines: [String] = []
        let clock = "+\(interpreter.elapsed / 1000)s"
        lines.append("[\(clock)] \(screen.id) · \(screen.name)" + ((try? interpreter.currentVariant()).flatMap { $0 }.map { " (\($0))" } ?? ""))
        if let ended = interpreter.ended { lines.append("  the run ended: \(ended)") }
        for field in screen.fields {
            let value: String = switch interpreter.form[field.name] {
            case .text(let text)?: "\"\(text)\""
            case .list(let items)?: "[" + items.joined(separator: ", ") + "]"
            case nil: "(empty)"
            }
            let error = interpreter.errors[field.name].map { "   ✗ \($0)" } ?? ""
            lines.append("  field \(field.name) (\(field.kind.name)): \(value)\(error)")
        }
        let recentSteps = interpreter.steps(from: lastStepIndex)
        for micro in recentSteps.flatMap(\.microSteps) { lines.append("  \(micro)") }
        for effect in recentSteps.flatMap(\.effects) { lines.append("  effect: \(effect)") }
        if !interpreter.pendingCalls.isEmpty {
            lines.append("  waiting for: " + interpreter.pendingCalls.joined(separator: ", ") + " (answer with: outcome <operation> <outcome>)")
        }
        let sendable = sendableEvents
        lines.append("  events: " + (sendable.onScreen.isEmpty ? "(none)" : sendable.onScreen.joined(separator: ", ")))
        if !sendable.flowWide.isEmpty {
            lines.append("  anywhere in \(app.flows[interpreter.currentScreen.flow].name): " + sendable.flowWide.joined(separator: ", "))
        }
        let timers = interpreter.upcomingTimers
        if !timers.isEmpty {
            lines.append("  timers: " + timers.map { "\($0.delay.hasPrefix("at ") ? $0.delay : "after \($0.delay)") (in \($0.remaining / 1000)s)" }.joined(separator: ", ") + " — use: advance <duration>")
        }
        lines += textLines()
        lines += captionLines()
        lines += optionLines()
        lines += listLines()
        if !app.state.isEmpty {
            lines.append("  state:")
            lines.append(stateLines(indent: "    "))
        }
        return lines.joined(separator: "\n")
    }

    public func json(status: String, error: String?) -> String {
        let steps = interpreter.steps(from: lastStepIndex)
        let answer = ScriptAnswer(
            status: status, step: performedCount, timeMilliseconds: interpreter.elapsed,
            screen: interpreter.currentScreen.id, name: interpreter.currentScreen.name,
            errors: interpreter.errors, events: sendableEvents.all, pending: interpreter.pendingCalls,
            transitions: steps.flatMap(\.microSteps).map(\.description),
            effects: steps.flatMap(\.effects).map { ScriptAnswer.Effect(kind: $0.kind, value: $0.value) },
            state: Dictionary(uniqueKeysWithValues: app.state.map { ($0.name, interpreter.state[$0.name]?.description ?? "null") }),
            // What the screen says in words, values filled in: what a script checks a screen by, as a person reads it.
            texts: interpreter.currentScreen.texts.isEmpty ? nil : ((try? interpreter.texts()) ?? [:]),
            variant: (try? interpreter.currentVariant()) ?? nil, ended: interpreter.ended, error: error)
        // A typed document through JSONEncoder: JSONSerialization of a [String: Any] (sorting its keys as AnyHashable)
        // was 70 % of a script's time.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(answer)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }

    public func scenarioYAML(name: String) -> String {
        var lines = ["scenarios:", "  \(name):", "    steps:"]
        lines += steps.map { "      \($0)" }
        lines.append("      - expect: { screen: \(interpreter.currentScreen.id) }")
        return lines.joined(separator: "\n")
    }

    /// The scenario step for a sent event, with its payload when it has one.
    func sendStep(_ event: String, _ payload: [String: Value]) -> String {
        guard !payload.isEmpty else { return "- send: \(event)" }
        return "- send: { event: \(event), payload: \(yamlMapping(payload)) }" + unwritten(payload)
    }

    /// The scenario step for a chosen outcome, with the output values chosen.
    func outcomeStep(_ operation: String, _ outcome: String, _ output: [String: TypedExpression]) -> String {
        var values: [String: Value] = [:]
        for (name, expression) in output { if case .literal(let value) = expression.kind { values[name] = value } }
        guard !values.isEmpty else { return "- outcome: { \(operation): \(outcome) }" }
        return "- outcome: { \(operation): { outcome: \(outcome), output: \(yamlMapping(values)) } }" + unwritten(values)
    }

    /// `{ name: "expression", ... }`; a value with no literal form (a record) is written as null with a
    /// trailing comment showing it, for the person saving the scenario to fill in.
    func yamlMapping(_ values: [String: Value]) -> String {
        let pairs = values.keys.sorted().map { name in
            guard let source = values[name]?.expressionSource else { return "\(name): null" }
            return "\(name): \(yamlQuoted(source))"
        }
        return "{ " + pairs.joined(separator: ", ") + " }"
    }

    /// A trailing YAML comment for the values `yamlMapping` could not write.
    func unwritten(_ values: [String: Value]) -> String {
        let notes = values.keys.sorted().compactMap { name in values[name].flatMap { $0.expressionSource == nil ? "\(name) was \($0)" : nil } }
        return notes.isEmpty ? "" : "  # " + notes.joined(separator: "; ")
    }

}

/// One answer line of `flowc run --script`: the step's outcome, where the app is and what it shows.
struct ScriptAnswer: Encodable {
    struct Effect: Encodable {
        var kind: String
        var value: String
    }

    var status: String
    var step: Int
    var timeMilliseconds: Int
    var screen: String
    var name: String
    var errors: [String: String]
    var events: [String]
    var pending: [String]
    var transitions: [String]
    var effects: [Effect]
    var state: [String: String]
    var texts: [String: String]?
    var variant: String?
    var ended: String?
    var error: String?

    enum CodingKeys: String, CodingKey {
        case status, step, screen, name, errors, events, pending, transitions, effects, state, texts, variant, ended, error
        case timeMilliseconds = "time_ms"
    }
}
