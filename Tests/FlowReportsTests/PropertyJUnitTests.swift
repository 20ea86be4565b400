import FlowCompiler
import FlowSource
import FlowTestSupport
import Foundation
import Testing

/// A property criterion is checked by exploration, not by a scenario: its verdict is a JUnit case of its own, so a
/// rule broken on an explored path fails the run in CI like a failed scenario (Tests/Fixtures/explore/timer-and-failure
/// breaks `money_is_kept` after a timer and a failed debit; `fixed.flow.yaml` keeps it).
@Suite struct PropertyJUnitTests {
    static func junit(for file: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-property-junit-\(UUID().uuidString)/pay")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder.deletingLastPathComponent()) }
        let source = try String(contentsOf: fixturesDirectory().appendingPathComponent("explore/timer-and-failure/\(file)"), encoding: .utf8)
        try (source + """

            criteria:
              AC-PAY-01:
                text: "Money is never created or lost."
                screens: [quote]
                verified_by:
                  property: money_is_kept

            """).write(to: folder.appendingPathComponent("app.flow.yaml"), atomically: true, encoding: .utf8)
        let compilation = compileCleanly(CompilerConfig(inputs: [folder.path], generatesOutputs: false))
        let app = try #require(lowerApps(compilation.program).first)
        let reports = accept(app, mutation: [:], outputDirectory: "generated").reports
        let junit = try #require(reports.first { $0.path.hasSuffix("junit.xml") })
        return String(decoding: junit.contents, as: UTF8.self)
    }

    @Test func aBrokenPropertyFailsTheRun() throws {
        let junit = try Self.junit(for: "app.flow.yaml")
        #expect(junit.contains("<testsuites name=\"hold\" tests=\"1\" failures=\"1\""), "\(junit)")
        #expect(junit.contains("""
            <testcase name="AC-PAY-01 (property money_is_kept)" classname="hold.criteria" time="0">
                  <failure message="property &#39;money_is_kept&#39; broken: balance + held + spent == 100.00 GBP does not hold on failed; \
            run &#39;flowc explore hold&#39; for the counterexample scenario" type="property"/>
            """), "\(junit)")
    }

    @Test func aKeptPropertyPasses() throws {
        let junit = try Self.junit(for: "fixed.flow.yaml")
        #expect(junit.contains("<testsuites name=\"hold\" tests=\"1\" failures=\"0\""), "\(junit)")
        #expect(junit.contains("<testcase name=\"AC-PAY-01 (property money_is_kept)\" classname=\"hold.criteria\" time=\"0\">"), "\(junit)")
        #expect(!junit.contains("<failure"), "\(junit)")
    }
}
