import FlowCompiler
import FlowIR
import FlowMutation
import FlowReports
import FlowRuntime
import FlowSource
import FlowTestSupport
import Foundation
import Testing

/// `Tests/Fixtures/mutation/small-app/`: a four-screen app where the shortened splash timer survives
/// (no scenario looks before the 3 seconds are up) and every change of the PIN rule is killed.
@Suite struct MutationGoldenTests {
    static let folder = fixturesDirectory().appendingPathComponent("mutation/small-app")

    static func compileFixture() throws -> (app: App, sources: [String: SourceFile]) {
        let compilation = compileCleanly(CompilerConfig(inputs: ["mutation/small-app"], generatesOutputs: false),
                                         fileSystem: FixtureFileSystem(base: fixturesDirectory()), allowing: ["unmarked-secret", "late-answer-unhandled"])
        return (try #require(compilation.program.apps.first), compilation.sources)
    }

    static func document(selection: MutationSelection = MutationSelection()) throws -> MutationDocument {
        let (app, sources) = try compileFixture()
        return MutationDocument(MutationReport(run: runMutation(of: app, selection: selection)), fingerprint: appFingerprint(app, sources: sources))
    }

    @Test func mutantListMatchesGolden() throws {
        let (app, _) = try Self.compileFixture()
        let lines = enumerateMutants(of: app).map { "#\($0.number) \($0.location) \($0.operator.rawValue): \($0.change)" }
        assertMatchesGolden(lines.joined(separator: "\n") + "\n", golden: Self.folder.appendingPathComponent("expected/mutants.txt"))
    }

    @Test func mutationJSONMatchesGolden() throws {
        let document = try Self.document()
        assertMatchesGolden(String(decoding: document.encoded(), as: UTF8.self), golden: Self.folder.appendingPathComponent("expected/mutation.json"))
    }

    @Test func mutationMarkdownMatchesGolden() throws {
        let document = try Self.document()
        assertMatchesGolden(String(decoding: renderMutationMarkdown(document, appName: "Mutants"), as: UTF8.self),
                            golden: Self.folder.appendingPathComponent("expected/mutation.md"))
    }

    @Test func shortenedTimerSurvivesAndRuleChangesAreKilled() throws {
        let document = try Self.document()
        let timer = try #require(document.mutants.first { $0.change == "after: 3s → 2s" })
        #expect(!timer.killed)
        let longer = try #require(document.mutants.first { $0.change == "after: 3s → 4s" })
        #expect(longer.killed && longer.killedBy == [.init(kind: .scenario, name: "welcome_moves_on")])
        for change in ["pin.min_length: 4 → 3", "pin.min_length: 4 → 5", "drop pin.min_length"] {
            let mutant = try #require(document.mutants.first { $0.change == change })
            #expect(mutant.killedBy == [.init(kind: .scenario, name: "short_pin_is_rejected")], "\(change)")
        }
        let welcome = try #require(document.criteria.first { $0.id == "AC-MUT-01" })
        // No scenario looks at the welcome screen's screen view either.
        let screenView = try #require(document.mutants.first { $0.change == "drop screen view wel_001" })
        #expect((welcome.killed, welcome.mutants) == (3, 5))
        #expect(welcome.survivors == [screenView.number, timer.number])
        // AC-MUT-02 names `PIN-002 submit`: the screen's rules and that transition touch it, its outcome handlers do not.
        let pin = try #require(document.criteria.first { $0.id == "AC-MUT-02" })
        let touching = document.mutants.filter { $0.screen == "PIN-002" && ($0.event == nil || $0.event == "submit") }
        #expect(pin.mutants == touching.count)
        // The message and the required rule, the dropped analytics and its property, the two swaps.
        #expect(pin.survivors == [6, 7, 13, 18, 19, 20])
        // `call auth.check_pin` reads only the form, so it commutes with `set attempts`: that swap is not planted.
        #expect(document.mutants.filter { $0.operator == "actions-swapped" }.map(\.change)
                == ["set attempts ↔ analytics pin_submitted", "analytics pin_submitted ↔ call auth.check_pin"])
    }

    @Test func mutantsLeaveTheOriginalAppUnchangedAndDoWhatTheySay() throws {
        let (app, _) = try Self.compileFixture()
        let mutants = enumerateMutants(of: app)
        let timer = try #require(mutants.first { $0.change == "after: 3s → 2s" })
        var mutated = app
        timer.apply(&mutated)
        #expect(mutated.screens[0].timers[0].delayMilliseconds == 2000)
        #expect(app.screens[0].timers[0].delayMilliseconds == 3000)
        let negated = try #require(mutants.first { $0.operator == .guardNegated })
        mutated = app
        negated.apply(&mutated)
        let rejected = try #require(mutated.screens[1].transitions.first { $0.event == "auth.check_pin.rejected" })
        #expect(rejected.conditionSource == "!(attempts < 3)")
    }

    @Test func shardsPartitionTheMutantsAndLimitTakesTheFirst() throws {
        let (app, _) = try Self.compileFixture()
        let all = enumerateMutants(of: app)
        let first = MutationSelection(shard: (1, 3)).select(all).map(\.number)
        let second = MutationSelection(shard: (2, 3)).select(all).map(\.number)
        let third = MutationSelection(shard: (3, 3)).select(all).map(\.number)
        #expect((first + second + third).sorted() == all.map(\.number))
        #expect(first.prefix(3) == [1, 4, 7])
        #expect(MutationSelection(limit: 5).select(all).map(\.number) == [1, 2, 3, 4, 5])
        #expect(MutationSelection(operators: [.timer]).select(all).map(\.change) == ["after: 3s → 4s", "after: 3s → 2s", "after: 3s → 6s"])
        let partial = try Self.document(selection: MutationSelection(shard: (2, 3)))
        #expect(!partial.complete && partial.selection.shard == "2/3" && partial.mutants.map(\.number) == second)
    }

    @Test func twoRunsAreByteIdentical() throws {
        #expect(try Self.document().encoded() == Self.document().encoded())
    }

    @Test func acceptanceReportShowsScoresBesidePassedCriteria() throws {
        let (app, sources) = try Self.compileFixture()
        let document = try Self.document()
        #expect(MutationDocument.decode(document.encoded())?.fingerprint == appFingerprint(app, sources: sources))
        var scores: [String: MutationScore] = [:]
        for criterion in document.criteria { scores[criterion.id] = MutationScore(killed: criterion.killed, mutants: criterion.mutants) }
        let program = RuntimeProgram(app: app)
        let files = renderReports(for: app, results: app.scenarios.map { runScenario($0, of: program) }, mutation: scores)
        let markdown = try #require(files.first { $0.path == "reports/mutants/acceptance.md" })
        assertMatchesGolden(String(decoding: markdown.contents, as: UTF8.self), golden: Self.folder.appendingPathComponent("expected/acceptance.md"))
        let json = try #require(files.first { $0.path == "reports/mutants/acceptance.json" })
        #expect(String(decoding: json.contents, as: UTF8.self).contains("\"mutation\" : {\n        \"explained\" : 0,\n        \"killed\" : 3,\n        \"mutants\" : 5,\n        \"unexplained\" : 2\n      }"))
        #expect(String(decoding: json.contents, as: UTF8.self).contains("\"status\" : \"passed-weak\",\n      \"statusText\" : \"passed, weak · 3 of 5 changes caught\""))
    }

    @Test func fingerprintChangesWithAnyFlowFile() throws {
        let (app, sources) = try Self.compileFixture()
        var changed = sources
        let path = try #require(app.files.first)
        changed[path] = SourceFile(path: path, text: String(decoding: sources[path]?.bytes ?? [], as: UTF8.self) + "\n")
        #expect(appFingerprint(app, sources: changed) != appFingerprint(app, sources: sources))
    }

    @Test func mergedShardsGiveTheCompleteResult() throws {
        let (app, sources) = try Self.compileFixture()
        let fingerprint = appFingerprint(app, sources: sources)
        let program = RuntimeProgram(app: app)
        let shards = try (1...3).map { try Self.document(selection: MutationSelection(shard: ($0, 3))) }
        let merged = MutationDocument(MutationReport(run: try mergeMutationShards(shards, of: program, fingerprint: fingerprint)), fingerprint: fingerprint)
        #expect(merged.encoded() == (try Self.document()).encoded())
        #expect(throws: MutationMergeError.self) { try mergeMutationShards(Array(shards.prefix(2)), of: program, fingerprint: fingerprint) }
        #expect(throws: MutationMergeError.self) { try mergeMutationShards(shards + [shards[0]], of: program, fingerprint: fingerprint) }
        #expect(throws: MutationMergeError.self) { try mergeMutationShards(shards, of: program, fingerprint: "0000000000000000") }
        let message = try #require(try? { () throws -> String? in
            do { _ = try mergeMutationShards(Array(shards.prefix(2)), of: program, fingerprint: fingerprint); return nil } catch { return "\(error)" }
        }())
        #expect(message == "10 of 31 mutants are in no shard (first: #3)")
    }
}
