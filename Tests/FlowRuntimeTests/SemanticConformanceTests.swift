import FlowCompiler
import FlowIR
import FlowRuntime
import FlowSource
import FlowTestSupport
import Foundation
import Testing

/// The run semantics, one rule per scenario (`Tests/Fixtures/semantics/input/app.flow.yaml`): run to completion
/// and the event queue, guard order, validation before guards, exit/transition/enter order, the back stack,
/// sheets, sub-flow returns, global transitions, screen and flow timers, service outcomes, field defaults.
/// Every scenario must pass on the interpreter, and its trace must match `traces.txt` exactly. The same
/// scenarios are replayed on the generated machine by FlowCodegenTests' SemanticConformanceTests.
@Suite struct SemanticConformanceTests {
    static let folder = fixturesDirectory().appendingPathComponent("semantics")

    static func app() throws -> App {
        let compilation = compileCleanly(CompilerConfig(inputs: [folder.appendingPathComponent("input").path], generatesOutputs: false),
            allowing: ["late-answer-unhandled"])
        return try #require(compilation.program.apps.first)
    }

    @Test func everyRuleHoldsOnTheInterpreterWithItsGoldenTrace() throws {
        let app = try Self.app()
        #expect(app.scenarios.count >= 12)
        var traces = ""
        for scenario in app.scenarios {
            let result = runScenario(scenario, of: app)
            #expect(result.passed, "\(scenario.name): \(result.failure?.message ?? "")")
            traces += "== \(scenario.name)\n\(result.trace.description)\n"
        }
        assertMatchesGolden(traces, golden: Self.folder.appendingPathComponent("traces.txt"))
    }
}
