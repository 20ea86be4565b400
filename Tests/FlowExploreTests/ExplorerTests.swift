import FlowChecker
import FlowExplore
import FlowIR
import FlowRuntime
import FlowSource
import FlowSyntax
import FlowTestSupport
import Foundation
import Testing

// Inline apps are checked by FlowTestSupport's `checkedApp`, which fails the test on any diagnostic.

let exploreFixtures = fixturesDirectory().appendingPathComponent("explore")

func fixtureText(_ path: String) throws -> String {
    try String(contentsOf: exploreFixtures.appendingPathComponent(path), encoding: .utf8)
}

@Suite struct TimerAndFailureTests {
    static let folder = "timer-and-failure/"

    /// The rule breaks only when the quote lapses (a timer) and then the debit fails (a service outcome): explore
    /// finds the three-step path, and writes it as a scenario.
    @Test func exploreFindsTheViolationAfterATimerAndAFailedOutcome() throws {
        let app = try checkedApp(try fixtureText(Self.folder + "app.flow.yaml"), id: "hold")
        let result = explore(app, bounds: ExploreBounds(depth: 8))
        let violations = result.violations
        try #require(violations.count == 1)
        #expect(result.moves(of: violations[0]).map(\.summary) == ["send tap_pay", "advance 30s", "outcome bank.debit.failed"])
        let examples = counterexamples(of: result)
        assertMatchesGolden(result.summary(counterexampleFile: "out/hold/counterexamples.flow.yaml"),
                            golden: exploreFixtures.appendingPathComponent(Self.folder + "expected-summary.txt"))
        assertMatchesGolden(renderCounterexamples(examples, app: app),
                            golden: exploreFixtures.appendingPathComponent(Self.folder + "expected-counterexamples.flow.yaml"))
        assertMatchesGolden(result.json(counterexamples: examples),
                            golden: exploreFixtures.appendingPathComponent(Self.folder + "expected-explore.json"))
    }

    /// The written scenario is a real scenario: it fails on the flows as they are and passes on the fixed flows.
    @Test func theWrittenScenarioFailsBeforeTheFixAndPassesAfter() throws {
        let broken = try checkedApp(try fixtureText(Self.folder + "app.flow.yaml"), id: "hold")
        let written = renderCounterexamples(counterexamples(of: explore(broken, bounds: ExploreBounds(depth: 8))), app: broken)
        try #require(!written.isEmpty)
        for (file, passes) in [("app.flow.yaml", false), ("fixed.flow.yaml", true)] {
            let app = try checkedApp(try fixtureText(Self.folder + file) + "\n" + written, id: "hold")
            let scenario = try #require(app.scenarios.first { $0.name == "explore_money_is_kept" })
            let result = runScenario(scenario, of: app)
            #expect(result.passed == passes, "\(file): \(result.failure?.message ?? "passed")")
        }
    }

    @Test func theFixedAppHoldsTheRuleOnEveryExploredStep() throws {
        let app = try checkedApp(try fixtureText(Self.folder + "fixed.flow.yaml"), id: "hold")
        let result = explore(app, bounds: ExploreBounds(depth: 10))
        #expect(result.violations.isEmpty, "\(result.violations.map(\.message))")
        #expect(result.states > 50)
        #expect(result.evidenceText.hasPrefix("held on every one of"))
    }

    /// Same app, same bounds: the same bytes.
    @Test func anExplorationIsDeterministic() throws {
        let app = try checkedApp(try fixtureText(Self.folder + "app.flow.yaml"), id: "hold")
        let first = explore(app, bounds: ExploreBounds(depth: 6))
        let second = explore(app, bounds: ExploreBounds(depth: 6))
        #expect(first.json(counterexamples: counterexamples(of: first)) == second.json(counterexamples: counterexamples(of: second)))
    }

    /// A state bound stops the run and says so.
    @Test func aBoundIsStatedHonestly() throws {
        let app = try checkedApp(try fixtureText(Self.folder + "fixed.flow.yaml"), id: "hold")
        let result = explore(app, bounds: ExploreBounds(depth: 50, states: 40))
        #expect(result.states == 40)
        #expect(result.stoppedBy == .states)
        #expect(result.boundText.hasPrefix("bounded: stopped at 40 states;"))
    }
}

/// `--suite`: a few scenarios that reach every declared transition, guard, rule and service outcome the exploration
/// reached; each is a real scenario that passes on the app it was written from.
@Suite struct SuiteTests {
    @Test func theSuiteReachesWhatTheExplorationReachedAndItsScenariosPass() throws {
        let text = try fixtureText("timer-and-failure/fixed.flow.yaml")
        let app = try checkedApp(text, id: "hold")
        let result = explore(app, bounds: ExploreBounds(depth: 8), collectsSuite: true)
        let written = suite(of: result)
        #expect(written.scenarios.count == 3)
        #expect(written.reached == 8, "6 transitions and 2 service outcomes")
        let yaml = renderSuite(written)
        assertMatchesGolden(yaml, golden: exploreFixtures.appendingPathComponent("timer-and-failure/expected-suite.flow.yaml"))
        let withSuite = try checkedApp(text + "\n" + yaml, id: "hold")
        for scenario in withSuite.scenarios { #expect(runScenario(scenario, of: withSuite).passed, "\(scenario.name)") }
        #expect(withSuite.scenarios.count == 3)
    }
}
