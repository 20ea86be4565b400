import FlowCompiler
import FlowRuntime
import FlowSource
import FlowTestSupport
import FlyingFox
import Foundation
import Testing
@testable import FlowStudio

/// `flowc studio` without a browser: the page's requests as JSON, the walk, the recording, saving and reloading.
/// The browser itself is driven by scripts/studio-browser-test.sh (Playwright and Chromium, in CI).
@Suite struct StudioTests {
    /// A fresh copy of `Tests/Fixtures/studio/walk-app`, so saving and editing never touch the fixture.
    static func copyOfFixture() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-studio-\(UUID().uuidString)/walk")
        try FileManager.default.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixturesDirectory().appendingPathComponent("studio/walk-app"), to: folder)
        return folder.path
    }

    static func act(_ studio: Studio, _ action: [String: Any]) async throws -> [String: Any] {
        let body = try JSONSerialization.data(withJSONObject: action)
        return try #require(try JSONSerialization.jsonObject(with: await studio.perform(json: body)) as? [String: Any])
    }

    static func raw(_ studio: Studio, _ body: String) async throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: await studio.perform(json: Data(body.utf8))) as? [String: Any])
    }

    @Test func whatThePageCannotSayIsRefusedWithAReason() async throws {
        let studio = try Studio(flowsPath: try Self.copyOfFixture(), appID: "walk")
        let cases: [(String, String)] = [
            ("not json", "a request is a JSON object such as {\"do\": \"send\", \"event\": \"tap_continue\"}"),
            ("{\"do\": 7}", "a request is a JSON object such as {\"do\": \"send\", \"event\": \"tap_continue\"}"),
            ("{\"do\": \"fly\"}", "unknown action 'fly'; use send, fill, outcome, advance, advance-to-next-timer, back, restart, undo, reset, expect, save, open or next-step"),
            ("{\"do\": \"fill\", \"field\": \"email\"}", "'fill' needs \"value\" (text)"),
            ("{\"do\": \"send\"}", "'send' needs \"event\" (text)"),
            ("{\"do\": \"send\", \"event\": \"submit\", \"payload\": [1]}", "\"payload\" is a JSON object of values"),
            ("{\"do\": \"fill\", \"field\": \"pin\", \"value\": \"1\"}", "screen 'SPL-001' has no field 'pin'"),
            ("{\"do\": \"advance\", \"by\": \"soon\"}", "'soon' is not a duration such as 30s or 5m"),
            ("{\"do\": \"undo\"}", "nothing to undo"),
            ("{\"do\": \"save\", \"name\": \"Not Snake\"}", "a scenario name is snake_case, such as 'walk_to_wallet'"),
            ("{\"do\": \"save\", \"name\": \"splash_leads_to_log_in\"}", "app 'walk' already has a scenario 'splash_leads_to_log_in'; choose another name"),
            ("{\"do\": \"send\", \"event\": \"tap_nowhere\"}", "no screen of app 'walk' handles 'tap_nowhere'; 'SPL-001' takes no event of its own"),
            (String(repeating: " ", count: 70_000), "the request is too large"),
        ]
        for (body, message) in cases {
            let view = try await Self.raw(studio, body)
            #expect(view["error"] as? String == message, "\(body.prefix(60))")
            #expect(view["screen"] as? String == "SPL-001", "a refused request leaves the walk where it was")
        }
    }

    /// The page labels a field and fills its placeholder in the locale the app shows now (YOLE's language toggle).
    @Test func fieldLabelsAndPlaceholdersFollowTheAppsLocale() async throws {
        let studio = try Studio(flowsPath: packageRoot().appendingPathComponent("flows").path, appID: "yole")
        _ = try await Self.act(studio, ["do": "send", "event": "tap_get_started"])
        var fields = try #require(try await Self.act(studio, ["do": "send", "event": "toggle_language"])["fields"] as? [[String: Any]])
        let email = try #require(fields.first { $0["name"] as? String == "email" })
        #expect(email["placeholder"] as? String == "vous@exemple.com")
        #expect(email["label"] as? String == "email")   // no label written: the page shows the field's name
        fields = try #require(try await Self.act(studio, ["do": "send", "event": "toggle_language"])["fields"] as? [[String: Any]])
        #expect(fields.first { $0["name"] as? String == "email" }?["placeholder"] as? String == "you@example.com")
    }

    @Test func aWalkIsRecordedSavedAndPassesAsAScenario() async throws {
        let folder = try Self.copyOfFixture()
        let studio = try Studio(flowsPath: folder, appID: nil)
        var view = try await Self.act(studio, ["do": "advance-to-next-timer"])
        #expect(view["screen"] as? String == "LOG-002")
        #expect((view["texts"] as? [[String: Any]])?.first?["type"] as? String == "Welcome back")
        view = try await Self.act(studio, ["do": "send", "event": "submit"])
        let fields = try #require(view["fields"] as? [[String: Any]])
        #expect(fields.first?["error"] as? String == "Enter your email")
        // A guarded button says why it does nothing now.
        let events = try #require(view["events"] as? [[String: Any]])
        let help = try #require(events.first { $0["name"] as? String == "help" })
        #expect(help["enabled"] as? Bool == false)
        #expect(help["reason"] as? String == "blocked: attempts > 2 does not hold")
        _ = try await Self.act(studio, ["do": "fill", "field": "email", "value": "ada@example.com"])
        view = try await Self.act(studio, ["do": "send", "event": "submit"])
        let pending = try #require(view["pending"] as? [[String: Any]])
        #expect(pending.first?["operation"] as? String == "auth.sign_in")
        #expect((pending.first?["outcomes"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["success", "denied"])
        view = try await Self.act(studio, ["do": "outcome", "operation": "auth.sign_in", "outcome": "success"])
        #expect(view["screen"] as? String == "HOM-003")
        let changed = (view["state"] as? [[String: Any]] ?? []).filter { $0["changed"] as? Bool == true }.compactMap { $0["name"] as? String }
        #expect(changed == ["signed_in"])
        _ = try await Self.act(studio, ["do": "expect"])
        view = try await Self.act(studio, ["do": "save", "name": "walk_home"])
        #expect(view["error"] == nil, "\(view["error"] ?? "")")
        #expect((view["notice"] as? String)?.hasPrefix("saved scenario 'walk_home' in ") == true)

        let text = try String(contentsOfFile: folder + "/app.flow.yaml", encoding: .utf8)
        #expect(text.contains("""
            walk_home:
              description: Recorded in flowc studio.
              steps:
                - advance: 2s
                - send: submit
                - fill: { email: "ada@example.com" }
                - send: submit
                - outcome: { auth.sign_in: success }
                - expect:
                    screen: HOM-003
                    effects:
                      - { call: { service: auth.sign_in, with: { email: "'ada@example.com'" } } }
          """))
        let results = try Self.scenarioResults(folder)
        #expect(results.map(\.name) == ["splash_leads_to_log_in", "walk_home"])
        #expect(results.filter { !$0.passed }.isEmpty, "\(results.compactMap(\.failure))")

        // The recorded expectation is a real check: the same walk expected elsewhere fails.
        try text.replacingOccurrences(of: "          screen: HOM-003", with: "          screen: LOG-002")
            .write(toFile: folder + "/app.flow.yaml", atomically: true, encoding: .utf8)
        let planted = try Self.scenarioResults(folder)
        #expect(planted.first { $0.name == "walk_home" }?.passed == false)
    }

    static func scenarioResults(_ folder: String) throws -> [ScenarioResult] {
        let compilation = compileCleanly(CompilerConfig(inputs: [folder], generatesOutputs: false), allowing: ["late-answer-unhandled"])
        let app = try #require(compilation.program.apps.first)
        return app.scenarios.map { runScenario($0, of: app) }
    }

    @Test func anEditedFlowReloadsAndTheWalkIsReplayed() async throws {
        let folder = try Self.copyOfFixture()
        let file = folder + "/app.flow.yaml"
        let studio = try Studio(flowsPath: folder, appID: "walk")
        _ = try await Self.act(studio, ["do": "advance-to-next-timer"])
        _ = try await Self.act(studio, ["do": "send", "event": "submit"])
        let original = try String(contentsOfFile: file, encoding: .utf8)

        try Self.write(original.replacingOccurrences(of: "message: Enter your email", with: "message: Type your email"), to: file)
        var view = try #require(try JSONSerialization.jsonObject(with: await studio.view()) as? [String: Any])
        #expect(view["notice"] as? String == "reloaded the edited flows; the walk was replayed (2 steps)")
        #expect((view["fields"] as? [[String: Any]])?.first?["error"] as? String == "Type your email")

        // An edit that does not check keeps the walk on the last good flows and shows why.
        try Self.write(original.replacingOccurrences(of: "after:\n          2s: LOG-002", with: "after:\n          2s: LOG-0O2"), to: file)
        view = try #require(try JSONSerialization.jsonObject(with: await studio.view()) as? [String: Any])
        #expect((view["diagnostics"] as? String)?.contains("transition target 'LOG-0O2' is not a screen of app 'walk'") == true)
        #expect(view["screen"] as? String == "LOG-002")

        // An edit the walk cannot follow says how far it was replayed.
        try Self.write(original.replacingOccurrences(of: "after:\n          2s: LOG-002", with: "after:\n          5s: LOG-002"), to: file)
        view = try #require(try JSONSerialization.jsonObject(with: await studio.view()) as? [String: Any])
        #expect(view["diagnostics"] == nil)
        #expect(view["screen"] as? String == "SPL-001")
        #expect(view["notice"] as? String == "reloaded the edited flows; the walk was replayed (2 steps) and now ends on SPL-001, not LOG-002")
    }

    /// Writes `text` and moves the file's date forward, so the edit shows even within the file system's clock tick.
    static func write(_ text: String, to file: String) throws {
        let before = (try FileManager.default.attributesOfItem(atPath: file)[.modificationDate] as? Date) ?? Date()
        try text.write(toFile: file, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: before.addingTimeInterval(5)], ofItemAtPath: file)
    }

    @Test func anOpenedScenarioIsSteppedThrough() async throws {
        let studio = try Studio(flowsPath: try Self.copyOfFixture(), appID: "walk")
        var view = try await Self.act(studio, ["do": "open", "scenario": "splash_leads_to_log_in"])
        #expect(view["openedScenario"] as? String == "splash_leads_to_log_in")
        #expect(view["screen"] as? String == "SPL-001")
        view = try await Self.act(studio, ["do": "next-step"])
        #expect(view["screen"] as? String == "LOG-002")
        #expect(view["openedNextStep"] as? Int == 1)
        view = try await Self.act(studio, ["do": "save", "name": "copy"])
        #expect(view["error"] as? String == "this walk started in scenario 'splash_leads_to_log_in's world; start over to record a walk to save")
        view = try await Self.act(studio, ["do": "open", "scenario": "splash_leads_to_log"])
        #expect(view["error"] as? String == "app 'walk' has no scenario 'splash_leads_to_log'; did you mean 'splash_leads_to_log_in'?")
        view = try await Self.act(studio, ["do": "reset"])
        #expect(view["openedScenario"] == nil)
    }

    @Test func onlyRequestsNamingThisServerOnALoopbackHostAreAnswered() {
        func request(_ headers: [HTTPHeader: String]) -> HTTPRequest {
            HTTPRequest(method: .GET, version: .http11, path: "/api/view", query: [], headers: headers, body: Data())
        }
        #expect(StudioServer.isLocal(request([.host: "127.0.0.1:8765"]), port: 8765))
        #expect(StudioServer.isLocal(request([.host: "localhost:8765", HTTPHeader("Origin"): "http://localhost:8765"]), port: 8765))
        #expect(!StudioServer.isLocal(request([:]), port: 8765))
        #expect(!StudioServer.isLocal(request([.host: "attacker.example"]), port: 8765), "DNS rebinding: a foreign name resolving to 127.0.0.1")
        #expect(!StudioServer.isLocal(request([.host: "127.0.0.1:9999"]), port: 8765))
        #expect(!StudioServer.isLocal(request([.host: "127.0.0.1:8765", HTTPHeader("Origin"): "http://attacker.example"]), port: 8765),
                "a page elsewhere posting to the studio")
    }

    @Test func aFlowsFolderWithoutTheAppIsRefused() throws {
        #expect(throws: Studio.LoadError.self) { try Studio(flowsPath: try Self.copyOfFixture(), appID: "tempo") }
        do {
            _ = try Studio(flowsPath: try Self.copyOfFixture(), appID: "tempo")
        } catch {
            #expect("\(error)".hasPrefix("no app 'tempo' in "))
            #expect("\(error)".hasSuffix("; apps: walk"))
        }
    }
}
