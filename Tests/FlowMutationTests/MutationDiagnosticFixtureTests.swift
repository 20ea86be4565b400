import FlowCompiler
import FlowMutation
import FlowSource
import FlowTestSupport
import Foundation
import Testing

/// The diagnostic codes only `flowc mutate` reports, one fixture folder each beside the compiler's
/// (`Tests/Fixtures/diagnostics/<code>/`, with `mutate-expected.txt`): the app compiles cleanly, and a complete
/// mutation run warns with exactly the golden text.
@Suite struct MutationDiagnosticFixtureTests {
    static let root = fixturesDirectory().appendingPathComponent("diagnostics")
    static var codes: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).filter {
            FileManager.default.fileExists(atPath: root.appendingPathComponent("\($0)/mutate-expected.txt").path)
        }.sorted()
    }

    @Test func theMutationCodesHaveFixtures() {
        #expect(Self.codes == ["false-survivor-explanation", "stale-survivor-explanation", "unreached-concerns"])
    }

    @Test(arguments: codes)
    func mutationWarnsAsTheGoldenSays(code: String) throws {
        let diagnostics = TestDiagnosticCollector()
        let compilation = compile(CompilerConfig(inputs: ["diagnostics/\(code)"], generatesOutputs: false),
                                  fileSystem: FixtureFileSystem(base: fixturesDirectory()), diagnostics: diagnostics)
        diagnostics.verify()
        let app = try #require(compilation.program.apps.first)
        let report = MutationReport(run: runMutation(of: app))
        #expect(report.warnings.contains { $0.code == code }, "no '\(code)' warning: \(report.warnings.map(\.code))")
        let text = DiagnosticRenderer(format: .text, sources: compilation.sources).render(report.warnings)
        assertMatchesGolden(text, golden: Self.root.appendingPathComponent("\(code)/mutate-expected.txt"))
    }
}
