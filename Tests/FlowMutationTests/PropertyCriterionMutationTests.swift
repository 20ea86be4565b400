import FlowChecker
import FlowIR
import FlowMutation
import FlowSource
import FlowSyntax
import FlowTestSupport
import Foundation
import Testing

/// A criterion verified by a property scores the mutants it touches: a mutant is killed when a bounded exploration
/// of it (from every scenario state) breaks the property. The only scenario turns pushes off and checks the screen:
/// it cannot see a push, so without the property the guard's mutants would survive.
@Suite struct PropertyCriterionMutationTests {
    static let yaml = """
        app:
          name: Pushes
          currency: GBP
          locale: en-GB
          start: main
        state:
          push_on: { type: bool, initial: true }
        properties:
          no_push_when_off:
            text: No deposit push while push notifications are off.
            never: { push: Money received, when: "!push_on" }
        criteria:
          AC-1:
            text: "Push notification preferences"
            screens: [HOME]
            transitions: ["HOME deposit"]
            verified_by: { property: no_push_when_off }
        flows:
          main:
            start: HOME
            screens:
              HOME:
                name: Home
                on:
                  toggle_push: { do: [{ set: { push_on: "!push_on" } }] }
                  deposit:
                    if: push_on
                    do: [{ push: Money received }]
                  finish: DONE
              DONE:
                name: Done
                terminal: true
        scenarios:
          turns_pushes_off:
            steps:
              - send: toggle_push
              - expect: { screen: HOME, state: { push_on: false } }
        """

    static func app(_ text: String = yaml) throws -> App {
        try checkedApp(text, id: "pushes")
    }

    @Test func aMutantThatBreaksThePropertyIsKilledByIt() throws {
        let app = try Self.app()
        let report = MutationReport(run: runMutation(of: app))
        let document = MutationDocument(report, fingerprint: "test")
        let dropped = try #require(document.mutants.first { $0.change == "if: push_on → dropped" })
        #expect(dropped.killed)
        #expect(dropped.killedBy == [.init(kind: .property, name: "no_push_when_off")], "no scenario sees the push; the property does")
        let criterion = try #require(document.criteria.first { $0.id == "AC-1" })
        #expect(criterion.verification == "property")
        #expect(criterion.passed)
        #expect(criterion.killed >= 2, "the guard dropped and negated")
    }

    /// A property already broken on the app as written kills nothing: the criterion fails instead.
    @Test func aPropertyBrokenOnTheAppAsWrittenKillsNothing() throws {
        let app = try Self.app(Self.yaml.replacingOccurrences(of: "            if: push_on\n", with: ""))
        let report = MutationReport(run: runMutation(of: app))
        let criterion = try #require(MutationDocument(report, fingerprint: "test").criteria.first { $0.id == "AC-1" })
        #expect(!criterion.passed)
        #expect(criterion.killed == 0)
    }
    /// Scenarios and a property on one criterion: a change is caught when either kind catches it. The scenario sees
    /// the toggle dropped; only the property sees the guard dropped. Without the property the guard's mutant survives.
    @Test func bothKindsCatchWhatEitherCatches() throws {
        let both = Self.yaml.replacingOccurrences(of: "verified_by: { property: no_push_when_off }",
                                                  with: "verified_by: { scenarios: [turns_pushes_off], property: no_push_when_off }")
        #expect(both != Self.yaml)
        let document = MutationDocument(MutationReport(run: runMutation(of: try Self.app(both))), fingerprint: "test")
        let criterion = try #require(document.criteria.first { $0.id == "AC-1" })
        #expect(criterion.verification == "scenarios+property")
        #expect(criterion.passed)
        let dropped = try #require(document.mutants.first { $0.change == "if: push_on → dropped" })
        #expect(dropped.killed && dropped.killedBy == [.init(kind: .property, name: "no_push_when_off")])
        #expect(!criterion.survivors.contains(dropped.number))

        let scenariosOnly = Self.yaml.replacingOccurrences(of: "verified_by: { property: no_push_when_off }",
                                                           with: "verified_by: { scenarios: [turns_pushes_off] }")
        let alone = MutationDocument(MutationReport(run: runMutation(of: try Self.app(scenariosOnly))), fingerprint: "test")
        let weaker = try #require(alone.criteria.first { $0.id == "AC-1" })
        #expect(weaker.verification == "scenarios")
        #expect(weaker.killed < criterion.killed, "the property adds the push guard's mutants")
    }
}
