import FlowExpression
import Testing

@Suite("Type names")
struct TypeNameTests {
    @Test("parses the language's type strings", arguments: [
        ("money", ValueType.money),
        ("bool", .bool),
        ("timestamp", .timestamp),
        ("list<Transaction>", .list(.record("Transaction"))),
        ("Plan?", .optional(.record("Plan"))),
        ("list<text>?", .optional(.list(.text))),
        ("list< list<int?> >", .list(.list(.optional(.int)))),
    ])
    func parses(text: String, expected: ValueType) throws {
        #expect(try parseTypeName(text).get() == expected)
    }

    @Test("renders types as flows write them", arguments: [
        (ValueType.list(.optional(.enumeration("Plan"))), "list<Plan?>"),
        (.optional(.money), "money?"),
        (.record("Applicant"), "Applicant"),
        (.list(.error), "list<unknown>"),
    ])
    func renders(type: ValueType, expected: String) {
        #expect(type.description == expected)
    }

    @Test("bad type strings are invalid-type diagnostics", arguments: [
        ("string", "unknown type 'string'", 0..<6, ["did you mean 'text'?"]),
        ("mony", "unknown type 'mony'", 0..<4, ["did you mean 'money'?"]),
        ("list<int", "expected '>' to close 'list<', found end of type", 8..<8, []),
        ("list", "expected '<' after 'list', as in 'list<text>'", 0..<4, []),
        ("int??", "type 'int?' is already optional", 4..<5, []),
        ("money GBP", "unexpected 'GBP' after the type", 6..<9, []),
        ("", "expected a type, found nothing", 0..<0, []),
    ])
    func rejects(text: String, message: String, span: Range<Int>, notes: [String]) {
        guard case .failure(let problem) = parseTypeName(text) else {
            Issue.record("'\(text)' parsed")
            return
        }
        #expect(problem.code == "invalid-type")
        #expect(problem.message == message)
        #expect(problem.span == span)
        #expect(problem.notes == notes)
    }
}
