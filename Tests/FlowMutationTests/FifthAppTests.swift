import FlowCompiler
import FlowIR
import FlowMutation
import FlowRuntime
import FlowSource
import FlowTestSupport
import Testing

/// `Examples/OpenBankingConsent`: an app written from a public journey specification (the Open Banking consent
/// journey) with call timeouts, `when_left: cancel`, timers at a time and a screen's recurring timer. It must
/// check clean (no warning either), pass its scenarios, and each weakened call policy or timer must make one of
/// them fail: the constructs are what the evidence rests on, not decoration.
@Suite struct FifthAppTests {
    static func app() throws -> (App, [Diagnostic]) {
        let bag = DiagnosticBag()
        let compilation = compile(CompilerConfig(inputs: ["Examples/OpenBankingConsent/flows"], generatesOutputs: false),
                                  fileSystem: FixtureFileSystem(base: packageRoot()), diagnostics: bag)
        return (try #require(compilation.program.apps.first { $0.id == "pennywise" }), bag.diagnostics)
    }

    static func failures(of app: App) -> [String] {
        let program = RuntimeProgram(app: app)
        return app.scenarios.map { runScenario($0, of: program) }.filter { !$0.passed }.map(\.name)
    }

    @Test func itChecksCleanAndItsScenariosPass() throws {
        let (app, diagnostics) = try Self.app()
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        #expect(app.scenarios.count >= 6)
        #expect(Self.failures(of: app).isEmpty)
    }

    @Test func everyWeakenedCallPolicyIsCaughtByAScenario() throws {
        let (app, _) = try Self.app()
        let mutants = enumerateMutants(of: app).filter { $0.operator == .callPolicy }
        // Four operations' timeouts dropped and doubled; three of them also when_left: cancel → wait.
        #expect(mutants.count == 11)
        let caught = mutants.filter { mutant in
            var mutated = app
            mutant.apply(&mutated)
            return !Self.failures(of: mutated).isEmpty
        }
        let authorise = mutants.filter { $0.change.hasPrefix("aspsp.authorise") }
        #expect(authorise.count == 3)
        for mutant in authorise { #expect(caught.contains { $0.number == mutant.number }, "survived: \(mutant.change)") }
    }

    @Test func theTimersAtATimeAndThePollAreCaught() throws {
        let (app, _) = try Self.app()
        let dashboard = try #require(app.screens.firstIndex { $0.id == "dashboard" })
        for (index, timer) in app.screens[dashboard].timers.enumerated() {
            var mutated = app
            mutated.screens[dashboard].timers.remove(at: index)
            #expect(!Self.failures(of: mutated).isEmpty, "dropping \(timer.delaySource) went unnoticed")
        }
    }
}
