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

/// Compiles one inline app and fails the test on any diagnostic (a warning too: the app is meant to be clean).
func compileApp(allowing codes: [String] = [], _ yaml: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> App {
    try checkedApp(yaml, id: "test", allowing: codes, sourceLocation: sourceLocation)
}

@Suite struct InterpreterTests {
    static let header = "app:\n  name: T\n  currency: GBP\n  locale: en-GB\n  start: main\n"

    @Test func guardsAreTriedInOrderAndTheFirstTrueWins() throws {
        let app = try compileApp(Self.header + """
            state:
              balance: { type: money, initial: 10.00 GBP }
            flows:
              main:
                start: PAY-003
                screens:
                  PAY-003:
                    name: Enter Amount
                    fields:
                      amount: { type: money, rules: [{ required: true, message: Enter an amount }] }
                    on:
                      continue:
                        - if: form.amount > balance
                          to: PAY-011
                        - to: PAY-004
                  PAY-004: { name: Review, terminal: true }
                  PAY-011: { name: Insufficient Funds, terminal: true }
            """)
        var run = try Interpreter(app: app)
        try run.send("continue")
        #expect(run.currentScreen.id == "PAY-003")
        #expect(run.errors == ["amount": "Enter an amount"])
        try run.fill("amount", .text("25.00"))
        try run.send("continue")
        #expect(run.currentScreen.id == "PAY-011")
        let step = try #require(run.trace.steps.last)
        #expect(step.microSteps.first?.guards.map(\.value) == [true])
    }

    @Test func aRuleWithWhenAppliesOnlyWhileItsConditionHolds() throws {
        let app = try compileApp(Self.header + """
            types:
              ContactKind: { enum: [email, phone] }
            state:
              kind: { type: ContactKind, initial: email }
            flows:
              main:
                start: SET-003
                screens:
                  SET-003:
                    name: Edit
                    fields:
                      new_value:
                        type: text
                        rules:
                          - { required: true, when: kind == ContactKind.email, message: Enter the new email }
                          - { email: true, when: kind == ContactKind.email, message: Enter a valid email address }
                          - { phone: true, when: kind == ContactKind.phone, message: Enter a valid UK mobile number }
                    on:
                      save: SET-002
                      use_phone: { do: [{ set: { kind: phone } }] }
                  SET-002: { name: Done, terminal: true }
            """)
        var run = try Interpreter(app: app)
        try run.send("save")
        #expect(run.errors == ["new_value": "Enter the new email"])
        try run.fill("new_value", .text("07700 900123"))
        try run.send("save")
        #expect(run.errors == ["new_value": "Enter a valid email address"])
        try run.send("use_phone")
        try run.fill("new_value", .text("senna@tempo.app"))
        try run.send("save")
        #expect(run.errors == ["new_value": "Enter a valid UK mobile number"])
        try run.fill("new_value", .text(""))
        try run.send("save")
        #expect(run.currentScreen.id == "SET-002", "the required rule does not apply to a phone")
    }

    @Test func timersFireInOrderOnTheVirtualClock() throws {
        let app = try compileApp(Self.header + """
            state:
              ticks: { type: int, initial: 0 }
            flows:
              main:
                start: A-1
                screens:
                  A-1:
                    name: A
                    after:
                      30s: { do: [{ set: { ticks: ticks + 1 } }] }
                      10s: { do: [{ set: { ticks: ticks * 10 } }] }
                    on: { go: B-1 }
                  B-1: { name: B, terminal: true }
            """)
        var run = try Interpreter(app: app)
        try run.advance(by: 9_999)
        #expect(run.state["ticks"] == .int(0))
        let fired = try run.advance(by: 25_000)
        #expect(fired.map(\.time) == [10_000, 30_000])
        #expect(run.state["ticks"] == .int(1))
    }

    @Test func timersDueAtTheSameTimeFireInTheOrderTheyWereSet() throws {
        let app = try compileApp(Self.header + """
            state:
              log: { type: list<text> }
            flows:
              main:
                start: A-1
                after:
                  5s: { do: [{ append: { log: "'flow'" } }] }
                screens:
                  A-1:
                    name: A
                    after:
                      5s: { do: [{ append: { log: "'screen'" } }] }
                    on: { go: B-1 }
                  B-1: { name: B, terminal: true }
            """)
        var run = try Interpreter(app: app)
        try run.advance(by: 5_000)
        #expect(run.state["log"] == .list([.text("screen"), .text("flow")]))
    }

    @Test func raisedEventsRunToCompletionWithinOneStep() throws {
        let app = try compileApp(Self.header + """
            state:
              steps: { type: list<text> }
            flows:
              main:
                start: A-1
                screens:
                  A-1:
                    name: A
                    on:
                      go: { do: [{ append: { steps: "'go'" } }, { raise: inner }] }
                      inner: { to: B-1, do: [{ append: { steps: "'inner'" } }] }
                  B-1: { name: B, terminal: true }
            """)
        var run = try Interpreter(app: app)
        let step = try run.send("go")
        #expect(step.microSteps.map(\.event) == ["go", "inner"])
        #expect(run.currentScreen.id == "B-1")
        #expect(run.state["steps"] == .list([.text("go"), .text("inner")]))
        #expect(run.trace.steps.count == 2)
    }

    @Test func overlaysReturnToTheirOpenerAndSubflowsToTheirCaller() throws {
        let app = try compileApp(Self.header + """
            flows:
              main:
                start: ONB-007
                screens:
                  ONB-007:
                    name: Mobile Number
                    on:
                      pick_country: { overlay: ONB-007b }
                      verify: { flow: kyc, returns: { approved: ONB-013, rejected: ONB-014 } }
                  ONB-007b:
                    name: Country Code Picker
                    presentation: sheet
                    on: { close: back }
                  ONB-013: { name: KYC Success, terminal: true }
                  ONB-014: { name: KYC Failure, terminal: true }
              kyc:
                start: W-01
                outcomes: [approved, rejected]
                screens:
                  W-01:
                    name: Veriff Landing
                    on:
                      ok: { end: approved }
                      nope: { end: rejected }
            """)
        var run = try Interpreter(app: app)
        try run.send("pick_country")
        #expect(run.currentScreen.id == "ONB-007b")
        try run.send("close")
        #expect(run.currentScreen.id == "ONB-007")
        try run.send("verify")
        #expect(run.currentScreen.id == "W-01")
        try run.send("nope")
        #expect(run.currentScreen.id == "ONB-014")
        #expect(run.ended == nil)
    }

    @Test func serviceOutcomesRouteAndInvariantsStopTheRun() throws {
        let app = try compileApp(Self.header + """
            state:
              balance: { type: money, initial: 5.00 GBP }
            invariants:
              never_negative: { text: Balance never negative, check: balance >= 0.00 GBP }
            services:
              equals:
                operations:
                  debit:
                    outcomes: { success: {}, failure: {} }
            flows:
              main:
                start: PAY-004
                screens:
                  PAY-004:
                    name: Review & Confirm
                    on:
                      confirm: { do: [{ call: equals.debit }] }
                      equals.debit.success: { to: PAY-005, do: [{ set: { balance: balance - 10.00 GBP } }] }
                      equals.debit.failure: PAY-012
                  PAY-005: { name: Transfer Sent, terminal: true }
                  PAY-012: { name: Transfer Failed, terminal: true }
            """)
        var failing = try Interpreter(app: app, services: ServiceOutcomes(defaults: ["equals.debit": "failure"]))
        try failing.send("confirm")
        #expect(failing.currentScreen.id == "PAY-012")
        #expect(failing.state["balance"] == .money(Money(amount: 5, currency: "GBP")))

        var succeeding = try Interpreter(app: app, services: ServiceOutcomes(defaults: ["equals.debit": "success"]))
        #expect(throws: RuntimeFailure.self) { try succeeding.send("confirm") }

        var pending = try Interpreter(app: app)
        try pending.send("confirm")
        #expect(pending.pendingCalls == ["equals.debit"])
        try pending.choose("failure", for: "equals.debit")
        #expect(pending.currentScreen.id == "PAY-012")
    }
}

@Suite struct TempoScenarioTests {
    func tempo() throws -> App {
        let compilation = compileCleanly(CompilerConfig(inputs: ["flows/tempo"], generatesOutputs: false), fileSystem: FixtureFileSystem(base: packageRoot()))
        return try #require(compilation.program.apps.first { $0.id == "tempo" })
    }

    @Test func everyTempoScenarioPasses() throws {
        let app = try tempo()
        #expect(app.scenarios.count >= 10)
        for scenario in app.scenarios {
            let result = runScenario(scenario, of: app)
            #expect(result.passed, "\(scenario.name): \(result.failure?.message ?? "")\n\(result.trace)")
        }
    }

    @Test func aBrokenExpectationFailsWithWhatWasExpectedAndFound() throws {
        var app = try tempo()
        let index = try #require(app.scenarios.firstIndex { $0.name == "your_name_rules" })
        var scenario = app.scenarios[index]
        // Expect a message no rule produces at the first expectation with field errors.
        let stepIndex = try #require(scenario.steps.firstIndex { step in
            if case .expect(let e) = step.kind, let errors = e.errors, !errors.isEmpty { return true }
            return false
        })
        guard case .expect(var expectation) = scenario.steps[stepIndex].kind else { return }
        expectation.errors = [(field: "given_name", message: "Wrong message")]
        scenario.steps[stepIndex].kind = .expect(expectation)
        app.scenarios[index] = scenario
        let result = runScenario(scenario, of: app)
        #expect(!result.passed)
        let failure = try #require(result.failure)
        #expect(failure.step == stepIndex + 1)
        #expect(failure.message.hasPrefix("expected field errors given_name: \"Wrong message\", found "))
        #expect(!result.trace.steps.isEmpty)
    }
}
