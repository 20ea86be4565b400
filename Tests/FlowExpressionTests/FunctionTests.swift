import FlowExpression
import Foundation
import Testing

/// The fintech function library, evaluated on real valid and invalid inputs.
@Suite("Functions")
struct FunctionTests {
    @Test("is_iban: country length and mod-97", arguments: [
        ("GB82WEST12345698765432", true),
        ("GB82 WEST 1234 5698 7654 32", true),
        ("gb82west12345698765432", true),
        ("DE89370400440532013000", true),
        ("NO9386011117947", true),
        ("FR1420041010050500013M02606", true),
        ("GB82WEST12345698765433", false),  // one digit changed
        ("GB28WEST12345698765432", false),  // check digits changed
        ("GB82WEST1234569876543", false),   // one character short for GB
        ("XX82WEST12345698765432", false),  // no such country
        ("GB82-WEST-1234-5698-7654-32", false),
        ("", false),
    ])
    func iban(text: String, valid: Bool) throws {
        #expect(try run("is_iban(\"\(text)\")") == .bool(valid))
    }

    @Test("is_bic", arguments: [
        ("NWBKGB2L", true), ("DEUTDEFF", true), ("DEUTDEFF500", true), ("nwbkgb2lxxx", true),
        ("DEUTDEF", false), ("DEUT1EFF", false), ("DEUTZZFF", false), ("DEUTDEFF50", false),
    ])
    func bic(text: String, valid: Bool) throws {
        #expect(try run("is_bic('\(text)')") == .bool(valid))
    }

    @Test("is_phone by default country", arguments: [
        ("+44 7700 900123", "GB", true),
        ("07700 900123", "GB", true),
        ("+44 (0)20 7946 0958", "GB", true),
        ("0044 20 7946 0958", "GB", true),
        ("+44 7700 90012", "GB", false),     // a UK mobile has 10 digits
        ("07700 900123 4", "GB", false),
        ("+44 7700 900123x", "GB", false),
        ("+47 412 34 567", "NO", true),
        ("41234567", "NO", true),
        ("4123456", "NO", false),
        ("412345678", "NO", false),
        ("(415) 555-2671", "US", true),
        ("+1 415 555 2671", "CA", true),
        ("(115) 555-2671", "US", false),     // area codes start with 2-9
        ("0712 345678", "KE", true),
        ("0712 34567", "KE", false),
        ("98765 43210", "IN", true),
        ("06 1234 5678", "IT", true),        // Italian numbers keep their 0
        ("06 12 34 56 78", "FR", true),
        ("0788 123 456", "RW", true),
        ("+81 3-1234-5678", "GB", true),     // international form: read by its own calling code (generic E.164)
        ("+1234567890123456", "GB", false),  // 16 digits: longer than E.164 allows
        ("", "GB", false),
    ])
    func phone(number: String, country: String, valid: Bool) throws {
        #expect(try run("is_phone('\(number)', '\(country)')") == .bool(valid))
    }

    @Test("e164 and dial_code")
    func e164() throws {
        #expect(try run("e164('07700 900123', 'GB')") == .text("+447700900123"))
        #expect(try run("e164('+47 412 34 567', 'NO')") == .text("+4741234567"))
        #expect(try run("e164('06 1234 5678', 'IT')") == .text("+390612345678"))
        #expect(try run("e164('0803 123 4567', 'NG')") == .text("+2348031234567"))
        #expect(try run("e164(' 071 234 5678 ', 'ZA')") == .text("+27712345678"))
        #expect(try run("dial_code('GB')") == .text("+44"))
        #expect(try run("dial_code('KE')") == .text("+254"))
        #expect(try run("dial_code(country)", extra: ["country": .text("ae")]) == .text("+971"))
        let invalid = try runError("e164('123', country)")
        #expect(invalid.message == "'123' is not a valid phone number for 'GB'")
        #expect(invalid.span == 0..<20)
        #expect(try runError("dial_code(country)", extra: ["country": .text("XX")]).message == "unknown country code 'XX'")
    }

    @Test("UK bank details and digits", arguments: [
        ("is_sort_code('12-34-56')", true), ("is_sort_code('123456')", true), ("is_sort_code('12-3456')", false),
        ("is_sort_code('12 34 56')", false), ("is_sort_code('1234567')", false),
        ("is_uk_account_number('12345678')", true), ("is_uk_account_number('1234567')", false),
        ("is_uk_account_number('1234567a')", false),
        ("is_digits('123456', 6)", true), ("is_digits('12345', 6)", false), ("is_digits('12345a', 6)", false),
        ("is_digits('١٢٣٤', 4)", false),
    ])
    func bankDetails(text: String, expected: Bool) throws {
        #expect(try run(text) == .bool(expected))
    }

    @Test("is_sequence: repeated digits or runs up or down by one", arguments: [
        ("1234", true), ("4321", true), ("0000", true), ("123456", true), ("9876", true), ("55", true),
        ("1243", false), ("1212", false), ("7890", false), ("1357", false), ("5", false), ("12a4", false), ("", false),
    ])
    func sequence(text: String, expected: Bool) throws {
        #expect(try run("is_sequence('\(text)')") == .bool(expected))
    }

    @Test("is_email", arguments: [
        ("ada@example.com", true), ("ada.lovelace+fx@bank.co.uk", true), ("o'brien@example.ie", true),
        ("ada@example", false), ("ada@@example.com", false), (".ada@example.com", false), ("ada.@example.com", false),
        ("a..b@example.com", false), ("ada@-example.com", false), ("a b@example.com", false), ("ada@example.c0m", false),
        ("@example.com", false),
    ])
    func email(text: String, expected: Bool) throws {
        #expect(try run("is_email(\"\(text)\")") == .bool(expected))
    }

    @Test("age in whole years, by the virtual clock or an explicit day")
    func age() throws {
        #expect(try run("age(date('2008-01-06'), date('2026-01-05'))") == .int(17))  // the day before the 18th birthday
        #expect(try run("age(date('2008-01-05'), date('2026-01-05'))") == .int(18))  // the 18th birthday
        #expect(try run("age(dob)") == .int(18))                                     // today() is 2026-01-05
        #expect(try run("age(dob)", now: Timestamp(millisecondsSince1970: clock.millisecondsSince1970 - 86_400_000)) == .int(17))
        #expect(try run("age(date('2008-02-29'), date('2026-02-28'))") == .int(17))
        #expect(try run("age(date('2008-02-29'), date('2026-03-01'))") == .int(18))
        #expect(try runError("age(applicant.dob) >= 18", nonNull: ["applicant.dob"]).message == "'applicant.dob' is null")
    }

    @Test("add_working_days skips weekends and England and Wales bank holidays; outside the known years is an error")
    func workingDays() throws {
        #expect(try run("add_working_days(date('2026-03-02'), 7)") == date(2026, 3, 11))   // Monday: one weekend
        #expect(try run("add_working_days(date('2026-01-01'), 7)") == date(2026, 1, 12))   // New Year's Day is not counted
        #expect(try run("add_working_days(date('2026-04-01'), 7)") == date(2026, 4, 14))   // Good Friday and Easter Monday
        #expect(try run("add_working_days(date('2026-12-24'), 2)") == date(2026, 12, 30))  // Christmas; Boxing Day's substitute 28 December
        #expect(try run("add_working_days(date('2026-01-03'), 0)") == date(2026, 1, 3))    // zero days: the day itself, even a Saturday
        #expect(try run("add_working_days(date('2028-12-22'), 1)") == date(2028, 12, 27))
        #expect(try run("today().add_working_days(1)") == date(2026, 1, 6))                // Monday 5 January → Tuesday
        #expect(try runError("add_working_days(date('2028-12-29'), 2)").message
            == "no bank holiday data for 2029 (known: 2025–2028); add the year's England and Wales bank holidays to the function library")
        #expect(try runError("add_working_days(date('2026-01-05'), -1)").message == "add_working_days counts forward; -1 is negative")
        #expect(diagnostics("add_working_days(date('2026-01-05'), 1.5)").map(\.code) == ["type-mismatch"])
    }

    @Test("round: half_even by default, half_up, up and down, on Decimal")
    func rounding() throws {
        #expect(try run("round(2.345, 2)") == .decimal(dec("2.34")))
        #expect(try run("round(2.345, 2, 'half_even')") == .decimal(dec("2.34")))
        #expect(try run("round(2.355, 2)") == .decimal(dec("2.36")))
        #expect(try run("round(2.345, 2, 'half_up')") == .decimal(dec("2.35")))
        #expect(try run("round(-2.345, 2, 'half_up')") == .decimal(dec("-2.35")))
        #expect(try run("round(2.341, 2, 'up')") == .decimal(dec("2.35")))
        #expect(try run("round(-2.341, 2, 'up')") == .decimal(dec("-2.35")))
        #expect(try run("round(2.349, 2, 'down')") == .decimal(dec("2.34")))
        #expect(try run("round(1234.5, -2)") == .decimal(dec("1200")))
        #expect(try run("round(9.99 GBP * 0.5, 2)") == money("5.00", "GBP"))   // 4.995
        #expect(try run("round(count, 0)") == .decimal(3))
        let mode = try runError("round(rate, 1, name)")
        #expect(mode.message == "unknown rounding mode 'Ada'")
        #expect(mode.span == 15..<19)
    }

    @Test("round_up to the next multiple of a unit (Rail's round-up savings)")
    func roundUp() throws {
        #expect(try run("round_up(4.30 USD)") == money("5.00", "USD"))
        #expect(try run("round_up(4.30 USD) - 4.30 USD") == money("0.70", "USD"))
        #expect(try run("round_up(5.00 USD)") == money("5.00", "USD"))
        #expect(try run("round_up(4.30 USD, 0.50)") == money("4.50", "USD"))
        #expect(try run("round_up(4.30 USD, 2.00 USD)") == money("6.00", "USD"))
        #expect(try run("round_up(12.01, 5)") == .decimal(15))
        #expect(try run("round_up(-4.30)") == .decimal(-4))
        #expect(try run("transactions.map(t, round_up(t.amount) - t.amount)") == .list([money("0.70", "USD")]))
        #expect(try runError("round_up(4.30 USD, 0)").message == "the unit of round_up must be more than 0")
        #expect(try runError("round_up(4.30 USD, 1.00 GBP)").message
            == "cannot round 4.30 USD up to a multiple of 1.00 GBP: the currencies differ")
    }

    @Test("take and drop: pages of a list (Rail's infinite scroll)")
    func pages() throws {
        #expect(try run("take(items, 2)") == .list([.int(1), .int(2)]))
        #expect(try run("items.take(0)") == .list([]))
        #expect(try run("take(items, 99)") == .list([.int(1), .int(2), .int(3)]))
        #expect(try run("drop(items, 2)") == .list([.int(3)]))
        #expect(try run("items.drop(3)") == .list([]))
        #expect(try run("take(drop(items, 1), 1)") == .list([.int(2)]))
        #expect(try run("size(take(transactions.filter(t, t.amount > 0.00 USD), 20))") == .int(1))
        #expect(try runError("take(items, -1)").message == "take needs a count of 0 or more, found -1")
        #expect(try runError("drop(items, count - 4)").message == "drop needs a count of 0 or more, found -1")
        #expect(try typed("take(plans, 1)").type == .list(.enumeration("Plan")))
        let problems = diagnostics("take(name, 2)")
        #expect(problems.map(\.message) == ["argument 'list' of 'take(list: list<T>, count: int) -> list<T>' must be 'list', found 'text'"])
        #expect(diagnostics("drop(items, '2')").map(\.message) == ["argument 'count' of 'drop(list: list<T>, count: int) -> list<T>' must be 'int', found 'text'"])
    }

    @Test("same_month and start_of_month: calendar months of dates and timestamps (UTC)")
    func calendarMonths() throws {
        #expect(try run("same_month(date('2026-01-01'), date('2026-01-31'))") == .bool(true))
        #expect(try run("same_month(date('2026-01-31'), date('2026-02-01'))") == .bool(false))
        #expect(try run("same_month(date('2025-01-05'), date('2026-01-05'))") == .bool(false))
        #expect(try run("same_month(now(), date('2026-01-31'))") == .bool(true))
        #expect(try run("same_month(started, now())", extra: ["started": .timestamp(Timestamp(millisecondsSince1970: 1_767_225_599_999))]) == .bool(false))
        #expect(try run("same_month(started, now())", extra: ["started": .timestamp(Timestamp(millisecondsSince1970: 1_767_225_600_000))]) == .bool(true))
        #expect(try run("start_of_month(date('2024-02-29'))") == date(2024, 2, 1))
        #expect(try run("start_of_month(now())") == date(2026, 1, 1))
        #expect(try run("dob.start_of_month() <= dob") == .bool(true))
        #expect(diagnostics("same_month(name, now())").map(\.message) == ["argument 'a' of 'same_month(a: date|timestamp, b: date|timestamp) -> bool' must be 'date' or 'timestamp', found 'text'"])
    }

    @Test("money functions")
    func moneyFunctions() throws {
        #expect(try run("convert(10.00 GBP, 'EUR', 1.17)") == money("11.70", "EUR"))
        #expect(try run("money(5, 'GBP')") == money("5", "GBP"))
        #expect(try run("money(rate, 'BHD')") == money("1.5", "BHD"))
        #expect(try run("amount(balance)") == .decimal(dec("12.5")))
        #expect(try run("currency(balance)") == .text("GBP"))
        #expect(try run("decimal_places(4.50)") == .int(1))
        #expect(try run("decimal_places(1.125 BHD)") == .int(3))
        #expect(try run("decimal_places(5)") == .int(0))
        #expect(try runError("convert(balance, 'EUR', 0)").message == "the rate of convert must be more than 0")
        #expect(try runError("money(1, name)").message == "unknown currency code 'Ada'")
        #expect(try run("string(money(1200, 'JPY'))") == .text("1200 JPY"))
        #expect(try run("string(round_up(4.30 USD))") == .text("5.00 USD"))
    }

    @Test("clock functions read the evaluation context, never the wall clock")
    func clockFunctions() throws {
        #expect(try run("now()") == .timestamp(clock))
        #expect(try run("today()") == date(2026, 1, 5))
        let later = Timestamp(millisecondsSince1970: clock.millisecondsSince1970 + 15 * 3_600_000)
        #expect(try run("today()", now: later) == date(2026, 1, 6))
        #expect(try run("now() - started") == .duration(3_600_000))
        #expect(try run("year(now()) * 10000 + month(today()) * 100 + day(dob)") == .int(20_260_105))
        #expect(try run("date(now())") == date(2026, 1, 5))
        #expect(try run("timestamp('2026-01-05T09:00:00.250Z') - now()") == .duration(250))
        #expect(try run("date(name)", extra: ["name": .text("2024-02-29")]) == date(2024, 2, 29))
        #expect(try runError("date(name)").message == "invalid date 'Ada', expected 'YYYY-MM-DD'")
        #expect(try runError("timestamp(name)").message
            == "invalid timestamp 'Ada', expected ISO 8601 such as '2026-01-05T09:00:00Z'")
    }

    @Test("text functions; matches searches (CEL semantics)")
    func textFunctions() throws {
        #expect(try run("size('héllo')") == .int(5))
        #expect(try run("size('e\\u0301')") == .int(1))  // one character (grapheme), two scalars
        #expect(try run("size(items)") == .int(3))
        #expect(try run("name.contains('da')") == .bool(true))
        #expect(try run("items.contains(2)") == .bool(true))
        #expect(try run("plans.contains(Plan.premium)") == .bool(false))
        #expect(try run("name.startsWith('A') && name.endsWith('a')") == .bool(true))
        #expect(try run("lower(name) + upper(name)") == .text("adaADA"))
        #expect(try run("trim('  Ada \\n')") == .text("Ada"))
        #expect(try run("'abc123'.matches('[0-9]+')") == .bool(true))
        #expect(try run("'abc123'.matches('^[0-9]+$')") == .bool(false))
        #expect(try run("matches(name, pattern)") == .bool(true))
        #expect(try run("matches(name, pattern)", extra: ["pattern": .text("^[a-z]")]) == .bool(false))
        let invalid = try runError("matches(name, pattern)", extra: ["pattern": .text("(")])
        #expect(invalid.message == "invalid regular expression '('")
        #expect(invalid.span == 14..<21)
    }

    @Test("aggregates and conversions")
    func aggregates() throws {
        #expect(try run("sum(items)") == .int(6))
        #expect(try run("sum(prices)") == money("6.50", "GBP"))
        #expect(try run("sum([1.5, 2])") == .decimal(dec("3.5")))
        #expect(try run("sum([1h, 30m])") == .duration(5_400_000))
        #expect(try run("min(items) + max(items)") == .int(4))
        #expect(try run("max(1, 2.5, 2)") == .decimal(dec("2.5")))
        #expect(try run("min(prices)") == money("2.20", "GBP"))
        #expect(try run("abs(-4.30 GBP)") == money("4.30", "GBP"))
        #expect(try run("abs(-3)") == .int(3))
        #expect(try run("string(1h30m) + ' ' + string(2.50) + ' ' + string(Plan.plus) + ' ' + string(dob)")
            == .text("1h30m 2.5 plus 2008-01-05"))
        #expect(try run("string(items)") == .text("[1, 2, 3]"))
        #expect(try run("int('42') + int(4.99) + int(-4.99)") == .int(42))
        #expect(try run("decimal('4.50') + decimal(1)") == .decimal(dec("5.5")))
        #expect(try run("string(maybe_count)") == .null)
        #expect(try runError("int('4x')").message == "'4x' is not an int")
        #expect(try runError("decimal('1e3')").message == "'1e3' is not a decimal number")
        #expect(try runError("min(items.filter(x, x > 5))").message == "min of an empty list")
    }
}
