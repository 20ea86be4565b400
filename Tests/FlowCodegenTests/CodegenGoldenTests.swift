import FlowCodegen
import FlowCompiler
import FlowSource
import FlowTestSupport
import Foundation
import Testing

/// Whole-file goldens of the Swift generated for a small fixture app (codegen/small-app): the
/// golden folder is itself a target of the package (`SmallFlow`), so it is proven to compile.
@Suite struct CodegenGoldenTests {
    @Test func smallAppMatchesGoldens() throws {
        let fixture = fixturesDirectory().appendingPathComponent("codegen/small-app")
        let diagnostics = DiagnosticBag()
        let compilation = compile(CompilerConfig(inputs: [fixture.appendingPathComponent("input").path]), diagnostics: diagnostics)
        #expect(diagnostics.diagnostics.filter { $0.severity == .error }.isEmpty)
        let files = renderSwiftSources(lowerApps(compilation.program))
        #expect(files.map(\.path) == [
            "Sources/SmallFlow/Machine.swift",
            "Sources/SmallFlow/Tables.swift", "Sources/SmallFlow/Texts.swift", "Sources/SmallFlow/Types.swift",
        ])
        for file in files {
            assertMatchesGolden(file.text, golden: fixture.appendingPathComponent("expected").appendingPathComponent(file.path))
        }
    }

    @Test func encodedShapeMatchesGoldens() throws {
        let fixture = fixturesDirectory().appendingPathComponent("codegen/small-app")
        let compilation = compile(CompilerConfig(inputs: [fixture.appendingPathComponent("input").path]), diagnostics: DiagnosticBag())
        for file in renderSwiftSources(lowerApps(compilation.program), folder: "", options: GeneratorOptions(tableStyle: .encoded)) {
            assertMatchesGolden(file.text, golden: fixture.appendingPathComponent("expected-encoded/SmallFlow").appendingPathComponent(file.path))
        }
    }

    @Test func generationIsDeterministic() throws {
        let fixture = fixturesDirectory().appendingPathComponent("codegen/small-app/input")
        let first = renderSwiftSources(lowerApps(compile(CompilerConfig(inputs: [fixture.path]), diagnostics: DiagnosticBag()).program))
        let second = renderSwiftSources(lowerApps(compile(CompilerConfig(inputs: [fixture.path]), diagnostics: DiagnosticBag()).program))
        #expect(first.map(\.text) == second.map(\.text))
    }

    @Test func rendererLaysOutDeclarations() {
        let file = SwiftFileDescription(path: "A.swift", header: ["Generated."], imports: ["Foundation"], declarations: [
            SwiftDeclaration(doc: ["A screen."], access: .public, .enum(name: "Screen", conformances: ["String", "Sendable"], cases: [
                SwiftEnumCase(name: "welcome", rawValue: .string("ONB-001")),
            ], members: [
                SwiftDeclaration(access: .public, .variable(isLet: false, isStatic: false, name: "isFirst", type: "Bool", value: nil, getter: [
                    .return(.binary("==", .id("self"), .member(nil, "welcome"))),
                ])),
            ])),
        ])
        #expect(TextRenderer().render(file) == """
            // Generated.

            import Foundation

            /// A screen.
            public enum Screen: String, Sendable {
                case welcome = "ONB-001"

                public var isFirst: Bool { self == .welcome }
            }

            """)
    }
}

/// Generated code for awkward names type-checks: FlowMachine is built from its sources into a
/// temporary folder, the module is written beside it and given to `swiftc -typecheck` (skipped
/// when swiftc is not on the PATH).
@Suite struct CodegenCompilesTests {
    @Test func nameClashesStillCompile() throws {
        let fixture = fixturesDirectory().appendingPathComponent("codegen/name-clashes")
        let diagnostics = DiagnosticBag()
        let program = compile(CompilerConfig(inputs: [fixture.path]), diagnostics: diagnostics).program
        #expect(diagnostics.diagnostics.filter { $0.severity == .error }.isEmpty)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-codegen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var paths: [String] = []
        for file in renderSwiftSources(lowerApps(program), folder: "") {
            let url = folder.appendingPathComponent(file.path)
            try Data(file.text.utf8).write(to: url)
            paths.append(url.path)
        }
        let library = packageRoot().appendingPathComponent("Sources/FlowMachine")
        let librarySources = (FileManager.default.subpaths(atPath: library.path) ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted().map { library.appendingPathComponent($0).path }
        guard let built = runSwiftc(["-emit-module", "-module-name", "FlowMachine", "-swift-version", "6", "-parse-as-library",
                                  "-emit-module-path", folder.appendingPathComponent("FlowMachine.swiftmodule").path] + librarySources) else { return }
        #expect(built.status == 0, "\(built.output)")
        guard let checked = runSwiftc(["-typecheck", "-swift-version", "6", "-I", folder.path] + paths) else { return }
        #expect(checked.status == 0, "\(checked.output)")
        #expect(!checked.output.contains("warning:"), "\(checked.output)")

        // An app without fields or services (the benchmark rings) builds without a warning: swiftc warns "will never
        // be executed" on any statement in a function taking an enum without cases, and only a build (not
        // -typecheck) runs that diagnosis, so the module is built whole with warnings as errors.
        let bare = folder.appendingPathComponent("bare")
        try FileManager.default.createDirectory(at: bare, withIntermediateDirectories: true)
        let bareDiagnostics = DiagnosticBag()
        let bareProgram = compile(CompilerConfig(inputs: [fixturesDirectory().appendingPathComponent("codegen/no-fields-or-services").path]),
                                  diagnostics: bareDiagnostics).program
        #expect(bareDiagnostics.diagnostics.filter { $0.severity == .error }.isEmpty)
        var barePaths: [String] = []
        for file in renderSwiftSources(lowerApps(bareProgram), folder: "") {
            let url = bare.appendingPathComponent(file.path)
            try Data(file.text.utf8).write(to: url)
            barePaths.append(url.path)
        }
        #expect(barePaths.count == 4)
        guard let builtBare = runSwiftc(["-emit-module", "-wmo", "-warnings-as-errors", "-module-name", "BareFlow", "-swift-version", "6", "-parse-as-library",
                                      "-emit-module-path", bare.appendingPathComponent("BareFlow.swiftmodule").path, "-I", folder.path] + barePaths) else { return }
        #expect(builtBare.status == 0, "\(builtBare.output)")
        #expect(!builtBare.output.contains("warning:"), "\(builtBare.output)")
        // Its `arrived` is raised by the flows: an app can read it (`case .arrived:`) but not build it to send.
        let reads = bare.appendingPathComponent("Reads.swift")
        try Data("""
            import FlowMachine
            import BareFlow
            func isArrival(_ event: BareEvent) -> Bool { if case .arrived = event { true } else { false } }
            func line(_ machine: BareMachine) -> String? { machine.texts()[.stepsLine] }

            """.utf8).write(to: reads)
        guard let readsRaised = runSwiftc(["-typecheck", "-swift-version", "6", "-I", folder.path, "-I", bare.path, reads.path]) else { return }
        #expect(readsRaised.status == 0, "\(readsRaised.output)")
        let sends = bare.appendingPathComponent("Sends.swift")
        try Data("""
            import FlowMachine
            import BareFlow
            func send(_ machine: inout BareMachine) throws { _ = try machine.send(.arrived(raisedBy: RaisedByFlows())) }   // RaisedByFlows() is SPI: only init(from:) shows

            """.utf8).write(to: sends)
        guard let sendsRaised = runSwiftc(["-typecheck", "-swift-version", "6", "-I", folder.path, "-I", bare.path, sends.path]) else { return }
        #expect(sendsRaised.status != 0)
        #expect(sendsRaised.output.contains("missing argument for parameter 'from' in call"), "\(sendsRaised.output)")
        // Texts are typed too: a text named by a string does not compile.
        let textByString = bare.appendingPathComponent("TextByString.swift")
        try Data("""
            import BareFlow
            func line(_ machine: BareMachine) -> String? { machine.texts()["steps_line"] }

            """.utf8).write(to: textByString)
        guard let refusedText = runSwiftc(["-typecheck", "-swift-version", "6", "-I", folder.path, "-I", bare.path, textByString.path]) else { return }
        #expect(refusedText.status != 0)
        #expect(refusedText.output.contains("cannot convert value of type 'String' to expected argument type 'BareMachine.Text' (aka 'BareText')"), "\(refusedText.output)")

        // The same app generated with `accessModifier: internal` and `package` (flowc-config.yaml) compiles too.
        for (modifier, flags) in [(GeneratorOptions.AccessModifier.internal, [String]()), (.package, ["-package-name", "flowc"])] {
            let shaped = folder.appendingPathComponent(modifier.rawValue)
            try FileManager.default.createDirectory(at: shaped, withIntermediateDirectories: true)
            var shapedPaths: [String] = []
            for file in renderSwiftSources(lowerApps(program), folder: "", options: GeneratorOptions(accessModifier: modifier)) {
                let url = shaped.appendingPathComponent(file.path)
                try Data(file.text.utf8).write(to: url)
                shapedPaths.append(url.path)
            }
            guard let checkedShape = runSwiftc(["-typecheck", "-swift-version", "6", "-I", folder.path] + flags + shapedPaths) else { return }
            #expect(checkedShape.status == 0, "\(modifier): \(checkedShape.output)")
        }

        // Typed names: host code using the small app's fields, variants and services compiles; a misspelt
        // field, or a field named by a string, does not.
        let small = folder.appendingPathComponent("small")
        try FileManager.default.createDirectory(at: small, withIntermediateDirectories: true)
        let smallProgram = compile(CompilerConfig(inputs: [fixturesDirectory().appendingPathComponent("codegen/small-app/input").path]), diagnostics: DiagnosticBag()).program
        var smallPaths: [String] = []
        for file in renderSwiftSources(lowerApps(smallProgram), folder: "") {
            let url = small.appendingPathComponent(file.path)
            try Data(file.text.utf8).write(to: url)
            smallPaths.append(url.path)
        }
        func host(_ body: String) throws -> String {
            let url = small.appendingPathComponent("Host.swift")
            try Data("""
                import FlowMachine

                struct Auth: SmallServices {
                    func authSignIn(email: String) async throws -> SmallOutcome.AuthSignIn { .denied }
                }

                func host() throws {
                    var machine = try SmallMachine(start: .log002)
                \(body)
                }

                """.utf8).write(to: url)
            return url.path
        }
        let typed = try host("""
                try machine.fill(.email, .text("ada@example.com"))
                let variant: SmallVariant? = machine.variant()
                let message: String? = machine.errors[.email]
                let ending: SmallEnding? = machine.ended
                let operation: SmallOperation = SmallServiceCall.authSignIn(email: "").operation
                _ = (variant == .retry, message, ending, operation)
            """)
        guard let checkedTyped = runSwiftc(["-typecheck", "-swift-version", "6", "-I", folder.path] + smallPaths + [typed]) else { return }
        #expect(checkedTyped.status == 0, "\(checkedTyped.output)")
        for (wrong, error) in [("try machine.fill(.emial, .text(\"ada@example.com\"))", "type 'SmallField' has no member 'emial'"),
                               ("try machine.fill(\"email\", .text(\"ada@example.com\"))", "cannot convert value of type 'String' to expected argument type 'SmallField'")] {
            let misspelt = try host("    " + wrong)
            guard let refused = runSwiftc(["-typecheck", "-swift-version", "6", "-I", folder.path] + smallPaths + [misspelt]) else { return }
            #expect(refused.status != 0)
            #expect(refused.output.contains(error), "\(refused.output)")
        }

        // The same code against a FlowMachine of the next API version stops at the version check.
        let next = folder.appendingPathComponent("next")
        try FileManager.default.createDirectory(at: next, withIntermediateDirectories: true)
        let nextVersion = next.appendingPathComponent("APIVersion.swift")
        try Data("public protocol FlowMachineAPIVersion4 {}\n".utf8).write(to: nextVersion)
        guard let builtNext = runSwiftc(["-emit-module", "-module-name", "FlowMachine", "-swift-version", "6", "-parse-as-library",
                                      "-emit-module-path", next.appendingPathComponent("FlowMachine.swiftmodule").path]
                                     + librarySources.filter { !$0.hasSuffix("/APIVersion.swift") } + [nextVersion.path]) else { return }
        #expect(builtNext.status == 0, "\(builtNext.output)")
        guard let mismatched = runSwiftc(["-typecheck", "-swift-version", "6", "-I", next.path] + paths) else { return }
        #expect(mismatched.status != 0)
        #expect(mismatched.output.contains("cannot find type 'FlowMachineAPIVersion3' in scope"), "\(mismatched.output)")
    }
}
