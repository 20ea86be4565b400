import FlowIR
import FlowRuntime
import FlowTestSupport
import Foundation
import Testing

/// A run that fails says where and why, once: one folder per case under `Tests/Fixtures/scenario-failures/`,
/// each an app whose scenarios fail, with `failure.txt` holding each failure exactly as `flowc test` prints it
/// (`file:line:col: step N: message`, the position of the failing subexpression where there is one).
@Suite struct ScenarioFailureTests {
    static let folder = fixturesDirectory().appendingPathComponent("scenario-failures")

    static var cases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !$0.contains(".") }.sorted()
    }

    @Test(arguments: cases) func failure(of name: String) throws {
        let app = try compileApp(try String(contentsOf: Self.folder.appendingPathComponent("\(name)/app.flow.yaml"), encoding: .utf8))
        let results = app.scenarios.map { runScenario($0, of: app) }
        #expect(!results.isEmpty && results.allSatisfy { !$0.passed }, "every scenario of a failure fixture must fail")
        let text = results.compactMap { result in
            result.failure.map { "\(result.name): \($0.range.file):\($0.range.start.line):\($0.range.start.column): step \($0.step): \($0.message)\n" }
        }.joined()
        assertMatchesGolden(text, golden: Self.folder.appendingPathComponent("\(name)/failure.txt"))
    }
}
