import FlowCodegen
import FlowCompiler
import FlowSource
import FlowTestSupport
import Foundation
import Testing

/// `flowc-config.yaml`, as FlowcPlugin and `flowc generate-swift --config` read it: each case in
/// Tests/Fixtures/config/<case>/ is a config file and `expected.txt`, the options it gives or the
/// exact diagnostics it draws.
@Suite struct GeneratorConfigTests {
    static let cases = ["unknown-key", "invalid-access-modifier", "invalid-table-style", "invalid-optimization", "invalid-type-prefix", "type-prefix-clash", "not-a-mapping",
                        "duplicate-key", "list-value", "valid", "empty"]

    @Test(arguments: cases) func configFile(_ name: String) throws {
        let folder = fixturesDirectory().appendingPathComponent("config/\(name)")
        let path = "config/\(name)/\(generatorConfigFileName)"
        let file = SourceFile(path: path, bytes: Array(try Data(contentsOf: folder.appendingPathComponent(generatorConfigFileName))))
        let diagnostics = DiagnosticBag()
        let options = loadGeneratorConfig(file, diagnostics: diagnostics)
        let text: String
        if let options {
            #expect(diagnostics.diagnostics.isEmpty)
            text = "accessModifier: \(options.accessModifier.rawValue)\ntypePrefix: \(options.typePrefix ?? "(the app's name)")\n"
                + "tableStyle: \(options.tableStyle?.rawValue ?? "automatic")\noptimization: \(options.optimization.rawValue)\n"
        } else {
            #expect(!diagnostics.diagnostics.isEmpty, "a config refused without a diagnostic")
            text = DiagnosticRenderer(format: .text, colored: false, sources: [path: file]).render(diagnostics.diagnostics)
        }
        assertMatchesGolden(text, golden: folder.appendingPathComponent("expected.txt"))
    }

    /// The options reach the generated code: access level and type prefix.
    @Test func optionsShapeTheGeneratedCode() throws {
        let input = fixturesDirectory().appendingPathComponent("codegen/small-app/input")
        let program = compileCleanly(CompilerConfig(inputs: [input.path]), allowing: ["unverified-criterion", "late-answer-unhandled"]).program
        let files = renderSwiftSources(lowerApps(program), folder: "", options: GeneratorOptions(accessModifier: .internal, typePrefix: "Cards"))
        let types = try #require(files.first { $0.path == "Types.swift" }).text
        let machine = try #require(files.first { $0.path == "Machine.swift" }).text
        #expect(types.contains("\nenum CardsScreen: String, CaseIterable, Sendable {"))
        #expect(types.contains("\nprotocol CardsServices: Sendable, CardsAuthService {"))
        #expect(types.contains("\nprotocol CardsAuthService: Sendable {"))
        #expect(types.contains("\nstruct CardsServiceSet: CardsServices {"))
        #expect(machine.contains("\nstruct CardsMachine: Sendable, FlowStateMachine {"))
        #expect(!types.contains("public enum") && !machine.contains("public struct"))
        // What FlowMachine's engine calls stays public SPI whatever the access level.
        #expect(machine.contains("@_spi(Generated)\n    @_optimize(none)\n    public func evaluateGuard"))
        let package = renderSwiftSources(lowerApps(program), folder: "", options: GeneratorOptions(accessModifier: .package))
        #expect(try #require(package.first { $0.path == "Machine.swift" }).text.contains("\npackage struct SmallMachine: Sendable, FlowStateMachine {"))
    }

    /// `optimization: buildTime` (the default) compiles the flows' logic without optimisation and keeps the engine's
    /// per-step accessors optimised; `optimization: runtime` leaves every declaration as the build asks.
    @Test func optimizationSetting() throws {
        let input = fixturesDirectory().appendingPathComponent("codegen/small-app/input")
        let program = compileCleanly(CompilerConfig(inputs: [input.path]), allowing: ["unverified-criterion", "late-answer-unhandled"]).program
        func file(_ name: String, _ optimization: GeneratorOptions.Optimization) throws -> String {
            try #require(renderSwiftSources(lowerApps(program), folder: "", options: GeneratorOptions(optimization: optimization)).first { $0.path == name }).text
        }
        #expect(try file("Machine.swift", .runtime).contains("@_spi(Generated)\n    public func evaluateGuard("))
        let machine = try file("Machine.swift", .buildTime), types = try file("Types.swift", .buildTime), texts = try file("Texts.swift", .buildTime)
        #expect(try file("Machine.swift", GeneratorOptions().optimization) == machine)
        for unoptimized in ["@_optimize(none)\n    public func evaluateGuard(", "@_optimize(none)\n    public mutating func runActions(",
                            "@_optimize(none)\n    public func validateField(", "@_optimize(none)\n    public static func perform("] {
            #expect(machine.contains(unoptimized) || texts.contains(unoptimized), "missing: \(unoptimized)")
        }
        #expect(texts.contains("@_optimize(none)\n    public func fieldLabel("))
        #expect(types.contains("    public var name: String {\n        @_optimize(none) get {\n            switch self {"))
        #expect(types.contains("@_optimize(none)\n    private init(caseNumber number: Int32, _ read: inout CaseReader) throws {"))
        // The engine's per-step accessors stay optimised.
        #expect(types.contains("@inline(never)\n    public var number: Int32 {\n        switch self {"))
        #expect(machine.contains("@_spi(Generated)\n    public func checkInvariants() throws {"))
        #expect(machine.contains("@_spi(Generated)\n    public var engineFeatures: EngineFeatures {"))
        for name in ["Machine.swift", "Types.swift", "Texts.swift", "Tables.swift"] {
            let runtime = try file(name, .runtime)
            #expect(!runtime.contains("@_optimize"), "\(name) with optimization: runtime")
            #expect(runtime.count < (try file(name, .buildTime)).count || name == "Tables.swift")
        }
    }
}
