import FlowEvaluation
import FlowExpression
import FlowTestSupport
import Foundation
import Testing

/// Pathological input is a diagnostic, never a crash or a stack overflow.
@Suite("Limits")
struct LimitsTests {
    @Test("nesting beyond the limit is one expression-too-complex diagnostic", arguments: [
        String(repeating: "(", count: 3000) + "1" + String(repeating: ")", count: 3000),
        Array(repeating: "1", count: 3000).joined(separator: "+"),
        String(repeating: "!", count: 3000) + "frozen",
        String(repeating: "[", count: 3000) + String(repeating: "]", count: 3000),
        "x" + String(repeating: ".y", count: 3000),
        String(repeating: "a ? b : ", count: 1000) + "c",
        String(repeating: "abs(", count: 1500) + "1" + String(repeating: ")", count: 1500),
    ])
    func depthLimit(text: String) {
        let (syntax, problems) = parseExpression(text)
        #expect(syntax == nil)
        #expect(problems.map(\.code) == ["expression-too-complex"])
        #expect(problems.first?.message == "expression nests more than 100 levels deep")
        #expect(problems.first?.notes == ["split it into derived values"])
    }

    @Test("the limit is 100 levels")
    func limitValue() {
        #expect(ExpressionLimits.maximumDepth == 100)
        #expect(parseExpression(String(repeating: "(", count: 99) + "1" + String(repeating: ")", count: 99)).0 != nil)
        #expect(parseExpression(String(repeating: "(", count: 100) + "1" + String(repeating: ")", count: 100)).0 == nil)
        #expect(parseExpression(Array(repeating: "1", count: 100).joined(separator: "+")).0 != nil)
        #expect(parseExpression(Array(repeating: "1", count: 101).joined(separator: "+")).0 == nil)
    }

    @Test("input length is bounded")
    func lengthLimit() {
        let (syntax, problems) = parseExpression(String(repeating: "1", count: 10_001))
        #expect(syntax == nil)
        #expect(problems.map(\.message) == ["expression is 10001 characters long, more than the 10000 allowed"])
        #expect(problems.first?.span == 0..<10_001)
    }

    /// Expressions at the deepest accepted nesting, with their values for `x = 1`.
    static let deepestAccepted: [(text: String, value: Value)] = {
        let depth = ExpressionLimits.maximumDepth - 1
        var nestedList = Value.int(1)
        for _ in 0..<depth { nestedList = .list([nestedList]) }
        return [
            (String(repeating: "(", count: depth) + "x" + String(repeating: ")", count: depth), .int(1)),
            (Array(repeating: "x", count: depth + 1).joined(separator: " + "), .int(depth + 1)),
            (String(repeating: "-", count: depth) + "x", .int(-1)),
            (String(repeating: "[", count: depth) + "x" + String(repeating: "]", count: depth), nestedList),
            (String(repeating: "abs(", count: depth) + "x" + String(repeating: ")", count: depth), .int(1)),
            (String(repeating: "frozen ? 0 : ", count: depth / 2) + "x", .int(1)),
            ((0..<(depth / 2)).map { "items.all(a\($0), " }.joined() + "a0 > 0" + String(repeating: ")", count: depth / 2), .bool(true)),
        ]
    }()

    /// Swift concurrency threads have 512 KB stacks on macOS; debug builds use the most stack per level.
    @Test("the deepest accepted expressions parse, check, hash and evaluate on a 512 KB stack")
    func deepestAcceptedFitSmallStacks() async throws {
        let environment = TypeEnvironment(variables: ["x": .int, "frozen": .bool, "items": .list(.int)])
        // One item: nested macros evaluate their bodies items.count ^ depth times.
        let context = EvaluationContext(variables: ["x": .int(1), "frozen": .bool(false), "items": .list([.int(1)])],
                                        now: clock)
        let cases = Self.deepestAccepted
        let results: [String] = await withCheckedContinuation { continuation in
            let thread = Thread {
                var results: [String] = []
                for (text, _) in cases {
                    let (typed, problems) = checkExpression(text, expected: nil, in: environment)
                    guard let typed else {
                        results.append("diagnostics: \(problems)")
                        continue
                    }
                    var hasher = Hasher()
                    typed.hash(into: &hasher)
                    _ = hasher.finalize()
                    do {
                        results.append(typed == typed ? "\(try evaluate(typed, in: context))" : "not equal to itself")
                    } catch {
                        results.append("error: \(error)")
                    }
                }
                continuation.resume(returning: results)
            }
            thread.stackSize = 512 * 1024
            thread.start()
        }
        #expect(results == cases.map { "\($0.value)" })
    }
}
