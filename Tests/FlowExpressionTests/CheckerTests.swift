import FlowExpression
import Foundation
import Testing

@Suite("Type checker")
struct CheckerTests {
    struct Expected: Sendable, CustomStringConvertible {
        var text: String
        var code: String
        var message: String
        var span: Range<Int>
        var notes: [String] = []
        var expected: ValueType?
        var role = "expression"
        var description: String { text }
    }

    @Test("one mistake is one diagnostic: the error type absorbs the rest")
    func errorAbsorption() {
        let problems = diagnostics("balanse + 1 > 2", expected: .bool)
        #expect(problems == [ExpressionDiagnostic(code: "unknown-name", message: "unknown name 'balanse'", span: 0..<7,
                                                  notes: ["did you mean 'balance'?"])])
        #expect(diagnostics("size(balanse.items) + round(balanse, 2) > sum(balanse)", expected: .bool).count == 3)
        #expect(diagnostics("applicant.surnme.size() > 2 && applicant.surnme == 'x'", expected: .bool).count == 2)
        #expect(diagnostics("frozen ? balanse : 1.00 GBP", expected: .money).count == 1)
        #expect(diagnostics("[balanse, 1.00 GBP]").count == 1)
    }

    @Test("diagnostics: exact message, span and notes", arguments: [
        // Expected types and roles.
        Expected(text: "balance", code: "type-mismatch", message: "guard must be 'bool', found 'money'", span: 0..<7,
                 expected: .bool, role: "guard"),
        Expected(text: "balance", code: "type-mismatch", message: "expression must be 'bool', found 'money'", span: 0..<7,
                 expected: .bool),
        Expected(text: "1.5", code: "type-mismatch", message: "initial value of 'balance' must be 'money', found 'decimal'",
                 span: 0..<3, notes: ["write '1.5' as money, as in '1.5 GBP' or money(1.5, 'GBP')"],
                 expected: .money, role: "initial value of 'balance'"),
        Expected(text: "null", code: "type-mismatch", message: "expression must be 'money', found 'null'", span: 0..<4,
                 expected: .money),
        Expected(text: "applicant.dob", code: "type-mismatch", message: "expression must be 'bool', found 'date?'",
                 span: 0..<13, notes: ["compare it, as in 'applicant.dob != null'"], expected: .bool),
        // Money.
        Expected(text: "balance + 1.5", code: "type-mismatch", message: "operator '+' cannot combine 'money' and 'decimal'",
                 span: 0..<13, notes: ["write '1.5' as money, as in '1.5 GBP' or money(1.5, 'GBP')"]),
        Expected(text: "balance - rate", code: "type-mismatch", message: "operator '-' cannot combine 'money' and 'decimal'",
                 span: 0..<14, notes: ["convert 'rate' to money with money(rate, 'GBP')"]),
        Expected(text: "4.99 EUR + 1", code: "type-mismatch", message: "operator '+' cannot combine 'money' and 'int'",
                 span: 0..<12, notes: ["write '1' as money, as in '1 EUR' or money(1, 'EUR')"]),
        Expected(text: "balance >= 0", code: "type-mismatch", message: "operator '>=' cannot compare 'money' and 'int'",
                 span: 0..<12, notes: ["write '0' as money, as in '0 GBP' or money(0, 'GBP')"]),
        Expected(text: "balance * balance", code: "type-mismatch", message: "operator '*' cannot combine 'money' and 'money'",
                 span: 0..<17, notes: ["multiply money by a number, as in 'price * 2'"]),
        Expected(text: "2 / balance", code: "type-mismatch", message: "operator '/' cannot combine 'int' and 'money'",
                 span: 0..<11, notes: ["divide money by a number or by money, as in 'total / 3'"]),
        // Other operators.
        Expected(text: "count % 2.5", code: "type-mismatch", message: "operator '%' cannot combine 'int' and 'decimal'",
                 span: 0..<11, notes: ["'%' works on 'int' only"]),
        Expected(text: "'n: ' + count", code: "type-mismatch", message: "operator '+' cannot combine 'text' and 'int'",
                 span: 0..<13, notes: ["convert it to text first, as in string(count)"]),
        Expected(text: "started + started", code: "type-mismatch",
                 message: "operator '+' cannot combine 'timestamp' and 'timestamp'", span: 0..<17),
        Expected(text: "dob < started", code: "type-mismatch", message: "operator '<' cannot compare 'date' and 'timestamp'",
                 span: 0..<13),
        Expected(text: "dob + 1h", code: "type-mismatch", message: "operator '+' can only move a 'date' by whole days, found '1h'",
                 span: 6..<8, notes: ["use a timestamp for times of day, as in 'now() + 1h'"]),
        Expected(text: "!name", code: "type-mismatch", message: "operator '!' needs 'bool', found 'text'", span: 1..<5),
        Expected(text: "-name", code: "type-mismatch", message: "operator '-' cannot be applied to 'text'", span: 0..<5),
        Expected(text: "frozen && count", code: "type-mismatch", message: "operator '&&' needs 'bool' operands, found 'int'",
                 span: 10..<15),
        Expected(text: "name in 'Ada Lovelace'", code: "type-mismatch",
                 message: "operator 'in' needs a list on the right, found 'text'", span: 8..<22,
                 notes: ["to look for text inside text, use contains('Ada Lovelace', name)"]),
        Expected(text: "'a' in items", code: "type-mismatch", message: "operator 'in' cannot look for 'text' in 'list<int>'",
                 span: 0..<12),
        Expected(text: "frozen ? balance : 'none'", code: "type-mismatch",
                 message: "branches of '?:' have different types 'money' and 'text'", span: 0..<25),
        Expected(text: "name ? 1 : 2", code: "type-mismatch", message: "condition of '?:' must be 'bool', found 'text'",
                 span: 0..<4),
        Expected(text: "[1, 'a']", code: "type-mismatch", message: "list elements must have one type, found 'int' and 'text'",
                 span: 4..<7),
        Expected(text: "name[0]", code: "type-mismatch", message: "only lists can be indexed, found 'text'", span: 0..<4),
        Expected(text: "items['a']", code: "type-mismatch", message: "list index must be 'int', found 'text'", span: 6..<9),
        Expected(text: "balance == null", code: "type-mismatch", message: "operator '==' cannot compare 'money' and 'null'",
                 span: 0..<15, notes: ["a 'money' is never null"]),
        Expected(text: "plan == name", code: "type-mismatch", message: "operator '==' cannot compare 'Plan?' and 'text'",
                 span: 0..<12),
        // Names, members, enums.
        Expected(text: "balanse", code: "unknown-name", message: "unknown name 'balanse'", span: 0..<7,
                 notes: ["did you mean 'balance'?"]),
        Expected(text: "plus", code: "unknown-name", message: "unknown name 'plus'", span: 0..<4,
                 notes: ["'plus' is a case of enum 'Plan'; write 'Plan.plus'"]),
        Expected(text: "today", code: "unknown-name", message: "unknown name 'today'", span: 0..<5,
                 notes: ["'today' is a function; call it, as in 'today(...)'"]),
        Expected(text: "Plan", code: "type-mismatch", message: "enum type 'Plan' is not a value", span: 0..<4,
                 notes: ["write one of its cases, as in 'Plan.everyday'"]),
        Expected(text: "applicant.surnme", code: "unknown-member", message: "type 'Applicant' has no member 'surnme'",
                 span: 10..<16, notes: ["did you mean 'surname'?"]),
        Expected(text: "balance.amount", code: "unknown-member", message: "type 'money' has no member 'amount'", span: 8..<14,
                 notes: ["'amount' is a function; call it, as in 'balance.amount()'"]),
        Expected(text: "plan == 'plsu'", code: "unknown-enum-case", message: "'plsu' is not a case of enum 'Plan'",
                 span: 8..<14, notes: ["did you mean 'plus'?"]),
        Expected(text: "'premum' == plan", code: "unknown-enum-case", message: "'premum' is not a case of enum 'Plan'",
                 span: 0..<8, notes: ["did you mean 'premium'?"]),
        Expected(text: "plan in [Plan.plus, 'gold']", code: "unknown-enum-case", message: "'gold' is not a case of enum 'Plan'",
                 span: 20..<26, notes: ["the cases of 'Plan' are 'everyday', 'plus', 'premium'"]),
        // Text is never quietly read as a case: the checker says which case to write.
        Expected(text: "plan == 'premium'", code: "text-for-enum", message: "text 'premium' where enum 'Plan' is expected",
                 span: 8..<17, notes: ["write the case: 'Plan.premium'"]),
        Expected(text: "frozen ? Plan.plus : 'premium'", code: "text-for-enum", message: "text 'premium' where enum 'Plan' is expected",
                 span: 21..<30, notes: ["write the case: 'Plan.premium'"], expected: .enumeration("Plan")),
        Expected(text: "Plan.gold", code: "unknown-enum-case", message: "'gold' is not a case of enum 'Plan'", span: 5..<9,
                 notes: ["the cases of 'Plan' are 'everyday', 'plus', 'premium'"]),
        Expected(text: "plsu", code: "unknown-enum-case", message: "'plsu' is not a case of enum 'Plan'", span: 0..<4,
                 notes: ["did you mean 'plus'?"], expected: .enumeration("Plan")),
        // Functions.
        Expected(text: "lenght(name)", code: "unknown-function", message: "unknown function 'lenght'", span: 0..<6,
                 notes: ["did you mean 'size'?"]),
        Expected(text: "is_phnoe(name, 'GB')", code: "unknown-function", message: "unknown function 'is_phnoe'", span: 0..<8,
                 notes: ["did you mean 'is_phone'?"]),
        Expected(text: "is_phone('7700 900123')", code: "wrong-argument-count",
                 message: "wrong number of arguments to 'is_phone(number: text, country: text) -> bool': expected 2, found 1",
                 span: 0..<23),
        Expected(text: "name.is_phone()", code: "wrong-argument-count",
                 message: "wrong number of arguments to 'is_phone(number: text, country: text) -> bool': expected 2, found 1",
                 span: 0..<15, notes: ["'name' before '.is_phone' is the first argument"]),
        Expected(text: "round(rate)", code: "type-mismatch",
                 message: "argument 'value' of 'round(value: decimal|money, places: int[, mode: text]) -> same type, or round(value: money) -> money' must be 'money', found 'decimal'",
                 span: 6..<10, notes: ["convert 'rate' to money with money(rate, 'GBP')"]),
        Expected(text: "now(1)", code: "wrong-argument-count",
                 message: "wrong number of arguments to 'now() -> timestamp': expected 0, found 1", span: 0..<6),
        Expected(text: "is_phone(name, 44)", code: "type-mismatch",
                 message: "argument 'country' of 'is_phone(number: text, country: text) -> bool' must be 'text', found 'int'",
                 span: 15..<17),
        Expected(text: "money(balance, 'GBP')", code: "type-mismatch",
                 message: "argument 'amount' of 'money(amount: decimal, currency: text) -> money' must be 'decimal', found 'money'",
                 span: 6..<13),
        Expected(text: "convert(rate, 'EUR', 1.1)", code: "type-mismatch",
                 message: "argument 'amount' of 'convert(amount: money, currency: text, rate: decimal) -> money' must be 'money', found 'decimal'",
                 span: 8..<12, notes: ["convert 'rate' to money with money(rate, 'GBP')"]),
        Expected(text: "round(name, 2)", code: "type-mismatch",
                 message: "argument 'value' of 'round(value: decimal|money, places: int[, mode: text]) -> same type, or round(value: money) -> money' must be 'decimal' or 'money', found 'text'",
                 span: 6..<10),
        Expected(text: "size(count)", code: "type-mismatch",
                 message: "argument 'value' of 'size(value: text|list) -> int' must be 'text' or 'list', found 'int'", span: 5..<10),
        Expected(text: "sum([])", code: "type-mismatch", message: "the elements of '[]' have no known type for 'sum'", span: 4..<6),
        Expected(text: "dial_code('UK')", code: "invalid-literal", message: "unknown country code 'UK'", span: 10..<14,
                 notes: ["did you mean 'GB'?"]),
        Expected(text: "is_phone(name, 'XY')", code: "invalid-literal", message: "unknown country code 'XY'", span: 15..<19,
                 notes: ["countries are ISO 3166 alpha-2 codes, as in 'GB', 'NO' or 'KE'"]),
        Expected(text: "money(5, 'GPB')", code: "invalid-literal", message: "unknown currency code 'GPB'", span: 9..<14,
                 notes: ["did you mean 'GBP'?"]),
        // One suggestion for a currency wherever it is written (closestCurrencyCode): small letters, a sign, a nickname.
        Expected(text: "money(5, 'gbp')", code: "invalid-literal", message: "unknown currency code 'gbp'", span: 9..<14,
                 notes: ["did you mean 'GBP'?"]),
        Expected(text: "money(5, '£')", code: "invalid-literal", message: "unknown currency code '£'", span: 9..<12,
                 notes: ["did you mean 'GBP'?"]),
        Expected(text: "convert(4.00 EUR, 'UKP', 1.1)", code: "invalid-literal", message: "unknown currency code 'UKP'", span: 18..<23,
                 notes: ["did you mean 'GBP'?"]),
        Expected(text: "date('2023-02-29')", code: "invalid-literal", message: "invalid date '2023-02-29'", span: 5..<17,
                 notes: ["dates are written 'YYYY-MM-DD' and must exist, as in '2024-02-29'"]),
        Expected(text: "timestamp('2026-01-05 09:00')", code: "invalid-literal", message: "invalid timestamp '2026-01-05 09:00'",
                 span: 10..<28, notes: ["timestamps are ISO 8601 with a zone, as in '2026-01-05T09:00:00Z'"]),
        Expected(text: "matches(name, '(')", code: "invalid-literal", message: "invalid regular expression '('", span: 14..<17),
        Expected(text: "round(rate, 2, 'half-up')", code: "invalid-literal", message: "unknown rounding mode 'half-up'",
                 span: 15..<24, notes: ["did you mean 'half_up'?"]),
        // Money rounds to at most its currency's minor unit, known here for a literal, money(...) and convert(...).
        Expected(text: "round(4.35 GBP, 3)", code: "invalid-literal", message: "cannot round GBP to 3 places: GBP has 2",
                 span: 16..<17, notes: ["round(amount) rounds to the currency's minor unit; round a decimal for more places (round(amount.amount, 3))"]),
        Expected(text: "round(convert(balance, 'JPY', rate), 1)", code: "invalid-literal", message: "cannot round JPY to 1 places: JPY has 0",
                 span: 37..<38, notes: ["round(amount) rounds to the currency's minor unit; round a decimal for more places (round(amount.amount, 1))"]),
        // Macros.
        Expected(text: "all(items, x, x > 0)", code: "invalid-macro",
                 message: "'all' must be called on a list, as in 'items.all(x, x > 0)'", span: 0..<20),
        Expected(text: "items.all(1, true)", code: "invalid-macro",
                 message: "the first argument of 'all' must be a name for each element, found '1'", span: 10..<11,
                 notes: ["as in 'items.all(x, x > 0)'"]),
        Expected(text: "items.all(x)", code: "wrong-argument-count",
                 message: "wrong number of arguments to 'list.all(x, predicate: bool) -> bool': expected 2, found 1", span: 0..<12),
        Expected(text: "items.exists(x, x)", code: "type-mismatch", message: "predicate of 'exists' must be 'bool', found 'int'",
                 span: 16..<17),
        Expected(text: "name.all(c, true)", code: "type-mismatch", message: "'all' needs a list, found 'text'", span: 0..<4),
    ])
    func diagnostic(expected: Expected) {
        let problems = diagnostics(expected.text, expected: expected.expected, role: expected.role)
        #expect(problems.count == 1, "\(problems)")
        guard let problem = problems.first else { return }
        #expect(problem.code == expected.code)
        #expect(problem.message == expected.message)
        #expect(problem.span == expected.span)
        #expect(problem.notes == expected.notes)
    }

    @Test("the environment's currency is the one suggested")
    func suggestedCurrency() {
        var environment = bankEnvironment
        environment.currency = "EUR"
        let problems = diagnostics("balance + 2", environment: environment)
        #expect(problems.first?.notes == ["write '2' as money, as in '2 EUR' or money(2, 'EUR')"])
    }

    @Test("operator typing", arguments: [
        ("balance + 1.00 GBP", ValueType.money),
        ("balance - balance", .money),
        ("balance * 2", .money),
        ("round(balance * rate)", .money),
        ("2 * balance", .money),
        ("round(rate * balance)", .money),
        ("round(balance / 3)", .money),
        ("round(balance / rate)", .money),
        ("balance / balance", .decimal),
        ("-balance", .money),
        ("balance > 0 GBP", .bool),
        ("count + rate", .decimal),
        ("count / 2", .int),
        ("count % 2", .int),
        ("1 + 2.5", .decimal),
        ("rate < 2", .bool),
        ("started + 30m", .timestamp),
        ("30m + started", .timestamp),
        ("started - 1h", .timestamp),
        ("started - started", .duration),
        ("now() - started < 2h", .bool),
        ("dob < today()", .bool),
        ("today() - dob", .duration),
        ("dob + 2d", .date),
        ("1h + 30m", .duration),
        ("timeout * 2", .duration),
        ("name + '!'", .text),
        ("name < 'B'", .bool),
        ("items + [4]", .list(.int)),
        ("items + []", .list(.int)),
        ("2 in items", .bool),
        ("2.5 in [1, 2.5]", .bool),
        ("frozen ? 1 : 2.5", .decimal),
        ("frozen ? plan : null", .optional(.enumeration("Plan"))),
        ("frozen ? Plan.plus : premium", .enumeration("Plan")),
        ("[1, 2.5]", .list(.decimal)),
        ("[1, null]", .list(.optional(.int))),
        ("[]", .list(.error)),
        ("applicant.dob", .optional(.date)),
        ("applicant.purposes", .list(.text)),
        ("transactions[0].amount", .money),
        ("(maybe_count ?? 0) + 1", .int),
        ("string(maybe_count)", .optional(.text)),
    ])
    func operatorTypes(text: String, expected: ValueType) throws {
        #expect(try typed(text).type == expected)
    }

    @Test("int operands are promoted to decimal in the tree")
    func promotion() throws {
        let sum = try typed("count + rate")
        guard case .binary(.add, let lhs, let rhs) = sum.kind else {
            Issue.record("not an addition")
            return
        }
        #expect(lhs.kind == .call(function: .decimal, arguments: [TypedExpression(type: .int, span: 0..<5, kind: .variable("count"))]))
        #expect(lhs.type == .decimal)
        #expect(rhs.kind == .variable("rate"))
        // Literals are folded instead.
        guard case .binary(_, let literal, _) = try typed("1 + rate").kind else {
            Issue.record("not a binary expression")
            return
        }
        #expect(literal.kind == .literal(.decimal(1)))
        // Where a decimal is expected.
        #expect(try typed("count", expected: .decimal).type == .decimal)
    }

    @Test("enum cases: qualified, and bare where an enum is expected (text literals are not cases: text-for-enum)")
    func enumCoercion() throws {
        let plus = TypedExpression.Kind.enumCase(type: "Plan", name: "plus")
        for text in ["plan == Plan.plus", "plan == plus", "plan != Plan.plus"] {
            guard case .binary(_, _, let rhs) = try typed(text).kind else {
                Issue.record("not a comparison: \(text)")
                continue
            }
            #expect(rhs.kind == plus, "\(text)")
        }
        guard case .binary(.equal, let lhs, _) = try typed("plus == plan").kind else {
            Issue.record("not a comparison")
            return
        }
        #expect(lhs.kind == plus)
        guard case .binary(.in, _, let list) = try typed("plan in [plus, premium]").kind else {
            Issue.record("not an 'in'")
            return
        }
        #expect(list.type == .list(.enumeration("Plan")))
        #expect(list.children.map(\.kind) == [plus, .enumCase(type: "Plan", name: "premium")])
        #expect(try typed("plus in plans").type == .bool)
        #expect(try typed("premium", expected: .enumeration("Plan")).kind == .enumCase(type: "Plan", name: "premium"))
        #expect(try typed("everyday", expected: .optional(.record("Plan"))).kind == .enumCase(type: "Plan", name: "everyday"))
        #expect(diagnostics("'everyday'", expected: .optional(.record("Plan"))).map(\.code) == ["text-for-enum"])
        #expect(try typed("[plus]", expected: .list(.record("Plan"))).type == .list(.enumeration("Plan")))
        // Text that is not compared with an enum stays text.
        #expect(try typed("'plus'").type == .text)
    }

    @Test("an optional where a value is required is an error that shows '??'")
    func optionalIntoRequired() {
        let problems = diagnostics("maybe_count", expected: .int, role: "value for 'count'")
        #expect(problems.map(\.description) == [
            "0..<11: error: value for 'count' must be 'int', but 'maybe_count' is 'int?' and may be null [optional-to-required]\n"
                + "  note: 'maybe_count' may be null; give the value to use then with '??': maybe_count ?? 0",
        ])
        #expect(diagnostics("applicant.dob", expected: .date).map(\.code) == ["optional-to-required"])
        #expect(diagnostics("maybe_count", expected: .decimal).map(\.code) == ["optional-to-required"])
        #expect(diagnostics("plan", expected: .enumeration("Plan")).first?.notes == [
            "'plan' may be null; give the value to use then with '??': plan ?? Plan.everyday",
        ])
        // A guard or a condition that rules null out is enough.
        #expect(diagnostics("maybe_count != null ? maybe_count : 0", expected: .int).isEmpty)
        #expect(diagnostics("maybe_count == null ? 0 : maybe_count", expected: .int).isEmpty)
        #expect(diagnostics("maybe_count != null && maybe_count > 2", expected: .bool).isEmpty)
        #expect(diagnostics("maybe_count == null ? maybe_count : 0", expected: .int).map(\.code) == ["optional-to-required"])
        #expect(diagnostics("applicant.dob != null ? applicant.dob : today()", expected: .date).isEmpty)
        // An operand of an operator is a required place too.
        #expect(diagnostics("maybe_count + 1").map(\.description) == [
            "0..<11: error: operator '+' needs a value, but 'maybe_count' is 'int?' and may be null [optional-to-required]\n"
                + "  note: give the value to use when it is null with '??' (maybe_count ?? 0), or rule null out first (maybe_count != null && ...)",
        ])
        #expect(diagnostics("applicant.dob < today()").map(\.code) == ["optional-to-required"])
        #expect(diagnostics("(maybe_count ?? 0) + 1").isEmpty)
        // So is an argument of a function.
        #expect(diagnostics("abs(maybe_count)").map(\.description) == [
            "4..<15: error: argument 'value' of 'abs(value: int|decimal|money|duration) -> same type' needs a value, but 'maybe_count' is 'int?' and may be null [optional-to-required]\n"
                + "  note: give the value to use when it is null with '??' (maybe_count ?? 0), or rule null out first (maybe_count != null && ...)",
        ])
        #expect(diagnostics("maybe_count != null && abs(maybe_count) > 1").isEmpty)
        #expect(diagnostics("applicant.dob == null || age(applicant.dob) >= 18").isEmpty)
        #expect(diagnostics("maybe_count == null || maybe_count > 2").isEmpty)
        var narrowed = bankEnvironment
        narrowed.nonNullPaths = ["maybe_count"]
        #expect(diagnostics("maybe_count", expected: .int, environment: narrowed).isEmpty)
    }

    @Test("'??' gives a value for null")
    func coalescing() throws {
        #expect(try typed("maybe_count ?? 0").type == .int)
        #expect(try typed("maybe_count ?? 1.5").type == .decimal)
        #expect(try typed("applicant.dob ?? today()", expected: .date).type == .date)
        #expect(try typed("plan ?? premium").type == .enumeration("Plan"))
        #expect(try typed("maybe_count ?? null").type == .optional(.int))
        #expect(try run("maybe_count ?? 0") == .int(0))
        #expect(try run("maybe_count ?? 1.5") == .decimal(dec("1.5")))
        #expect(try run("plan ?? premium") == .enumCase(type: "Plan", name: "plus"))
        #expect(try run("maybe_count ?? 2 + 3") == .int(5))
        #expect(try run("maybe_count ?? 2 == 2") == .bool(true))
        // The right side runs only for a null.
        #expect(try run("plan ?? (count / 0 == 1 ? Plan.plus : Plan.premium)") == .enumCase(type: "Plan", name: "plus"))
        #expect(diagnostics("count ?? 0").map(\.description) == [
            "0..<5: error: 'count' is never null: it is 'int', so '??' has nothing to replace [type-mismatch]\n  note: write 'count' alone",
        ])
        #expect(diagnostics("maybe_count ?? 'none'").map(\.description) == [
            "0..<21: error: operator '??' cannot combine 'int?' and 'text' [type-mismatch]",
        ])
    }

    @Test("optional and null rules")
    func optionals() throws {
        #expect(try typed("null", expected: .optional(.money)).type == .null)
        #expect(try typed("applicant.dob", expected: .optional(.date)).type == .optional(.date))
        #expect(try typed("plan == null").type == .bool)
        #expect(try typed("null != applicant.dob").type == .bool)
        #expect(try typed("applicant.dob != null && age(applicant.dob) >= 18").type == .bool)
        #expect(try typed("frozen ? null : 1.00 GBP", expected: .optional(.money)).type == .optional(.money))
        #expect(try typed("balance", expected: .optional(.money)).type == .money)
    }

    @Test("literal arguments are folded or compiled at check time")
    func folding() throws {
        #expect(try typed("date('2024-02-29')").kind == .literal(date(2024, 2, 29)))
        #expect(try typed("timestamp('2026-01-05T10:00:00+01:00')").kind == .literal(.timestamp(clock)))
        #expect(try typed("dial_code('NO')").kind == .literal(.text("+47")))
        #expect(try typed("-4.99 GBP").kind == .literal(money("-4.99", "GBP")))
        guard case .regexMatch(_, let regex) = try typed("name.matches('^[A-Z][a-z]+$')").kind else {
            Issue.record("a literal pattern should be compiled")
            return
        }
        #expect(regex.pattern == "^[A-Z][a-z]+$")
        guard case .call(function: .matches, _) = try typed("name.matches(pattern)").kind else {
            Issue.record("a computed pattern stays a call")
            return
        }
    }

    @Test("macros bind their variable; referenced variables exclude it")
    func macros() throws {
        #expect(try typed("items.all(x, x > count)").referencedVariables == ["items", "count"])
        #expect(try typed("transactions.map(t, t.amount)").type == .list(.money))
        #expect(try typed("transactions.map(t, t.amount > 1.00 USD, t.reference)").type == .list(.text))
        #expect(try typed("items.filter(x, x > 1)").type == .list(.int))
        #expect(try typed("items.exists_one(x, x == 2)").type == .bool)
        #expect(try typed("items.all(x, items.exists(y, y == x))").type == .bool)
        // The element variable is only in scope inside the macro.
        #expect(diagnostics("items.all(x, true) && x > 0").map(\.message) == ["unknown name 'x'"])
        #expect(try typed("balance > 0 GBP && plan == Plan.plus").referencedVariables == ["balance", "plan"])
    }

    @Test("record names that are enums resolve as enums")
    func recordNamesResolve() throws {
        #expect(try typed("plan").type == .optional(.enumeration("Plan")))
        #expect(bankEnvironment.resolved(.list(.record("Plan"))) == .list(.enumeration("Plan")))
        #expect(bankEnvironment.resolved(.record("Applicant")) == .record("Applicant"))
    }

    @Test("a tree is returned only without diagnostics")
    func treeOnlyWhenClean() {
        #expect(checkExpression("balanse > 0", expected: .bool, in: bankEnvironment).0 == nil)
        #expect(checkExpression("balance > 0 GBP", expected: .bool, in: bankEnvironment).0?.type == .bool)
        #expect(checkExpression("balance >", expected: .bool, in: bankEnvironment).1.map(\.code) == ["expression-syntax"])
    }
}
