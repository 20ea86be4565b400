import FlowChecker
import FlowCompiler
import FlowExpression
import FlowIR
import FlowRuntime
import FlowSource
import FlowSyntax
import FlowTestSupport
import Foundation
import Testing

/// Scenarios choose a service outcome's output values (`output:`), in `given.services` and in `outcome` steps.
@Suite struct OutcomeOutputTests {
    static let header = InterpreterTests.header

    @Test func scenariosChooseOutcomeOutputs() throws {
        let app = try compileApp(Self.header + """
            state:
              reference: text
            services:
              equals:
                operations:
                  send_transfer:
                    outcomes:
                      sent: { output: { transfer_id: text, fee: money } }
            flows:
              main:
                start: PAY-004
                screens:
                  PAY-004:
                    name: Review & Confirm
                    on:
                      confirm: { do: [{ call: equals.send_transfer }] }
                      equals.send_transfer.sent: { to: PAY-005, do: [{ set: { reference: event.transfer_id } }] }
                  PAY-005: { name: Transfer Sent, terminal: true }
            scenarios:
              reference_from_equals:
                given:
                  services: { equals.send_transfer: { outcome: sent, output: { transfer_id: "'EQ-1'" } } }
                steps:
                  - send: confirm
                  - expect: { screen: PAY-005, state: { reference: "'EQ-1'" } }
              reference_from_a_step:
                steps:
                  - outcome: { equals.send_transfer: { outcome: sent, output: { transfer_id: "'EQ-2'" } } }
                  - send: confirm
                  - expect: { screen: PAY-005, state: { reference: "'EQ-2'" } }
              zero_when_not_chosen:
                steps:
                  - outcome: { equals.send_transfer: sent }
                  - send: confirm
                  - expect: { screen: PAY-005, state: { reference: "''" } }
            """)
        #expect(app.scenarios.count == 3)
        for scenario in app.scenarios {
            let result = runScenario(scenario, of: app)
            #expect(result.passed, "\(scenario.name): \(result.failure?.message ?? "")")
        }
    }

    @Test func anUnknownOutputIsAnError() throws {
        let bag = DiagnosticBag()
        let yaml = Self.header + """
            services:
              equals:
                operations:
                  send_transfer:
                    outcomes:
                      sent: { output: { transfer_id: text } }
            flows:
              main:
                start: S-1
                screens:
                  S-1:
                    name: S
                    terminal: true
                    on:
                      go: { do: [{ call: equals.send_transfer }] }
            scenarios:
              typo:
                given:
                  services: { equals.send_transfer: { outcome: sent, output: { transfer_idd: "'EQ-1'" } } }
                steps:
                  - send: go
            """
        let syntax = try #require(parseFlowFile(SourceFile(path: "app.flow.yaml", text: yaml), diagnostics: bag))
        _ = checkApp(AppSourcesSyntax(root: syntax, parts: []), defaultID: "test", diagnostics: bag)
        let problem = try #require(bag.diagnostics.first { $0.code == "unknown-member" })
        #expect(problem.message.contains("transfer_idd"))
        #expect(problem.notes.contains { $0.message.contains("transfer_id") })
    }
}

/// Scenario expectations can check the properties an analytics event carries.
@Suite struct EffectPropertyTests {
    @Test func analyticsPropertiesAreCompared() throws {
        let yaml = InterpreterTests.header + """
            events:
              tapped: { payload: { slot: int } }
            flows:
              main:
                start: WAL-001
                screens:
                  WAL-001:
                    name: Home
                    terminal: true
                    on:
                      tapped: { do: [{ analytics: { event: tap_through, properties: { slot: event.slot, campaign_id: "'gp'" } } }] }
            scenarios:
              right:
                steps:
                  - send: { event: tapped, payload: { slot: 2 } }
                  - expect: { effects: [{ analytics: { event: tap_through, properties: { slot: 2 } } }] }
              wrong:
                steps:
                  - send: { event: tapped, payload: { slot: 2 } }
                  - expect: { effects: [{ analytics: { event: tap_through, properties: { slot: 3 } } }] }
              absent:
                steps:
                  - send: { event: tapped, payload: { slot: 2 } }
                  - expect: { no_effects: [{ analytics: { event: tap_through, properties: { campaign_id: "'other'" } } }] }
            """
        let app = try compileApp(yaml)
        let results = Dictionary(uniqueKeysWithValues: app.scenarios.map { ($0.name, runScenario($0, of: app)) })
        #expect(results["right"]?.passed == true)
        #expect(results["absent"]?.passed == true)
        #expect(results["wrong"]?.passed == false)
        #expect(results["wrong"]?.failure?.message == #"expected effect analytics tap_through { slot: 3 }, but property 'slot' is 2, expected 3 in analytics tap_through { campaign_id: "gp", slot: 2 }"#)
    }
}

/// Tempo's Wallet, Card Controls and Send & Pay flows (flows/tempo/wallet.flow.yaml).
@Suite struct TempoWalletTests {
    func tempo() throws -> App {
        let compilation = compileCleanly(CompilerConfig(inputs: ["flows/tempo"], generatesOutputs: false), fileSystem: FixtureFileSystem(base: packageRoot()))
        return try #require(compilation.program.apps.first { $0.id == "tempo" })
    }

    @Test func tempoWalletHasTheSeedScreens() throws {
        let ids = Set(try tempo().screens.map(\.id))
        var expected = ["WAL-001", "WAL-003", "WAL-005", "WAL-006", "WAL-007", "WAL-008a", "WAL-008b", "WAL-008c", "WAL-009",
                        "WAL-010a", "WAL-010b", "WAL-010c", "WAL-010d", "WAL-011", "WAL-012", "WAL-012b", "WAL-014", "WAL-015", "WAL-018"]
        expected += "abcdefghij".map { "WAL-013\($0)" }
        expected += (1...12).map { String(format: "PAY-%03d", $0) }
        for id in expected { #expect(ids.contains(id), "missing \(id)") }
    }

}
