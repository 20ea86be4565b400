import FlowCompiler
import FlowSource
import FlowTestSupport
import Foundation
import Testing

/// The apps under `flows/` are fixtures too: they must check with no errors.
@Suite struct ExampleFlowsTests {
    @Test func everyAppUnderFlowsChecksWithoutErrors() throws {
        let bag = DiagnosticBag()
        let compilation = compile(CompilerConfig(inputs: ["flows"]), fileSystem: FixtureFileSystem(base: packageRoot()), diagnostics: bag)
        let errors = bag.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(DiagnosticRenderer(format: .text, sources: compilation.sources).render(errors))")
        #expect(compilation.program.apps.contains { $0.id == "tempo" })
    }

    @Test func tempoOnboardingHasTheSeedScreens() throws {
        let bag = DiagnosticBag()
        let compilation = compile(CompilerConfig(inputs: ["flows/tempo"]), fileSystem: FixtureFileSystem(base: packageRoot()), diagnostics: bag)
        let tempo = try #require(compilation.program.apps.first { $0.id == "tempo" })
        let ids = Set(tempo.screens.map(\.id))
        for id in ["ONB-000", "ONB-001", "ONB-002", "ONB-003", "ONB-004", "ONB-005", "ONB-006", "ONB-007", "ONB-007b",
                   "ONB-008", "ONB-009", "ONB-010", "ONB-010a", "ONB-010b", "ONB-010c", "ONB-010d", "ONB-010e", "ONB-010f", "ONB-011"] {
            #expect(ids.contains(id), "missing \(id)")
        }
        let picker = try #require(tempo.screens.first { $0.id == "ONB-007b" })
        #expect(picker.presentation == .sheet)
    }

    @Test func generatedInventoryIsUpToDate() throws {
        let bag = DiagnosticBag()
        let compilation = compile(CompilerConfig(inputs: ["flows"]), fileSystem: FixtureFileSystem(base: packageRoot()), diagnostics: bag)
        let writer = OutputWriter(outputDirectory: "generated", fileSystem: FixtureFileSystem(base: packageRoot()))
        #expect(writer.staleFiles(compilation.outputs).isEmpty, "run 'swift run flowc build' and commit generated/")
    }
}
