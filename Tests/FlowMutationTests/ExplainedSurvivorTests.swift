import FlowCompiler
import FlowIR
import FlowMutation
import FlowReports
import FlowRuntime
import FlowSource
import FlowTestSupport
import Foundation
import Testing

/// `Tests/Fixtures/mutation/explained-app/`: `concerns:` narrows what a criterion is scored on, `survivors:`
/// explains survivors (shown in mutation.md and the acceptance score), and explanations that no longer fit
/// are warned about at the entry.
@Suite struct ExplainedSurvivorTests {
    static func compileFixture() throws -> (app: App, sources: [String: SourceFile]) {
        let compilation = compileCleanly(CompilerConfig(inputs: ["mutation/explained-app"], generatesOutputs: false),
                                         fileSystem: FixtureFileSystem(base: fixturesDirectory()), allowing: ["unmarked-secret", "late-answer-unhandled"])
        return (try #require(compilation.program.apps.first), compilation.sources)
    }

    static let folder = fixturesDirectory().appendingPathComponent("mutation/explained-app")

    @Test func concernsLeaveOutTheScreensOtherParts() throws {
        let (app, _) = try Self.compileFixture()
        let report = MutationReport(run: runMutation(of: app))
        let pin = try #require(report.criteria.first { $0.id == "AC-MUT-02" })
        let touching = report.run.results.filter { pin.touching.contains($0.mutant.number) }
        // The entry analytics of PIN-002 is on the screen the criterion lists, but not among its concerns.
        #expect(!touching.contains { $0.mutant.change == "drop analytics pin_shown" })
        #expect(touching.contains { $0.mutant.change == "drop pin.required" })
        #expect(touching.contains { $0.mutant.event == "submit" })
        #expect(!touching.contains { $0.mutant.event == "auth.check_pin.accepted" })
    }

    @Test func removingBackBlockedIsKilledByTheCriterionThatConcernsIt() throws {
        let (app, _) = try Self.compileFixture()
        let report = MutationReport(run: runMutation(of: app))
        let lock = try #require(report.criteria.first { $0.id == "AC-MUT-04" })
        let mutant = try #require(report.run.results.first { $0.mutant.operator == .backAllowed })
        #expect(mutant.mutant.key(in: app) == "LCK-004 back: back: blocked → allowed")
        #expect(lock.touching == [mutant.mutant.number] && lock.killed == [mutant.mutant.number])
    }

    @Test func explanationsAreShownAndStaleOnesWarned() throws {
        let (app, sources) = try Self.compileFixture()
        let report = MutationReport(run: runMutation(of: app))
        let welcome = try #require(report.criteria.first { $0.id == "AC-MUT-01" })
        #expect(welcome.unexplained.isEmpty && welcome.explained.count == 2)
        let pin = try #require(report.criteria.first { $0.id == "AC-MUT-02" })
        // One by its key, one by a key ending in `*` (every dropped analytics of the submit transition).
        #expect(pin.explained.count == 2 && pin.unexplained.count == pin.survivors.count - 2)
        let byWildcard = try #require(report.run.results.first { $0.mutant.change == "drop analytics pin_submitted" })
        #expect(pin.explained[byWildcard.mutant.number] == "Analytics are not what the text states.")
        let warnings = DiagnosticRenderer(format: .text, sources: sources).render(report.warnings)
        assertMatchesGolden(warnings, golden: Self.folder.appendingPathComponent("expected/stale.txt"))
        let document = MutationDocument(report, fingerprint: appFingerprint(app, sources: sources))
        assertMatchesGolden(String(decoding: renderMutationMarkdown(document, appName: "Mutants"), as: UTF8.self),
                            golden: Self.folder.appendingPathComponent("expected/mutation.md"))
        // A partial run cannot tell a stale explanation from a mutant it did not run.
        let partial = MutationReport(run: runMutation(of: app, selection: MutationSelection(limit: 3)))
        #expect(partial.staleExplanations.isEmpty)
    }

    /// A reason is checked against the run: a named scenario must kill the mutant, a claimed one must be named, and
    /// "equivalent" needs a why. False reasons explain nothing; a true one does.
    @Test func explanationsAreVerified() throws {
        let (app, _) = try Self.compileFixture()
        let report = MutationReport(run: runMutation(of: app))
        let pin = try #require(report.criteria.first { $0.id == "AC-MUT-02" })
        let problems = pin.staleNotes.filter { $0.code == "false-survivor-explanation" }.map(\.problem)
        #expect(problems.count == 3)
        #expect(problems.contains { $0.hasPrefix("says 'locked_stays_locked' catches the change, but no scenario fails on mutant #") })
        #expect(problems.contains { $0.hasPrefix("calls the change equivalent without saying why") })
        #expect(problems.contains { $0.hasPrefix("says another scenario or criterion catches the change without naming one") })
        let message = try #require(report.run.results.first { $0.mutant.operator == .ruleMessage && $0.mutant.screen == 1 })
        #expect(pin.explained[message.mutant.number] == nil && pin.unexplained.contains(message.mutant.number))
        let attempts = try #require(report.criteria.first { $0.id == "AC-MUT-03" })
        let dropped = try #require(report.run.results.first { $0.mutant.change == "drop set attempts" })
        #expect(attempts.explained[dropped.mutant.number] != nil)
        #expect(attempts.staleNotes.isEmpty)
        #expect(report.unreachedConcerns.map(\.message) == [
            "criterion 'AC-MUT-05' concerns 'LCK-004 back', but none of its scenarios reaches that screen; name what its scenarios check, or add a scenario that gets there",
        ])
    }

    @Test func weakPassesAreNamedUnderTheThreshold() {
        #expect(MutationScore.weakBelowPercent == 80)
        #expect(MutationScore(killed: 23, mutants: 26).isWeak == false)
        #expect(MutationScore(killed: 20, mutants: 26).isWeak)
        #expect(MutationScore(killed: 20, mutants: 26, explained: 6).isWeak == false)   // every survivor explained
        #expect(MutationScore(killed: 16, mutants: 26, explained: 6).isWeak == false)   // 16 of the 20 that count: 80%
        #expect(MutationScore(killed: 15, mutants: 26, explained: 6).isWeak)
        #expect(MutationScore(killed: 0, mutants: 26).caughtText == "0 of 26 changes caught")
        #expect(MutationScore(killed: 23, mutants: 26, explained: 1).caughtText == "23 of 26 changes caught, 1 explained")
    }

    @Test func acceptanceScoreCountsExplainedSurvivors() {
        #expect(MutationScore(killed: 3, mutants: 4, explained: 1).text == "3 of 4 mutants killed (75%); 1 of 1 survivor explained")
        #expect(MutationScore(killed: 2, mutants: 5, explained: 1).text == "2 of 5 mutants killed (40%); 1 of 3 survivors explained")
        #expect(MutationScore(killed: 4, mutants: 4, explained: 0).text == "4 of 4 mutants killed (100%)")
    }
}
