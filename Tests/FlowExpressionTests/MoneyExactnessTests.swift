import FlowExpression
import Foundation
import Testing

/// Money never carries less than its currency's minor unit without a rounding the author chose.
@Suite("Money exact to the minor unit")
struct MoneyExactnessTests {
    @Test("money times a decimal or divided must be rounded", arguments: [
        ("10.01 GBP * 0.70", 0..<16, "times a decimal"),
        ("10.00 GBP / 3", 0..<13, "divided by a number"),
        ("balance / 2 > 1.00 GBP", 0..<11, "divided by a number"),
        ("round(balance, 2) + balance * 0.5", 20..<33, "times a decimal"),
    ])
    func unrounded(text: String, span: Range<Int>, what: String) throws {
        let problems = diagnostics(text)
        #expect(problems.map(\.code) == ["unrounded-money"], "\(problems)")
        #expect(problems.first?.span == span)
        #expect(problems.first?.message == "money \(what) can be finer than its currency's minor unit; say how to round it")
    }

    @Test("rounded, split or multiplied by a whole number: no diagnostic", arguments: [
        "round(10.01 GBP * 0.70)", "round(10.00 GBP / 3, 2, 'down')", "round_up(balance * 1.5)",
        "allocate(10.01 GBP, [70, 30])", "balance * 3", "2 * balance", "round(balance * 0.7 + balance * 0.3)",
    ])
    func rounded(text: String) throws {
        #expect(diagnostics(text).isEmpty, "\(diagnostics(text))")
    }

    @Test func roundingToTheMinorUnit() throws {
        #expect(try run("round(10.01 GBP * 0.70)") == money("7.01", "GBP"))        // 7.007
        #expect(try run("round(10.00 GBP / 3)") == money("3.33", "GBP"))
        #expect(try run("round(0.125 * 100 JPY)") == money("12", "JPY"))          // 12.5 → 12 half-even
        #expect(try run("round(1.000 BHD / 3)") == money("0.333", "BHD"))
        #expect(try run("round(4.69 GBP * 0.5, 2, 'half_up')") == money("2.35", "GBP"))   // 2.345
        #expect(try run("round(4.69 GBP * 0.5)") == money("2.34", "GBP"))
    }

    @Test func convertRoundsToTheTargetCurrency() throws {
        #expect(try run("convert(9261.50 USD, 'GBP', 0.79)") == money("7316.58", "GBP"))   // 7316.585, half-even
        #expect(try run("convert(100.00 GBP, 'JPY', 187.456)") == money("18746", "JPY"))
    }

    @Test func roundingMoneyFinerThanItsCurrencyIsAnError() throws {
        #expect(try runError("round(balance, 3)").message == "cannot round GBP to 3 places: GBP has 2")
        #expect(try runError("money(1.005, 'GBP')").message == "1.005 has more decimal places than GBP allows (2); round the amount first")
    }

    @Test func moneyLiteralsFinerThanTheirCurrencyAreRejected() throws {
        let problems = diagnostics("10.005 GBP + balance")
        #expect(problems.map(\.code) == ["invalid-literal"])
        #expect(problems.first?.message == "10.005 GBP is finer than GBP allows: GBP has 2 decimal places")
        #expect(diagnostics("1000 JPY + 0.5 JPY").map(\.message) == ["0.5 JPY is finer than JPY allows: JPY has 0 decimal places"])
        #expect(diagnostics("10.000 GBP").isEmpty, "trailing zeros are not finer")
    }

    @Test("allocate splits exactly, largest remainder, ties to the earlier part", arguments: [
        ("allocate(10.01 GBP, [70, 30])", ["7.01", "3.00"]),
        ("allocate(0.05 GBP, [70, 30])", ["0.04", "0.01"]),
        ("allocate(10.00 GBP, [1, 1, 1])", ["3.34", "3.33", "3.33"]),
        ("allocate(0.01 GBP, [1, 1])", ["0.01", "0.00"]),
        ("allocate(-10.01 GBP, [70, 30])", ["-7.01", "-3.00"]),
        ("allocate(100.00 GBP, [0.7, 0.3])", ["70.00", "30.00"]),
        ("allocate(1.00 GBP, [0, 1])", ["0.00", "1.00"]),
    ])
    func allocation(text: String, parts: [String]) throws {
        let value = try run(text)
        #expect(value == .list(parts.map { money($0, "GBP") }))
        guard case .list(let items) = value else { return }
        let total = items.reduce(Decimal(0)) { sum, item in
            if case .money(let m) = item { return sum + m.amount }
            return sum
        }
        let amount = text.split(separator: "(")[1].split(separator: " ")[0]
        #expect(total == dec(String(amount)), "the parts add up to the amount")
    }

    @Test func allocateRefusesRatiosThatCannotSplit() throws {
        #expect(try runError("allocate(1.00 GBP, [0, 0])").message == "the ratios of allocate must add up to more than 0")
        #expect(try runError("allocate(1.00 GBP, [-1, 2])").message == "the ratios of allocate must not be negative")
        #expect(try runError("allocate(1.00 GBP, [])").message == "allocate needs at least one ratio")
    }
}
