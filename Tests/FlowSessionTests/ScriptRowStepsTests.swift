import FlowCompiler
import FlowIR
import FlowSession
import FlowTestSupport
import Foundation
import Testing

/// `flowc run --script`'s row steps (`tap_row`, `swipe_row`, `long_press_row`, a row by key or position): each line's
/// JSON answer, and each refusal (a row that is not there, a mistyped list or action, key and index together) with
/// its line number and exact words.
@Suite struct ScriptRowStepsTests {
    @Test func rowStepsRunAndEveryMistakeIsRefusedWithItsLine() throws {
        let folder = fixturesDirectory().appendingPathComponent("script-rows")
        var session = try Session.start(app: try RowActionSessionTests.app(), startScreenID: nil, stateJSON: nil, scenarioName: nil)
        let script = try String(contentsOf: folder.appendingPathComponent("script.jsonl"), encoding: .utf8)
        var emitted: [String] = []
        let passed = session.runScript(script.split(separator: "\n").map(String.init)) { emitted.append($0) }
        #expect(!passed)
        assertMatchesGolden(emitted.joined(separator: "\n") + "\n", golden: folder.appendingPathComponent("expected.jsonl"))
    }

    @Test func aSwipedRowIsGoneAndATapOpensTheOtherOne() throws {
        var session = try Session.start(app: try RowActionSessionTests.app(), startScreenID: nil, stateJSON: nil, scenarioName: nil)
        var emitted: [String] = []
        let passed = session.runScript([#"{"swipe_row": {"list": "assets", "action": "delete", "key": "A1"}}"#,
                                        #"{"tap_row": {"list": "assets", "index": 0}}"#]) { emitted.append($0) }
        #expect(passed, "\(emitted)")
        let last = try #require(try JSONSerialization.jsonObject(with: Data((emitted.last ?? "").utf8)) as? [String: Any])
        #expect(last["screen"] as? String == "edit")
        #expect((last["state"] as? [String: String])?["editing_id"] == "A2", "\(last)")
    }
}
