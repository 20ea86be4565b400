import FlowCompiler
import FlowIR
@_spi(Generated) import FlowMachine
import FlowTestSupport
import Foundation
import TempoFlow
import Testing

/// Generated enums of names (screens, fields, variants, operations, domain enums) are plain cases with their raw
/// values in one table (`FlowNameCases`). What an iOS engineer relies on must be what a `String` raw type gave:
/// `rawValue` is the flows' name, `init?(rawValue:)` refuses others, `allCases` keeps the flows' order, JSON is the
/// name as a string and an unknown name is refused, `==` and `hash` tell every case apart.
@Suite struct FlowNameCasesTests {
    /// Everything wrong with `Name` against `expected`, the flows' names in the flows' order (empty when nothing is).
    static func mistakes<Name: FlowNameCases>(_: Name.Type, expected: [String]) -> [String] {
        var found: [String] = []
        let cases = Name.allCases
        let names = cases.map(\.rawValue)
        if names != expected { found.append("\(Name.self) raw values \(names), the flows' are \(expected)") }
        if Set(cases).count != cases.count { found.append("\(Name.self): == or hash takes two cases for one") }
        for (number, value) in cases.enumerated() {
            if value.caseNumber != number { found.append("\(Name.self).\(value) has case number \(value.caseNumber), position \(number)") }
            if Name(rawValue: value.rawValue) != value { found.append("\(Name.self)(rawValue: \(value.rawValue)) is another case") }
            let json = (try? JSONEncoder().encode([value])).map { String(decoding: $0, as: UTF8.self) }
            if json != "[\(quoted(value.rawValue))]" { found.append("\(Name.self).\(value) encodes as \(json ?? "an error")") }
            if (try? JSONDecoder().decode([Name].self, from: Data("[\(quoted(value.rawValue))]".utf8))) != [value] {
                found.append("\(Name.self) does not decode \(value.rawValue)")
            }
        }
        for unknown in ["", "not-a-flow-name", expected.first.map { $0.uppercased() + "x" } ?? "x"] where Name(rawValue: unknown) != nil {
            found.append("\(Name.self)(rawValue: \(unknown)) is a case")
        }
        return found
    }

    private static func quoted(_ text: String) -> String {
        String(decoding: (try? JSONEncoder().encode(text)) ?? Data(), as: UTF8.self)
    }

    static let tempo: App? = compileCleanly(CompilerConfig(inputs: [packageRoot().appendingPathComponent("flows/tempo").path])).program.apps.first

    @Test func tempoNamesAreTheFlowsNames() throws {
        let app = try #require(Self.tempo)
        #expect(Self.mistakes(TempoScreen.self, expected: app.screens.map(\.id)) == [])
        #expect(Self.mistakes(TempoOperation.self, expected: app.services.flatMap { service in service.operations.map { "\(service.name).\($0.name)" } }) == [])
        #expect(Self.mistakes(TempoSubflow.self, expected: ["veriff"]) == [])
        func values(_ type: String) -> [String] {
            guard case .enumeration(let values)? = app.types.first(where: { $0.name == type })?.kind else { return [] }
            return values
        }
        #expect(Self.mistakes(TempoPlan.self, expected: values("Plan")) == [])
        #expect(Self.mistakes(TempoCodeStatus.self, expected: values("CodeStatus")) == [])
        #expect(Self.mistakes(TempoMonthlySpend.self, expected: values("MonthlySpend")) == [])
        var seen: Set<String> = []
        let variants = app.screens.flatMap { $0.variants.map(\.name) }.filter { seen.insert($0).inserted }
        #expect(Self.mistakes(TempoVariant.self, expected: variants) == [])
        seen = []
        let fields = app.screens.flatMap { $0.fields.map(\.name) }.filter { seen.insert($0).inserted }
        #expect(Self.mistakes(TempoField.self, expected: fields) == [])
    }

    /// Pinned: what the `String` raw types gave, written out (keywords and dotted names included).
    @Test func rawValuesAndJSONArePinned() throws {
        #expect(TempoScreen.allCases.prefix(4).map(\.rawValue) == ["XC-LOCK", "XC-COMPROMISED", "ONB-000", "ONB-001"])
        #expect(TempoScreen(rawValue: "ONB-007b") == .onb007b)
        #expect(TempoScreen.onb007b.number == 10 && TempoScreen(number: 10) == .onb007b)
        #expect(TempoPlan.allCases == [.everyday, .plus, .premium])
        #expect(TempoVariant.default.rawValue == "default" && TempoVariant(rawValue: "switch") == .switch)
        #expect(TempoOperation.equalsSubmitApplication.rawValue == "equals.submit_application")
        #expect(TempoMonthlySpend(rawValue: "from_500_to_2k") == .from500To2k)
        #expect(TempoPlan(rawValue: "Plus") == nil && TempoPlan(rawValue: "plus ") == nil)
        #expect(String(decoding: try JSONEncoder().encode([TempoPlan.plus, .everyday]), as: UTF8.self) == #"["plus","everyday"]"#)
        #expect(TempoPlan.premium.recordText == "premium")
        #expect(TempoPlan.plus != .premium && TempoPlan.plus == TempoPlan(rawValue: "plus"))
    }

    /// Snapshots are untrusted: a name the flows lack, or a value that is no string, is refused with a reason.
    @Test func damagedValuesAreRefused() throws {
        do {
            _ = try JSONDecoder().decode([TempoPlan].self, from: Data(#"["plus","gold"]"#.utf8))
            Issue.record("an unknown plan was read")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription == "Cannot initialize TempoPlan from invalid String value gold")
            #expect(context.codingPath.map(\.intValue) == [1])
        }
        #expect(throws: DecodingError.self) { _ = try JSONDecoder().decode([TempoScreen].self, from: Data("[2]".utf8)) }
        #expect(throws: DecodingError.self) { _ = try JSONDecoder().decode([TempoScreen].self, from: Data("[null]".utf8)) }
    }

    /// Planted: a table with two names swapped, and a case-number switch with two numbers swapped; both are seen.
    @Test func aSwappedTableIsCaught() {
        #expect(Self.mistakes(SwappedNames.self, expected: ["first", "second", "third"]) == [
            "SwappedNames raw values [\"second\", \"first\", \"third\"], the flows' are [\"first\", \"second\", \"third\"]",
        ])
        #expect(Self.mistakes(SwappedNumbers.self, expected: ["first", "second", "third"]).contains("SwappedNumbers.first has case number 1, position 0"))
        #expect(Self.mistakes(Correct.self, expected: ["first", "second", "third"]) == [])
    }
}

private enum SwappedNames: FlowNameCases {
    case first, second, third
    var caseNumber: Int {
        switch self {
        case .first: 0
        case .second: 1
        case .third: 2
        }
    }
    static let rawValues = FlowNameTable(lines: "second\nfirst\nthird")
}

private enum SwappedNumbers: FlowNameCases {
    case first, second, third
    var caseNumber: Int {
        switch self {
        case .first: 1
        case .second: 0
        case .third: 2
        }
    }
    static let rawValues = FlowNameTable(lines: "first\nsecond\nthird")
}

private enum Correct: FlowNameCases {
    case first, second, third
    var caseNumber: Int {
        switch self {
        case .first: 0
        case .second: 1
        case .third: 2
        }
    }
    static let rawValues = FlowNameTable(lines: "first\nsecond\nthird")
}
