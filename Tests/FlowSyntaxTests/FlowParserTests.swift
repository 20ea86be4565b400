import FlowSource
import Testing
@testable import FlowSyntax

private func parse(_ text: String) -> (FlowFileSyntax?, [String]) {
    let bag = DiagnosticBag()
    let syntax = parseFlowFile(SourceFile(path: "t.flow.yaml", text: text), diagnostics: bag)
    return (syntax, bag.diagnostics.map { "\($0.range.start.line):\($0.range.start.column): \($0.code): \($0.message)\($0.notes.map { " (\($0.message))" }.joined())" })
}

@Suite struct FlowParserTests {
    @Test func unknownKeysGetADidYouMean() {
        let (_, diagnostics) = parse("""
            flows:
              onboarding:
                start: ONB-001
                screens:
                  ONB-001:
                    nmae: Welcome
            """)
        // One mistake, one diagnostic: the typo is read as the key it is close to, so 'name' is not also missing.
        #expect(diagnostics == [
            "6:9: unknown-key: unknown key 'nmae' in screen 'ONB-001' (did you mean 'name'?)",
        ])
    }

    @Test func transitionSpecsTakeThreeShapes() throws {
        let (syntax, diagnostics) = parse("""
            flows:
              f:
                start: A-1
                screens:
                  A-1:
                    name: A
                    on:
                      tap: A-2
                      cancel: back
                      submit:
                        - if: form.amount > balance
                          to: PAY-011
                        - to: PAY-004
                          do:
                            - set: { amount: form.amount }
                            - analytics: send_details_filled
                      pick_country: { overlay: ONB-007b }
                      start_kyc: { flow: veriff, returns: { submitted: ONB-016 } }
                      finish: { end: completed }
            """)
        #expect(diagnostics.isEmpty)
        let on = try #require(syntax?.flows.first?.screens.first?.on)
        #expect(on.map(\.event.value) == ["tap", "cancel", "submit", "pick_country", "start_kyc", "finish"])
        #expect(on[2].transitions.count == 2)
        #expect(on[2].transitions[0].guardExpression?.text == "form.amount > balance")
        #expect(on[2].transitions[1].actions.count == 2)
        if case .back = on[1].transitions[0].target {} else { Issue.record("cancel is not back") }
        if case .overlay(let screen) = on[3].transitions[0].target { #expect(screen.value == "ONB-007b") } else { Issue.record("not overlay") }
        if case .flow(let flow, let returns) = on[4].transitions[0].target {
            #expect(flow.value == "veriff")
            #expect(returns.map(\.event.value) == ["submitted"])
        } else { Issue.record("not a sub-flow") }
    }

    @Test func expressionsMapBackToFileColumns() throws {
        let (syntax, _) = parse("invariants:\n  positive:\n    check: \"balance >= 0.00 GBP\"\n")
        let check = try #require(syntax?.invariants.first?.check)
        let range = check.fileRange(of: 11..<19)
        #expect(range.start == SourceLocation(line: 3, column: 24))
        #expect(range.end == SourceLocation(line: 3, column: 32))
    }

    @Test func wrongScalarTypesAreReported() {
        let (_, diagnostics) = parse("""
            flows:
              f:
                start: A-1
                screens:
                  A-1:
                    name: A
                    terminal: yes
                    fields:
                      code:
                        type: digits(6)
                        rules:
                          - length: six
                            message: Enter 6 digits
            """)
        #expect(diagnostics == [
            "7:19: wrong-type: 'terminal' of screen 'A-1' must be true or false, found 'yes'",
            "12:25: wrong-type: 'length' must be a whole number, found 'six'",
        ])
    }

    @Test func anUnquotedBangIsATagNotAnExpression() {
        let (_, diagnostics) = parse("invariants:\n  x:\n    check: !is_sequence(value)\n")
        #expect(diagnostics.first?.contains("unexpected-tag") == true)
    }
}

@Suite struct FoldedExpressionTests {
    @Test func positionsInsideAFoldedGuardPointAtTheToken() throws {
        let bag = DiagnosticBag()
        let text = "invariants:\n  x:\n    check: >-\n      balance >= 0.00 GBP &&\n      balanse < 10.00 GBP\n"
        let syntax = try #require(parseFlowFile(SourceFile(path: "t.flow.yaml", text: text), diagnostics: bag))
        let check = try #require(syntax.invariants.first?.check)
        #expect(check.text == "balance >= 0.00 GBP && balanse < 10.00 GBP")
        // 'balanse' starts at offset 23 of the folded text: line 5, column 7.
        let range = check.fileRange(of: 23..<30)
        #expect(range.start == SourceLocation(line: 5, column: 7))
        #expect(range.end == SourceLocation(line: 5, column: 14))
        #expect(check.fileRange(of: 0..<7).start == SourceLocation(line: 4, column: 7))
    }
}
