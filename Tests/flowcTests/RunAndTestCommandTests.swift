import Foundation
import FlowTestSupport
import Testing

/// `flowc test` and `flowc run` on the real Tempo flows.
@Suite(.serialized) struct RunAndTestCommandTests {
    @Test func testRunsEveryTempoScenario() throws {
        let result = try runFlowc(["test", "tempo"], in: packageRoot())
        #expect(result.status == 0, "\(result.stdout)")
        let summary = try #require(result.stdout.split(separator: "\n").last)
        #expect(summary.hasSuffix(" passed, 0 failed"))
        #expect(result.stdout.contains("PASS tempo/plan_must_be_chosen"))
    }

    @Test func testOnBrokenFlowsPrintsTheDiagnosticsAndFails() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-broken-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("flows/x")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Data("app:\n  name: X\n  currency: GBP\n  locale: en-GB\n  start: m\nflows:\n  m:\n    start: A\n    screens:\n      A: { name: A, on: { go: B } }\n".utf8)
            .write(to: app.appendingPathComponent("app.flow.yaml"))
        let result = try runFlowc(["test", "--no-reports"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: transition target 'B' is not a screen of app 'x' [unknown-target]"), "\(result.stderr)")
    }

    @Test func runFollowsAScriptAndPrintsOneJSONObjectPerStep() throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-script-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: script) }
        try Data("""
            {"advance": "2s"}
            {"send": "tap_im_new"}
            {"send": "tap_select"}
            {"fill": {"plan": "plus"}}
            {"send": "tap_select"}

            """.utf8).write(to: script)
        let result = try runFlowc(["run", "tempo", "--script", script.path], in: packageRoot())
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        let objects = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(objects.map { $0?["screen"] as? String } == ["ONB-000", "ONB-001", "ONB-003", "ONB-003", "ONB-003", "ONB-004"])
        #expect((objects[3]?["errors"] as? [String: String]) == ["plan": "Choose a card to continue"])
    }

    @Test func aBadScriptLineIsReportedAndFailsTheRun() throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-script-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: script) }
        try Data("{\"fill\": {\"no_such_field\": \"x\"}}\n".utf8).write(to: script)
        let result = try runFlowc(["run", "tempo", "--script", script.path], in: packageRoot())
        #expect(result.status == 1)
        #expect(result.stdout.contains("\"error\":\"step 1: screen 'ONB-000' has no field 'no_such_field'\""))
    }
}
