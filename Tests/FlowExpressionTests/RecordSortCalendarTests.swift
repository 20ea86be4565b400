import FlowExpression
import Foundation
import Testing

/// Record literals, sorting, calendar months and years, grouped numbers and truncation (the language
/// extensions Regent needed), each with the mistakes they must refuse.
@Suite("Records, sorting, calendar")
struct RecordSortCalendarTests {
    // MARK: Record literals

    @Test func recordLiteralParsesLikeCELMessages() throws {
        let (syntax, problems) = parseExpression("Applicant{given_name: 'Ada', surname: 'Lovelace',}")
        #expect(problems.isEmpty)
        #expect(sexpr(try #require(syntax)) == "(Applicant{given_name: \"Ada\", surname: \"Lovelace\"})")
    }

    @Test func recordLiteralFillsEmptyFields() throws {
        #expect(try run("Applicant{given_name: 'Ada', surname: 'Lovelace'}")
            == .record(["given_name": .text("Ada"), "surname": .text("Lovelace"), "dob": .null, "purposes": .list([])]))
        #expect(try run("Applicant{surname: name}") == .record(["given_name": .text(""), "surname": .text("Ada"), "dob": .null, "purposes": .list([])]))
        #expect(try run("[Transaction{amount: 4.30 GBP, reference: 'coffee'}][0].amount") == money("4.30", "GBP"))
        #expect(try run("Applicant{given_name: 'Ada'} == Applicant{given_name: 'Ada', dob: null}") == .bool(true))
    }

    @Test("record literal mistakes", arguments: [
        ("Aplicant{given_name: 'Ada'}", "unknown record type 'Aplicant'"),
        ("Applicant{given: 'Ada'}", "record 'Applicant' has no field 'given'"),
        ("Applicant{given_name: 'Ada', given_name: 'Bo'}", "field 'given_name' is written twice in this 'Applicant'"),
        ("Applicant{given_name: 3}", "field 'given_name' of 'Applicant' must be 'text', found 'int'"),
        ("Transaction{reference: 'x'}", "this 'Transaction' leaves out 'amount', which has no empty value"),
        ("Applicant{given_name 'Ada'}", "expected a field name and ':' in the record, found 'given_name'"),
    ])
    func recordMistakes(text: String, message: String) {
        #expect(diagnostics(text).map(\.message).contains(message), "\(diagnostics(text))")
    }

    @Test func aNullForANonOptionalFieldIsRefused() {
        #expect(diagnostics("Applicant{given_name: applicant.dob == null ? null : 'x'}").map(\.code) == ["optional-to-required"])
        #expect(diagnostics("Applicant{given_name: null}").map(\.code) == ["type-mismatch"])
    }

    // MARK: Sorting

    @Test func sortByIsStableInBothDirections() throws {
        #expect(try run("[3, 1, 2].sort_by(x, x)") == .list([.int(1), .int(2), .int(3)]))
        #expect(try run("[3, 1, 2].sort_by_desc(x, x)") == .list([.int(3), .int(2), .int(1)]))
        #expect(try run("['bb', 'a', 'cc', 'd'].sort_by(s, size(s))") == .list([.text("a"), .text("d"), .text("bb"), .text("cc")]))
        #expect(try run("['bb', 'a', 'cc', 'd'].sort_by_desc(s, size(s))") == .list([.text("bb"), .text("cc"), .text("a"), .text("d")]))
        #expect(try run("prices.sort_by_desc(p, p)") == .list([money("4.30", "GBP"), money("2.20", "GBP")]))
        #expect(try run("[date('2026-02-01'), date('2025-12-31')].sort_by(d, d)") == .list([date(2025, 12, 31), date(2026, 2, 1)]))
        #expect(try run("items.filter(x, x > 5).sort_by(x, x)") == .list([]))
    }

    @Test func sortingMoneyInTwoCurrenciesFails() throws {
        let error = try runError("[1.00 GBP, 2.00 USD].sort_by(m, m)")
        #expect(error.message == "cannot compare 2.00 USD and 1.00 GBP: the currencies differ")
    }

    @Test func sortKeyMustBeOrdered() {
        #expect(diagnostics("items.sort_by(x, x > 1)").map(\.message)
            == ["the key of 'sort_by' must be a number, money, text, date, timestamp or duration, found 'bool'"])
        #expect(diagnostics("applicant.purposes.sort_by(p, maybe_count)").map(\.message)
            == ["the key of 'sort_by' must be a number, money, text, date, timestamp or duration, found 'int?'"])
    }

    // MARK: Calendar months and years

    @Test("add_months and add_years", arguments: [
        ("add_months(date('2026-01-31'), 1)", "2026-02-28"),
        ("add_months(date('2024-01-31'), 1)", "2024-02-29"),
        ("add_months(date('2026-03-31'), -1)", "2026-02-28"),
        ("add_months(date('2026-01-15'), -1)", "2025-12-15"),
        ("add_months(date('2026-11-30'), 3)", "2027-02-28"),
        ("add_years(date('2024-02-29'), 1)", "2025-02-28"),
        ("add_years(date('2026-01-12'), 1)", "2027-01-12"),
        ("date('2026-01-05').add_months(24)", "2028-01-05"),
    ])
    func calendar(text: String, expected: String) throws {
        #expect(try run(text) == .date(try #require(CalendarDate(parsing: expected))))
    }

    @Test func addMonthsKeepsTheTimeOfDay() throws {
        #expect(try run("add_months(timestamp('2026-01-31T09:30:00Z'), 1) == timestamp('2026-02-28T09:30:00Z')") == .bool(true))
        #expect(try run("add_years(now(), -1) == timestamp('2025-01-05T09:00:00Z')") == .bool(true))
    }

    @Test func calendarOutOfRangeFails() throws {
        #expect(try runError("add_years(date('9999-06-01'), 1)").message == "date out of range (years 1 to 9999)")
        #expect(try runError("add_months(date('0001-01-01'), -1)").message == "date out of range (years 1 to 9999)")
        #expect(try runError("add_years(date('2026-01-01'), 9223372036854775807)").message == "date out of range (years 1 to 9999)")
        #expect(diagnostics("add_months(dob, 1.5)").map(\.code) == ["type-mismatch"])
        #expect(diagnostics("add_months(timeout, 1)").map(\.code) == ["type-mismatch"])
    }

    // MARK: Numbers and text

    @Test("format_number", arguments: [
        ("format_number(127456, 0)", "127,456"),
        ("format_number(127456.50 GBP, 0)", "127,456"),
        ("format_number(127457.50 GBP, 0)", "127,458"),
        ("format_number(8456.315, 2)", "8,456.32"),
        ("format_number(999.995, 2)", "1,000.00"),
        ("format_number(-500, 0)", "-500"),
        ("format_number(-1234567.8, 1)", "-1,234,567.8"),
        ("format_number(0.004, 2)", "0.00"),
        ("format_number(12, 2)", "12.00"),
    ])
    func formatNumber(text: String, expected: String) throws {
        #expect(try run(text) == .text(expected))
    }

    @Test func formatNumberRefusesSillyPlaces() throws {
        #expect(try runError("format_number(1, 11)").message == "format_number shows 0 to 10 decimal places, not 11")
        #expect(try runError("format_number(1, count - 4)").message == "format_number shows 0 to 10 decimal places, not -1")
        #expect(diagnostics("format_number('1', 0)").map(\.code) == ["type-mismatch"])
    }

    @Test func truncateKeepsTheFirstCharacters() throws {
        #expect(try run("truncate('Emergency Fund', 9)") == .text("Emergency"))
        #expect(try run("truncate('ISA', 50)") == .text("ISA"))
        #expect(try run("truncate('👩‍💻ab', 2)") == .text("👩‍💻a"))
        #expect(try runError("truncate(name, -1)").message == "truncate needs a length of 0 or more, not -1")
    }
}
