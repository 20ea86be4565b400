import FlowExpression
import Foundation
import Testing

/// `with`, `update` and `update_at`: changing one field of one element without writing the whole record again, each
/// with the mistakes it must refuse.
@Suite("Record and list updates")
struct RecordUpdateTests {
    let coffee = Value.record(["amount": money("4.30", "USD"), "reference": .text("coffee")])

    @Test func withChangesOnlyTheFieldsWritten() throws {
        #expect(try run("applicant with {surname: 'Byron'}")
            == .record(["given_name": .text("Ada"), "surname": .text("Byron"), "dob": .null, "purposes": .list([])]))
        #expect(try run("(applicant with {given_name: name + '!', dob: date('2000-01-02')}).given_name") == .text("Ada!"))
        #expect(try run("transactions[0] with {reference: 'tea'}")
            == .record(["amount": money("4.30", "USD"), "reference": .text("tea")]))
    }

    @Test func updateReplacesTheElementsTheConditionHoldsFor() throws {
        let list = Value.list([coffee, .record(["amount": money("2.00", "USD"), "reference": .text("bus")])])
        #expect(try run("transactions.update(t, t.reference == 'bus', t with {amount: 3.00 USD})", extra: ["transactions": list])
            == .list([coffee, .record(["amount": money("3.00", "USD"), "reference": .text("bus")])]))
        #expect(try run("transactions.update(t, t.reference == 'none', t with {amount: 3.00 USD})", extra: ["transactions": list]) == list)
        #expect(try run("items.update(x, x == 2, x * 10)") == .list([.int(1), .int(20), .int(3)]))
    }

    @Test func updateAtReplacesOneElementByPosition() throws {
        #expect(try run("items.update_at(0, x, x + 10)") == .list([.int(11), .int(2), .int(3)]))
        #expect(try run("items.update_at(2, x, 0)") == .list([.int(1), .int(2), .int(0)]))
        #expect(try run("items.update_at(3, x, 0)") == .list([.int(1), .int(2), .int(3)]))
        #expect(try run("transactions.update_at(0, t, t with {reference: 'tea'})[0].reference") == .text("tea"))
    }

    @Test func withParsesAsACallOnItsBase() throws {
        let (syntax, problems) = parseExpression("a.b with {c: 1}.d")
        #expect(problems.isEmpty)
        #expect(sexpr(try #require(syntax)) == "(. (.with (. a b) (with{c: 1})) d)")
    }

    @Test("update mistakes", arguments: [
        ("applicant with {surnam: 'x'}", "record 'Applicant' has no field 'surnam'"),
        ("applicant with {surname: 3}", "field 'surname' of 'Applicant' must be 'text', found 'int'"),
        ("applicant with {surname: 'a', surname: 'b'}", "field 'surname' is changed twice in this 'with'"),
        ("count with {x: 1}", "'with' changes fields of a record, but 'count' is 'int'"),
        ("items.update(x, x, 0)", "the condition of 'update' must be 'bool', found 'int'"),
        ("items.update(x, x == 1, 'one')", "the replacement in 'update' must be 'int', found 'text'"),
        ("items.update(x == 1, 0)", "wrong number of arguments to 'list.update(x, condition, replacement)': expected 3, found 2"),
        ("items.update(1, x == 1, 0)", "the first argument of 'update' must be a name for each element, found '1'"),
        ("count.update(x, x == 1, 0)", "'update' changes elements of a list, found 'int'"),
        ("items.update_at('0', x, 0)", "the index of 'update_at' must be 'int', found 'text'"),
        ("transactions.update(t, t.reference == 'bus', t with {amount: 3})", "field 'amount' of 'Transaction' must be 'money', found 'int'"),
    ])
    func mistakes(text: String, message: String) {
        #expect(diagnostics(text).map(\.message).contains(message), "\(diagnostics(text))")
    }

    @Test func aRecordThatMayBeNullIsRefused() {
        #expect(diagnostics("(count > 0 ? applicant : null) with {surname: 'x'}").map(\.code) == ["optional-to-required"])
    }
}
