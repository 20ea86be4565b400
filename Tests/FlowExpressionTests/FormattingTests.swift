import FlowEvaluation
import FlowExpression
import FlowTestSupport
import Foundation
import Testing

/// Texts for people in each locale flowc knows, as exact strings: the conventions are pinned data in FlowMachine,
/// so these hold on Linux and on iOS alike. Every case runs through both evaluators (`run`).
@Suite("Formatting")
struct FormattingTests {
    @Test("format_money keeps the currency's minor units and puts the sign where the locale does", arguments: [
        ("format_money(12.5 GBP, 'en-GB')", "£12.50"),
        ("format_money(12.50 GBP, 'en-GB')", "£12.50"),
        ("format_money(1234567.5 USD, 'en-US')", "$1,234,567.50"),
        ("format_money(-42.10 GBP, 'en-GB')", "-£42.10"),
        ("format_money(1234.5 EUR, 'fr-FR')", "1\u{202F}234,50\u{00A0}€"),
        ("format_money(120 USD, 'fr-FR')", "120,00\u{00A0}$US"),
        ("format_money(1234.5 EUR, 'de-DE')", "1.234,50\u{00A0}€"),
        ("format_money(1200 JPY, 'en-GB')", "¥1,200"),
        ("format_money(1.234 BHD, 'en-GB')", "BHD\u{00A0}1.234"),
        ("format_money(1500 KES, 'en-US')", "KSh\u{00A0}1,500.00"),
        ("format_money(balance * 3, 'en-GB')", "£37.50"),
    ])
    func money(expression: String, expected: String) throws {
        #expect(try run(expression) == .text(expected))
    }

    @Test("format_date in each style and locale", arguments: [
        ("format_date(date('2026-01-05'), 'full', 'en-GB')", "Monday, 5 January 2026"),
        ("format_date(date('2026-01-05'), 'long', 'en-GB')", "5 January 2026"),
        ("format_date(date('2026-09-05'), 'medium', 'en-GB')", "5 Sept 2026"),
        ("format_date(date('2026-01-05'), 'short', 'en-GB')", "05/01/2026"),
        ("format_date(date('2026-01-05'), 'full', 'en-US')", "Monday, January 5, 2026"),
        ("format_date(date('2026-01-05'), 'medium', 'en-US')", "Jan 5, 2026"),
        ("format_date(date('2026-01-05'), 'short', 'en-US')", "1/5/2026"),
        ("format_date(date('2026-01-05'), 'full', 'fr-FR')", "lundi 5 janvier 2026"),
        ("format_date(date('2026-02-01'), 'medium', 'fr-FR')", "1 févr. 2026"),
        ("format_date(date('2026-03-01'), 'long', 'de-DE')", "1. März 2026"),
        ("format_date(date('2024-02-29'), 'full', 'en-GB')", "Thursday, 29 February 2024"),
        ("format_date(date('1970-01-01'), 'full', 'en-GB')", "Thursday, 1 January 1970"),
        ("format_date(timestamp('2026-01-05T23:59:00Z'), 'long', 'en-GB')", "5 January 2026"),
        ("format_date(date('2026-01-05'))", "Jan 5, 2026"),
    ])
    func dates(expression: String, expected: String) throws {
        #expect(try run(expression) == .text(expected))
    }

    @Test("format_time, format_datetime, format_relative and format_duration on the virtual clock (2026-01-05T09:00:00Z)", arguments: [
        ("format_time(timestamp('2026-01-05T09:05:00Z'), 'en-US')", "9:05\u{00A0}AM"),
        ("format_time(timestamp('2026-01-05T00:30:00Z'), 'en-US')", "12:30\u{00A0}AM"),
        ("format_time(timestamp('2026-01-05T21:05:00Z'), 'en-GB')", "21:05"),
        ("format_time(timestamp('2026-01-05T09:05:00Z'), 'fr-FR')", "09:05"),
        ("format_datetime(timestamp('2026-01-05T09:05:00Z'), 'en-GB')", "5 Jan 2026, 09:05"),
        ("format_datetime(timestamp('2026-01-05T09:05:00Z'), 'fr-FR')", "5 janv. 2026 à 09:05"),
        ("format_relative(now() - 30s, now(), 'en-GB')", "just now"),
        ("format_relative(now() - 1m, now(), 'en-GB')", "1 minute ago"),
        ("format_relative(now() - 5m, now(), 'en-GB')", "5 minutes ago"),
        ("format_relative(now() + 3h, now(), 'en-GB')", "in 3 hours"),
        ("format_relative(now() - 2d, now(), 'fr-FR')", "il y a 2 jours"),
        ("format_relative(now() + 1d, now(), 'fr-FR')", "dans 1 jour"),
        ("format_relative(now() - 90d)", "90 days ago"),
        ("format_duration(5m, 'en-GB')", "5 minutes"),
        ("format_duration(1m, 'en-US')", "1 minute"),
        ("format_duration(45s, 'en-GB')", "45 seconds"),
        ("format_duration(90m, 'en-GB')", "1 hour and 30 minutes"),
        ("format_duration(1d + 2h + 1s, 'en-US')", "1 day, 2 hours, and 1 second"),
        ("format_duration(1h + 1s, 'fr-FR')", "1 heure et 1 seconde"),
        ("format_duration(3d, 'de-DE')", "3 Tage"),
        ("format_duration(999ms, 'en-GB')", "0 seconds"),
        ("format_duration(0s - 5m, 'en-GB')", "-5 minutes"),
        ("format_duration(30s)", "30 seconds"),
    ])
    func times(expression: String, expected: String) throws {
        #expect(try run(expression) == .text(expected))
    }

    @Test("numbers, percentages and lists", arguments: [
        ("format_number(1234567.891, 2, 'en-GB')", "1,234,567.89"),
        ("format_number(1234567.891, 2, 'fr-FR')", "1\u{202F}234\u{202F}567,89"),
        ("format_number(1234567.891, 0, 'de-DE')", "1.234.568"),
        ("format_number(1234.5, 1)", "1,234.5"),
        ("format_percent(42.5, 1, 'en-GB')", "42.5%"),
        ("format_percent(42.5, 1, 'fr-FR')", "42,5\u{202F}%"),
        ("format_percent(70, 0, 'de-DE')", "70\u{00A0}%"),
        ("join(['a'], 'en-GB')", "a"),
        ("join(['a', 'b'], 'en-GB')", "a and b"),
        ("join(['a', 'b', 'c'], 'en-GB')", "a, b and c"),
        ("join(['a', 'b', 'c'], 'en-US')", "a, b, and c"),
        ("join(['a', 'b', 'c'], 'fr-FR')", "a, b et c"),
        ("join([], 'en-GB')", ""),
        ("join(['Current', 'Savings'], 'de-DE')", "Current und Savings"),
    ])
    func numbersAndLists(expression: String, expected: String) throws {
        #expect(try run(expression) == .text(expected))
    }

    @Test("a locale given as a variable picks its conventions at run time")
    func localeAtRunTime() throws {
        #expect(try run("format_money(balance, name)", extra: ["name": .text("fr-FR")]) == .text("12,50\u{00A0}£"))
        #expect(try run("format_money(balance, name)", extra: ["name": .text("fr")]) == .text("12,50\u{00A0}£"))
        #expect(throws: EvaluationError.self) { try run("format_money(balance, name)", extra: ["name": .text("xx-YY")]) }
        #expect(throws: EvaluationError.self) { try run("format_date(dob, name, 'en-GB')", extra: ["name": .text("huge")]) }
    }

    @Test("mistakes the checker sees before any run", arguments: [
        ("format_date(dob, 'longest')", "unknown date style 'longest'"),
        ("format_money(balance, 'xx-YY')", "flowc has no text conventions for locale 'xx-YY'"),
        ("join(items)", "argument 'values' of 'join(values: list<text>[, locale: text]) -> text' must be 'list<text>', found 'list<int>'"),
        ("format_money(count)", "argument 'amount' of 'format_money(amount: money[, locale: text]) -> text' must be 'money', found 'int'"),
        ("format_duration(count)", "argument 'value' of 'format_duration(value: duration[, locale: text]) -> text' must be 'duration', found 'int'"),
        ("label(name)", "argument 'value' of 'label(value: enum) -> text' must be 'an enum value', found 'text'"),
    ])
    func checked(expression: String, message: String) {
        let (tree, problems) = checkExpression(expression, expected: nil, in: bankEnvironment)
        #expect(tree == nil)
        #expect(problems.first?.message == message)
    }
}
