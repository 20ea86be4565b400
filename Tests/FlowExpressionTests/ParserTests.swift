import FlowExpression
import Foundation
import Testing

@Suite("Parser")
struct ParserTests {
    private func tree(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> ExpressionSyntax {
        let (syntax, problems) = parseExpression(text)
        #expect(problems.isEmpty, "unexpected diagnostics: \(problems)", sourceLocation: sourceLocation)
        return try #require(syntax, sourceLocation: sourceLocation)
    }

    @Test("CEL precedence and associativity", arguments: [
        ("a || b && c", "(|| a (&& b c))"),
        ("a && b || c", "(|| (&& a b) c)"),
        ("a + b * c", "(+ a (* b c))"),
        ("(a + b) * c", "(* (+ a b) c)"),
        ("a - b - c", "(- (- a b) c)"),
        ("a / b % c", "(% (/ a b) c)"),
        ("a == b && c < d", "(&& (== a b) (< c d))"),
        ("a < b == c", "(== (< a b) c)"),
        ("a + 1 >= b * 2", "(>= (+ a 1) (* b 2))"),
        ("x in [1, 2] || y", "(|| (in x [1 2]) y)"),
        ("!a && b", "(&& (! a) b)"),
        ("!!a", "(! (! a))"),
        ("-a.b", "(neg (. a b))"),
        ("x * -y", "(* x (neg y))"),
        ("a ? b : c ? d : e", "(? a b (? c d e))"),
        ("a || b ? c : d", "(? (|| a b) c d)"),
        ("a.b[0].c(d)", "(.c ([] (. a b) 0) d)"),
        ("size(x) + 1", "(+ (size x) 1)"),
        ("now()", "(now)"),
        ("items.all(x, x > 0)", "(.all items x (> x 0))"),
        ("[]", "[]"),
        ("[1, 2,]", "[1 2]"),
    ])
    func precedence(text: String, expected: String) throws {
        #expect(sexpr(try tree(text)) == expected)
    }

    @Test("literals: money, durations, numbers, keywords", arguments: [
        ("4.99 GBP", "<4.99 GBP>"),
        ("10 USD", "<10.00 USD>"),
        ("1200 JPY", "<1200 JPY>"),
        ("4.99\tEUR", "<4.99 EUR>"),
        ("30s", "<30000ms>"),
        ("5m", "<300000ms>"),
        ("1h", "<3600000ms>"),
        ("500ms", "<500ms>"),
        ("2d", "<172800000ms>"),
        ("1h30m", "<5400000ms>"),
        ("1.5h", "<5400000ms>"),
        ("42", "42"),
        ("4.99", "4.99"),
        ("0012", "12"),
        ("true", "true"),
        ("false", "false"),
        ("null", "null"),
    ])
    func literals(text: String, expected: String) throws {
        #expect(sexpr(try tree(text)) == expected)
    }

    @Test("a currency code must be exactly three uppercase letters ending the word")
    func moneyNeedsExactCurrency() {
        #expect(parseExpression("4.99 GBPX").1.map(\.message) == ["expected end of expression, found 'GBPX'"])
        #expect(parseExpression("4 gbp").1.map(\.message) == ["expected end of expression, found 'gbp'"])
    }

    @Test("text literals: both quotes, CEL escapes, raw and triple-quoted", arguments: [
        (#""it's""#, "it's"),
        (#"'say "hi"'"#, "say \"hi\""),
        (#"'it\'s'"#, "it's"),
        (#""a\nb\tc""#, "a\nb\tc"),
        (#""\\d+""#, "\\d+"),
        (#""\u00e9\x41\101""#, "éAA"),
        (#""\U0001F4B6""#, "💶"),
        (#"r'\d+'"#, "\\d+"),
        (#"R"a\b""#, "a\\b"),
        ("'''one\ntwo'''", "one\ntwo"),
    ])
    func textLiterals(text: String, expected: String) throws {
        #expect(try tree(text).kind == .literal(.text(expected)))
    }

    @Test("spans are Unicode-scalar offsets, parentheses included")
    func spans() throws {
        let root = try tree("balance + 4.99 GBP")
        #expect(root.span == 0..<18)
        guard case .binary(.add, let lhs, let rhs) = root.kind else {
            Issue.record("not an addition: \(sexpr(root))")
            return
        }
        #expect(lhs.span == 0..<7)
        #expect(rhs.span == 10..<18)

        // '💶' is one scalar (two UTF-16 units, four UTF-8 bytes).
        let emoji = try tree("'💶' + name")
        guard case .binary(_, _, let name) = emoji.kind else {
            Issue.record("not a binary expression: \(sexpr(emoji))")
            return
        }
        #expect(name.span == 6..<10)

        let grouped = try tree("(a + b) * c")
        guard case .binary(.multiply, let group, _) = grouped.kind else {
            Issue.record("not a multiplication: \(sexpr(grouped))")
            return
        }
        #expect(group.span == 0..<7)

        let call = try tree("x.startsWith('a')")
        guard case .call(_, let nameSpan, _, _) = call.kind else {
            Issue.record("not a call: \(sexpr(call))")
            return
        }
        #expect(nameSpan == 2..<12)
        #expect(call.span == 0..<17)
    }

    struct Expected: Sendable, CustomStringConvertible {
        var text: String
        var code: String
        var message: String
        var span: Range<Int>
        var notes: [String] = []
        var description: String { text }
    }

    @Test("syntax diagnostics: exact message, span and notes", arguments: [
        Expected(text: "size(name) >", code: "expression-syntax",
                 message: "expected expression, found end of expression", span: 12..<12),
        Expected(text: "", code: "expression-syntax", message: "expected expression, found end of expression", span: 0..<0),
        Expected(text: "f(a b)", code: "expression-syntax",
                 message: "expected ',' or ')' after an argument, found 'b'", span: 4..<5),
        Expected(text: "(a + b", code: "expression-syntax", message: "expected ')', found end of expression", span: 6..<6),
        Expected(text: "a + )", code: "expression-syntax", message: "expected expression, found ')'", span: 4..<5),
        Expected(text: "1 +* 2", code: "expression-syntax", message: "expected expression, found '*'", span: 3..<4),
        Expected(text: "[1 2, 3]", code: "expression-syntax",
                 message: "expected ',' or ']' in the list, found '2'", span: 3..<4),
        Expected(text: "items[0", code: "expression-syntax", message: "expected ']', found end of expression", span: 7..<7),
        Expected(text: "frozen ? 1", code: "expression-syntax",
                 message: "expected ':' after the '?' branch, found end of expression", span: 10..<10),
        Expected(text: "x.1", code: "expression-syntax", message: "expected a member name after '.', found '1'", span: 2..<3),
        Expected(text: "a and b", code: "expression-syntax", message: "expected end of expression, found 'and'",
                 span: 2..<5, notes: ["use '&&' for 'and'"]),
        Expected(text: "not frozen", code: "expression-syntax", message: "expected end of expression, found 'frozen'",
                 span: 4..<10, notes: ["use '!' for 'not'"]),
        Expected(text: "'x' = 'y'", code: "expression-syntax", message: "unexpected '='", span: 4..<5,
                 notes: ["use '==' to compare values, as in 'a == b'"]),
        Expected(text: "a & b", code: "expression-syntax", message: "unexpected '&'", span: 2..<3, notes: ["use '&&' for 'and'"]),
        Expected(text: "a # b", code: "expression-syntax", message: "unexpected character '#'", span: 2..<3),
        Expected(text: "\u{201C}plus\u{201D}", code: "expression-syntax", message: "unexpected character '\u{201C}'",
                 span: 0..<1, notes: ["text literals use straight quotes: \"...\" or '...'"]),
        Expected(text: "'abc", code: "expression-syntax",
                 message: "unterminated text literal, expected a closing \"'\"", span: 0..<4),
        Expected(text: "{a: 1}", code: "expression-syntax", message: "expected expression, found '{'", span: 0..<1,
                 notes: ["maps are not supported; use a list such as [a, b]"]),
        Expected(text: "4.99GBP", code: "invalid-literal", message: "invalid number '4.99GBP'", span: 0..<7,
                 notes: ["write a space before the currency, as in '4.99 GBP'"]),
        Expected(text: "5min", code: "invalid-literal", message: "invalid number '5min'", span: 0..<4,
                 notes: ["durations end in ms, s, m, h or d, as in '30s' or '1h30m'"]),
        Expected(text: "0.5ms", code: "invalid-literal", message: "duration '0.5ms' is not a whole number of milliseconds",
                 span: 0..<5),
        Expected(text: "1 GPB", code: "invalid-literal", message: "unknown currency code 'GPB'", span: 2..<5,
                 notes: ["did you mean 'GBP'?"]),
        Expected(text: "\"a\\qb\"", code: "invalid-literal", message: "invalid escape sequence '\\q'", span: 2..<4,
                 notes: ["to write a backslash, use '\\\\' or a raw text literal such as r'\\d+'"]),
        Expected(text: "99999999999999999999", code: "invalid-literal",
                 message: "integer '99999999999999999999' does not fit in 64 bits", span: 0..<20,
                 notes: ["the largest int is 9223372036854775807; write a decimal for larger numbers"]),
    ])
    func syntaxDiagnostics(expected: Expected) {
        let (syntax, problems) = parseExpression(expected.text)
        #expect(syntax == nil)
        #expect(problems.count == 1, "\(problems)")
        guard let problem = problems.first else { return }
        #expect(problem.code == expected.code)
        #expect(problem.message == expected.message)
        #expect(problem.span == expected.span)
        #expect(problem.notes == expected.notes)
    }

    @Test("recovery: one diagnostic per mistake, not a cascade", arguments: [
        "f(a b) + g(c)",
        "[1 2, 3] == x",
        "(a + b c) * d",
        "a + ) + b",
        "(a]",
        "x + 'unterminated",
        "size(#) > 1",
        "a = b && c",
    ])
    func recovery(text: String) {
        #expect(parseExpression(text).1.count == 1, "\(parseExpression(text).1)")
    }

    @Test("two independent mistakes give two diagnostics")
    func twoMistakes() {
        let problems = parseExpression("f(a b, c d)").1
        #expect(problems.map(\.span) == [4..<5, 9..<10])
        #expect(problems.map(\.message) == [
            "expected ',' or ')' after an argument, found 'b'",
            "expected ',' or ')' after an argument, found 'd'",
        ])
    }
}
