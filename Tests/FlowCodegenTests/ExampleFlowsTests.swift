import FlowCompiler
import FlowIR
import FlowSource
import FlowTestSupport
import Foundation
import Testing

/// Examples/TempoCards runs a few of Tempo's screens; they must stay Tempo's screens as flows/tempo
/// changes: same ID, name, description, presentation, analytics, variants, fields (and whether they are secret), rules and messages.
@Suite struct ExampleFlowsTests {
    @Test func tempoCardsScreensAreTemposScreens() throws {
        let root = packageRoot()
        // Cleanly: its late answers are settled as flows/tempo's are (none of its warnings is allowed).
        let cards = try #require(compileCleanly(CompilerConfig(inputs: [root.appendingPathComponent("Examples/TempoCards/Sources/TempoCards/flows").path]))
                                    .program.apps.first)
        let tempo = try #require(compileCleanly(CompilerConfig(inputs: [root.appendingPathComponent("flows/tempo").path])).program.apps.first)
        #expect(cards.screens.count >= 8)
        for screen in cards.screens {
            guard let original = tempo.screens.first(where: { $0.id == screen.id }) else {
                Issue.record("\(screen.id) is not a Tempo screen")
                continue
            }
            #expect(Self.shape(of: screen) == Self.shape(of: original), "\(screen.id) differs from flows/tempo")
        }
    }

    /// What a person sees of a screen and what its forms check, as text.
    static func shape(of screen: Screen) -> [String] {
        var lines = [screen.id, screen.name, screen.description ?? "", screen.presentation.rawValue, screen.analytics ?? ""]
        lines += screen.variants.map { "variant \($0.name): \($0.description ?? "")" }
        for field in screen.fields {
            lines.append("field \(field.name) \(field.kind.name) \(field.label ?? "") \(field.options.map { "\($0.value)=\($0.label ?? "")" })\(field.secret ? " secret" : "")")
            lines += field.rules.map { "rule \($0.name): \($0.message) when \($0.conditionSource ?? "-")" }
        }
        lines += screen.texts.map { "text \($0.name)" }
        return lines
    }
}
