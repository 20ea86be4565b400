import FlowCodegen
import FlowCompiler
import FlowExpression
import FlowIR
import FlowRuntime
import FlowSource
import FlowTestSupport
import SemanticsFlow
import Foundation
import Testing

/// The run-semantics scenarios (`Tests/Fixtures/semantics`) replayed on the generated machine (the
/// `SemanticsFlow` target, built from the goldens in `expected/`): after every step, the generated machine
/// must show what the interpreter shows (screen, effects in order with their arguments, state, field
/// errors, variant). The interpreter side proves each scenario's expectations (FlowRuntimeTests).
@Suite struct GeneratedSemanticConformanceTests {
    static let folder = fixturesDirectory().appendingPathComponent("semantics")

    static func app() throws -> App {
        let compilation = compileCleanly(CompilerConfig(inputs: [folder.appendingPathComponent("input").path], generatesOutputs: false),
            allowing: ["late-answer-unhandled"])
        return try #require(compilation.program.apps.first)
    }

    @Test func generatedSourcesMatchTheirGoldens() throws {
        let compilation = compileCleanly(CompilerConfig(inputs: [Self.folder.appendingPathComponent("input").path]),
            allowing: ["late-answer-unhandled"])
        for file in renderSwiftSources(lowerApps(compilation.program)) {
            assertMatchesGolden(file.text, golden: Self.folder.appendingPathComponent("expected").appendingPathComponent(file.path))
        }
    }

    @Test func everyScenarioRunsTheSameOnTheGeneratedMachine() throws {
        let app = try Self.app()
        for scenario in app.scenarios {
            let (actions, difference) = Self.replay(scenario, of: app)
            #expect(difference == nil, "\(scenario.name), after \(actions) actions: \(difference ?? "")")
            #expect(actions > 0, "\(scenario.name) replayed nothing")
        }
    }

    /// Validation rules are lowered once, by the checker (`Field.checks`), and both back ends run that
    /// lowering: one planted differently for the interpreter is a difference the replay finds, the generator
    /// translates the planted lowering, and a rule edited without lowering it again changes neither back end.
    @Test func aRuleLoweredDifferentlyIsCaught() throws {
        let app = try Self.app()
        let scenario = try #require(app.scenarios.first { $0.name == "library_rules_are_lowered_once_and_run_alike" })
        #expect(Self.replay(scenario, of: app).difference == nil)
        let screen = try #require(app.screens.firstIndex { $0.id == "LIB-1" })
        let field = try #require(app.screens[screen].fields.firstIndex { $0.name == "account" })
        #expect(app.screens[screen].fields[field].checks.map(\.test) == [.holds(Self.call(.isUKAccountNumber, [Self.value]))])

        // `account_number` read as seven digits (the kind of drift two lowerings once had).
        var planted = app
        planted.screens[screen].fields[field].checks[0].test = .holds(Self.call(.isDigits, [Self.value, Self.node(.int, .literal(.int(7)))]))
        let (_, difference) = Self.replay(scenario, of: planted)
        let caught = try #require(difference, "a rule lowered differently for the interpreter went unnoticed")
        #expect(caught.contains("account"), "\(caught)")
        let generated = Self.machineSource(app), generatedPlanted = Self.machineSource(planted)
        #expect(generated.contains("isDigits(value, 8)") && !generated.contains("isDigits(value, 7)"))
        #expect(generatedPlanted.contains("isDigits(value, 7)") && !generatedPlanted.contains("isDigits(value, 8)"))

        // The declared rule alone is what reports speak of: neither back end reads it.
        var declaredOnly = app
        declaredOnly.screens[screen].fields[field].rules[0].kind = .length(7)
        #expect(Self.replay(scenario, of: declaredOnly).difference == nil)
        #expect(Self.machineSource(declaredOnly) == generated)
    }

    static let value = node(.text, .variable("value"))

    static func node(_ type: ValueType, _ kind: TypedExpression.Kind) -> TypedExpression {
        TypedExpression(type: type, span: 0..<0, kind: kind)
    }

    static func call(_ function: BuiltinFunction, _ arguments: [TypedExpression]) -> TypedExpression {
        node(.bool, .call(function: function, arguments: arguments))
    }

    /// The generated `Machine.swift` of an app.
    static func machineSource(_ app: App) -> String {
        renderSwiftSources(lowerApps(FlowProgram(apps: [app]))).first { $0.path.hasSuffix("/Machine.swift") }?.text ?? ""
    }

    /// Replays a scenario's steps on the interpreter and the generated `SemanticsMachine` side by side.
    /// - Returns: How many actions ran, and the first difference between the two machines (nil: none).
    static func replay(_ scenario: Scenario, of app: App) -> (actions: Int, difference: String?) {
        let runner = DifferentialRunner<MachineDriver<SemanticsMachine>>(app: app)
        var steps = scenario.steps[...]
        var pendingChoices: [Scenario.ServiceChoice] = []
        let start = scenario.startScreen ?? app.startScreen ?? 0
        let (actions, difference) = runner.run(start: start) { interpreter in
            while true {
                if let choice = pendingChoices.first {
                    pendingChoices.removeFirst()
                    let operation = "\(app.services[choice.service].name).\(app.services[choice.service].operations[choice.operation].name)"
                    guard let pending = interpreter.pendingCalls.firstIndex(of: operation) else { continue }
                    return .outcome(pending: pending, outcome: choice.outcome)
                }
                guard let step = steps.popFirst() else { return nil }
                switch step.kind {
                case .send(let event, let payload):
                    // The generated machine takes payload fields as text (money as its amount).
                    var texts: [String: String] = [:]
                    for (name, value) in payload {
                        if case .literal(.text(let text)) = value.kind { texts[name] = text }
                        if case .literal(.money(let money)) = value.kind { texts[name] = "\(money.amount)" }
                    }
                    return .send(event, texts)
                case .fill(let fills):
                    // One fill step may type into several fields; each is its own action.
                    if let first = fills.first {
                        for rest in fills.dropFirst().reversed() {
                            steps.insert(Scenario.Step(kind: .fill([rest]), range: step.range), at: steps.startIndex)
                        }
                        switch first.value {
                        case .text(let text): return .fill(first.field, .text(text))
                        case .list(let items): return .fill(first.field, .list(items))
                        }
                    }
                case .fillRefused, .tapRow, .rowAction: continue
                case .advance(let milliseconds): return .advance(milliseconds)
                case .outcome(let choices): pendingChoices = choices
                case .back: return .back
                case .restart: return .restart
                case .expect: continue
                }
            }
        }
        return (actions.count, difference)
    }
}
