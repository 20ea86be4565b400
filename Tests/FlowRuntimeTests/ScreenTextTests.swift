import FlowChecker
import FlowIR
import FlowRuntime
import FlowSource
import FlowSyntax
import FlowTestSupport
import Foundation
import Testing

/// `texts:` on a screen: words with values put in, checked like expressions, evaluated by the run.
@Suite struct ScreenTextTests {
    static func diagnostics(_ texts: String) -> [String] {
        let yaml = InterpreterTests.header + """
            state:
              currency: { type: text, initial: "'USD'" }
            flows:
              main:
                start: R-S6
                screens:
                  R-S6:
                    name: Settings
                    texts:
                      code: "{currency}"
            \(texts)
                    terminal: true
            """
        let bag = DiagnosticBag()
        guard let syntax = parseFlowFile(SourceFile(path: "app.flow.yaml", text: yaml), diagnostics: bag) else { return ["unparsed"] }
        _ = checkApp(AppSourcesSyntax(root: syntax, parts: []), defaultID: "test", diagnostics: bag)
        return bag.diagnostics.map { "\($0.range.start.line):\($0.range.start.column): \($0.message) [\($0.code)]" }
    }

    @Test func mistakesInATextArePointedAt() {
        #expect(Self.diagnostics("          message: \"Switch to {curency}?\"") == [
            "16:32: unknown name 'curency' [unknown-name]",
        ])
        #expect(Self.diagnostics("          message: \"Switch to {currency?\"") == [
            "16:31: the '{' in text 'message' is not closed; end the value with '}', or write '{{' for a brace [expression-syntax]",
        ])
        #expect(Self.diagnostics("          message: \"Total } due\"") == [
            "16:27: a '}' in text 'message' closes nothing; write '}}' for a brace [expression-syntax]",
        ])
    }

    @Test func valuesArePutIntoTheWords() throws {
        let app = try compileApp(InterpreterTests.header + """
            state:
              currency: { type: text, initial: "'USD'" }
              total: { type: money, initial: 120.00 USD }
            flows:
              main:
                start: R-S6
                screens:
                  R-S6:
                    name: Settings
                    texts:
                      message: "Switch to {currency}? All values will be converted."
                      row: "{symbol(total)}{string(total)} ({{incl. fees}})"
                      formatted: "{total}, due {format_date(date('2026-01-05'), 'long')}"
                      plain: Fees provided by Yole Fees API
                    terminal: true
            """)
        let run = try Interpreter(app: app)
        #expect(try run.texts() == [
            "message": "Switch to USD? All values will be converted.",
            "row": "$120.00 USD ({incl. fees})",
            "formatted": "$120.00, due 5 January 2026",
            "plain": "Fees provided by Yole Fees API",
        ])
    }
}
