import FlowExpression
import FlowIR
@testable import FlowRuntime
import Testing

/// One test per rule of the run-time semantics that InterpreterTests does not already pin down.
@Suite struct SemanticRuleTests {
    static let header = InterpreterTests.header

    @Test func aScreensOwnTransitionWinsOverItsFlowsGlobalOne() throws {
        let app = try compileApp(Self.header + """
            flows:
              main:
                start: WAL-001
                on:
                  tap_tab_home: WAL-001
                  tap_tab_send: PAY-001
                screens:
                  WAL-001:
                    name: Home
                    on: { tap_settings: SET-001 }
                  PAY-001: { name: Send }
                  SET-001:
                    name: Profile
                    on: { tap_tab_send: SET-010 }
                  SET-010: { name: Support }
            """)
        var run = try Interpreter(app: app)
        let global = try run.send("tap_tab_send")
        #expect(run.currentScreen.id == "PAY-001")
        #expect(global.microSteps.map(\.description) == ["tap_tab_send: WAL-001 → PAY-001 (global)"])
        try run.send("tap_tab_home")
        try run.send("tap_settings")
        let own = try run.send("tap_tab_send")
        #expect(run.currentScreen.id == "SET-010")
        #expect(own.microSteps.map(\.description) == ["tap_tab_send: SET-001 → SET-010"])
    }

    @Test func anEventNobodyHandlesIsRecordedAsIgnoredAndChangesNothing() throws {
        let app = try compileApp(Self.header + """
            state:
              taps: { type: int, initial: 0 }
            flows:
              main:
                start: A-1
                screens:
                  A-1:
                    name: A
                    terminal: true
                    on: { tap: { do: [{ set: { taps: taps + 1 } }] } }
            """)
        var run = try Interpreter(app: app)
        let step = try run.send("shake")
        #expect(step.microSteps.map(\.description) == ["shake: ignored on A-1"])
        #expect(step.changes.isEmpty)
        #expect(run.state["taps"] == .int(0))
    }

    @Test func aValueSetAndRestoredWithinOneStepIsNotAChange() throws {
        let app = try compileApp(Self.header + """
            state:
              busy: { type: bool, initial: false }
              count: { type: int, initial: 0 }
            flows:
              main:
                start: A-1
                screens:
                  A-1:
                    name: A
                    terminal: true
                    on:
                      go: { do: [{ set: { busy: true, count: count + 1 } }, { set: { busy: false } }] }
            """)
        var run = try Interpreter(app: app)
        let step = try run.send("go")
        #expect(step.changes == ["count": .int(1)])
    }

    @Test func aStepThatFailsHalfWayLeavesNothingInTheNextStepsTrace() throws {
        let app = try compileApp(Self.header + """
            state:
              divisor: { type: int, initial: 0 }
              result: { type: int, initial: 0 }
            flows:
              main:
                start: A-1
                screens:
                  A-1:
                    name: A
                    analytics: a_view
                    terminal: true
                    on:
                      divide: { do: [{ analytics: dividing }, { set: { result: 10 / divisor } }] }
                      fix: { do: [{ set: { divisor: 2 } }] }
            """)
        var run = try Interpreter(app: app)
        #expect(throws: RuntimeFailure.self) { try run.send("divide") }
        let next = try run.send("fix")
        #expect(next.effects.isEmpty)
        #expect(next.microSteps.map(\.event) == ["fix"])
        #expect(next.changes == ["divisor": .int(2)])
        #expect(run.trace.steps.map(\.trigger) == [.start, .event("fix")])
    }

    @Test func aFlowsTimerRestartsOnEveryEventAsAnInactivityTimeout() throws {
        let app = try compileApp(Self.header + """
            flows:
              main:
                start: HOME
                after:
                  5m: { to: LOCK }
                screens:
                  HOME:
                    name: Home
                    on: { tap: HOME-2 }
                  HOME-2:
                    name: Home again
                    on: { tap: HOME }
                  LOCK: { name: Locked }
            """)
        var run = try Interpreter(app: app)
        try run.advance(by: 4 * 60_000)
        try run.send("tap")
        try run.advance(by: 4 * 60_000)
        #expect(run.currentScreen.id == "HOME-2", "4 minutes after the last tap: not locked yet")
        try run.advance(by: 60_000)
        #expect(run.currentScreen.id == "LOCK")
    }

    @Test func aScreensTimerStopsWhenTheScreenIsLeft() throws {
        let app = try compileApp(Self.header + """
            flows:
              main:
                start: PAY-008
                screens:
                  PAY-008:
                    name: Review & Confirm
                    after:
                      30s: { to: PAY-007 }
                    on: { tap_edit: PAY-006 }
                  PAY-006:
                    name: Recipient
                    on: { tap_back: back }
                  PAY-007: { name: Currency & Amount, terminal: true }
            """)
        var run = try Interpreter(app: app)
        try run.advance(by: 20_000)
        try run.send("tap_edit")
        try run.advance(by: 20_000)
        #expect(run.currentScreen.id == "PAY-006")
        try run.send("tap_back")
        try run.advance(by: 29_999)
        #expect(run.currentScreen.id == "PAY-008", "the lock starts again on re-entry")
        try run.advance(by: 1)
        #expect(run.currentScreen.id == "PAY-007")
    }

    @Test func backAfterAnOverlayClosesOnlyTheSheet() throws {
        let app = try compileApp(Self.header + """
            flows:
              main:
                start: ONB-005
                screens:
                  ONB-005:
                    name: Email
                    on: { next: ONB-007 }
                  ONB-007:
                    name: Mobile Number
                    on: { tap_dial_code: { overlay: ONB-007b } }
                  ONB-007b:
                    name: Country Code Picker
                    presentation: sheet
                    terminal: true
            """)
        var run = try Interpreter(app: app)
        try run.send("next")
        try run.send("tap_dial_code")
        try run.back()
        #expect(run.currentScreen.id == "ONB-007")
        try run.back()
        #expect(run.currentScreen.id == "ONB-005")
        let nowhere = try run.back()
        #expect(nowhere.microSteps.map(\.description) == ["back: ignored on ONB-005"])
    }

    @Test func aSubflowOutcomeWithoutARouteReturnsToTheCaller() throws {
        // The checker warns of the outcome without a route (unhandled-outcome); the run then returns to the caller.
        let app = try compileApp(allowing: ["unhandled-outcome"], Self.header + """
            flows:
              main:
                start: ONB-015
                screens:
                  ONB-015:
                    name: Veriff Handoff
                    analytics: onb_015
                    on:
                      open_veriff: { flow: veriff, returns: { submitted: ONB-016 } }
                  ONB-016: { name: Pending, terminal: true }
              veriff:
                start: ONB-W01
                outcomes: [submitted, closed]
                screens:
                  ONB-W01:
                    name: Veriff Landing
                    on:
                      submit: { end: submitted }
                      close: { end: closed }
            """)
        var run = try Interpreter(app: app)
        try run.send("open_veriff")
        let closed = try run.send("close")
        #expect(run.currentScreen.id == "ONB-015")
        #expect(closed.effects.map(\.description) == ["analytics onb_015"])
        try run.send("open_veriff")
        try run.send("submit")
        #expect(run.currentScreen.id == "ONB-016")
        #expect(run.ended == nil)
    }

    @Test func anEndOutsideAnySubflowEndsTheRunAndLaterEventsAreIgnored() throws {
        let app = try compileApp(Self.header + """
            flows:
              main:
                start: A-1
                outcomes: [done]
                after:
                  1m: { to: A-1 }
                screens:
                  A-1:
                    name: A
                    on: { finish: { end: done } }
            """)
        var run = try Interpreter(app: app)
        let last = try run.send("finish")
        #expect(last.ended == "done")
        #expect(run.ended == "done")
        let after = try run.send("finish")
        #expect(after.microSteps.isEmpty)
        #expect(try run.advance(by: 120_000).isEmpty, "no timer fires after the end")
    }

    @Test func raisedEventsThatLoopStopTheRunWithAFailure() throws {
        let app = try compileApp(Self.header + """
            flows:
              main:
                start: A-1
                screens:
                  A-1:
                    name: A
                    terminal: true
                    on:
                      ping: { do: [{ raise: pong }] }
                      pong: { do: [{ raise: ping }] }
            """)
        var run = try Interpreter(app: app)
        let failure = #expect(throws: RuntimeFailure.self) { try run.send("ping") }
        #expect(failure?.description == "step 1: more than 1000 events in one step on 'A-1': raised events loop")
    }

    @Test func fieldsAreValidatedBeforeAnyGuardReadsThem() throws {
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
                      amount:
                        type: money
                        rules:
                          - required: true
                            message: Enter an amount
                          - min: 0.01 GBP
                            message: Enter at least £0.01
                    on:
                      continue:
                        - if: form.amount > balance
                          to: PAY-011
                        - to: PAY-004
                  PAY-004: { name: Review, terminal: true }
                  PAY-011: { name: Insufficient Funds, terminal: true }
            """)
        var run = try Interpreter(app: app)
        try run.fill("amount", .text("0.00"))
        let rejected = try run.send("continue")
        #expect(rejected.microSteps.map(\.description) == [#"continue: PAY-003 stays, invalid: amount "Enter at least £0.01""#])
        #expect(rejected.rules.map { "\($0.rule) \($0.passed)" } == ["required true", "min false"])
        try run.fill("amount", .text("5.00"))
        let taken = try run.send("continue")
        #expect(taken.microSteps.map(\.description) == ["continue: [form.amount > balance → false] PAY-003 → PAY-004"])
        #expect(run.errors.isEmpty)
    }

    @Test func twoRunsOfTheSameInputsGiveEqualTraces() throws {
        let app = try compileApp(Self.header + """
            state:
              count: { type: int, initial: 0 }
            flows:
              main:
                start: A-1
                screens:
                  A-1:
                    name: A
                    after: { 10s: { do: [{ set: { count: count + 1 } }] } }
                    on: { next: { to: A-2, do: [{ analytics: next_tapped }] } }
                  A-2:
                    name: B
                    on: { next: A-1 }
            """)
        func run() throws -> Trace {
            var run = try Interpreter(app: app)
            for _ in 0..<5 {
                try run.send("next")
                try run.advance(by: 15_000)
            }
            return run.trace
        }
        let first = try run()
        #expect(first == (try run()))
        #expect(first.steps.count == 8)
    }

    @Test func sendingByNumberIsTheSameAsSendingByName() throws {
        let app = try compileApp(Self.header + """
            state:
              count: { type: int, initial: 0 }
            flows:
              main:
                start: A-1
                screens:
                  A-1:
                    name: A
                    on: { next: { to: A-2, do: [{ set: { count: count + 1 } }] } }
                  A-2:
                    name: B
                    on: { next: A-1 }
            """)
        let program = RuntimeProgram(app: app)
        var byName = try Interpreter(program: program)
        var byNumber = try Interpreter(program: program)
        let next = try #require(byNumber.eventNumber("next"))
        for _ in 0..<7 {
            try byName.send("next")
            try byNumber.send(eventNumber: next)
        }
        #expect(byName.trace == byNumber.trace)
        #expect(byNumber.state["count"] == .int(4))
    }

    @Test func invariantsAreCheckedWhenWhatTheyReadChangesIncludingTheClock() throws {
        let app = try compileApp(Self.header + """
            state:
              balance: { type: int, initial: 10 }
              note: { type: text, initial: "''" }
            derived:
              spendable: { type: int, value: balance - 1 }
            invariants:
              spendable_not_negative: { text: Never overdrawn, check: spendable >= 0 }
              before_deadline: { text: The offer ends, check: "now() < timestamp('2026-01-01T00:01:00Z')" }
            flows:
              main:
                start: A-1
                screens:
                  A-1:
                    name: A
                    terminal: true
                    on:
                      write_note: { do: [{ set: { note: "'hello'" } }] }
                      spend: { do: [{ set: { balance: balance - 10 } }] }
            """)
        let clock = try #require(Timestamp(parsing: "2026-01-01T00:00:00Z"))
        var overdrawn = try Interpreter(app: app, clock: clock)
        try overdrawn.send("write_note")
        let broken = #expect(throws: RuntimeFailure.self) { try overdrawn.send("spend") }
        #expect(broken?.message.hasPrefix("invariant 'spendable_not_negative'") == true)

        var late = try Interpreter(app: app, clock: clock)
        try late.advance(by: 120_000)
        let expired = #expect(throws: RuntimeFailure.self) { try late.send("write_note") }
        #expect(expired?.message.hasPrefix("invariant 'before_deadline'") == true)
    }

    @Test func aChoiceOfAnEnumGivesATypedValueAndOnlyTakesItsOptions() throws {
        let app = try compileApp(Self.header + """
            types:
              Plan: { enum: [everyday, plus, premium] }
              Purpose: { enum: [travel, other] }
            state:
              plan: { type: Plan?, initial: null }
              purposes: { type: list<Purpose> }
            flows:
              main:
                start: ONB-003
                screens:
                  ONB-003:
                    name: Card Selection
                    fields:
                      plan:
                        type: choice(Plan)
                        rules: [{ required: true, message: Choose a card to continue }]
                      purposes:
                        type: multi_choice(Purpose)
                    on:
                      tap_select:
                        validate: true
                        to: ONB-004
                        do: [{ set: { plan: form.plan, purposes: form.purposes } }]
                  ONB-004: { name: Your Name, terminal: true }
            """)
        var run = try Interpreter(app: app)
        let failure = #expect(throws: RuntimeFailure.self) { try run.fill("plan", .text("gold")) }
        #expect(failure?.message == "'gold' is not an option of field 'plan' on 'ONB-003' (everyday, plus, premium)")
        try run.send("tap_select")
        #expect(run.errors == ["plan": "Choose a card to continue"])
        try run.fill("plan", .text("plus"))
        try run.fill("purposes", .list(["travel", "other"]))
        try run.send("tap_select")
        #expect(run.currentScreen.id == "ONB-004")
        #expect(run.state["plan"] == .enumCase(type: "Plan", name: "plus"))
        #expect(run.state["purposes"] == .list([.enumCase(type: "Purpose", name: "travel"), .enumCase(type: "Purpose", name: "other")]))
    }

    @Test func aFieldsDefaultFillsItWhenTheScreenOpensEmptyAndNeverOverwritesWhatWasTyped() throws {
        let app = try compileApp(InterpreterTests.header + """
            state:
              primary_currency: { type: text, initial: "'USD'" }
              favourite: text?
            flows:
              main:
                start: STEP-14.1
                screens:
                  STEP-14.1:
                    name: Send Money
                    fields:
                      currency: { type: text, default: primary_currency }
                      recipient: { type: text, default: favourite }
                    on:
                      help: HELP
                      done: DONE
                  HELP:
                    name: Help
                    on:
                      close: { to: back, do: [{ set: { favourite: "'Amina'" } }] }
                  DONE: { name: Done, terminal: true }
            """)
        var run = try Interpreter(app: app)
        #expect(run.form == ["currency": .text("USD")], "a null default leaves the field empty")
        try run.fill("currency", .text("EUR"))
        try run.send("help")
        try run.send("close")
        #expect(run.form == ["currency": .text("EUR"), "recipient": .text("Amina")], "typed input is kept; an empty field takes its default")
    }

    @Test func appWideTransitionsApplyInEveryFlowUnlessTheFlowOrScreenHandlesTheEvent() throws {
        let app = try compileApp("""
            app:
              name: T
              currency: GBP
              locale: en-GB
              start: onboarding
              on:
                app_foregrounded: { overlay: LOCK }
                session_expired: EXPIRED
            flows:
              onboarding:
                start: ONB-1
                on:
                  session_expired: ONB-1
                screens:
                  ONB-1: { name: Welcome, on: { done: { flow: wallet, returns: { closed: ONB-1 } } } }
                  LOCK: { name: Locked, presentation: sheet, on: { unlock: back } }
                  EXPIRED: { name: Expired, terminal: true }
              wallet:
                start: WAL-1
                outcomes: [closed]
                screens:
                  WAL-1: { name: Home, on: { close: { end: closed }, app_foregrounded: WAL-2 } }
                  WAL-2: { name: Other, on: { home: WAL-1 } }
            """)
        var run = try Interpreter(app: app)
        try run.send("app_foregrounded")
        #expect(run.currentScreen.id == "LOCK", "app-wide: onboarding has no handler of its own")
        try run.send("unlock")
        try run.send("session_expired")
        #expect(run.currentScreen.id == "ONB-1", "the flow's own global transition wins over the app-wide one")
        try run.send("done")
        try run.send("app_foregrounded")
        #expect(run.currentScreen.id == "WAL-2", "the screen's own transition wins")
        try run.send("app_foregrounded")
        #expect(run.currentScreen.id == "LOCK", "app-wide, on another flow's screen")
        try run.send("unlock")
        try run.send("session_expired")
        #expect(run.currentScreen.id == "EXPIRED")
    }

    @Test func aBoundedTraceKeepsStepNumbersAndInvariantsOfTheWholeRun() throws {
        let app = try compileApp(InterpreterTests.header + """
            state:
              count: { type: int, initial: 0 }
            invariants:
              below_fifty: { text: The count stays below fifty., check: count < 50 }
            flows:
              main:
                start: S1
                screens:
                  S1:
                    name: One
                    terminal: true
                    on:
                      tick: { do: [{ set: { count: count + 1 } }] }
            """)
        var run = try Interpreter(app: app)
        run.retainedSteps = 5
        for _ in 0..<40 { try run.send("tick") }
        #expect(run.stepCount == 41)
        let kept = run.steps(from: 0)
        #expect(kept.count >= 5 && kept.count <= 10)
        #expect(kept.last?.index == 40)
        #expect(kept.last?.changes["count"] == .int(40))
        #expect(run.steps(from: 1_000).isEmpty)
        for _ in 0..<9 { try run.send("tick") }
        let broken = #expect(throws: RuntimeFailure.self) { try run.send("tick") }
        #expect(broken?.step == 50)
    }

    @Test func aBoundedTraceKeepsTheSameStepsAsAWholeOne() throws {
        // Rejections, service calls (effects known only at run time) and guards both ways: the kept steps of a
        // bounded trace read exactly as the same steps of an unbounded one.
        let app = try compileApp(InterpreterTests.header + """
            state:
              count: { type: int, initial: 0 }
            services:
              equals:
                operations:
                  ping:
                    outcomes: { ok: {} }
            flows:
              main:
                start: S1
                screens:
                  S1:
                    name: One
                    fields:
                      note: { type: text, rules: [{ required: true, message: Write a note }] }
                    on:
                      tick: { if: count < 3, do: [{ set: { count: count + 1 } }, { call: equals.ping }] }
                      check: { validate: true, to: S1 }
                      reset: { do: [{ set: { count: 0 } }] }
                      equals.ping.ok: { do: [{ set: { count: count - 1 } }] }
            """)
        let events = ["tick", "check", "tick", "tick", "reset", "tick", "check", "tick", "tick", "tick"]
        var whole = try Interpreter(app: app, services: ServiceOutcomes(defaults: ["equals.ping": "ok"]))
        var bounded = try Interpreter(app: app, services: ServiceOutcomes(defaults: ["equals.ping": "ok"]))
        bounded.retainedSteps = 3
        // 40 rounds of 10 steps: old steps are let go in batches (once 64 more than the 3 kept are stored), so this
        // crosses several batches; what the logs store stays bounded, side logs (rejections, run-time effects) included.
        for round in 0..<40 {
            for event in events {
                try whole.send(event)
                try bounded.send(event)
            }
            let kept = bounded.steps(from: 0)
            #expect(kept.count == 3)
            #expect(kept == whole.steps(from: whole.stepCount - 3), "round \(round)")
            let stored = bounded.log.steps.end - bounded.log.steps.start
            #expect(stored <= 3 + 64, "round \(round): \(stored) steps stored")
            // At most one rejection and one call per step: a side log not let go with its steps would outgrow them.
            #expect(bounded.log.rejections.end - bounded.log.rejections.start <= stored, "round \(round)")
            #expect(bounded.log.dynamicEffects.end - bounded.log.dynamicEffects.start <= stored, "round \(round)")
        }
        #expect(bounded.log.rejections.end > 3 + 64 && bounded.log.dynamicEffects.end > 3 + 64, "the run let too little go to tell")
        #expect(whole.trace.steps.contains { $0.microSteps.contains { if case .rejected = $0.outcome { true } else { false } } })
        #expect(whole.trace.steps.contains { $0.effects.contains { $0.kind == "call" } })
    }

    @Test func fastGuardsAnswerAsTheirExpressionsWouldInEitherOrder() throws {
        // Every comparison the fast form knows, slot first and constant first, below, at and above the constant: a
        // comparison read the wrong way round (`3 < n` as `n < 3`) or mapped to the wrong operator is caught here.
        let app = try compileApp(InterpreterTests.header + """
            state:
              n: { type: int, initial: 0 }
              hit: { type: bool, initial: false }
            flows:
              main:
                start: S1
                screens:
                  S1:
                    name: One
                    terminal: true
                    on:
                      set_2: { do: [{ set: { n: 2, hit: false } }] }
                      set_3: { do: [{ set: { n: 3, hit: false } }] }
                      set_4: { do: [{ set: { n: 4, hit: false } }] }
                      miss: { do: [{ set: { hit: false } }] }
                      a0: { if: "n < 3", do: [{ set: { hit: true } }] }
                      b0: { if: "3 < n", do: [{ set: { hit: true } }] }
                      a1: { if: "n <= 3", do: [{ set: { hit: true } }] }
                      b1: { if: "3 <= n", do: [{ set: { hit: true } }] }
                      a2: { if: "n > 3", do: [{ set: { hit: true } }] }
                      b2: { if: "3 > n", do: [{ set: { hit: true } }] }
                      a3: { if: "n >= 3", do: [{ set: { hit: true } }] }
                      b3: { if: "3 >= n", do: [{ set: { hit: true } }] }
                      a4: { if: "n == 3", do: [{ set: { hit: true } }] }
                      b4: { if: "3 == n", do: [{ set: { hit: true } }] }
                      a5: { if: "n != 3", do: [{ set: { hit: true } }] }
                      b5: { if: "3 != n", do: [{ set: { hit: true } }] }
            """)
        let comparisons: [(event: String, holds: (Int) -> Bool)] = [
            ("a0", { $0 < 3 }), ("b0", { 3 < $0 }), ("a1", { $0 <= 3 }), ("b1", { 3 <= $0 }), ("a2", { $0 > 3 }), ("b2", { 3 > $0 }),
            ("a3", { $0 >= 3 }), ("b3", { 3 >= $0 }), ("a4", { $0 == 3 }), ("b4", { 3 == $0 }), ("a5", { $0 != 3 }), ("b5", { 3 != $0 }),
        ]
        var run = try Interpreter(app: app)
        for n in [2, 3, 4] {
            for comparison in comparisons {
                try run.send("set_\(n)")
                try run.send(comparison.event)
                #expect(run.state["hit"] == .bool(comparison.holds(n)), "\(comparison.event) with n = \(n)")
            }
        }
    }

    @Test func fastActionsFailAsTheirExpressionsDo() throws {
        // `big + 1` past the largest whole number leaves the fast form to the expression, which fails as it does without one;
        // the guard `3 < big` (constant first) reads as `big > 3`.
        let app = try compileApp(InterpreterTests.header + """
            state:
              big: { type: int, initial: 9223372036854775807 }
            flows:
              main:
                start: S1
                screens:
                  S1:
                    name: One
                    on:
                      grow: { do: [{ set: { big: big + 1 } }] }
                      shrink: { do: [{ set: { big: big - 1 } }] }
                      go: { if: 3 < big, to: S2 }
                  S2: { name: Two, terminal: true }
            """)
        var run = try Interpreter(app: app)
        let overflow = #expect(throws: RuntimeFailure.self) { try run.send("grow") }
        #expect(overflow?.message == "evaluation failed on 'S1': integer overflow in '+'")
        #expect(run.state["big"] == .int(9223372036854775807))
        try run.send("shrink")
        #expect(run.state["big"] == .int(9223372036854775806))
        try run.send("go")
        #expect(run.currentScreen.id == "S2")
    }
}

