import FlowCompiler
import FlowIR
import FlowSession
import FlowSource
import FlowTestSupport
import Foundation
import Testing

/// The session of `flowc run` without the terminal: lines in, replies out (the flowc tests run the same
/// sessions through the binary against their golden transcripts in `Fixtures/run-sessions`).
@Suite struct SessionTests {
    static func app() throws -> App {
        let folder = fixturesDirectory().appendingPathComponent("semantics/input")
        let compilation = compileCleanly(CompilerConfig(inputs: [folder.path], generatesOutputs: false), allowing: ["late-answer-unhandled"])
        return try #require(compilation.program.apps.first)
    }

    @Test func aLineIsAnsweredWithWhatChangedAndUndoTakesItBack() throws {
        var session = try Session.start(app: try Self.app(), startScreenID: nil, stateJSON: nil, scenarioName: nil)
        #expect(session.respond(to: "   ") == nil)
        #expect(session.respond(to: "quit") == .quit)
        #expect(session.respond(to: "help") == .help)
        guard case .text(let moved)? = session.respond(to: "go_guards") else { Issue.record("no reply"); return }
        #expect(moved.hasPrefix("→ GRD-1"), "\(moved)")
        #expect(session.interpreter.currentScreen.id == "GRD-1")
        _ = session.respond(to: "undo")
        #expect(session.interpreter.currentScreen.id == "HUB")
        let now = session.sendableNow
        #expect(session.respond(to: "go_gards") == .text("error: no screen of app 'semantics' handles 'go_gards' (did you mean 'go_guards'?); \(now) ('help' lists the commands)"))
    }

    /// `show` lists a choice field's options with their labels in the locale the app shows now (YOLE's `language`).
    @Test func optionLabelsShowInTheAppsLocale() throws {
        let folder = packageRoot().appendingPathComponent("flows/yole")
        let yole = try #require(compile(CompilerConfig(inputs: [folder.path], generatesOutputs: false), diagnostics: DiagnosticBag()).program.apps.first)
        for (language, labels) in [("en", #"passport "Passport", drivers_license "Driver's license", national_id "National ID card""#),
                                   ("fr", #"passport "Passeport", drivers_license "Permis de conduire", national_id "Carte d’identité nationale""#)] {
            var session = try Session.start(app: yole, startScreenID: "STEP-09", stateJSON: #"{"language": "\#(language)"}"#, scenarioName: nil)
            guard case .text(let shown)? = session.respond(to: "show") else { Issue.record("no reply"); return }
            #expect(shown.contains("  options:\n    document_type: " + labels), "\(shown)")
        }
    }

    /// `show` lists the fields' labels and placeholders in the locale the app shows now.
    @Test func labelsAndPlaceholdersShowInTheAppsLocale() throws {
        let folder = packageRoot().appendingPathComponent("flows/yole")
        let yole = try #require(compile(CompilerConfig(inputs: [folder.path], generatesOutputs: false), diagnostics: DiagnosticBag()).program.apps.first)
        for (language, lines) in [("en", "  labels:\n    document_type: \"Document type\"\n    document_photo: \"Document photo\"\n"),
                                  ("fr", "  labels:\n    document_type: \"Type de document\"\n    document_photo: \"Photo du document\"\n")] {
            var session = try Session.start(app: yole, startScreenID: "STEP-09", stateJSON: #"{"language": "\#(language)"}"#, scenarioName: nil)
            guard case .text(let shown)? = session.respond(to: "show") else { Issue.record("no reply"); return }
            #expect(shown.contains(lines), "\(shown)")
        }
        var signUp = try Session.start(app: yole, startScreenID: "STEP-02", stateJSON: #"{"language": "fr"}"#, scenarioName: nil)
        guard case .text(let shown)? = signUp.respond(to: "show") else { Issue.record("no reply"); return }
        #expect(shown.contains("    email: placeholder \"vous@exemple.com\"\n"), "\(shown)")
    }

    @Test func aSessionIsSavedAsAScenario() throws {
        var session = try Session.start(app: try Self.app(), startScreenID: "VAL-1", stateJSON: nil, scenarioName: nil)
        _ = session.respond(to: "fill amount 150")
        _ = session.respond(to: "next")
        #expect(session.respond(to: "save big_amount") == .text("""
            scenarios:
              big_amount:
                steps:
                  - fill: { amount: "150" }
                  - send: next
                  - expect: { screen: VAL-1 }
            """))
    }

    @Test func aScriptGivesOneJSONObjectPerLineAndNamesTheLineThatFailed() throws {
        var session = try Session.start(app: try Self.app(), startScreenID: nil, stateJSON: nil, scenarioName: nil)
        var emitted: [String] = []
        let passed = session.runScript(["{\"send\": \"go_guards\"}", "", "{\"send\": \"nowhere\"}", "{\"send\": \"bump\"}"]) { emitted.append($0) }
        #expect(!passed)
        #expect(emitted.count == 4)
        let objects = try emitted.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        #expect(objects.map { $0["status"] as? String } == ["start", "ok", "error", "ok"])
        #expect((objects[2]["error"] as? String)?.hasPrefix("line 3: no screen of app 'semantics' handles 'nowhere'") == true)
        #expect(objects[3]["state"] as? [String: String] != nil)
        #expect((objects[3]["state"] as? [String: String])?["count"] == "1")
    }

    @Test func aSessionAskedForWhatTheAppDoesNotHaveIsRefusedWithTheNearestName() throws {
        let app = try Self.app()
        #expect(throws: SessionSetupError("--start: app 'semantics' has no screen 'HUV'; did you mean 'HUB'?")) {
            try Session.start(app: app, startScreenID: "HUV", stateJSON: nil, scenarioName: nil)
        }
        #expect(throws: SessionSetupError("--state: app 'semantics' has no state variable 'cont'; did you mean 'count'?")) {
            try Session.start(app: app, startScreenID: nil, stateJSON: "{\"cont\": 1}", scenarioName: nil)
        }
    }

    @Test func aReplayedScenarioIsEchoedStepByStep() throws {
        var echoed: [String] = []
        let session = try Session.start(app: try Self.app(), startScreenID: nil, stateJSON: nil,
                                        scenarioName: "guards_are_tried_in_order_and_the_last_is_the_otherwise") { echoed.append($0) }
        #expect(echoed.first?.hasPrefix("Replaying scenario 'guards_are_tried_in_order_and_the_last_is_the_otherwise' (") == true)
        #expect(echoed.contains("semantics> send pick"))
        #expect(session.interpreter.currentScreen.id == "GRD-BIG")
    }
}
