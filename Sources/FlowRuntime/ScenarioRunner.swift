import FlowExpression
import FlowIR
import FlowSource

/// The verdict on one scenario, with the trace that proves it.
public struct ScenarioResult: Sendable {
    public var name: String
    public var passed: Bool
    /// Why it failed: what was expected, what happened, at which step (nil when it passed).
    public var failure: ScenarioFailure?
    public var trace: Trace

    public init(name: String, passed: Bool, failure: ScenarioFailure?, trace: Trace) {
        self.name = name; self.passed = passed; self.failure = failure; self.trace = trace
    }
}

public struct ScenarioFailure: Sendable, Hashable {
    /// 1-based index of the scenario step that failed.
    public var step: Int
    public var range: SourceRange
    public var message: String
}

/// Runs a scenario of `app` from its `given` to its last expectation, stopping at the first failure.
public func runScenario(_ scenario: Scenario, of app: App) -> ScenarioResult {
    runScenario(scenario, of: RuntimeProgram(app: app))
}

/// Runs a scenario of a prepared program (prepare the app once for all its scenarios).
public func runScenario(_ scenario: Scenario, of program: RuntimeProgram) -> ScenarioResult {
    let app = program.app
    var services = ServiceOutcomes()
    for choice in scenario.givenServices {
        let service = app.services[choice.service]
        let operation = service.operations[choice.operation]
        services.defaults["\(service.name).\(operation.name)"] = ServiceOutcomes.Choice(outcome: operation.outcomes[choice.outcome].name, output: choice.output)
    }
    let clock = scenario.clockStart.map { Timestamp(millisecondsSince1970: Int($0)) } ?? Timestamp(millisecondsSince1970: 1_767_225_600_000)
    var run: Interpreter
    do {
        run = try Interpreter(program: program, start: scenario.startScreen, clock: clock, services: services, state: scenario.givenState)
    } catch {
        return ScenarioResult(name: scenario.name, passed: false,
                              failure: ScenarioFailure(step: 0, range: scenario.range, message: "could not start: \(error)"), trace: Trace())
    }
    var effectsSinceExpect = run.steps(from: 0).flatMap(\.effects)
    for (offset, step) in scenario.steps.enumerated() {
        let number = offset + 1
        let stepsBefore = run.stepCount
        do {
            switch step.kind {
            case .send(let event, let payload):
                var values: [String: Value] = [:]
                for item in payload { values[item.name] = try run.evaluateExpression(item.value, event: [:]) }
                try run.send(event, payload: values)
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
            case .expect(let expectation):
                if let problem = try check(expectation, against: &run, effects: effectsSinceExpect) {
                    return ScenarioResult(name: scenario.name, passed: false,
                                          failure: ScenarioFailure(step: number, range: step.range, message: problem), trace: run.trace)
                }
                effectsSinceExpect = []
            }
        } catch {
            return ScenarioResult(name: scenario.name, passed: false,
                                  failure: ScenarioFailure(step: number, range: step.range, message: "\(error)"), trace: run.trace)
        }
        effectsSinceExpect += run.steps(from: stepsBefore).flatMap(\.effects)
    }
    return ScenarioResult(name: scenario.name, passed: true, failure: nil, trace: run.trace)
}

/// An emitted effect matches an expected one with the same kind and value and, for analytics, every listed property.
func matches(_ emitted: Effect, _ expected: Scenario.Effect, run: Interpreter) throws -> Bool {
    guard emitted.kind == expected.kind, emitted.value == expected.value else { return false }
    guard !expected.properties.isEmpty else { return true }
    guard case .analytics(_, let properties) = emitted else { return false }
    for (name, expression) in expected.properties {
        let wanted = try run.value(of: expression)
        guard let actual = properties[name], actual == wanted || compare(actual, wanted) == .orderedSame else { return false }
    }
    return true
}

/// ` with { name: value, ... }` for an expectation's analytics properties, or nothing.
func describe(_ properties: [String: TypedExpression], run: Interpreter) throws -> String {
    guard !properties.isEmpty else { return "" }
    let parts = try properties.sorted { $0.key < $1.key }.map { "\($0.key): \(try run.value(of: $0.value))" }
    return " with { " + parts.joined(separator: ", ") + " }"
}

/// The first unmet part of an expectation, worded as "expected …, found …".
func check(_ expectation: Scenario.Expectation, against run: inout Interpreter, effects: [Effect]) throws -> String? {
    let app = run.app
    if let screen = expectation.screen, screen != run.screen {
        return "expected screen \(app.screens[screen].id) (\(app.screens[screen].name)), found \(run.currentScreen.id) (\(run.currentScreen.name))"
            + (run.errors.isEmpty ? "" : "; its fields say " + run.errors.keys.sorted().map { "\($0): \"\(run.errors[$0] ?? "")\"" }.joined(separator: ", "))
    }
    if let variant = expectation.variant {
        let actual = try run.currentVariant()
        if actual != variant { return "expected variant '\(variant)' of \(run.currentScreen.id), found '\(actual ?? "none")'" }
    }
    if let errors = expectation.errors {
        let expected = Dictionary(errors.map { ($0.field, $0.message) }, uniquingKeysWith: { first, _ in first })
        if expected != run.errors {
            let show = { (map: [String: String]) in map.isEmpty ? "no errors" : map.keys.sorted().map { "\($0): \"\(map[$0] ?? "")\"" }.joined(separator: ", ") }
            return "expected field errors \(show(expected)), found \(show(run.errors))"
        }
    }
    for item in expectation.state {
        let expected = try run.evaluateExpression(item.value, event: [:])
        let actual = run.read(item.path)
        if expected != actual && !(compare(expected, actual) == .orderedSame) {
            return "expected \(item.path.joined(separator: ".")) = \(expected), found \(actual)"
        }
    }
    for effect in expectation.effects where try !effects.contains(where: { try matches($0, effect, run: run) }) {
        let seen = effects.isEmpty ? "none" : effects.map(\.description).joined(separator: ", ")
        return "expected effect \(effect.kind) '\(effect.value)'\(try describe(effect.properties, run: run)), found: \(seen)"
    }
    for effect in expectation.noEffects where try effects.contains(where: { try matches($0, effect, run: run) }) {
        return "expected no effect \(effect.kind) '\(effect.value)'\(try describe(effect.properties, run: run)), but it was emitted"
    }
    return nil
}
