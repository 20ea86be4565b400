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

    /// The walks a person takes through Tempo's money screens (Tests/Fixtures/walks/tempo-*.jsonl): log in, top up,
    /// then a UK transfer; an international transfer whose 30-second FX lock expires once; card activation, freeze and
    /// the physical card order up to its ATM activation. Every line must run, and each walk ends where it should.
    @Test(arguments: [
        ("tempo-uk-transfer.jsonl", "WAL-001", "380.00 GBP"),
        ("tempo-international-fx-lock-expiry.jsonl", "WAL-005", "297.50 GBP"),
        ("tempo-card-freeze-and-physical-order.jsonl", "WAL-013i", "495.01 GBP"),
    ])
    func tempoMoneyWalks(file: String, endScreen: String, endBalance: String) throws {
        let script = fixturesDirectory().appendingPathComponent("walks/\(file)")
        let result = try runFlowc(["run", "tempo", "--script", script.path], in: packageRoot())
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        let objects = try result.stdout.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        for (index, object) in objects.enumerated() {
            #expect(object?["error"] == nil, "\(file) line \(index): \(object?["error"] ?? "")")
        }
        let last = try #require(objects.last ?? nil)
        #expect(last["screen"] as? String == endScreen)
        #expect((last["state"] as? [String: Any])?["balance"] as? String == endBalance)
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
