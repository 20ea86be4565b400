import FlowExpression
@testable import FlowExplore
import FlowIR
import FlowRuntime
import FlowTestSupport
import Foundation
import Testing

/// Payloads and service outputs drawn from their domains (`Fixtures/explore/payload-domains`): a deposit of exactly
/// 100.00 GBP counted as "over 100" and a negative balance taken from the bank are invisible at zero values; the
/// boundary the guard states and a negative amount find them, and the written scenarios replay them.
@Suite struct PayloadDomainTests {
    static let folder = "payload-domains/"
    static let bounds = ExploreBounds(depth: 4, states: 5_000)
    /// The balance read keeps waiting when Home is left, and its answer can land on `done`: the explorer's
    /// unhandled-answer finding in this fixture, which the checker warns of too.
    static let warnings = ["late-answer-unhandled"]

    static func app(_ file: String = "app.flow.yaml") throws -> (app: App, text: String) {
        let text = try fixtureText(folder + file)
        return (try checkedApp(text, id: "deposits", allowing: warnings), text)
    }

    @Test func zeroValuesAloneMissBothMistakes() throws {
        var bounds = Self.bounds
        bounds.payloadValues = 1
        let result = explore(try Self.app().app, bounds: bounds)
        #expect(result.violations.isEmpty, "\(result.violations.map(\.message))")
        #expect(result.payloadVariants == .init(tried: 2, drawn: 2), "one payload and one output, each at zero")
    }

    @Test func valuesFromTheDomainsFindBoth() throws {
        let (app, _) = try Self.app()
        let result = explore(app, bounds: Self.bounds)
        #expect(result.violations.map(\.kind) == [.property("balance_never_below_zero"), .property("large_means_over_100")])
        let boundary = try #require(result.violations.first { $0.kind == .property("large_means_over_100") })
        #expect(result.moves(of: boundary).map(\.summary) == ["send deposit_received with amount 100.00 GBP"])
        let negative = try #require(result.violations.first { $0.kind == .property("balance_never_below_zero") })
        #expect(result.moves(of: negative).map(\.summary) == ["send tap_refresh", "outcome bank.get_balance.fetched with balance -0.01 GBP"])
        #expect(result.payloadVariants == .init(tried: 13, drawn: 13))
        #expect(result.summary(counterexampleFile: nil).contains("  payload and output variants: 13 sent of 13 drawn from their domains (at most 8 values per field)\n"))
        #expect(result.document(counterexamples: []).payloadVariants == .init(tried: 13, drawn: 13))
        #expect(result.json(counterexamples: []).contains("\"payloadVariants\" : {\n    \"drawn\" : 13,\n    \"tried\" : 13\n  }"))
    }

    @Test func theWrittenScenariosFailBeforeTheFixAndPassAfter() throws {
        let (app, text) = try Self.app()
        let written = renderCounterexamples(counterexamples(of: explore(app, bounds: Self.bounds), sources: ["app.flow.yaml": text]), app: app)
        #expect(written.contains("      - outcome: { bank.get_balance: { outcome: fetched, output: { balance: \"-0.01 GBP\" } } }\n"), "\(written)")
        #expect(written.contains("      - send: { event: deposit_received, payload: { amount: \"100.00 GBP\" } }\n"), "\(written)")
        for (file, passes) in [("app.flow.yaml", false), ("fixed.flow.yaml", true)] {
            let withScenarios = try checkedApp(try fixtureText(Self.folder + file) + "\n" + written.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.hasPrefix("#") }.joined(separator: "\n"), id: "deposits", allowing: Self.warnings)
            for name in ["explore_balance_never_below_zero", "explore_large_means_over_100"] {
                let scenario = try #require(withScenarios.scenarios.first { $0.name == name })
                let run = runScenario(scenario, of: withScenarios)
                #expect(run.passed == passes, "\(file) \(name): \(run.failure?.message ?? "passed")")
            }
        }
    }

    @Test func theFixedAppKeepsBothRules() throws {
        let result = explore(try Self.app("fixed.flow.yaml").app, bounds: Self.bounds)
        #expect(result.violations.isEmpty, "\(result.violations.map(\.message))")
    }

    /// Each kind's values, in order: the zero first, then the boundaries the app's comparisons state (one minor unit
    /// either side), then typical and extreme values; every option; both truth values; texts of the compared lengths.
    @Test func eachKindDrawsItsValues() throws {
        let app = try checkedApp("""
            app: { name: Kinds, id: kinds, currency: GBP, locale: en-GB, start: main }
            types:
              Speed: { enum: [slow, fast, instant] }
            state:
              seen: { type: int, initial: 0 }
            events:
              arrived:
                payload: { amount: money, speed: Speed, urgent: bool, code: text, count: int, on: date }
            flows:
              main:
                start: home
                screens:
                  home:
                    name: Home
                    on:
                      arrived:
                        - if: event.amount > 50.00 GBP && size(event.code) == 3 && event.count >= 2
                          do: [{ set: { seen: seen + 1 } }]
                        - do: [{ set: { seen: 0 } }]
                      finish: done
                  done: { name: Done, terminal: true }
            """, id: "kinds")
        let domains = PayloadDomains(app: app, limit: 20)
        let fields = try #require(app.events.first { $0.name == "arrived" }).payload
        func values(_ name: String) throws -> [String] {
            try domains.values(of: #require(fields.first { $0.name == name }), event: "arrived").map(\.description)
        }
        #expect(try values("amount") == ["0.00 GBP", "49.99 GBP", "50.00 GBP", "50.01 GBP", "0.01 GBP", "10.00 GBP", "1000000.00 GBP", "-0.01 GBP"])
        #expect(try values("speed") == ["slow", "fast", "instant"])
        #expect(try values("urgent") == ["false", "true"])
        #expect(try values("code") == ["", "AA", "AAA", "AAAA", "example"])
        #expect(try values("count") == ["0", "1", "2", "3", "1000000", "-1"])
        #expect(try values("on") == ["2026-01-01", "2025-12-31", "2026-01-02"])
        #expect(try PayloadDomains(app: app, limit: 3).values(of: #require(fields.first { $0.name == "amount" }), event: "arrived").count == 3)
        // One field varied at a time: 1 + (8-1) + (3-1) + (2-1) + (5-1) + (6-1) + (3-1).
        #expect(domains.variants(of: "arrived", fields: fields).count == 22)
    }
}
