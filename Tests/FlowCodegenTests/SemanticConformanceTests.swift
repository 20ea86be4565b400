import FlowCodegen
import FlowCompiler
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
        let compilation = compile(CompilerConfig(inputs: [folder.appendingPathComponent("input").path], generatesOutputs: false), diagnostics: DiagnosticBag())
        return try #require(compilation.program.apps.first)
    }

    @Test func generatedSourcesMatchTheirGoldens() throws {
        let compilation = compile(CompilerConfig(inputs: [Self.folder.appendingPathComponent("input").path]), diagnostics: DiagnosticBag())
        for file in renderSwiftSources(compilation.program) {
            assertMatchesGolden(file.text, golden: Self.folder.appendingPathComponent("expected").appendingPathComponent(file.path))
        }
    }

    @Test func everyScenarioRunsTheSameOnTheGeneratedMachine() throws {
        let app = try Self.app()
        let runner = DifferentialRunner<MachineDriver<SemanticsMachine>>(app: app)
        for scenario in app.scenarios {
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
                    case .send(let event, _): return .send(event, [:])
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
                    case .fillRefused: continue
                    case .advance(let milliseconds): return .advance(milliseconds)
                    case .outcome(let choices): pendingChoices = choices
                    case .back: return .back
                    case .restart: return .restart
                    case .expect: continue
                    }
                }
            }
            #expect(difference == nil, "\(scenario.name), after \(actions.count) actions: \(difference ?? "")")
            #expect(!actions.isEmpty, "\(scenario.name) replayed nothing")
        }
    }
}
