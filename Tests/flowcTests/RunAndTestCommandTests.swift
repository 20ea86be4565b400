import Foundation
import FlowTestSupport
import Testing

/// `flowc test` and `flowc run` on the real Tempo flows.
@Suite(.serialized) struct RunAndTestCommandTests {
    @Test func testRunsEveryTempoScenario() async throws {
        let result = try await runFlowc(["test", "tempo"], in: packageRoot())
        #expect(result.status == 0, "\(result.stdout)")
        let summary = try #require(result.stdout.split(separator: "\n").last)
        #expect(summary.hasSuffix(" passed, 0 failed"))
        #expect(result.stdout.contains("PASS tempo/plan_must_be_chosen"))
    }

    @Test func testOnBrokenFlowsPrintsTheDiagnosticsAndFails() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-broken-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("flows/x")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Data("app:\n  name: X\n  currency: GBP\n  locale: en-GB\n  start: m\nflows:\n  m:\n    start: A\n    screens:\n      A: { name: A, on: { go: B } }\n".utf8)
            .write(to: app.appendingPathComponent("app.flow.yaml"))
        let result = try await runFlowc(["test", "--no-reports"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("error: transition target 'B' is not a screen of app 'x' [unknown-target]"), "\(result.stderr)")
    }

    @Test func runFollowsAScriptAndPrintsOneJSONObjectPerStep() async throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-script-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: script) }
        try Data("""
            {"advance": "2s"}
            {"send": "tap_im_new"}
            {"send": "tap_select"}
            {"fill": {"plan": "plus"}}
            {"send": "tap_select"}

            """.utf8).write(to: script)
        let result = try await runFlowc(["run", "tempo", "--script", script.path], in: packageRoot())
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        let objects = try lines.map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(objects.map { $0?["screen"] as? String } == ["ONB-000", "ONB-001", "ONB-003", "ONB-003", "ONB-003", "ONB-004"])
        #expect((objects[3]?["errors"] as? [String: String]) == ["plan": "Choose a card to continue"])
    }

    /// A script is read a line at a time (a million-line script is never held in memory) and each
    /// JSON line reports the number of commands performed, past the 10,000 a script keeps for `save`;
    /// a last line without a newline and CRLF endings are read too.
    @Test func longScriptsAreStreamedAndCountEveryStep() async throws {
        let count = 10_050
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-script-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: script) }
        try Data((String(repeating: "{\"advance\": \"1s\"}\r\n", count: count - 1) + "{\"advance\": \"1s\"}").utf8).write(to: script)
        let flows = fixturesDirectory().appendingPathComponent("codegen/small-app/input").path
        let result = try await runFlowc(["run", "small", "--flows", flows, "--script", script.path], in: packageRoot())
        let objects = result.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(objects.count == count + 1)
        #expect(objects.last?["step"] as? Int == count)
        #expect(objects.last?["time_ms"] as? Int == count * 1000)
    }

    @Test func aBadScriptLineIsReportedAndFailsTheRun() async throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-script-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: script) }
        try Data("{\"fill\": {\"no_such_field\": \"x\"}}\n".utf8).write(to: script)
        let result = try await runFlowc(["run", "tempo", "--script", script.path], in: packageRoot())
        #expect(result.status == 1)
        #expect(result.stdout.contains("\"error\":\"line 1: screen 'ONB-000' has no field 'no_such_field'\""))
    }

    /// Runs a script through `flowc run tempo` and returns the JSON objects it printed.
    func runScript(_ lines: String) async throws -> (status: Int32, objects: [[String: Any]]) {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-script-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: script) }
        try Data(lines.utf8).write(to: script)
        let result = try await runFlowc(["run", "tempo", "--script", script.path], in: packageRoot())
        let objects = result.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        return (result.status, objects)
    }

    @Test func aScriptCanChooseOutputValuesForAServiceOutcome() async throws {
        let (status, objects) = try await runScript("""
            {"advance": "2s"}
            {"send": "tap_log_in"}
            {"fill": {"keycode": "480317"}}
            {"send": "keycode_entered"}
            {"outcome": {"equals.log_in": "success"}, "output": {"user_id": "U-42"}}

            """)
        #expect(status == 0)
        let state = objects.last?["state"] as? [String: String]
        #expect(state?["user_id"] == "U-42")
    }

    @Test func aScriptCanRestartTheAppAndOnlyPersistedStateStays() async throws {
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-script-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: script) }
        try Data("""
            {"send": "tap_sign_in_with_google"}
            {"outcome": {"google.sign_in": "signed_in"}, "output": {"user_id": "g-1", "name": "Ada"}}
            {"restart": true}
            {"restart": 1}

            """.utf8).write(to: script)
        let result = try await runFlowc(["run", "regent", "--script", script.path], in: packageRoot())
        let objects = result.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(result.status == 1)
        #expect(objects.map { $0["screen"] as? String } == ["R-S1", "R-S1", "R-S1-faceid", "R-S1-faceid", "R-S1-faceid"])
        let state = objects[3]["state"] as? [String: Any]
        #expect(state?["user_name"] as? String == "Ada")
        #expect(state?["sign_in_state"] as? String == "default")
        #expect(objects[4]["error"] as? String == "line 4: \"restart\" takes true, not 1")
    }

    @Test func scriptValuesMustFitWhatTheAppDeclares() async throws {
        let unknownOperation = try await runScript(#"{"outcome": {"equals.no_such_call": "success"}}"# + "\n")
        #expect(unknownOperation.status == 1)
        #expect((unknownOperation.objects.last?["error"] as? String)?.hasPrefix("line 1: 'equals.no_such_call' is not a service operation of tempo; known: ") == true)

        let unknownOutcome = try await runScript(#"{"outcome": {"equals.log_in": "maybe"}}"# + "\n")
        #expect(unknownOutcome.objects.last?["error"] as? String == "line 1: 'equals.log_in' has no outcome 'maybe'; its outcomes: success, wrong_keycode")

        let wrongType = try await runScript(#"{"send": "country_selected", "payload": {"country": 44}}"# + "\n")
        #expect(wrongType.objects.last?["error"] as? String == "line 1: the payload of 'country_selected' 'country' should be text, not 44")

        let undeclared = try await runScript(#"{"send": "country_selected", "payload": {"dial_code": "+44"}}"# + "\n")
        #expect(undeclared.objects.last?["error"] as? String == "line 1: the payload of 'country_selected' has no 'dial_code'; it declares: country")
    }

    @Test func aSavedSessionKeepsPayloadsAndChosenOutputs() async throws {
        let session = """
            advance 2s
            tap_log_in
            fill keycode 480317
            keycode_entered
            outcome equals.log_in success {"user_id": "U-42"}
            save login_as_u42
            quit

            """
        let result = try await runFlowc(["run", "tempo"], in: packageRoot(), input: session)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("""
                  - advance: 2s
                  - send: tap_log_in
                  - fill: { keycode: "480317" }
                  - send: keycode_entered
                  - outcome: { equals.log_in: { outcome: success, output: { user_id: "'U-42'" } } }
            """))
    }
}
