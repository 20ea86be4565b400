import FlowIR
import FlowRuntime
import FlowTestSupport
import Foundation
import Testing

/// Every scenario verdict can fail: one small app (`Tests/Fixtures/scenario-verdicts/app.flow.yaml`) and one
/// folder per planted mistake in what a scenario expects of effects (order, missing, extra, duplicated, wrong
/// property or argument). Each folder's `verdict.txt` holds the exact verdict; every case but `passes-in-order` fails.
@Suite struct ScenarioVerdictTests {
    static let folder = fixturesDirectory().appendingPathComponent("scenario-verdicts")

    static var cases: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.contains(".") }.sorted()
    }

    @Test(arguments: cases) func verdict(of name: String) throws {
        let app = try String(contentsOf: Self.folder.appendingPathComponent("app.flow.yaml"), encoding: .utf8)
        let scenario = try String(contentsOf: Self.folder.appendingPathComponent("\(name)/scenario.flow.yaml"), encoding: .utf8)
        let compiled = try compileApp(app + scenario)
        let results = compiled.scenarios.map { runScenario($0, of: compiled) }
        #expect(results.count == 1)
        let verdict = results.map { result in
            guard let failure = result.failure else { return "PASS \(result.name)\n" }
            return "FAIL \(result.name)\n  step \(failure.step): \(failure.message)\n"
        }.joined()
        let passed = results.filter(\.passed).count
        if name == "passes-in-order" {
            #expect(passed == results.count)
        } else {
            #expect(passed == 0, "a planted mistake must fail the scenario")
        }
        assertMatchesGolden(verdict, golden: Self.folder.appendingPathComponent("\(name)/verdict.txt"))
    }
}
