import FlowChecker
import FlowIR
import FlowMutation
import FlowSource
import FlowSyntax
import FlowTestSupport
import Foundation
import Testing

/// An app-wide transition (`app.on`) is one declaration: it is mutated once, the edit reaches every flow's
/// copy, and every scenario may meet it, so a scenario in any flow can kill it.
@Suite struct AppWideMutationTests {
    static let yaml = """
        app:
          name: Lock
          currency: GBP
          locale: en-GB
          start: first
          on:
            app_foregrounded:
              - if: away >= 60
                overlay: LOCK
              - do: [{ set: { away: 0 } }]
        state:
          away: { type: int, initial: 0 }
        events:
          went_away: { payload: { seconds: int } }
        flows:
          first:
            start: ONE
            screens:
              ONE:
                name: One
                on:
                  went_away: { do: [{ set: { away: event.seconds } }] }
                  next: TWO
              LOCK:
                name: Locked
                presentation: modal
                on: { unlock: back }
          second:
            start: TWO
            screens:
              TWO:
                name: Two
                on:
                  went_away: { do: [{ set: { away: event.seconds } }] }
                  done: ONE
        scenarios:
          locks_in_the_second_flow:
            start: TWO
            steps:
              - send: { event: went_away, payload: { seconds: 60 } }
              - send: app_foregrounded
              - expect: { screen: LOCK }
        """

    static func app() throws -> App {
        try checkedApp(yaml, id: "lock")
    }

    @Test func anAppWideTransitionIsMutatedOnceAndTheEditReachesEveryFlow() throws {
        let app = try Self.app()
        #expect(app.flows.allSatisfy { $0.globalTransitions.count == 2 }, "lowered into both flows")
        let mutants = enumerateMutants(of: app).filter { $0.screen == nil }
        // One guard, dropped or negated, its boundary and constant moved; one target swapped; one action dropped and its
        // value moved: once, not once per flow.
        #expect(mutants.map(\.change).sorted() == ["drop set away", "if: away >= 60 → !(away >= 60)", "if: away >= 60 → dropped", "overlay: LOCK → ONE",
                                                    "if: away >= 60 → away > 60", "if: 60 → 61", "if: 60 → 59", "if: 60 → 120", "if: 60 → 0",
                                                    "set away: 0 → 1", "set away: 0 → -1"].sorted())
        #expect(mutants.allSatisfy { $0.appWide })
        let negated = try #require(mutants.first { $0.operator == .guardNegated })
        var mutated = app
        negated.apply(&mutated)
        for flow in mutated.flows { #expect(flow.globalTransitions[0].conditionSource == "!(away >= 60)", "\(flow.name)") }
    }

    @Test func aScenarioInAnyFlowKillsAnAppWideMutant() throws {
        let app = try Self.app()
        let report = MutationReport(run: runMutation(of: app))
        let document = MutationDocument(report, fingerprint: "test")
        let negated = try #require(document.mutants.first { $0.operator == "guard-negated" })
        #expect(negated.killedBy == [.init(kind: .scenario, name: "locks_in_the_second_flow")])
        #expect(document.flows.last?.name == "(app-wide)")
        #expect(document.flows.last?.mutants == 11)
    }
}
