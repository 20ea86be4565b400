import FlowEvaluation
import FlowExpression
import FlowTestSupport
import Foundation
import Testing

@Suite("Evaluator")
struct EvaluatorTests {
    @Test("money arithmetic is exact Decimal")
    func moneyArithmetic() throws {
        #expect(try run("0.10 GBP + 0.20 GBP") == money("0.30", "GBP"))
        #expect(try run("balance * 3") == money("37.50", "GBP"))
        #expect(try run("round(balance / 4)") == money("3.12", "GBP"))   // 3.125, half-even
        #expect(try run("round(balance / 4, 2, 'half_up')") == money("3.13", "GBP"))
        #expect(try run("balance / 5.00 GBP") == .decimal(dec("2.5")))
        #expect(try run("balance - 20 GBP < 0 GBP") == .bool(true))
        #expect(diagnostics("1.00 GBP == 1.00 USD").map(\.message) == ["operator '==' cannot compare 1.00 GBP and 1.00 USD: the currencies differ"])
        #expect(try runError("balance == 12.50 USD").message == "cannot compare 12.50 GBP and 12.50 USD: the currencies differ")
        #expect(try runError("balance != 12.50 USD").message == "cannot compare 12.50 GBP and 12.50 USD: the currencies differ")
        #expect(try run("balance == 12.50 GBP") == .bool(true))
        #expect(try run("count + rate") == .decimal(dec("4.5")))
        #expect(try run("count / 2") == .int(1))
        #expect(try run("-7 % 3") == .int(-1))
    }

    @Test("evaluation errors: message and span", arguments: [
        ("count / 0", "division by zero", 8..<9),
        ("count % 0", "division by zero", 8..<9),
        ("rate / 0", "division by zero", 7..<8),
        ("round(balance / 0)", "division by zero", 16..<17),
        ("balance / 0.00 GBP", "division by zero", 10..<18),
        // FlowMachine's functions name the argument a failure is about; the evaluator points at where it was written.
        ("round(rate, 50)", "cannot round to 50 places", 12..<14),
        ("round(balance, 3)", "cannot round GBP to 3 places: GBP has 2", 15..<16),
        ("take(items, -1)", "take needs a count of 0 or more, found -1", 12..<14),
        ("convert(balance, 'EUR', rate - rate)", "the rate of convert must be more than 0", 24..<35),
        ("9223372036854775807 + 1", "integer overflow in '+'", 0..<23),
        ("9223372036854775807 * 2", "integer overflow in '*'", 0..<23),
        ("-9223372036854775807 - 2", "integer overflow in '-'", 0..<24),
        ("-(-9223372036854775807 - 1)", "integer overflow in '-'", 0..<27),
        ("(-9223372036854775807 - 1) / -1", "integer overflow in '/'", 0..<31),
        ("abs(-9223372036854775807 - 1)", "integer overflow in 'abs'", 0..<29),
        ("1.00 GBP + 1.00 USD", "cannot add 1.00 GBP and 1.00 USD: the currencies differ", 0..<19),
        ("balance - 1.00 EUR", "cannot subtract 12.50 GBP and 1.00 EUR: the currencies differ", 0..<18),
        ("balance < 1.00 EUR", "cannot compare 12.50 GBP and 1.00 EUR: the currencies differ", 0..<18),
        ("sum(transactions.map(t, t.amount)) + balance", "cannot add 4.30 USD and 12.50 GBP: the currencies differ", 0..<44),
        ("applicant.dob < today()", "'applicant.dob' is null", 0..<13),
        ("maybe_count + 1", "'maybe_count' is null", 0..<11),
        ("items[3]", "index 3 is out of range for a list of 3", 6..<7),
        ("items[-1]", "index -1 is out of range for a list of 3", 6..<8),
        ("dob + timeout", "cannot add 30s to a date: only whole days, such as '1d'", 0..<13),
        ("started + 3000000d", "timestamp out of range (years 1 to 9999)", 0..<18),
        ("sum(prices.filter(p, false))", "the sum of an empty list of money has no currency", 0..<28),
    ])
    func errors(text: String, message: String, span: Range<Int>) throws {
        // A null operand is refused when checking; the run-time check behind it is reached by trusting a guard.
        let error = try runError(text, nonNull: ["maybe_count", "applicant.dob"])
        #expect(error.message == message)
        #expect(error.span == span)
    }

    @Test("a missing variable is an error, not a crash")
    func missingVariable() throws {
        let tree = try typed("balance > 0 GBP")
        #expect(throws: EvaluationError("no value for 'balance'", span: 0..<7)) {
            try evaluate(tree, in: EvaluationContext(now: clock))
        }
    }

    @Test("the default currency gives an empty sum of money its currency")
    func emptyMoneySum() throws {
        #expect(try run("sum(prices.filter(p, false))", defaultCurrency: "GBP") == money("0", "GBP"))
    }

    @Test("&& and || absorb an error when the other side decides (CEL)")
    func logicalAbsorption() throws {
        #expect(try run("applicant.dob != null && age(applicant.dob) >= 18") == .bool(false))
        // The checker refuses a possibly null argument; trusting a guard reaches the run-time error being absorbed.
        #expect(try run("age(applicant.dob) >= 18 || !frozen", nonNull: ["applicant.dob"]) == .bool(true))
        #expect(try run("age(applicant.dob) >= 18 && frozen", nonNull: ["applicant.dob"]) == .bool(false))
        #expect(try runError("age(applicant.dob) >= 18 || frozen", nonNull: ["applicant.dob"]).message == "'applicant.dob' is null")
        #expect(try run("frozen ? count / 0 : 2") == .int(2))
        #expect(try run("items.exists(x, x == 1) || items[10] == 0") == .bool(true))
    }

    @Test("macros")
    func macros() throws {
        #expect(try run("items.all(x, x > 0)") == .bool(true))
        #expect(try run("items.all(x, x > 1)") == .bool(false))
        #expect(try run("items.exists(x, x == 3)") == .bool(true))
        #expect(try run("items.exists_one(x, x > 1)") == .bool(false))
        #expect(try run("items.exists_one(x, x > 2)") == .bool(true))
        #expect(try run("items.filter(x, x % 2 == 1)") == .list([.int(1), .int(3)]))
        #expect(try run("items.map(x, x * 10)") == .list([.int(10), .int(20), .int(30)]))
        #expect(try run("items.map(x, x > 1, x * 10)") == .list([.int(20), .int(30)]))
        #expect(try run("items.all(x, items.exists(y, y == x))") == .bool(true))
        #expect(try run("items.map(x, items.filter(x, x > 2))") == .list(Array(repeating: .list([.int(3)]), count: 3)))
        #expect(try run("sum(transactions.map(t, t.amount))") == money("4.30", "USD"))
    }

    @Test("enums, records, lists and time")
    func values() throws {
        #expect(try run("plan == Plan.plus && plan in [Plan.plus, premium]") == .bool(true))
        #expect(try run("premium", expected: .enumeration("Plan")) == .enumCase(type: "Plan", name: "premium"))
        #expect(try run("applicant.given_name + ' ' + applicant.surname") == .text("Ada Lovelace"))
        #expect(try run("size(applicant.purposes)") == .int(0))
        #expect(try run("[1, 2.5][0]") == .decimal(1))
        #expect(try run("items + [4]") == .list([.int(1), .int(2), .int(3), .int(4)]))
        #expect(try run("plan == null") == .bool(false))
        #expect(try run("maybe_count == null") == .bool(true))
        #expect(try run("maybe_count == 1.5") == .bool(false))
        #expect(try run("started + 30m") == .timestamp(Timestamp(millisecondsSince1970: 1_767_601_800_000)))
        #expect(try run("date('2024-02-28') + 1d") == date(2024, 2, 29))
        #expect(try run("date('2024-03-01') - date('2024-02-01')") == .duration(29 * 86_400_000))
        #expect(try run("timeout * 2 + 1h") == .duration(3_660_000))
        #expect(try run("(date('2024-03-01') - date('2024-02-16')) / (date('2024-03-01') - date('2024-02-01'))") == .decimal(dec("14") / dec("29")))
        #expect(try run("round(2.00 GBP * ((date('2024-03-01') - date('2024-02-16')) / 29d), 2)") == .money(Money(amount: dec("0.97"), currency: "GBP")))
        #expect(try run("now() - started > 59m") == .bool(true))
    }

    @Test("values render as flows write them")
    func rendering() {
        #expect(Money(amount: 5, currency: "USD").description == "5.00 USD")
        #expect(Money(amount: dec("3.125"), currency: "GBP").description == "3.125 GBP")
        #expect(Money(amount: dec("1.5"), currency: "BHD").description == "1.500 BHD")
        #expect(Value.duration(90_061_001).description == "1d1h1m1s1ms")
        #expect(Value.duration(-1_800_000).description == "-30m")
        #expect(Value.timestamp(clock).description == "2026-01-05T09:00:00Z")
        #expect(Value.timestamp(Timestamp(millisecondsSince1970: -1)).description == "1969-12-31T23:59:59.999Z")
        #expect(CalendarDate(parsing: "2023-02-29") == nil)
        #expect(CalendarDate(year: 2024, month: 2, day: 29)?.description == "2024-02-29")
        #expect(Timestamp(parsing: "2026-01-05T10:00:00+01:00") == clock)
        #expect(Timestamp(parsing: "2026-01-05T09:00:00") == nil)
    }
}

/// The compiled form has fast paths for whole numbers in slots (`counter < limit`, `count + 1`);
/// `run` compares every result with the tree walker, so these cases pin the boundaries.
@Suite("Compiled fast paths") struct CompiledFastPathTests {
    @Test("comparisons of a slot with a literal or another slot, at the boundary", arguments: [2, 3, 4])
    func comparisons(count: Int) throws {
        let extra: [String: Value] = ["count": .int(count)]
        #expect(try run("count < 3", extra: extra) == .bool(count < 3))
        #expect(try run("count <= 3", extra: extra) == .bool(count <= 3))
        #expect(try run("count > 3", extra: extra) == .bool(count > 3))
        #expect(try run("count >= 3", extra: extra) == .bool(count >= 3))
        #expect(try run("3 < count", extra: extra) == .bool(3 < count))
        #expect(try run("count < count", extra: extra) == .bool(false))
        #expect(try run("count + 1", extra: extra) == .int(count + 1))
        #expect(try run("count - 1", extra: extra) == .int(count - 1))
    }

    @Test("an overflowing increment is the same error either way")
    func overflow() throws {
        let error = try runError("count + 1", extra: ["count": .int(Int.max)])
        #expect(error.message == "integer overflow in '+'")
    }

    @Test("a null where a number is needed is the same error either way")
    func nullOperand() throws {
        let error = try runError("maybe_count < 3", nonNull: ["maybe_count"])
        #expect(error.message == "'maybe_count' is null")
    }

    @Test("where flowc and CEL can agree they do (both evaluators)")
    func celAgreements() throws {
        // Errors inside all/exists are absorbed when another element decides, as with && and ||.
        #expect(try run("[1, 2, 3].all(e, 6 / (2 - e) == 6)") == .bool(false))
        #expect(try run("[2, 1].exists(e, 6 / (2 - e) == 6)") == .bool(true))
        #expect(try runError("[1, 2].all(e, 6 / (2 - e) == 6)").message == "division by zero")
        #expect(try runError("[2, 3].exists(e, 6 / (2 - e) == 6)").message == "division by zero")
        #expect(try runError("[2, 1].map(e, 6 / (2 - e))").message == "division by zero")
        #expect(try runError("[2, 1].exists_one(e, 6 / (2 - e) == 6)").message == "division by zero")
        // The smallest int can be written; its magnitude alone cannot.
        #expect(try run("-9223372036854775808") == .int(Int.min))
        #expect(try run("-9223372036854775808 + 1") == .int(Int.min + 1))
        #expect(diagnostics("5 - 9223372036854775808").map(\.code) == ["invalid-literal"])
        // Macros on the empty list literal.
        #expect(try run("[].exists(e, e == 2)") == .bool(false))
        #expect(try run("[].all(e, e > 0)") == .bool(true))
        #expect(try run("[].exists_one(a, a == 7)") == .bool(false))
        #expect(try run("size([].map(n, n / 2)) == 0") == .bool(true))
        // The empty pattern matches everywhere.
        #expect(try run("'cows'.matches('')") == .bool(true))
        #expect(try run("''.matches('')") == .bool(true))
    }
}
