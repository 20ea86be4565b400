import FlowCompiler
import FlowExplore
import FlowIR
import FlowRuntime
import FlowSource
import FlowTestSupport
import Foundation
import Testing

/// The scenario stage and the lowered app every later stage takes: `flowc test --durations` prints what the acceptance
/// stage timed (the CLI runs nothing itself), `--scenario` runs only the scenarios it names, and an exploration, its
/// counterexamples and its suite run on the one program made from the pipeline's `LoweredApp`.
@Suite struct ScenarioStageTests {
    static func compilation(runsScenarios: Bool) -> Compilation {
        var config = CompilerConfig(inputs: [PipelineTests.input], generatesOutputs: false)
        config.runsScenarios = runsScenarios
        config.lowersApps = true
        let diagnostics = PipelineTests.collector()
        let compilation = compile(config, fileSystem: FixtureFileSystem(base: fixturesDirectory()), diagnostics: diagnostics)
        diagnostics.verify()
        return compilation
    }

    @Test func theAcceptanceStageTimesEachScenarioItRuns() throws {
        let compilation = Self.compilation(runsScenarios: true)
        let app = try #require(compilation.program.apps.first)
        let results = try #require(compilation.scenarioResults[app.id])
        let milliseconds = try #require(compilation.scenarioMilliseconds[app.id])
        #expect(results.map(\.name) == app.scenarios.map(\.name))
        #expect(milliseconds.count == results.count)
        #expect(milliseconds.allSatisfy { $0 >= 0 })
    }

    @Test func theScenarioStageRunsOnlyTheScenariosNamed() throws {
        let compilation = Self.compilation(runsScenarios: false)
        #expect(compilation.scenarioResults.isEmpty)
        let lowered = try #require(compilation.lowered.first)
        let all = lowered.app.scenarios.map(\.name)
        #expect(all.count >= 2)
        let first = try #require(all.first)
        #expect(runScenarios(lowered, matching: ScenarioFilter([first])).map(\.result.name) == [first])
        #expect(runScenarios(lowered).map(\.result.name) == all)
        // The same verdicts as the acceptance stage gives.
        let accepted = Self.compilation(runsScenarios: true).scenarioResults[lowered.app.id]?.map(\.passed)
        #expect(runScenarios(lowered).map(\.result.passed) == accepted)
    }

    /// Only a compile asked to lower (or to generate or run) lowers; an app with errors is not lowered.
    @Test func theLoweredAppsAreThoseOfTheCheckedProgram() {
        let compilation = Self.compilation(runsScenarios: false)
        #expect(compilation.lowered.map(\.app.id) == compilation.program.apps.map(\.id))
        let unasked = compile(CompilerConfig(inputs: [PipelineTests.input], generatesOutputs: false),
                              fileSystem: FixtureFileSystem(base: fixturesDirectory()), diagnostics: PipelineTests.collector())
        #expect(unasked.lowered.isEmpty)
    }

    /// The exploration stage lowers nothing again: the result, its counterexamples and its suite share one program.
    @Test func anExplorationAndWhatFollowsItRunOnOneProgram() throws {
        let lowered = try #require(Self.compilation(runsScenarios: false).lowered.first)
        let program = RuntimeProgram(lowered: lowered)
        let result = explore(program, bounds: ExploreBounds(depth: 3), collectsSuite: true)
        #expect(result.program === program)
        #expect(suite(of: result).program === program)
        let stage = exploreStage(lowered, sources: [:], request: ExploreRequest(bounds: ExploreBounds(depth: 3), writesSuite: true))
        #expect(stage.suite?.program === stage.result.program)
        #expect(stage.outputs.map(\.path).contains("\(lowered.app.id)/suite.flow.yaml"))
    }
}
