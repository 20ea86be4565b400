import FlowExpression
import FlowIR

/// Whether a scenario step acts on the run (send, fill, advance, outcome, back, restart), as opposed to checking it
/// (`expect`, and `fill_refused`, which must fail to count).
public func isAction(_ step: Scenario.Step.Kind) -> Bool {
    switch step {
    case .send, .fill, .advance, .outcome, .back, .restart, .tapRow, .rowAction: true
    case .fillRefused, .expect: false
    }
}

/// Performs one action step of a scenario on a run: the one place that says what each step does, for
/// `runScenario` and for `flowc run --scenario`, which replays a scenario for a person.
///
/// Checking steps do nothing here (`isAction` is false for them).
/// - Returns: The payload values a `send` step evaluated (empty for other steps), for a record of the step.
@discardableResult
public func performAction(_ step: Scenario.Step.Kind, of app: App, on run: inout Interpreter) throws -> [String: Value] {
    switch step {
    case .send(let event, let payload):
        var values: [String: Value] = [:]
        for item in payload { values[item.name] = try run.evaluateExpression(item.value, event: [:]) }
        try run.send(event, payload: values)
        return values
    case .fill(let fills):
        for fill in fills {
            switch fill.value {
            case .text(let text): try run.fill(fill.field, .text(text))
            case .list(let items): try run.fill(fill.field, .list(items))
            }
        }
    case .advance(let milliseconds):
        try run.advance(by: milliseconds)
    case .outcome(let choices):
        for choice in choices {
            let service = app.services[choice.service]
            let operation = service.operations[choice.operation]
            try run.choose(operation.outcomes[choice.outcome].name, for: "\(service.name).\(operation.name)", output: choice.output)
        }
    case .back:
        try run.back()
    case .restart:
        try run.restart()
    case .tapRow(let list, let row):
        try run.tapRow(list, row)
    case .rowAction(let list, let action, let row):
        try run.rowAction(list, action, row)
    case .fillRefused, .expect:
        break
    }
    return [:]
}

/// One scenario step in a few words, for reports and replays: `send tap_select`, `fill email, password`,
/// `outcome equals.log_in.success`, `expect screen ONB-004; state plan`.
public func describeStep(_ step: Scenario.Step.Kind, app: App) -> String {
    switch step {
    case .send(let event, let payload):
        return "send \(event)" + (payload.isEmpty ? "" : " with " + payload.map(\.name).joined(separator: ", "))
    case .fill(let fills):
        return "fill " + fills.map { "\($0.field) \(shown($0.value))" }.joined(separator: ", ")
    case .fillRefused(let fills):
        return "fill refused " + fills.map { "\($0.field) \(shown($0.value))" }.joined(separator: ", ")
    case .advance(let milliseconds):
        return milliseconds % 1000 == 0 ? "advance \(milliseconds / 1000)s" : "advance \(milliseconds)ms"
    case .outcome(let choices):
        return "outcome " + choices.map { outcomeName($0, app: app) }.joined(separator: ", ")
    case .back:
        return "back"
    case .restart:
        return "restart"
    case .tapRow(let list, .index(let index)):
        return "tap row \(index) of \(list)"
    case .tapRow(let list, .key(let key)):
        return "tap the row \(key) of \(list)"
    case .rowAction(let list, let action, let row):
        let gesture = app.screens.lazy.flatMap(\.lists).flatMap(\.actions).first { $0.name == action }?.gesture == .longPress ? "long-press" : "swipe"
        return switch row {
        case .index(let index): "\(gesture) row \(index) of \(list): \(action)"
        case .key(let key): "\(gesture) the row \(key) of \(list): \(action)"
        }
    case .expect(let expectation):
        var parts: [String] = []
        if let screen = expectation.screen, app.screens.indices.contains(screen) { parts.append("screen \(app.screens[screen].id)") }
        if let variant = expectation.variant { parts.append("variant \(variant)") }
        if let errors = expectation.errors { parts.append(errors.isEmpty ? "no errors" : "errors " + errors.map(\.field).joined(separator: ", ")) }
        if !expectation.state.isEmpty { parts.append("state " + expectation.state.map { $0.path.joined(separator: ".") }.joined(separator: ", ")) }
        if !expectation.texts.isEmpty { parts.append("texts " + expectation.texts.map(\.name).joined(separator: ", ")) }
        if !expectation.rows.isEmpty { parts.append("rows " + expectation.rows.map(\.list).joined(separator: ", ")) }
        if !expectation.options.isEmpty { parts.append("options " + expectation.options.map(\.field).joined(separator: ", ")) }
        if !expectation.rowActions.isEmpty { parts.append("row actions " + expectation.rowActions.map(\.list).joined(separator: ", ")) }
        for caption in Field.Caption.allCases {
            let fields = expectation.captions.filter { $0.caption == caption }.map(\.field)
            if !fields.isEmpty { parts.append("\(caption.rawValue)s " + fields.joined(separator: ", ")) }
        }
        if !expectation.checks.isEmpty { parts.append("check " + expectation.checks.map(\.text).joined(separator: ", ")) }
        if !expectation.effects.isEmpty { parts.append("effects " + expectation.effects.map { "\($0.kind) \($0.value)" }.joined(separator: ", ")) }
        if let exact = expectation.exactEffects {
            parts.append("exactly " + (exact.isEmpty ? "no effects" : exact.map { "\($0.kind) \($0.value)" }.joined(separator: ", ")))
        }
        if !expectation.noEffects.isEmpty { parts.append("no " + expectation.noEffects.map { "\($0.kind) \($0.value)" }.joined(separator: ", ")) }
        return "expect " + (parts.isEmpty ? "nothing" : parts.joined(separator: "; "))
    }
}

private func shown(_ value: Scenario.FillValue) -> String {
    switch value {
    case .text(let text): "\"\(text)\""
    case .list(let items): "[" + items.joined(separator: ", ") + "]"
    }
}

/// `service.operation.outcome` of a scenario's service choice.
public func outcomeName(_ choice: Scenario.ServiceChoice, app: App) -> String {
    guard app.services.indices.contains(choice.service) else { return "?" }
    let service = app.services[choice.service]
    guard service.operations.indices.contains(choice.operation) else { return service.name }
    let operation = service.operations[choice.operation]
    guard operation.outcomes.indices.contains(choice.outcome) else { return "\(service.name).\(operation.name)" }
    return "\(service.name).\(operation.name).\(operation.outcomes[choice.outcome].name)"
}
