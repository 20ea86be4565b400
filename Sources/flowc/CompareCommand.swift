import ArgumentParser
import FlowReports
import Foundation

struct CompareCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare an app's reports with earlier ones: criteria that changed status, coverage that dropped.",
        discussion: reflowed("""
            Reads acceptance.json and coverage.json from both folders (each a reports/<app>/ folder) and prints, as
            Markdown for a release checklist: the criteria whose status changed (or that were added or removed),
            scenarios that started or stopped failing, coverage per kind of item before and now, and the items
            newly uncovered or covered. Regressions are marked ⬇.

            Exit status: 0 when nothing got worse, 1 when a criterion got worse or was removed, a scenario started
            failing or a kind of coverage dropped, 64 when a folder cannot be read.

            Examples:
              mkdir -p .build/previous && git archive v1.2 generated/reports | tar -x -C .build/previous
              flowc compare .build/previous/generated/reports/tempo generated/reports/tempo
            """)
    )

    @Argument(help: "The earlier report folder (holding acceptance.json and coverage.json).")
    var previous: String

    @Argument(help: "The current report folder.")
    var current: String

    func run() throws {
        let comparison: ReportComparison
        do {
            comparison = try ReportComparison(previous: URL(fileURLWithPath: previous), current: URL(fileURLWithPath: current))
        } catch {
            refuse("\(error)")
        }
        FileHandle.standardOutput.write(Data(comparison.markdown.utf8))
        finish(comparison.hasRegressions ? .failure : .success)
    }
}
