import FlowExpression
import FlowIR
import FlowRuntime

/// One thing a person or the world can do to the app, as an explorer tries it and a scenario writes it.
public enum ExploreMove: Hashable, Sendable {
    /// Send an event the current screen (or its flow) handles, with a payload for an event that declares one.
    case send(event: String, payload: [PayloadValue])
    /// Type these values into the current screen's fields (those not shown now are left alone).
    case fill([FieldFill])
    /// Answer the oldest waiting call of `operation` with `outcome`, its outputs at these values (drawn from their
    /// domains; none for an outcome without outputs).
    case outcome(operation: String, outcome: String, output: [PayloadValue])
    /// Move the clock to the next running timer.
    case advance(milliseconds: Int)
    case back
    /// Close the app and launch it again: only `persist: true` state survives.
    case restart

    /// Whether the move carries values drawn from a domain (a payload or service outputs).
    var carriesValues: Bool {
        switch self {
        case .send(_, let payload): !payload.isEmpty
        case .outcome(_, _, let output): !output.isEmpty
        default: false
        }
    }

    public struct FieldFill: Hashable, Sendable {
        public var field: String
        public var input: FieldInput
    }

    public struct PayloadValue: Hashable, Sendable {
        public var name: String
        public var value: Value
    }

    /// A few words for reports: `send tap_continue`, `fill amount "0"`, `outcome equals.log_in.failure`.
    public var summary: String {
        switch self {
        case .send(let event, let payload):
            payload.isEmpty ? "send \(event)" : "send \(event) with " + payload.map { "\($0.name) \($0.value.description)" }.joined(separator: ", ")
        case .fill(let fills): "fill " + fills.map { "\($0.field) \(shown($0.input))" }.joined(separator: ", ")
        case .outcome(let operation, let outcome, let output):
            "outcome \(operation).\(outcome)" + (output.isEmpty ? "" : " with " + output.map { "\($0.name) \($0.value.description)" }.joined(separator: ", "))
        case .advance(let milliseconds): "advance \(durationText(milliseconds))"
        case .back: "back"
        case .restart: "restart"
        }
    }
}

func shown(_ input: FieldInput) -> String {
    switch input {
    case .text(let text): "\"\(text)\""
    case .list(let items): "[" + items.joined(separator: ", ") + "]"
    }
}

/// `30s`, `1m30s`, `250ms`: how scenarios write a duration.
func durationText(_ milliseconds: Int) -> String {
    if milliseconds % 1000 != 0 { return "\(milliseconds)ms" }
    let seconds = milliseconds / 1000
    if seconds >= 3600, seconds % 3600 == 0 { return "\(seconds / 3600)h" }
    if seconds >= 60, seconds % 60 == 0 { return "\(seconds / 60)m" }
    return "\(seconds)s"
}

/// The moves worth trying on each screen, worked out once per screen from the app: its events, the field
/// inputs its rules call for, and the app's service outcomes.
struct MoveCatalog {
    let app: App
    /// Events sent only by the app itself (service answers, raised events): never sent as a move.
    private let internalEvents: Set<String>
    /// Values typed into each field name by the app's own scenarios, in the order first met.
    private let scenarioFills: [String: [FieldInput]]
    private var screenMoves: [Int: [ExploreMove]] = [:]
    /// The declared outcomes of each operation, `service.operation` → names.
    let outcomes: [String: [String]]
    /// The answers to try for each operation: each outcome with each of its output variants.
    let answers: [String: [ExploreMove]]
    let domains: PayloadDomains

    init(app: App, payloadValues: Int = PayloadDomains.defaultLimit) {
        self.app = app
        let domains = PayloadDomains(app: app, limit: payloadValues)
        self.domains = domains
        var answers: [String: [ExploreMove]] = [:]
        var internalEvents: Set<String> = []
        var outcomes: [String: [String]] = [:]
        for service in app.services {
            for operation in service.operations {
                let name = "\(service.name).\(operation.name)"
                // A timeout's outcome is the machine's own answer, reached by advancing the clock past the deadline.
                outcomes[name] = operation.outcomes.map(\.name).filter { $0 != operation.timeout?.outcome }
                for outcome in operation.outcomes where outcome.name != operation.timeout?.outcome {
                    for output in domains.variants(of: "\(name).\(outcome.name)", fields: outcome.output) {
                        answers[name, default: []].append(.outcome(operation: name, outcome: outcome.name, output: output))
                    }
                }
                for outcome in operation.outcomes { internalEvents.insert("\(name).\(outcome.name)") }
            }
        }
        func raised(_ actions: [Action]) {
            for action in actions { if case .raise(let event) = action.kind { internalEvents.insert(event) } }
        }
        for screen in app.screens {
            raised(screen.enter); raised(screen.exit)
            for transition in screen.transitions { raised(transition.actions) }
        }
        for flow in app.flows { for transition in flow.globalTransitions { raised(transition.actions) } }
        self.internalEvents = internalEvents
        self.outcomes = outcomes
        self.answers = answers
        var fills: [String: [FieldInput]] = [:]
        for scenario in app.scenarios {
            for step in scenario.steps {
                guard case .fill(let items) = step.kind else { continue }
                for item in items {
                    let input: FieldInput = switch item.value {
                    case .text(let text): .text(text)
                    case .list(let list): .list(list)
                    }
                    if !(fills[item.field] ?? []).contains(input) { fills[item.field, default: []].append(input) }
                }
            }
        }
        scenarioFills = fills
    }

    /// How many payload and output variants the app's domains give: every event's payloads and every answer's outputs.
    var valueMovesDrawn: Int {
        let sends = app.events.filter { !$0.payload.isEmpty && !internalEvents.contains($0.name) }.reduce(0) { $0 + payloads(of: $1.name).count }
        return sends + answers.values.reduce(0) { $0 + $1.filter(\.carriesValues).count }
    }

    /// Every move to try from where `run` is, in a fixed order: events, fills, answers, the next timer, back, restart.
    mutating func moves(from run: Interpreter) -> [ExploreMove] {
        var moves = screenMoves[run.screen] ?? movesOnScreen(run.screen, events: run.availableEvents)
        var answered: Set<String> = []
        for call in run.pendingCalls where answered.insert(call).inserted {
            moves += answers[call] ?? []
        }
        if let due = run.nextTimerDue { moves.append(.advance(milliseconds: due)) }
        moves.append(.back)
        moves.append(.restart)
        return moves
    }

    private mutating func movesOnScreen(_ screen: Int, events: [String]) -> [ExploreMove] {
        if let known = screenMoves[screen] { return known }
        var moves: [ExploreMove] = []
        for event in events where !internalEvents.contains(event) {
            for payload in payloads(of: event) { moves.append(.send(event: event, payload: payload)) }
        }
        moves += fillMoves(app.screens[screen].fields)
        screenMoves[screen] = moves
        return moves
    }

    /// The payloads to send `event` with: none for an event without one; otherwise its fields' values drawn from
    /// their domains (`PayloadDomains`), one field varied at a time.
    func payloads(of event: String) -> [[ExploreMove.PayloadValue]] {
        guard let declaration = app.events.first(where: { $0.name == event }), !declaration.payload.isEmpty else { return [[]] }
        return domains.variants(of: event, fields: declaration.payload)
    }

    /// One fill with a plausible value in every field, then one per other candidate of each field (the rest
    /// kept at their plausible values): each rule broken on its own, its boundaries, each option.
    private func fillMoves(_ fields: [Field]) -> [ExploreMove] {
        guard !fields.isEmpty else { return [] }
        let candidates = fields.map(candidateInputs)
        let base = zip(fields, candidates).compactMap { field, inputs in inputs.first.map { ExploreMove.FieldFill(field: field.name, input: $0) } }
        var moves: [ExploreMove] = [.fill(base)]
        for (index, field) in fields.enumerated() {
            guard let position = base.firstIndex(where: { $0.field == field.name }) else { continue }
            for input in candidates[index].dropFirst() {
                var fills = base
                fills[position].input = input
                moves.append(.fill(fills))
            }
        }
        return moves
    }

    /// The inputs to try in a field: what the scenarios typed there first (the author's valid values), then a
    /// value of its kind, each option, and a value breaking each rule or sitting on its boundary.
    func candidateInputs(_ field: Field) -> [FieldInput] {
        var inputs: [FieldInput] = []
        func add(_ input: FieldInput) { if !inputs.contains(input) { inputs.append(input) } }
        for input in (scenarioFills[field.name] ?? []).prefix(2) { add(input) }
        switch field.kind {
        case .choice, .choiceOf, .country:
            for option in field.options { add(.text(option.value)) }
            if field.options.isEmpty { add(.text(field.kind == .country ? "GB" : "Ayrton")) }
        case .multiChoice, .multiChoiceOf:
            if let first = field.options.first { add(.list([first.value])) }
            add(.list(field.options.map(\.value)))
        case .checkbox: add(.text("true")); add(.text("false"))
        case .digits(let count): add(.text(String("2580471369258047136925804713".prefix(max(0, count)))))
        case .email: add(.text("person@example.com"))
        case .phone: add(.text("+447700900123"))
        case .date: add(.text("1990-01-15"))
        case .money, .decimal: add(.text("10.00"))
        case .int: add(.text("1"))
        case .text, .password: add(.text("Ayrton"))
        }
        for check in field.checks {
            switch check.test {
            case .filled:
                add(field.kind.isMultiple ? .list([]) : .text(""))
            case .textLength(let min, let max):
                if let min, min > 0 { add(.text(String(repeating: "a", count: min - 1))); add(.text(String(repeating: "a", count: min))) }
                if let max { add(.text(String(repeating: "a", count: max))); add(.text(String(repeating: "a", count: max + 1))) }
            case .pattern:
                add(.text("!"))
            case .oneOf(let values):
                if !field.kind.isChoice { for value in values.prefix(3) { add(.text(value)) }; add(.text("ZZZ")) }
            case .noneOf(let values):
                if let first = values.first { add(field.kind.isMultiple ? .list([first]) : .text(first)) }
            case .sameInput:
                add(.text("different"))
            case .atLeast, .atMost:
                if case .date = field.kind { add(.text("2026-01-01")) } else { add(.text("0")); add(.text("0.001")); add(.text("1000000")) }
            case .holds:
                break
            }
        }
        return Array(inputs.prefix(8))
    }
}
