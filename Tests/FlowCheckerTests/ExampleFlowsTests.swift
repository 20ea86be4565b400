import FlowCompiler
import FlowSource
import FlowTestSupport
import Foundation
import Testing

/// The apps under `flows/` are fixtures too: they must check with no diagnostic at all.
@Suite struct ExampleFlowsTests {
    @Test func everyAppUnderFlowsChecksCleanly() throws {
        let compilation = compileCleanly(CompilerConfig(inputs: ["flows"]), fileSystem: FixtureFileSystem(base: packageRoot()))
        #expect(compilation.program.apps.contains { $0.id == "tempo" })
    }

    @Test func tempoOnboardingHasTheSeedScreens() throws {
        let compilation = compileCleanly(CompilerConfig(inputs: ["flows/tempo"]), fileSystem: FixtureFileSystem(base: packageRoot()))
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
        let compilation = compileCleanly(CompilerConfig(inputs: ["flows"]), fileSystem: FixtureFileSystem(base: packageRoot()))
        let writer = OutputWriter(outputDirectory: "generated", fileSystem: FixtureFileSystem(base: packageRoot()))
        #expect(writer.staleFiles(compilation.outputs).isEmpty, "run 'swift run flowc build' and commit generated/")
    }
}
