import Foundation
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
    let services = ServiceOutcomes(givenBy: scenario, of: app)
    let clock = scenario.startingClock
    var run: Interpreter
    do {
        run = try Interpreter(program: program, start: scenario.startScreen, clock: clock, services: services, state: scenario.givenState)
    } catch let failure as RuntimeFailure {
        return ScenarioResult(name: scenario.name, passed: false,
                              failure: ScenarioFailure(step: 0, range: failure.range ?? scenario.range, message: "could not start: \(failure.message)"), trace: Trace())
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
            case .send, .fill, .advance, .outcome, .back, .restart, .tapRow, .rowAction:
                try performAction(step.kind, of: app, on: &run)
            case .fillRefused(let fills):
                for fill in fills {
                    let input: FieldInput = switch fill.value {
                    case .text(let text): .text(text)
                    case .list(let items): .list(items)
                    }
                    let shown: String = switch fill.value {
                    case .text(let text): "'\(text)'"
                    case .list(let items): "[" + items.map { "'\($0)'" }.joined(separator: ", ") + "]"
                    }
                    if (try? run.fill(fill.field, input)) != nil {
                        return ScenarioResult(name: scenario.name, passed: false,
                                              failure: ScenarioFailure(step: number, range: step.range,
                                                                       message: "expected \(run.currentScreen.id) to refuse \(shown) in field '\(fill.field)', but it was taken"),
                                              trace: run.trace)
                    }
                }
            case .expect(let expectation):
                if let problem = try check(expectation, against: &run, effects: effectsSinceExpect) {
                    return ScenarioResult(name: scenario.name, passed: false,
                                          failure: ScenarioFailure(step: number, range: step.range, message: problem), trace: run.trace)
                }
                effectsSinceExpect = []
            }
        } catch let failure as RuntimeFailure {
            // The scenario's step number is already in the report's prefix; point at the expression when known.
            return ScenarioResult(name: scenario.name, passed: false,
                                  failure: ScenarioFailure(step: number, range: failure.range ?? step.range, message: failure.message), trace: run.trace)
        } catch {
            return ScenarioResult(name: scenario.name, passed: false,
                                  failure: ScenarioFailure(step: number, range: step.range, message: "\(error)"), trace: run.trace)
        }
        effectsSinceExpect += run.steps(from: stepsBefore).flatMap(\.effects)
    }
    return ScenarioResult(name: scenario.name, passed: true, failure: nil, trace: run.trace)
}

/// For a failed comparison `a == b`, what the left side is: `; size(assets) is 3`.
func checkDetail(_ item: (text: String, condition: TypedExpression), run: inout Interpreter) throws -> String {
    guard case .binary(let op, let lhs, _) = item.condition.kind,
          [.equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual].contains(op) else { return "" }
    let scalars = Array(item.text.unicodeScalars)
    guard lhs.span.lowerBound >= 0, lhs.span.upperBound <= scalars.count else { return "" }
    let written = String(String.UnicodeScalarView(scalars[lhs.span])).trimmingCharacters(in: .whitespaces)
    return "; \(written) is \(try run.evaluateExpression(lhs, event: [:]).quotedDescription)"
}

/// Why `emitted` is not the `expected` effect, or nil when it is: same kind and value, and every listed analytics
/// property or call argument equal (all of them, and no others, when the expectation says its list is complete).
func mismatch(_ emitted: Effect, _ expected: Scenario.Effect, run: Interpreter) throws -> String? {
    guard emitted.kind == expected.kind, emitted.value == expected.value else { return "found \(describe(emitted))" }
    let actual: [String: Value] = switch emitted {
    case .analytics(_, let properties): properties
    case .call(_, let arguments): arguments
    case .push, .toast: [:]
    }
    let what = expected.kind == "call" ? "argument" : "property"
    for name in expected.properties.keys.sorted() {
        guard let expression = expected.properties[name] else { continue }
        let wanted = try run.value(of: expression)
        guard let value = actual[name] else { return "\(what) '\(name)' is missing (expected \(wanted.quotedDescription))" }
        if !(value == wanted || compare(value, wanted) == .orderedSame) {
            return "\(what) '\(name)' is \(value.quotedDescription), expected \(wanted.quotedDescription)"
        }
    }
    if expected.detailsAreComplete, let extra = actual.keys.sorted().first(where: { expected.properties[$0] == nil }) {
        return "\(what) '\(extra)' (\(actual[extra]?.quotedDescription ?? "null")) is not listed"
    }
    return nil
}

/// An effect as a failure message shows it: `call otp.send_code { email: ada@example.com }`.
func describe(_ effect: Effect) -> String {
    let details: [String: Value] = switch effect {
    case .analytics(_, let properties): properties
    case .call(_, let arguments): arguments
    case .push, .toast: [:]
    }
    let base = effect.kind == "analytics" || effect.kind == "call" ? "\(effect.kind) \(effect.value)" : "\(effect.kind) '\(effect.value)'"
    guard !details.isEmpty else { return base }
    return base + " { " + details.keys.sorted().map { "\($0): \(details[$0]?.quotedDescription ?? "null")" }.joined(separator: ", ") + " }"
}

/// An expected effect as a failure message shows it, with its listed properties or arguments.
func describe(_ expected: Scenario.Effect, run: Interpreter) throws -> String {
    let base = expected.kind == "analytics" || expected.kind == "call" ? "\(expected.kind) \(expected.value)" : "\(expected.kind) '\(expected.value)'"
    guard !expected.properties.isEmpty else { return base }
    let parts = try expected.properties.keys.sorted().map { name in
        "\(name): \(try expected.properties[name].map { try run.value(of: $0) }?.quotedDescription ?? "null")"
    }
    return base + " { " + parts.joined(separator: ", ") + " }"
}

/// The effects emitted since the previous expectation, numbered, for a failure message.
func listing(_ effects: [Effect]) -> String {
    effects.isEmpty ? "none" : effects.enumerated().map { "\($0.offset + 1). \(describe($0.element))" }.joined(separator: "; ")
}

/// `effects:` — each listed effect was emitted, in the listed order (others may come between them); a listed
/// effect twice must have been emitted twice. Names the first expected effect that breaks this.
func checkOrdered(_ expected: [Scenario.Effect], emitted: [Effect], run: Interpreter) throws -> String? {
    var cursor = 0
    for (position, effect) in expected.enumerated() {
        if let found = try emitted[cursor...].firstIndex(where: { try mismatch($0, effect, run: run) == nil }) {
            cursor = found + 1
            continue
        }
        let wanted = try describe(effect, run: run)
        let listed = try expected[...position].filter { try sameExpectation($0, effect, run: run) }.count
        let matching = try emitted.filter { try mismatch($0, effect, run: run) == nil }.count
        if listed > 1, matching < listed {
            return "expected effect \(wanted) \(listed) times, emitted \(matching == 1 ? "once" : "\(matching) times"); emitted since the previous expect: \(listing(emitted))"
        }
        if try emitted[..<cursor].contains(where: { try mismatch($0, effect, run: run) == nil }) {
            let previous = try describe(expected[position - 1], run: run)
            return "expected effect \(wanted) after \(previous), but it was emitted before it; emitted since the previous expect: \(listing(emitted))"
        }
        if let sameName = emitted.first(where: { $0.kind == effect.kind && $0.value == effect.value }),
           let reason = try mismatch(sameName, effect, run: run) {
            return "expected effect \(wanted), but \(reason) in \(describe(sameName))"
        }
        return "expected effect \(wanted), not emitted; emitted since the previous expect: \(listing(emitted))"
    }
    return nil
}

/// Whether two expected effects ask for the same thing (so listing one twice asks for it twice).
func sameExpectation(_ a: Scenario.Effect, _ b: Scenario.Effect, run: Interpreter) throws -> Bool {
    guard a.kind == b.kind, a.value == b.value, a.properties.keys.sorted() == b.properties.keys.sorted() else { return false }
    for (name, expression) in a.properties {
        guard let other = b.properties[name], try run.value(of: expression) == run.value(of: other) else { return false }
    }
    return true
}

/// `exact_effects:` — exactly these effects, in this order, and no others. Names the first position that differs.
func checkExact(_ expected: [Scenario.Effect], emitted: [Effect], run: Interpreter) throws -> String? {
    for position in 0..<max(expected.count, emitted.count) {
        if position >= emitted.count {
            return "expected \(expected.count) effects, found \(emitted.count): effect \(position + 1) (\(try describe(expected[position], run: run))) is missing; emitted: \(listing(emitted))"
        }
        if position >= expected.count {
            return "expected \(expected.count) effects, found \(emitted.count): effect \(position + 1) (\(describe(emitted[position]))) is extra; emitted: \(listing(emitted))"
        }
        if let reason = try mismatch(emitted[position], expected[position], run: run) {
            return "effect \(position + 1): expected \(try describe(expected[position], run: run)), \(reason); emitted: \(listing(emitted))"
        }
    }
    return nil
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
        let actual = try run.read(item.path)
        if expected != actual && !(compare(expected, actual) == .orderedSame) {
            return "expected \(item.path.joined(separator: ".")) = \(expected), found \(actual)"
        }
    }
    for item in expectation.checks where try run.evaluateExpression(item.condition, event: [:]) != .bool(true) {
        return "expected \(item.text) to hold, but it does not" + (try checkDetail(item, run: &run))
    }
    if !expectation.texts.isEmpty {
        let shown = try run.texts()
        for item in expectation.texts where shown[item.name] != item.text {
            return "expected text \(item.name) \"\(item.text)\" on \(run.currentScreen.id), found \"\(shown[item.name] ?? "")\""
                + invisibleDifference(expected: item.text, found: shown[item.name] ?? "")
        }
    }
    if let problem = try checkRows(expectation.rows, run: run) { return problem }
    if let problem = try checkOptions(expectation.options, run: run) { return problem }
    if let problem = try checkRowActionLabels(expectation.rowActions, run: run) { return problem }
    if let problem = try checkCaptions(expectation.captions, run: run) { return problem }
    if let problem = try checkOrdered(expectation.effects, emitted: effects, run: run) { return problem }
    if let exact = expectation.exactEffects, let problem = try checkExact(exact, emitted: effects, run: run) { return problem }
    for effect in expectation.noEffects where try effects.contains(where: { try mismatch($0, effect, run: run) == nil }) {
        return "expected no effect \(try describe(effect, run: run)), but it was emitted; emitted since the previous expect: \(listing(effects))"
    }
    return nil
}

extension ServiceOutcomes {
    /// The outcomes a scenario's `given: services:` chooses, as each call's default (a scenario run and a
    /// `flowc run --scenario` session start from the same world).
    public init(givenBy scenario: Scenario, of app: App) {
        self.init()
        for choice in scenario.givenServices {
            let service = app.services[choice.service]
            let operation = service.operations[choice.operation]
            defaults["\(service.name).\(operation.name)"] = Choice(outcome: operation.outcomes[choice.outcome].name, output: choice.output)
        }
    }
}

extension Scenario {
    /// The clock the scenario's `given: clock:` sets, or the default start.
    public var startingClock: Timestamp {
        clockStart.map { Timestamp(millisecondsSince1970: Int($0)) } ?? .defaultClockStart
    }
}
