import FlowCodegen
import FlowCompiler
import FlowSource
import FlowTestSupport
import Foundation
import Testing

/// The small app's one warning, on purpose: AC-SML-05 names no evidence, so its reports show an uncovered criterion.
let smallAppWarnings = ["late-answer-unhandled", "unverified-criterion"]

/// Whole-file goldens of the Swift generated for a small fixture app (codegen/small-app): the
/// golden folder is itself a target of the package (`SmallFlow`), so it is proven to compile.
@Suite struct CodegenGoldenTests {
    @Test func smallAppMatchesGoldens() throws {
        let fixture = fixturesDirectory().appendingPathComponent("codegen/small-app")
        let compilation = compileCleanly(CompilerConfig(inputs: [fixture.appendingPathComponent("input").path]), allowing: smallAppWarnings)
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
        let compilation = compileCleanly(CompilerConfig(inputs: [fixture.appendingPathComponent("input").path]), allowing: smallAppWarnings)
        for file in renderSwiftSources(lowerApps(compilation.program), folder: "", options: GeneratorOptions(tableStyle: .encoded)) {
            assertMatchesGolden(file.text, golden: fixture.appendingPathComponent("expected-encoded/SmallFlow").appendingPathComponent(file.path))
        }
    }

    @Test func generationIsDeterministic() throws {
        let fixture = fixturesDirectory().appendingPathComponent("codegen/small-app/input")
        let first = renderSwiftSources(lowerApps(compileCleanly(CompilerConfig(inputs: [fixture.path]), allowing: smallAppWarnings).program))
        let second = renderSwiftSources(lowerApps(compileCleanly(CompilerConfig(inputs: [fixture.path]), allowing: smallAppWarnings).program))
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
