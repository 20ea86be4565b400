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
        let bag = DiagnosticBag()
        let compilation = compile(CompilerConfig(inputs: ["mutation/explained-app"], generatesOutputs: false),
                                  fileSystem: FixtureFileSystem(base: fixturesDirectory()), diagnostics: bag)
        let errors = bag.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(DiagnosticRenderer(format: .text).render(errors))")
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
        let warnings = DiagnosticRenderer(format: .text, sources: sources).render(report.staleExplanations)
        assertMatchesGolden(warnings, golden: Self.folder.appendingPathComponent("expected/stale.txt"))
        let document = MutationDocument(report, fingerprint: appFingerprint(app, sources: sources))
        assertMatchesGolden(String(decoding: renderMutationMarkdown(document, appName: "Mutants"), as: UTF8.self),
                            golden: Self.folder.appendingPathComponent("expected/mutation.md"))
        // A partial run cannot tell a stale explanation from a mutant it did not run.
        let partial = MutationReport(run: runMutation(of: app, selection: MutationSelection(limit: 3)))
        #expect(partial.staleExplanations.isEmpty)
    }

    @Test func acceptanceScoreCountsExplainedSurvivors() {
        #expect(MutationScore(killed: 3, mutants: 4, explained: 1).text == "3 of 4 mutants killed (75%); 1 of 1 survivor explained")
        #expect(MutationScore(killed: 2, mutants: 5, explained: 1).text == "2 of 5 mutants killed (40%); 1 of 3 survivors explained")
        #expect(MutationScore(killed: 4, mutants: 4, explained: 0).text == "4 of 4 mutants killed (100%)")
    }
}
