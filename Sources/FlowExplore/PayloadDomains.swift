import Foundation
import FlowExpression
import FlowIR
@_spi(Generated) import FlowMachine
import FlowRuntime

/// The values the explorer sends in each event payload field and each service output field, drawn from the field's
/// type and from what the app itself says about it: the literals its guards and rules compare `event.<field>` with
/// (each on, just below and just above), the values its scenarios send, and for each kind a few that often matter
/// (money: zero, the minor unit, a typical amount, a large one and a negative one; every case of an enumeration;
/// both yes and no; an empty text; dates at the clock's start and a day either side).
///
/// Deterministic: the same app gives the same values in the same order, and `limit` keeps the first of each field's.
struct PayloadDomains {
    let app: App
    /// At most this many values per field (the first is the field's zero; 1: every field at its zero only).
    let limit: Int
    /// Event (or `service.operation.outcome`) → field → literals compared with `event.<field>` where it is handled.
    private var compared: [String: [String: [Value]]] = [:]
    /// Event → field → lengths compared with `size(event.<field>)`.
    private var comparedLengths: [String: [String: [Int]]] = [:]
    /// Event → field → the values the scenarios send there (a typical value).
    private var sent: [String: [String: [Value]]] = [:]

    /// Values per field unless `--payload-values` says otherwise.
    static let defaultLimit = 8

    /// The date payloads and outputs start from: the clock at launch.
    static let clockStart = Timestamp.defaultClockStart

    init(app: App, limit: Int) {
        self.app = app
        self.limit = max(1, limit)
        for transition in allTransitions(of: app) {
            var expressions = transition.condition.map { [$0] } ?? []
            for action in transition.actions { expressions += action.evaluatedExpressions }
            for expression in expressions { harvest(expression, event: transition.event) }
        }
        for scenario in app.scenarios {
            for choice in scenario.givenServices { noteSent(choice) }
            for step in scenario.steps {
                switch step.kind {
                case .send(let event, let payload):
                    for entry in payload { if case .literal(let value) = entry.value.kind { note(value, event: event, field: entry.name) } }
                case .outcome(let choices):
                    for choice in choices { noteSent(choice) }
                default: break
                }
            }
        }
    }

    private mutating func noteSent(_ choice: Scenario.ServiceChoice) {
        guard app.services.indices.contains(choice.service), app.services[choice.service].operations.indices.contains(choice.operation) else { return }
        let service = app.services[choice.service], operation = service.operations[choice.operation]
        guard operation.outcomes.indices.contains(choice.outcome) else { return }
        let event = "\(service.name).\(operation.name).\(operation.outcomes[choice.outcome].name)"
        for (name, expression) in choice.output.sorted(by: { $0.key < $1.key }) {
            if case .literal(let value) = expression.kind { note(value, event: event, field: name) }
        }
    }

    private mutating func note(_ value: Value, event: String, field: String) {
        if !(sent[event]?[field] ?? []).contains(value) { sent[event, default: [:]][field, default: []].append(value) }
    }

    /// Records every `event.<field> <relation> <literal>` (either way round) and `size(event.<field>) <relation> <int>`.
    private mutating func harvest(_ expression: TypedExpression, event: String) {
        var stack = [expression]
        while let node = stack.popLast() {
            stack += node.children
            guard case .binary(let operation, let lhs, let rhs) = node.kind,
                  [.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual].contains(operation) else { continue }
            for (side, other) in [(lhs, rhs), (rhs, lhs)] {
                guard let literal = literalValue(other) else { continue }
                if let field = eventField(side) {
                    if !(compared[event]?[field] ?? []).contains(literal) { compared[event, default: [:]][field, default: []].append(literal) }
                } else if case .call(.size, let arguments) = side.kind, arguments.count == 1, let field = eventField(arguments[0]),
                          case .int(let length) = literal {
                    if !(comparedLengths[event]?[field] ?? []).contains(length) { comparedLengths[event, default: [:]][field, default: []].append(length) }
                }
            }
        }
    }

    /// The payload variants to send `event` (or answer an outcome) with: every field at its first value, then each
    /// other value of one field at a time, the rest at their first. `[[]]` for no fields.
    func variants(of event: String, fields: [DomainType.RecordField]) -> [[ExploreMove.PayloadValue]] {
        guard !fields.isEmpty else { return [[]] }
        let domains = fields.map { values(of: $0, event: event) }
        let base = zip(fields, domains).map { ExploreMove.PayloadValue(name: $0.name, value: $1[0]) }
        var variants = [base]
        for (index, domain) in domains.enumerated() {
            for value in domain.dropFirst() {
                var variant = base
                variant[index].value = value
                variants.append(variant)
            }
        }
        return variants
    }

    /// A field's values, first its zero, at most `limit`.
    func values(of field: DomainType.RecordField, event: String) -> [Value] {
        var values: [Value] = []
        func add(_ value: Value) { if !values.contains(value) { values.append(value) } }
        let literals = compared[event]?[field.name] ?? []
        let typical = sent[event]?[field.name] ?? []
        add(firstValue(of: field.type))
        switch field.type.nonOptional {
        case .money:
            let currency = literals.lazy.compactMap { if case .money(let money) = $0 { money.currency } else { nil } }.first ?? app.currency
            let unit = Decimal(sign: .plus, exponent: -minorUnits(of: currency), significand: 1)
            func money(_ amount: Decimal) -> Value { .money(Money(amount: amount, currency: currency)) }
            add(money(0))
            for case .money(let bound) in literals where bound.currency == currency {
                add(money(bound.amount - unit)); add(money(bound.amount)); add(money(bound.amount + unit))
            }
            add(money(unit))
            for case .money(let amount) in typical where amount.currency == currency { add(.money(amount)) }
            add(money(10))
            add(money(1_000_000))
            add(money(-unit))
        case .int:
            for case .int(let bound) in literals { add(.int(bound - 1)); add(.int(bound)); add(.int(bound + 1)) }
            add(.int(1))
            for case .int(let value) in typical { add(.int(value)) }
            add(.int(1_000_000))
            add(.int(-1))
        case .decimal:
            let unit = Decimal(string: "0.01") ?? 0
            for literal in literals {
                let bound: Decimal? = switch literal {
                case .decimal(let value): value
                case .int(let value): Decimal(value)
                default: nil
                }
                if let bound { add(.decimal(bound - unit)); add(.decimal(bound)); add(.decimal(bound + unit)) }
            }
            add(.decimal(1))
            for case .decimal(let value) in typical { add(.decimal(value)) }
            add(.decimal(1_000_000))
            add(.decimal(-unit))
        case .bool:
            add(.bool(false)); add(.bool(true))
        case .enumeration(let name):
            if let type = app.types.first(where: { $0.name == name }), case .enumeration(let cases) = type.kind {
                for name in cases { add(.enumCase(type: type.name, name: name)) }
            }
        case .text:
            for case .text(let text) in literals { add(.text(text)) }
            for case .text(let text) in typical { add(.text(text)) }
            for length in comparedLengths[event]?[field.name] ?? [] {
                for size in [length - 1, length, length + 1] where size >= 0 { add(.text(String(repeating: "A", count: size))) }
            }
            add(.text("example"))
        case .date:
            let today = CalendarDate(daysSince1970: Self.clockStart.millisecondsSince1970 / Timestamp.millisecondsPerDay)
            for case .date(let bound) in literals {
                for offset in [-1, 0, 1] { if let date = CalendarDate(daysSince1970: bound.daysSince1970 + offset) { add(.date(date)) } }
            }
            for offset in [-1, 1] {
                if let today, let date = CalendarDate(daysSince1970: today.daysSince1970 + offset) { add(.date(date)) }
            }
        case .timestamp:
            let day = Timestamp.millisecondsPerDay
            for case .timestamp(let bound) in literals {
                for offset in [-1, 0, 1] { add(.timestamp(Timestamp(millisecondsSince1970: bound.millisecondsSince1970 + offset))) }
            }
            for offset in [-day, day] { add(.timestamp(Timestamp(millisecondsSince1970: Self.clockStart.millisecondsSince1970 + offset))) }
        default:
            break
        }
        return Array(values.prefix(limit))
    }

    /// The value a field starts at: its zero, except dates and timestamps, which start at the clock's start (a
    /// non-optional date is never null).
    private func firstValue(of type: ValueType) -> Value {
        switch type {
        case .date:
            CalendarDate(daysSince1970: Self.clockStart.millisecondsSince1970 / Timestamp.millisecondsPerDay).map(Value.date) ?? .null
        case .timestamp: .timestamp(Self.clockStart)
        default: zeroValue(of: type, in: app)
        }
    }
}

/// `event.<field>` → the field's name.
private func eventField(_ expression: TypedExpression) -> String? {
    guard case .member(let base, let name) = expression.kind, case .variable("event") = base.kind else { return nil }
    return name
}

/// A literal (an `int` promoted to `decimal` included), or nil.
private func literalValue(_ expression: TypedExpression) -> Value? {
    switch expression.kind {
    case .literal(let value): return value
    case .call(.decimal, let arguments) where arguments.count == 1:
        if case .literal(.int(let value)) = arguments[0].kind { return .decimal(Decimal(value)) }
        return nil
    case .unary(.negate, let operand):
        guard case .literal(let value) = operand.kind else { return nil }
        switch value {
        case .int(let number): return .int(-number)
        case .decimal(let number): return .decimal(-number)
        case .money(let money): return .money(Money(amount: -money.amount, currency: money.currency))
        default: return nil
        }
    default: return nil
    }
}

/// Every transition of the app: each screen's, each timer's, each flow's app-wide ones and the recurring timers'.
private func allTransitions(of app: App) -> [Transition] {
    var transitions: [Transition] = []
    for screen in app.screens {
        transitions += screen.transitions
        for timer in screen.timers { transitions += timer.transitions }
    }
    for flow in app.flows {
        transitions += flow.globalTransitions
        for timer in flow.globalTimers { transitions += timer.transitions }
    }
    for timer in app.recurringTimers { transitions += timer.transitions }
    return transitions
}
