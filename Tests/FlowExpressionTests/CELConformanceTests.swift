import FlowEvaluation
import FlowExpression
import FlowTestSupport
import Foundation
import Testing

/// The official CEL conformance cases (google/cel-spec, tests/simple/testdata; Apache-2.0, converted by
/// scripts/convert-cel-conformance.py into Tests/Fixtures/cel-conformance/cel-spec-simple.json), as cel-go and
/// cel-cpp run them. Every case is checked and run through both evaluators (the tree walker and the compiled
/// closures, which must agree); a case agrees with CEL when it gives CEL's value, or fails where CEL fails (at
/// check time or at run time). The cases outside the subset flowc supports, and the few differences flowc keeps
/// on purpose, are listed with their reason in Tests/Fixtures/cel-conformance/skipped.json (summarised in
/// docs/language.md §11); a skipped case that starts to agree fails the test, so the list stays true.
@Suite("CEL conformance") struct CELConformanceTests {
    struct Document: Decodable {
        var source: String
        var cases: [Case]
    }

    struct Case: Decodable {
        var file: String
        var section: String
        var name: String
        var expr: String
        var environment: Bool?
        var expect: Expected
        var id: String { "\(file)/\(section)/\(name)" }
    }

    /// One key of the converted `value`, or `error`.
    struct Expected: Decodable {
        var int: String?
        var uint: String?
        var double: String?
        var string: String?
        var bool: Bool?
        var null: Bool?
        var list: [Expected]?
        var error: String?
    }

    struct Skip: Decodable {
        var reason: String
        var cases: [String]
    }

    static let folder = fixturesDirectory().appendingPathComponent("cel-conformance")

    static func load() throws -> (cases: [Case], skipped: [String: String]) {
        let document = try JSONDecoder().decode(Document.self, from: Data(contentsOf: folder.appendingPathComponent("cel-spec-simple.json")))
        let skips = try JSONDecoder().decode([Skip].self, from: Data(contentsOf: folder.appendingPathComponent("skipped.json")))
        var skipped: [String: String] = [:]
        for skip in skips { for id in skip.cases { skipped[id] = skip.reason } }
        return (document.cases, skipped)
    }

    /// What flowc gives for a case: a value, an evaluation error, or a check-time rejection.
    enum Outcome: Equatable, CustomStringConvertible {
        case value(Value)
        case failed(String)
        case rejected(String)
        var description: String {
            switch self {
            case .value(let value): "value \(value.quotedDescription)"
            case .failed(let message): "evaluation error '\(message)'"
            case .rejected(let message): "rejected: \(message)"
            }
        }
    }

    static func run(_ expression: String) -> Outcome {
        let (tree, problems) = checkExpression(expression, expected: nil, in: TypeEnvironment())
        guard let tree else { return .rejected(problems.first?.message ?? "no tree") }
        let context = EvaluationContext(now: Timestamp(millisecondsSince1970: 1_767_603_600_000))
        let walked = Result { () throws(EvaluationError) in try evaluate(tree, in: context) }
        var scope = EvaluationScope(globals: [], now: context.now, defaultCurrency: nil)
        let compiled = Result { () throws(EvaluationError) in try CompiledExpression(tree) { _ in nil }.evaluate(&scope) }
        if walked != compiled { return .failed("the two evaluators disagree: \(walked) and \(compiled)") }
        switch walked {
        case .success(let value): return .value(value)
        case .failure(let error): return .failed(error.message)
        }
    }

    /// CEL's expected value as a flowc value; nil for kinds flowc does not have (uint, bytes, maps, types...).
    static func value(_ expected: Expected) -> Value? {
        if let int = expected.int { return Int(int).map(Value.int) }
        if let double = expected.double { return Decimal(string: double, locale: Locale(identifier: "en_US_POSIX")).map(Value.decimal) }
        if let string = expected.string { return .text(string) }
        if let bool = expected.bool { return .bool(bool) }
        if expected.null != nil { return .null }
        if let list = expected.list {
            let values = list.compactMap(value)
            return values.count == list.count ? .list(values) : nil
        }
        return nil
    }

    static func agrees(_ testCase: Case, _ outcome: Outcome) -> Bool {
        if testCase.environment == true { return false }
        if testCase.expect.error != nil {
            if case .value = outcome { return false }
            return true
        }
        guard let expected = value(testCase.expect), case .value(let actual) = outcome else { return false }
        return actual == expected
    }

    @Test("cases inside flowc's subset agree with CEL; the skip list is exact")
    func conformance() throws {
        let (cases, skipped) = try Self.load()
        #expect(cases.count > 1_000)
        var disagreements: [String] = []
        var nowAgreeing: [String] = []
        var agreed = 0
        for testCase in cases {
            let outcome = Self.run(testCase.expr)
            let agrees = Self.agrees(testCase, outcome)
            if agrees { agreed += 1 }
            if skipped[testCase.id] != nil {
                if agrees { nowAgreeing.append(testCase.id) }
            } else if !agrees {
                disagreements.append("\(testCase.id): \(testCase.expr) → \(outcome)")
            }
        }
        if let path = ProcessInfo.processInfo.environment["CEL_CONFORMANCE_OUTCOMES"] {
            // For refreshing skipped.json after the data or flowc changes: every case, whether it agrees, and flowc's answer.
            let lines = cases.map { testCase in
                let outcome = Self.run(testCase.expr)
                return "\(Self.agrees(testCase, outcome) ? "agree" : "differ")\t\(testCase.id)\t\(outcome)".replacingOccurrences(of: "\n", with: " ")
            }
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: path))
        }
        #expect(disagreements.isEmpty, "\(disagreements.count) cases disagree with CEL:\n\(disagreements.joined(separator: "\n"))")
        #expect(nowAgreeing.isEmpty, "skipped but now agreeing (remove from skipped.json):\n\(nowAgreeing.joined(separator: "\n"))")
        #expect(Set(skipped.keys).isSubset(of: Set(cases.map(\.id))), "skipped.json names cases that do not exist")
        #expect(agreed + skipped.count == cases.count)
    }
}
