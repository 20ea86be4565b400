import FlowCodegen
import FlowCompiler
import FlowIR
import FlowSource
import FlowTestSupport
import Foundation
import Testing

/// Generated code type-checks with swiftc, and host code using it wrongly does not: the awkward names of
/// `codegen/name-clashes` (public, `internal` and `package`), an app without fields or services built whole with
/// warnings as errors, host code reading raised events and typed texts, host code using the small app's typed names,
/// and the API version check against a FlowMachine of the next version. Skipped when swiftc is not on the PATH.
///
/// The suite is bounded by doing each thing once: it type-checks against the FlowMachine and SmallFlow modules this
/// package built for its tests (beside the test bundle) instead of building FlowMachine from its sources, and it
/// checks host files that must compile or must fail in one swiftc run, each file's errors read apart. The one
/// FlowMachine it builds (the next API version's) is its interface alone (function bodies skipped, one frontend).
@Suite struct CodegenCompilesTests {
    /// A folder of its own per test, removed at the end.
    final class Scratch {
        let folder: URL
        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-codegen-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        deinit { try? FileManager.default.removeItem(at: folder) }

        func subfolder(_ name: String) throws -> URL {
            let url = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            return url
        }

        func write(_ text: String, to name: String, in subfolder: URL? = nil) throws -> String {
            let url = (subfolder ?? folder).appendingPathComponent(name)
            try Data(text.utf8).write(to: url)
            return url.path
        }
    }

    /// The program of a fixture folder, which must compile without a diagnostic (one here is the fixture's, not the
    /// generator's).
    static func program(_ fixture: String) throws -> FlowProgram {
        compileCleanly(CompilerConfig(inputs: [fixturesDirectory().appendingPathComponent(fixture).path])).program
    }

    /// Writes the generated Swift of `program` into `folder`; returns the files' paths.
    static func generate(_ program: FlowProgram, into folder: URL, options: GeneratorOptions = GeneratorOptions()) throws -> [String] {
        try renderSwiftSources(lowerApps(program), folder: "", options: options).map { file in
            let url = folder.appendingPathComponent(file.path)
            try Data(file.text.utf8).write(to: url)
            return url.path
        }
    }

    @Test func nameClashesStillCompile() async throws {
        guard let modules = builtTestModules() else { return }
        let scratch = try Scratch()
        let paths = try Self.generate(try Self.program("codegen/name-clashes"), into: scratch.folder)
        guard let checked = await swiftc(["-typecheck", "-wmo", "-swift-version", "6", "-I", modules.path] + paths) else { return }
        #expect(checked.status == 0, "\(checked.output)")
        #expect(!checked.output.contains("warning:"), "\(checked.output)")
    }

    /// The check above can fail: one wrong line planted in the generated code fails it, at that line.
    @Test func aMistakePlantedInGeneratedCodeFails() async throws {
        guard let modules = builtTestModules() else { return }
        let scratch = try Scratch()
        let paths = try Self.generate(try Self.program("codegen/name-clashes"), into: scratch.folder)
        let types = try #require(paths.first { $0.hasSuffix("/Types.swift") })
        let planted = try String(contentsOfFile: types, encoding: .utf8) + "let plantedMistake: Int = \"seven\"\n"
        try Data(planted.utf8).write(to: URL(fileURLWithPath: types))
        guard let checked = await swiftc(["-typecheck", "-wmo", "-swift-version", "6", "-I", modules.path] + paths) else { return }
        #expect(checked.status != 0)
        #expect(checked.errorsByFile == ["Types.swift": ["cannot convert value of type 'String' to specified type 'Int'"]], "\(checked.output)")
    }

    /// The same app generated with `accessModifier: internal` and `package` (flowc-config.yaml) compiles too.
    @Test(arguments: [GeneratorOptions.AccessModifier.internal, .package])
    func accessModifiersCompile(_ modifier: GeneratorOptions.AccessModifier) async throws {
        guard let modules = builtTestModules() else { return }
        let scratch = try Scratch()
        let paths = try Self.generate(try Self.program("codegen/name-clashes"), into: scratch.folder, options: GeneratorOptions(accessModifier: modifier))
        let flags = modifier == .package ? ["-package-name", "flowc"] : []
        guard let checked = await swiftc(["-typecheck", "-wmo", "-swift-version", "6", "-I", modules.path] + flags + paths) else { return }
        #expect(checked.status == 0, "\(modifier): \(checked.output)")
    }

    /// The same app with its logic unoptimised (`optimization: buildTime`, the default) and optimised (`runtime`) builds
    /// with `-O` without a warning: a release build, as an app's, not only a type check.
    @Test(arguments: GeneratorOptions.Optimization.allCases)
    func bothOptimizationsBuildWithoutWarnings(_ optimization: GeneratorOptions.Optimization) async throws {
        guard let modules = builtTestModules() else { return }
        let scratch = try Scratch()
        let paths = try Self.generate(try Self.program("codegen/name-clashes"), into: scratch.folder, options: GeneratorOptions(optimization: optimization))
        let machine = try String(contentsOfFile: try #require(paths.first { $0.hasSuffix("/Machine.swift") }), encoding: .utf8)
        #expect(machine.contains("@_optimize(none)") == (optimization == .buildTime))
        guard let built = await swiftc(["-c", "-O", "-wmo", "-warnings-as-errors", "-parse-as-library", "-module-name", "ClashFlow", "-swift-version", "6",
                                        "-o", scratch.folder.appendingPathComponent("ClashFlow.o").path, "-I", modules.path] + paths) else { return }
        #expect(built.status == 0, "\(optimization): \(built.output)")
        #expect(!built.output.contains("warning:"), "\(built.output)")
    }

    /// An app without fields or services (the benchmark rings) builds without a warning: swiftc warns "will never be
    /// executed" on any statement in a function taking an enum without cases, and only a build (not -typecheck) runs
    /// that diagnosis, so the module is built whole with warnings as errors. Host code against it: its `arrived` is
    /// raised by the flows, so an app can read it (`case .arrived:`) but not build it to send; a text named by a
    /// string does not compile.
    @Test func anAppWithoutFieldsBuildsAndItsHostCodeIsTyped() async throws {
        guard let modules = builtTestModules() else { return }
        let scratch = try Scratch()
        let bare = try scratch.subfolder("bare")
        let barePaths = try Self.generate(try Self.program("codegen/no-fields-or-services"), into: bare)
        #expect(barePaths.count == 4)
        guard let built = await swiftc(["-emit-module", "-wmo", "-warnings-as-errors", "-module-name", "BareFlow", "-swift-version", "6",
                                        "-parse-as-library", "-emit-module-path", bare.appendingPathComponent("BareFlow.swiftmodule").path,
                                        "-I", modules.path] + barePaths) else { return }
        #expect(built.status == 0, "\(built.output)")
        #expect(!built.output.contains("warning:"), "\(built.output)")
        let host = try scratch.subfolder("host")
        let reads = try scratch.write("""
            import FlowMachine
            import BareFlow
            func isArrival(_ event: BareEvent) -> Bool { if case .arrived = event { true } else { false } }
            func line(_ machine: BareMachine) -> String? { machine.texts()[.stepsLine] }

            """, to: "Reads.swift", in: host)
        let sends = try scratch.write("""
            import FlowMachine
            import BareFlow
            func send(_ machine: inout BareMachine) throws { _ = try machine.send(.arrived(raisedBy: RaisedByFlows())) }   // RaisedByFlows() is SPI: only init(from:) shows

            """, to: "Sends.swift", in: host)
        let textByString = try scratch.write("""
            import BareFlow
            func lineNamedByString(_ machine: BareMachine) -> String? { machine.texts()["steps_line"] }

            """, to: "TextByString.swift", in: host)
        guard let checked = await swiftc(["-typecheck", "-wmo", "-swift-version", "6", "-I", modules.path, "-I", bare.path, reads, sends, textByString]) else { return }
        #expect(checked.status != 0)
        #expect(checked.errorsByFile == [
            "Sends.swift": ["missing argument for parameter 'from' in call"],
            "TextByString.swift": ["cannot convert value of type 'String' to expected argument type 'BareMachine.Text' (aka 'BareText')"],
        ], "\(checked.output)")
    }

    /// Typed names: host code using the small app's fields, variants and services compiles; a misspelt field, or a
    /// field named by a string, does not (against SmallFlow, the package's build of the small app's goldens).
    @Test func hostCodeUsesTheSmallAppsTypedNames() async throws {
        guard let modules = builtTestModules() else { return }
        let scratch = try Scratch()
        func host(_ name: String, _ body: String) throws -> String {
            try scratch.write("""
                import FlowMachine
                import SmallFlow

                struct \(name)Auth: SmallServices {
                    func authSignIn(email: String) async throws -> SmallOutcome.AuthSignIn { .denied }
                }

                func \(name.lowercased())Host() throws {
                    var machine = try SmallMachine(start: .log002)
                \(body)
                }

                """, to: "\(name).swift")
        }
        let typed = try host("Typed", """
                try machine.fill(.email, .text("ada@example.com"))
                let variant: SmallVariant? = machine.variant()
                let message: String? = machine.errors[.email]
                let ending: SmallEnding? = machine.ended
                let operation: SmallOperation = SmallServiceCall.authSignIn(email: "").operation
                _ = (variant == .retry, message, ending, operation)
            """)
        let misspelt = try host("Misspelt", "    try machine.fill(.emial, .text(\"ada@example.com\"))")
        let byString = try host("ByString", "    try machine.fill(\"email\", .text(\"ada@example.com\"))")
        guard let checked = await swiftc(["-typecheck", "-wmo", "-swift-version", "6", "-I", modules.path, typed, misspelt, byString]) else { return }
        #expect(checked.status != 0)
        #expect(checked.errorsByFile == [
            "Misspelt.swift": ["type 'SmallField' has no member 'emial'"],
            "ByString.swift": ["cannot convert value of type 'String' to expected argument type 'SmallField'"],
        ], "\(checked.output)")
    }

    /// The same code against a FlowMachine of the next API version stops at the version check.
    @Test func theNextFlowMachineAPIStopsAtTheVersionCheck() async throws {
        guard let modules = builtTestModules() else { return }
        let scratch = try Scratch()
        let paths = try Self.generate(try Self.program("codegen/name-clashes"), into: scratch.folder)
        let next = try scratch.subfolder("next")
        let nextVersion = try scratch.write("public protocol FlowMachineAPIVersion6 {}\n", to: "APIVersion.swift", in: next)
        let library = packageRoot().appendingPathComponent("Sources/FlowMachine")
        let librarySources = (FileManager.default.subpaths(atPath: library.path) ?? [])
            .filter { $0.hasSuffix(".swift") && $0 != "APIVersion.swift" && !$0.hasSuffix("/APIVersion.swift") }.sorted()
            .map { library.appendingPathComponent($0).path }
        #expect(librarySources.count >= 10)
        // Its interface is all the check needs: one frontend, function bodies not type-checked.
        guard let built = await swiftc(["-emit-module", "-wmo", "-module-name", "FlowMachine", "-swift-version", "6", "-parse-as-library",
                                        "-Xfrontend", "-experimental-skip-non-inlinable-function-bodies", "-I", modules.path,
                                        "-emit-module-path", next.appendingPathComponent("FlowMachine.swiftmodule").path]
                                       + librarySources + [nextVersion]) else { return }
        #expect(built.status == 0, "\(built.output)")
        guard let mismatched = await swiftc(["-typecheck", "-wmo", "-swift-version", "6", "-I", next.path, "-I", modules.path] + paths) else { return }
        #expect(mismatched.status != 0)
        #expect(mismatched.errorsByFile == ["Types.swift": ["cannot find type 'FlowMachineAPIVersion5' in scope"]], "\(mismatched.output)")
    }
}
