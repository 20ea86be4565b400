import FlowCodegen
import FlowExpression
import FlowIR
import FlowRuntime
import Testing

/// Every type's zero value is decided once (`App.zeroValue(of:in:)`) and rendered by each back end. The semantics
/// fixture's `zero_values_are_one_rule_on_both_back_ends` raises an event whose payload carries every kind of value
/// at its zero (bool, int, decimal, money, text, list, duration, date, timestamp, enum, record), then clears a state
/// value of each kind; the generated machine must hold what the interpreter holds after every step.
@Suite struct ZeroValueConformanceTests {
    static func scenario(of app: App) throws -> Scenario {
        try #require(app.scenarios.first { $0.name == "zero_values_are_one_rule_on_both_back_ends" })
    }

    @Test func bothBackEndsStartEveryTypeAtTheSameZero() throws {
        let app = try GeneratedSemanticConformanceTests.app()
        let (actions, difference) = GeneratedSemanticConformanceTests.replay(try Self.scenario(of: app), of: app)
        #expect(difference == nil, "\(difference ?? "")")
        #expect(actions >= 2)
    }

    /// A zero planted differently on the interpreter's side (money in another currency; an enum whose first case
    /// is another) is a difference the replay finds, at the step whose values it reads.
    @Test(arguments: ["money", "enum"])
    func aZeroThatDiffersIsFound(planted kind: String) throws {
        let app = try GeneratedSemanticConformanceTests.app()
        var planted = app
        switch kind {
        case "money":
            planted.currency = "EUR"
        default:
            let tone = try #require(planted.types.firstIndex { $0.name == "Tone" })
            planted.types[tone].kind = .enumeration(["cool", "warm"])
        }
        #expect(planted.zeroValue(of: kind == "money" ? .money : .enumeration("Tone"), in: .required)
                != app.zeroValue(of: kind == "money" ? .money : .enumeration("Tone"), in: .required))
        let difference = GeneratedSemanticConformanceTests.replay(try Self.scenario(of: planted), of: planted).difference
        let caught = try #require(difference, "a \(kind) zero planted differently went unnoticed")
        #expect(caught.contains("state"), "\(caught)")
        #expect(caught.contains(kind == "money" ? "EUR" : "cool"), "\(caught)")
    }

    /// Where a value must be present, a date and a timestamp start at 1970-01-01 (its midnight UTC); where one is
    /// stored, they start empty, like an optional or an enum with no cases. Both back ends render this one table.
    @Test func datesAreEpochWhereRequiredAndEmptyWhereStored() throws {
        let app = try GeneratedSemanticConformanceTests.app()
        #expect(app.zeroValue(of: .date, in: .required) == .epochDate)
        #expect(app.zeroValue(of: .timestamp, in: .required) == .epochTimestamp)
        #expect(app.zeroValue(of: .date, in: .stored) == ZeroValue.none)
        #expect(app.zeroValue(of: .timestamp, in: .stored) == ZeroValue.none)
        #expect(app.zeroValue(of: .optional(.int), in: .required) == ZeroValue.none)
        #expect(app.zeroValue(of: .money, in: .stored) == .money(currency: "GBP"))
        #expect(Value(app.zeroValue(of: .date, in: .required)) == .date(try #require(CalendarDate(year: 1970, month: 1, day: 1))))
        guard case .record(_, let fields) = app.zeroValue(of: .record("Probe"), in: .required) else {
            Issue.record("Probe's zero is not a record")
            return
        }
        #expect(fields.map(\.name) == ["name", "amount", "day", "tone"])
        #expect(fields.first { $0.name == "day" }?.zero == ZeroValue.none, "a record's date field is stored, so it starts empty")
    }
}
