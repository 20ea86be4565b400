import FlowTestSupport
import Foundation
import Testing

/// `flowc generate-swift --config`: what FlowcPlugin runs when a target has a flowc-config.yaml.
@Suite struct GenerateSwiftConfigTests {
    @Test func aBadConfigFailsWithItsPositionAndWritesNothing() async throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try await runFlowc(["generate-swift", "Tests/Fixtures/codegen/small-app/input", "--config", "Tests/Fixtures/config/unknown-key/flowc-config.yaml",
                                   "--output", output.path], in: packageRoot())
        #expect(result.status == 1)
        #expect(result.stderr == """
            Tests/Fixtures/config/unknown-key/flowc-config.yaml:2:1: error: unknown key 'accesModifier' in flowc-config.yaml; the settings are accessModifier, optimization, tableStyle, typePrefix [unknown-key]
              |
            2 | accesModifier: internal
              | ^~~~~~~~~~~~~
              = note: did you mean 'accessModifier'?
            1 error and 0 warnings generated.

            """, "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }

    @Test func aConfigShapesTheGeneratedCode() async throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try await runFlowc(["generate-swift", "Tests/Fixtures/codegen/small-app/input", "--config", "Tests/Fixtures/config/valid/flowc-config.yaml",
                                   "--output", output.path], in: packageRoot())
        #expect(result.status == 0, "\(result.stderr)")
        let machine = try String(contentsOf: output.appendingPathComponent("Machine.swift"), encoding: .utf8)
        #expect(machine.contains("\npackage struct CardsMachine: Sendable, FlowStateMachine {"))
        let tables = try String(contentsOf: output.appendingPathComponent("Tables.swift"), encoding: .utf8)
        // Both styles build rows with decodeTable; the encoded one reads them from a string literal.
        #expect(tables.contains("static let rowsData = #\"\"\""), "tableStyle: encoded")
        // optimization: runtime: the flows' logic optimised like the rest of the app.
        #expect(!machine.contains("@_optimize(none)"), "optimization: runtime")
    }

    /// Without a config the flows' logic is compiled without optimisation (`optimization: buildTime`).
    @Test func theLogicIsUnoptimisedByDefault() async throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try await runFlowc(["generate-swift", "Tests/Fixtures/codegen/small-app/input", "--output", output.path], in: packageRoot())
        #expect(result.status == 0, "\(result.stderr)")
        let machine = try String(contentsOf: output.appendingPathComponent("Machine.swift"), encoding: .utf8)
        #expect(machine.contains("@_optimize(none)\n    public func evaluateGuard("))
    }

    /// The plugin shows standard error as the build's error; standard output is for the files it lists.
    @Test func errorsGoToStandardErrorWithExitStatusOne() async throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-config-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let missing = try await runFlowc(["generate-swift", "Tests/Fixtures/codegen/small-app/input", "--config", "no-such-config.yaml", "--output", output.path],
                                   in: packageRoot())
        #expect(missing.status == 1)
        #expect(missing.stdout.isEmpty, "\(missing.stdout)")
        #expect(missing.stderr == "error: cannot read the config file 'no-such-config.yaml'\n", "\(missing.stderr)")
        let two = try await runFlowc(["generate-swift", "Tests/Fixtures/codegen/small-app/input", "Tests/Fixtures/ok/minimal-app", "--output", output.path],
                               in: packageRoot())
        #expect(two.status == 1)
        #expect(two.stdout.isEmpty, "\(two.stdout)")
        #expect(two.stderr.hasSuffix("error: expected exactly one app in Tests/Fixtures/codegen/small-app/input, Tests/Fixtures/ok/minimal-app, found 2\n"), "\(two.stderr)")
        #expect(!FileManager.default.fileExists(atPath: output.path))
    }
}
