import FlowCompiler
import FlowIR
@testable import FlowReports
import FlowRuntime
import FlowTestSupport
import Testing

/// Coverage counts a list's row gestures (its tap and each row action) as items: one is performed only when its
/// event arrived while the screen showing the list was current, so a swipe no scenario makes is reported uncovered,
/// even when its event was sent from another screen.
@Suite struct RowGestureCoverageTests {
    static func coverage() throws -> (App, CoverageReport) {
        let compilation = compileCleanly(CompilerConfig(inputs: ["reports/row-gestures"], generatesOutputs: false),
                                         fileSystem: FixtureFileSystem(base: fixturesDirectory()))
        let app = try #require(compilation.program.apps.first)
        let program = RuntimeProgram(app: app)
        return (app, CoverageReport(app: app, results: app.scenarios.map { runScenario($0, of: program) }))
    }

    @Test func aSwipeNoScenarioMakesIsUncovered() throws {
        let (app, coverage) = try Self.coverage()
        #expect(coverage.rowGestures.map { "\($0.name) \($0.performed)" } == [
            "assets assets: tap → asset_tapped true",
            "assets assets: swipe delete → asset_deleted false",
        ])
        #expect(coverage.summary.first { $0.kind == "row gestures" }.map { "\($0.covered)/\($0.total)" } == "1/2")
        #expect(coverage.uncovered(in: app).filter { $0.kind == "row gesture" }.map(\.name) == ["assets assets: swipe delete → asset_deleted"])
        let markdown = String(decoding: renderCoverageMarkdown(coverage, app: app), as: UTF8.self)
        #expect(markdown.contains("| `assets` | `assets` | `swipe delete` | `asset_deleted` | ❌ |"), "\(markdown)")
    }
}
