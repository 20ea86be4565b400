import FlowChecker
import FlowIR
import FlowMutation
import FlowSource
import FlowSyntax
import Foundation
import Testing

/// A mutant is credited to every kind of evidence that caught it: `mutation.json`'s `killedBy` names scenarios,
/// properties and static proofs by kind, and `mutation.md` says which ("killed only by property `x`").
@Suite struct EvidenceCreditTests {
    /// The spinner shows while the refresh call waits only because the tap sets `refreshing`: dropping that `set`
    /// breaks the static proof, and no scenario looks.
    static let yaml = """
        app:
          name: Refresh
          currency: GBP
          locale: en-GB
          start: main
        state:
          refreshing: { type: bool, initial: "false" }
          refreshed: { type: int, initial: 0 }
        services:
          bank:
            operations:
              balance:
                outcomes: { loaded: {} }
        criteria:
          AC-1:
            text: A spinner shows while the balance loads
            screens: [HOME]
            verified_by: { static: loading_state_while_waiting }
        flows:
          main:
            start: HOME
            screens:
              HOME:
                name: Home
                terminal: true
                variants:
                  loading: { when: refreshing, loading: true }
                  default: {}
                on:
                  tap_refresh:
                    do:
                      - set: { refreshing: true }
                      - call: bank.balance
                  bank.balance.loaded:
                    do: [{ set: { refreshed: refreshed + 1 } }]
        """

    static func app() throws -> App {
        let bag = DiagnosticBag()
        let syntax = try #require(parseFlowFile(SourceFile(path: "app.flow.yaml", text: yaml), diagnostics: bag))
        let app = checkApp(AppSourcesSyntax(root: syntax, parts: []), defaultID: "refresh", diagnostics: bag)
        let errors = bag.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(DiagnosticRenderer(format: .text).render(errors))")
        return try #require(app)
    }

    @Test func aMutantOnlyAStaticProofCatchesIsKilledByIt() throws {
        let document = MutationDocument(MutationReport(run: runMutation(of: try Self.app())), fingerprint: "test")
        let dropped = try #require(document.mutants.first { $0.operator == "action-dropped" && $0.change.contains("refreshing") },
                                   "\(document.mutants.map(\.change))")
        #expect(dropped.killed)
        #expect(dropped.killedBy == [.init(kind: .staticProof, name: "loading_state_while_waiting")])
        let markdown = String(decoding: renderMutationMarkdown(document, appName: "Refresh"), as: UTF8.self)
        #expect(markdown.contains("by a static proof alone"), "\(markdown.prefix(600))")
    }

    @Test func everyKindIsWrittenAndReadBackAndOldResultsStillRead() throws {
        let evidence: [MutationDocument.Evidence] = [.init(kind: .scenario, name: "log_in_works"), .init(kind: .property, name: "no_push_when_off"),
                                                     .init(kind: .staticProof, name: "screenshot_protected")]
        let encoded = try JSONEncoder().encode(evidence)
        #expect(String(decoding: encoded, as: UTF8.self).contains("\"kind\":\"static proof\""))
        #expect(try JSONDecoder().decode([MutationDocument.Evidence].self, from: encoded) == evidence)
        // Results written before kinds existed: scenario names only.
        let old = try JSONDecoder().decode([MutationDocument.Evidence].self, from: Data(#"["log_in_works"]"#.utf8))
        #expect(old == [.init(kind: .scenario, name: "log_in_works")])
    }

    @Test func theMarkdownNamesTheKindOfWhatKilledASurvivorElsewhere() throws {
        let json = #"""
            {"app": "t", "fingerprint": "0", "complete": true, "selection": {}, "summary": {"total": 1, "ran": 1, "killed": 1, "survived": 0},
             "criteria": [{"id": "AC-1", "passed": true, "verification": "scenarios", "mutants": 1, "killed": 0, "survivors": [1]}],
             "sections": [], "flows": [], "failingScenarios": [],
             "mutants": [{"number": 1, "operator": "guard-dropped", "location": "app.flow.yaml:9:5", "change": "if: push_on → dropped",
                          "flow": "main", "killed": true, "killedBy": [{"kind": "property", "name": "no_push_when_off"}]}]}
            """#
        let document = try #require(MutationDocument.decode(Array(json.utf8)))
        let markdown = String(decoding: renderMutationMarkdown(document, appName: "T"), as: UTF8.self)
        #expect(markdown.contains("killed only by property `no_push_when_off`"), "\(markdown)")
        #expect(markdown.contains("(by scenarios 0, by a property alone 1)"), "\(markdown.prefix(500))")
    }
}
