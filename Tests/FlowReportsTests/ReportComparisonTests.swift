import FlowIR
@testable import FlowReports
import FlowRuntime
import FlowTestSupport
import Foundation
import Testing

/// `flowc compare`: the small fixture's reports from a run without the failing scenario (before) and with every
/// scenario (now): a criterion went from uncovered to failed, a scenario started failing, coverage rose.
@Suite struct ReportComparisonTests {
    static func folders() throws -> (before: URL, now: URL) {
        let (app, results, files) = try ReportGoldenTests.render()
        let partial = renderReports(for: app, results: results.filter { $0.name != "denied_sign_in_stays" })
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-compare-\(UUID().uuidString)")
        let before = base.appendingPathComponent("before"), now = base.appendingPathComponent("now")
        for (folder, set) in [(before, partial), (now, files)] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for file in set where file.path.hasSuffix(".json") {
                try Data(file.contents).write(to: folder.appendingPathComponent(URL(fileURLWithPath: file.path).lastPathComponent))
            }
        }
        return (before, now)
    }

    @Test func aCriterionThatGotWorseIsARegression() throws {
        let (before, now) = try Self.folders()
        let comparison = try ReportComparison(previous: before, current: now)
        #expect(comparison.hasRegressions)
        #expect(comparison.criteria.map(\.id) == ["AC-SML-02", "AC-SML-03"])   // the invariant one waits for every scenario
        #expect(comparison.newlyFailingScenarios == ["denied_sign_in_stays"])
        assertMatchesGolden(comparison.markdown, golden: fixturesDirectory().appendingPathComponent("reports/compare/worse.md"))
    }

    @Test func coverageThatDroppedIsARegressionEvenWhenAStatusImproved() throws {
        let (before, now) = try Self.folders()
        let comparison = try ReportComparison(previous: now, current: before)
        #expect(comparison.coverage.contains { $0.dropped })
        #expect(comparison.hasRegressions)
        #expect(comparison.fixedScenarios.isEmpty, "a scenario that did not run is not passing again")
        assertMatchesGolden(comparison.markdown, golden: fixturesDirectory().appendingPathComponent("reports/compare/dropped.md"))
    }

    /// A scenario the earlier reports did not have at all, failing now: "new, failing", not "now failing" (which
    /// says it passed before).
    @Test func aNewScenarioThatFailsIsSaidToBeNew() throws {
        let (before, now) = try Self.folders()
        func json(_ folder: URL, _ name: String) throws -> [String: Any] {
            try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent(name))) as? [String: Any] ?? [:]
        }
        var previous = try json(before, "acceptance.json")
        previous["scenarios"] = (previous["scenarios"] as? [[String: Any]] ?? []).filter { $0["name"] as? String != "denied_sign_in_stays" }
        let comparison = try ReportComparison(previousAcceptance: previous, previousCoverage: try json(before, "coverage.json"),
                                              acceptance: try json(now, "acceptance.json"), coverage: try json(now, "coverage.json"))
        #expect(comparison.hasRegressions)
        #expect(comparison.markdown.contains("- ⬇ new, failing: `denied_sign_in_stays`\n"), "\(comparison.markdown)")
        #expect(!comparison.markdown.contains("now failing"))
    }

    @Test func theSameReportsHaveNoChange() throws {
        let (_, now) = try Self.folders()
        let comparison = try ReportComparison(previous: now, current: now)
        #expect(!comparison.hasRegressions)
        #expect(comparison.markdown == "# Changes in the reports of `small`\n\nNo change: every criterion has the status it had and coverage is the same.\n")
    }

    @Test func reportsOfDifferentAppsAreRefused() throws {
        do {
            _ = try ReportComparison(previousAcceptance: ["app": "a"], previousCoverage: [:], acceptance: ["app": "b"], coverage: [:])
            Issue.record("reports of apps 'a' and 'b' were compared")
        } catch let problem as ReportComparison.Problem {
            #expect(problem.description == "the reports are of different apps: 'a' and 'b'")
        }
    }
}
