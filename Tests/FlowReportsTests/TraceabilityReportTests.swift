import FlowTestSupport
import Foundation
import Testing

/// `Tests/Fixtures/reports/traceability/`: a document traced sentence by sentence, with one requirement of each
/// status and a section nothing traces; the acceptance report's traceability is compared with goldens.
@Suite struct TraceabilityReportTests {
    static let folder = fixturesDirectory().appendingPathComponent("reports/traceability")

    static func acceptance(_ name: String) throws -> String {
        let (_, _, files) = try renderFixture(inputs: ["reports/traceability"], base: fixturesDirectory())
        let file = try #require(files.first { $0.path == "reports/traced/\(name)" })
        return String(decoding: file.contents, as: UTF8.self)
    }

    @Test(arguments: ["acceptance.md", "acceptance.json"])
    func reportMatchesGolden(name: String) throws {
        assertMatchesGolden(try Self.acceptance(name), golden: Self.folder.appendingPathComponent("expected/\(name)"))
    }

    /// Each sentence takes its status from the criteria that prove it: a failing criterion makes it failing (never
    /// proved), an uncovered one leaves it not proved, a criterion that is itself not automatable proves nothing headless.
    @Test func statusesFollowTheProvingCriteria() throws {
        let json = try Self.acceptance("acceptance.json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let traceability = try #require(object["traceability"] as? [String: Any])
        let requirements = try #require(traceability["requirements"] as? [[String: Any]])
        var statuses: [String: String] = [:]
        for requirement in requirements { statuses[requirement["id"] as? String ?? ""] = requirement["status"] as? String }
        #expect(statuses == ["R-LOG-1": "proved", "R-LOG-2": "failing", "R-LOG-3": "unproved", "R-LOG-4": "open-question",
                             "R-ACC-1": "not-automatable", "R-ACC-2": "not-automatable"])
        #expect(traceability["untracedSections"] as? [String] == ["2. Home"])
    }

    /// The failing sentence is shown with ❌ and never with ✅, in every form of the report.
    @Test func aFailingSentenceIsNeverShownAsProved() throws {
        let markdown = try Self.acceptance("acceptance.md")
        let line = try #require(markdown.split(separator: "\n").first { $0.contains("**R-LOG-2**") })
        #expect(line.hasPrefix("- ❌ **R-LOG-2** Failing"))
        let html = try Self.acceptance("acceptance.html")
        let row = try #require(html.split(separator: "\n").first { $0.contains("id=\"requirement-R-LOG-2\"") })
        #expect(row.contains("<span class=\"badge failing\">Failing</span>"))
        #expect(!row.contains("badge proved"))
        #expect(html.contains("2. Home <span class=\"badge uncovered\">no trace</span>"))
    }

    /// An app without `requirements:` renders as before: no traceability anywhere.
    @Test func appsWithoutATableShowNone() throws {
        let (_, _, files) = try renderFixture(inputs: ["reports/small-app"], base: fixturesDirectory())
        for file in files where file.path.contains("acceptance") {
            let text = String(decoding: file.contents, as: UTF8.self)
            #expect(!text.contains("raceability"), "\(file.path) mentions traceability")
        }
    }
}
