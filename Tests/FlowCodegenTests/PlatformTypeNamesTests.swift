import FlowCodegen
import FlowCompiler
import FlowIR
import FlowSource
import FlowTestSupport
import Foundation
import Testing

/// Generated type names stay clear of the frameworks an iOS app imports beside the module (Foundation, SwiftUI,
/// Observation, StoreKit, UIKit): `typePrefix` goes on every generated type, domain types included.
@Suite struct PlatformTypeNamesTests {
    static func app(_ folder: String) throws -> App {
        // The TempoCards example still leaves late answers unhandled (its flows are a copy of an older Tempo wallet).
        let compilation = compileCleanly(CompilerConfig(inputs: [packageRoot().appendingPathComponent(folder).path]),
                                         tolerating: ["late-answer-unhandled"])
        let app = try #require(compilation.program.apps.first)
        return app
    }

    @Test(arguments: ["flows/tempo", "flows/yole", "flows/regent", "flows/rail", "Examples/TempoCards/Sources/TempoCards/flows"])
    func noGeneratedTypeIsNamedAsAPlatformType(_ folder: String) throws {
        let app = try Self.app(folder)
        #expect(platformTypeClashes(for: app).map(\.type) == [])
        #expect(platformTypeClashes(for: app, options: GeneratorOptions(typePrefix: "Cards")).map(\.type) == [])
    }

    @Test func domainTypesCarryThePrefix() throws {
        let app = try Self.app("flows/tempo")
        let text = renderSwiftSources(lowerApps(FlowProgram(apps: [app])), options: GeneratorOptions(typePrefix: "Cards")).map(\.text).joined()
        #expect(text.contains("public struct CardsTransaction: "))
        #expect(!text.contains("public struct Transaction: "))
        #expect(!text.contains("public enum PayWith: "))
    }

    @Test func aClashIsFound() throws {
        // Planted: a prefix that makes UIKit's names; `Transaction` is both SwiftUI's and StoreKit's.
        #expect(platformTypeClashes(forPrefix: "UI").map(\.type) == ["UIEvent", "UIScreen"])
        let app = try Self.app("flows/tempo")
        #expect(platformTypeClashes(for: app, options: GeneratorOptions(typePrefix: "UI")).map(\.type).contains("UIScreen"))
        #expect(platformTypeNames["Transaction"] == "SwiftUI and StoreKit")
        #expect(platformTypeClashes(forPrefix: "Cards").isEmpty)
    }
}
