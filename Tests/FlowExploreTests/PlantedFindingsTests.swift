import FlowChecker
import FlowExplore
import FlowIR
import FlowRuntime
import FlowSource
import FlowSyntax
import FlowTestSupport
import Foundation
import Testing

/// Each kind of finding, planted once in `Fixtures/explore/planted`, is caught: a broken invariant (a run failure),
/// a payment sent without the unlock before it (`never:` an effect `unless_after:` an event), a sign-out that forgets nothing (`after: { event }`),
/// a push while its setting is off (`never:` an effect), a restart that skips the passcode (`after: restart`), a
/// screen with no way out at run time (stuck), and answers that arrive where nothing handles them.
@Suite struct PlantedFindingsTests {
    /// The planted back trap (screen STUCK) and the planted answers that arrive where nothing handles them are ones
    /// the checker sees too: their warnings are the only diagnostics.
    static let warnings = ["back-blocked-trap", "late-answer-unhandled"]
    static func app() throws -> App { try checkedApp(try fixtureText("planted/app.flow.yaml"), id: "planted", allowing: warnings) }

    @Test func everyPlantedMistakeIsReportedWithItsShortestPath() throws {
        let app = try Self.app()
        let result = explore(app, bounds: ExploreBounds(depth: 8))
        let examples = counterexamples(of: result)
        assertMatchesGolden(result.summary(counterexampleFile: "out/planted/counterexamples.flow.yaml"),
                            golden: exploreFixtures.appendingPathComponent("planted/expected-summary.txt"))
        assertMatchesGolden(renderCounterexamples(examples, app: app),
                            golden: exploreFixtures.appendingPathComponent("planted/expected-counterexamples.flow.yaml"))
        assertMatchesGolden(result.markdown(counterexamples: examples),
                            golden: exploreFixtures.appendingPathComponent("planted/expected-explore.md"))
        #expect(result.violations.map(\.kind) == [.runFailure, .property("no_push_when_off"), .property("passcode_after_restart"),
                                                  .property("pay_needs_unlock"), .property("sign_out_clears")])
        #expect(result.violations.first { $0.kind == .property("pay_needs_unlock") }.map { result.moves(of: $0) } == [.send(event: "pay_now", payload: [])],
                "the payment after unlock is allowed; the one without it is not")
        #expect(!result.violations.contains { $0.kind == .property("never_negative") }, "a property that holds is not reported")
    }

    /// Every counterexample written for the planted app fails when run as a scenario on it.
    @Test func everyWrittenScenarioFailsOnThePlantedApp() throws {
        let app = try Self.app()
        let written = renderCounterexamples(counterexamples(of: explore(app, bounds: ExploreBounds(depth: 8))), app: app)
        let withScenarios = try checkedApp(try fixtureText("planted/app.flow.yaml") + "\n" + written, id: "planted", allowing: Self.warnings)
        #expect(withScenarios.scenarios.count == 5)
        for scenario in withScenarios.scenarios {
            #expect(!runScenario(scenario, of: withScenarios).passed, "\(scenario.name) passes on the planted app")
        }
    }

    /// Two runs in the same situation reached by different paths have one key; a changed value gives another.
    @Test func theStateKeyIsTheSituationNotThePath() throws {
        let app = try Self.app()
        var first = try Interpreter(app: app)
        var second = try Interpreter(app: app)
        try first.send("sign_in"); try first.send("toggle_push")
        try second.send("toggle_push"); try second.send("sign_in")
        #expect(first.stateKey() == second.stateKey())
        try second.send("toggle_push"); try second.send("toggle_push")
        #expect(first.stateKey() == second.stateKey(), "toggled back: the same situation")
        try second.send("bump")
        #expect(first.stateKey() != second.stateKey())
        var third = first
        try third.send("go_lock")
        #expect(first.stateKey() != third.stateKey(), "another screen")
        var waiting = first
        try waiting.send("load"); try waiting.send("tap_cancel")
        #expect(first.stateKey() != waiting.stateKey(), "a call still waiting for its answer")
    }
}

/// `--shard i/n`: the shards split the frontier at a fixed depth, so together they find what one run finds.
@Suite struct ShardTests {
    @Test func theShardsTogetherFindWhatOneRunFinds() throws {
        let app = try PlantedFindingsTests.app()
        let whole = explore(app, bounds: ExploreBounds(depth: 8))
        var kinds: Set<Finding.Kind> = []
        var coverage: Coverage?
        for index in 1...3 {
            let shard = explore(app, bounds: ExploreBounds(depth: 8), shard: ExploreShard(index: index, count: 3))
            #expect(shard.states < whole.states, "shard \(index) explores only its part")
            kinds.formUnion(shard.findings.map(\.kind))
            if coverage == nil { coverage = shard.coverage } else { coverage?.formUnion(shard.coverage) }
        }
        #expect(kinds == Set(whole.findings.map(\.kind)))
        #expect(coverage?.transitions == whole.coverage.transitions)
        #expect(coverage?.screens == whole.coverage.screens)
    }
}

/// Each mistake in writing a property gives one diagnostic, in the words the product team reads.
@Suite struct PropertyDiagnosticsTests {
    @Test func eachPropertyMistakeIsReportedOnce() throws {
        let text = try fixtureText("property-mistakes/app.flow.yaml")
        let bag = DiagnosticBag()
        let file = SourceFile(path: "explore/property-mistakes/app.flow.yaml", text: text)
        let syntax = try #require(parseFlowFile(file, diagnostics: bag))
        _ = checkApp(AppSourcesSyntax(root: syntax, parts: []), defaultID: "mistakes", diagnostics: bag)
        let rendered = DiagnosticRenderer(format: .text, sources: [file.path: file]).render(bag.diagnostics)
        assertMatchesGolden(rendered, golden: exploreFixtures.appendingPathComponent("property-mistakes/expected.txt"))
        #expect(bag.diagnostics.filter { $0.severity == .error }.count == 13)
    }
}
