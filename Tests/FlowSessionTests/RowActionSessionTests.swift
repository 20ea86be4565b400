import FlowCompiler
import FlowIR
import FlowSession
import FlowTestSupport
import Testing

/// `flowc run`'s row actions: `swipe_row <list> <action> <key or position>` (the key last, as it may have spaces),
/// the buttons each row shows, a mistyped action refused with the list's actions, and `save` writing the steps.
@Suite struct RowActionSessionTests {
    static func app() throws -> App {
        let compilation = compileCleanly(CompilerConfig(inputs: ["reports/row-gestures"], generatesOutputs: false),
                                         fileSystem: FixtureFileSystem(base: fixturesDirectory()))
        return try #require(compilation.program.apps.first)
    }

    @Test func aSwipeByKeyIsPerformedShownAndSaved() throws {
        var session = try Session.start(app: try Self.app(), startScreenID: nil, stateJSON: nil, scenarioName: nil)
        guard case .text(let shown)? = session.respond(to: "show") else { Issue.record("no reply"); return }
        #expect(shown.contains("assets (2 rows, a tap sends asset_tapped, swipe delete sends asset_deleted):"), "\(shown)")
        #expect(shown.contains("[A1] name: \"Emergency Fund\" · detail: \"Cash · £10,000.00\"  [delete: \"Delete Emergency Fund\"]"), "\(shown)")
        #expect(session.respond(to: "swipe_row assets delet A1")
                == .text("error: the rows of 'assets' have no swipe action 'delet'; their swipe actions: delete"))
        #expect(session.respond(to: "long_press_row assets delete A1")
                == .text("error: the rows of 'assets' have no long-press action 'delete'"))
        guard case .text(let swiped)? = session.respond(to: "swipe_row assets delete A1") else { Issue.record("no reply"); return }
        #expect(swiped.contains("asset_deleted: assets → assets"), "\(swiped)")
        guard case .text(let saved)? = session.respond(to: "save swiped") else { Issue.record("no reply"); return }
        #expect(saved.contains("- swipe_row: { list: assets, key: \"A1\", action: delete }"), "\(saved)")
    }
}
