import FlowChecker
import FlowIR
import FlowMutation
import FlowSource
import FlowSyntax
import FlowTestSupport
import Foundation
import Testing

/// Components are put into their screens before checking, so mutation plants a change in a component's part once
/// per screen that uses it: each mutant names the screen (the use) and the line the component writes it on.
@Suite struct ComponentMutationTests {
    @Test func aComponentsTransitionIsMutatedOncePerUse() throws {
        let folder = fixturesDirectory().appendingPathComponent("ok/components")
        let bag = DiagnosticBag()
        let files = try ["app.flow.yaml", "components.flow.yaml"].map { name in
            let bytes = try Data(contentsOf: folder.appendingPathComponent(name))
            return try #require(parseFlowFile(SourceFile(path: name, bytes: Array(bytes)), diagnostics: bag))
        }
        let app = try #require(checkApp(AppSourcesSyntax(root: files[0], parts: [files[1]]), defaultID: "components", diagnostics: bag))
        #expect(bag.diagnostics.isEmpty)
        let swapped = enumerateMutants(of: app).filter { $0.operator == .targetSwapped && $0.range.file == "components.flow.yaml" }
        let uses = swapped.map { "\(app.screens[$0.screen ?? 0].id) \($0.event ?? "")" }.sorted()
        // switch_bank writes its own tap_monzo, which replaces the component's: only its tap_barclays comes from it.
        #expect(uses == ["connect tap_barclays", "connect tap_monzo", "switch_bank tap_barclays"])
    }
}
