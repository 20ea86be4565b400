import FlowCompiler
import FlowIR
import FlowLowering
import FlowSource
import FlowTestSupport
import Foundation
import Testing

/// `verified_by: { scenarios: [...], property: X }`: one criterion with both kinds of evidence, each reported with
/// its strength, passing only when both hold (Tests/Fixtures/reports/both-evidence: in `broken/` the scenario passes
/// and the property breaks on a path it does not walk; in `fixed/` both hold).
@Suite struct BothEvidenceTests {
    static let folder = fixturesDirectory().appendingPathComponent("reports/both-evidence")

    static func reports(of variant: String) throws -> [OutputFile] {
        let compilation = compileCleanly(CompilerConfig(inputs: ["reports/both-evidence/\(variant)"], generatesOutputs: false),
                                         fileSystem: FixtureFileSystem(base: fixturesDirectory()))
        let app = try #require(compilation.program.apps.first)
        return accept(lowerApp(app), mutation: [:], outputDirectory: "generated").reports
    }

    @Test(arguments: ["broken", "fixed"], ["acceptance.md", "acceptance.json", "junit.xml"])
    func reportMatchesGolden(variant: String, file: String) throws {
        let report = try #require(try Self.reports(of: variant).first { $0.path.hasSuffix("/" + file) })
        assertMatchesGolden(String(decoding: report.contents, as: UTF8.self), golden: Self.folder.appendingPathComponent("\(variant)/expected/\(file)"))
    }

    @Test func aBrokenPropertyFailsACriterionWhoseScenariosPass() throws {
        let json = try #require(try Self.reports(of: "broken").first { $0.path.hasSuffix("acceptance.json") })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.contents)) as? [String: Any])
        let criterion = try #require((object["criteria"] as? [[String: Any]])?.first)
        #expect(criterion["status"] as? String == "failed")
        #expect(criterion["verification"] as? String == "scenarios")
        #expect(criterion["property"] as? String == "money_is_kept")
        #expect((criterion["evidence"] as? [[String: Any]])?.first?["passed"] as? Bool == true, "the scenario itself passed")
    }

    @Test func bothHoldingPasses() throws {
        let json = try #require(try Self.reports(of: "fixed").first { $0.path.hasSuffix("acceptance.json") })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.contents)) as? [String: Any])
        let criterion = try #require((object["criteria"] as? [[String: Any]])?.first)
        #expect(criterion["status"] as? String == "passed")
        #expect((criterion["exploration"] as? String)?.hasPrefix("held on every one of") == true)
    }

    @Test func aFailingScenarioFailsTheCriterionWhileThePropertyHolds() throws {
        let source = try String(contentsOf: Self.folder.appendingPathComponent("fixed/app.flow.yaml"), encoding: .utf8)
        let planted = source.replacingOccurrences(of: "state: { spent: 10.00 GBP, held: 0.00 GBP }", with: "state: { spent: 20.00 GBP, held: 0.00 GBP }")
        #expect(planted != source)
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-both-evidence-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base.appendingPathComponent("pay"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: base) }
        try planted.write(to: base.appendingPathComponent("pay/app.flow.yaml"), atomically: true, encoding: .utf8)
        let compilation = compileCleanly(CompilerConfig(inputs: ["pay"], generatesOutputs: false), fileSystem: FixtureFileSystem(base: base))
        let app = try #require(compilation.program.apps.first)
        let result = accept(lowerApp(app), mutation: [:], outputDirectory: "generated")
        #expect(result.verdict.failedCriteria == ["AC-PAY-01"])
        let markdown = String(decoding: try #require(result.reports.first { $0.path.hasSuffix("acceptance.md") }).contents, as: UTF8.self)
        #expect(markdown.contains("- ❌ `pay_succeeds`"), "\(markdown)")
        #expect(markdown.contains("- **Also verified by property:** `money_is_kept`, checked on every step flowc explore took: held on every one of"), "\(markdown)")
    }
}
