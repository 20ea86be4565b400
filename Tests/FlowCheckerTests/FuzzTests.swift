import FlowCompiler
import FlowEvaluation
import FlowExpression
import FlowSource
import FlowTestSupport
import Foundation
import Testing

/// Bounded fuzzing in the suite: mutated flow files through load and check, random token strings through the
/// expression parser, checker and evaluator (tree walker and compiled closures). Nothing may crash or hang;
/// every input ends in a value, an error or diagnostics. `FUZZ_ITERATIONS` runs longer (see docs/fuzzing.md).
///
/// Bounded by default so `swift test` stays quick: each flow-file iteration checks a whole app (Tempo's is the
/// largest), about a second of CPU in a debug build. CI runs 50 as a step of its own; a long run raises the count.
@Suite struct FuzzTests {
    static let iterations = Int(ProcessInfo.processInfo.environment["FUZZ_ITERATIONS"] ?? "") ?? 20

    /// The seeds: every Tempo and YOLE flow file.
    static func seeds() throws -> [(path: String, bytes: [UInt8])] {
        let root = packageRoot().appendingPathComponent("flows")
        var files: [(String, [UInt8])] = []
        for app in try FileManager.default.contentsOfDirectory(atPath: root.path).sorted() {
            let folder = root.appendingPathComponent(app)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".flow.yaml") {
                files.append(("\(app)/\(name)", [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))))
            }
        }
        return files
    }

    /// One random edit: flip a byte, delete a run, duplicate a run, or splice in YAML punctuation.
    static func mutate(_ bytes: [UInt8], _ random: inout SeededGenerator) -> [UInt8] {
        guard !bytes.isEmpty else { return Array("{".utf8) }
        var result = bytes
        let at = Int.random(in: 0..<result.count, using: &random)
        switch Int.random(in: 0..<5, using: &random) {
        case 0: result[at] = UInt8.random(in: 0...255, using: &random)
        case 1: result.removeSubrange(at..<min(result.count, at + Int.random(in: 1...64, using: &random)))
        case 2:
            let run = result[at..<min(result.count, at + Int.random(in: 1...200, using: &random))]
            result.insert(contentsOf: run, at: at)
        case 3:
            let pieces = ["[", "]", "{", "}", ": ", "- ", "&a ", "*a", "!!str ", "\t", "\n  ", "'", "\"", "${", "{{", "((", "0s", "1e-400"]
            result.insert(contentsOf: Array((pieces.randomElement(using: &random) ?? "[").utf8), at: at)
        default:
            let line = result.lastIndex(of: 10) ?? 0
            result.insert(contentsOf: Array("\nx: [".utf8), at: min(result.count, max(line, at)))
        }
        return result
    }

    @Test func mutatedFlowFilesEndInDiagnosticsNeverACrash() throws {
        let seeds = try Self.seeds()
        var random = SeededGenerator(state: 0xF1_0C_FE_ED)
        for _ in 0..<Self.iterations {
            guard let seed = seeds.randomElement(using: &random) else { return }
            var bytes = seed.bytes
            for _ in 0..<Int.random(in: 1...4, using: &random) { bytes = Self.mutate(bytes, &random) }
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-fuzz-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let app = folder.appendingPathComponent("flows/fuzz")
            try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
            // The mutated file takes the place of its original among the app's files.
            let source = packageRoot().appendingPathComponent("flows").appendingPathComponent(String(seed.path.split(separator: "/")[0]))
            for name in try FileManager.default.contentsOfDirectory(atPath: source.path) where name.hasSuffix(".flow.yaml") {
                try FileManager.default.copyItem(at: source.appendingPathComponent(name), to: app.appendingPathComponent(name))
            }
            let target = app.appendingPathComponent(String(seed.path.split(separator: "/")[1]))
            try? FileManager.default.removeItem(at: target)
            try Data(bytes).write(to: target)
            let bag = DiagnosticBag()
            let compilation = compile(CompilerConfig(inputs: [app.path], generatesOutputs: false), diagnostics: bag)
            // Rendering every diagnostic exercises positions and snippets on broken input too.
            _ = DiagnosticRenderer(format: .text, sources: compilation.sources).render(bag.diagnostics)
            _ = DiagnosticRenderer(format: .sarif).render(bag.diagnostics)
        }
    }

    @Test func randomExpressionsEndInAValueOrAnError() {
        let tokens = ["balance", "count", "rate", "name", "items", "prices", "applicant", "plan", "1", "0", "-1", "2.5", "1.00 GBP",
                      "3 JPY", "'a'", "\"é\"", "true", "null", "+", "-", "*", "/", "%", "==", "!=", "<", ">=", "&&", "||", "!", "?", ":",
                      "(", ")", "[", "]", ",", ".", "size(", "round(", "allocate(", "convert(", "sum(", "all(", "x", "map(", "now()",
                      "today()", "1d", "30s", "in", "matches(", "string(", "int(", "decimal(", "symbol(", "9223372036854775807"]
        var random = SeededGenerator(state: 0xE1_4E_55)
        for _ in 0..<(Self.iterations * 20) {
            let text = (0..<Int.random(in: 1...12, using: &random)).map { _ in tokens.randomElement(using: &random) ?? "1" }.joined(separator: " ")
            let (tree, _) = checkExpression(text, expected: nil, in: fuzzEnvironment)
            guard let tree else { continue }
            let context = EvaluationContext(variables: fuzzVariables, now: Timestamp(millisecondsSince1970: 1_767_225_600_000), defaultCurrency: "GBP")
            let walked = Result { () throws(EvaluationError) in try evaluate(tree, in: context) }
            let names = fuzzVariables.keys.sorted()
            let slots = Dictionary(uniqueKeysWithValues: names.enumerated().map { ($1, $0) })
            let compiled = CompiledExpression(tree) { slots[$0].map(ExpressionBinding.global) }
            var scope = EvaluationScope(globals: names.map { fuzzVariables[$0] ?? .null }, now: context.now, defaultCurrency: "GBP")
            let closures = Result { () throws(EvaluationError) in try compiled.evaluate(&scope) }
            #expect(walked == closures, "'\(text)': the tree walker and the compiled closures disagree")
        }
    }
}

extension FuzzTests {
    /// Random script lines through `flowc run tempo --script -`: every line gets its one answer, none crashes.
    @Test func randomScriptLinesAreAnsweredOneByOne() async throws {
        let pieces = ["{\"send\": \"tap_im_new\"}", "{\"back\": true}", "{\"advance\": \"2s\"}", "{\"fill\": {\"plan\": \"plus\"}}",
                      "{\"send\": \"tap_select\"}", "{\"outcome\": {\"equals.log_in\": \"success\"}}", "{\"send\": 1}", "[]", "{}", "{\"back\":",
                      "{\"advance\": \"-5s\"}", "{\"send\": \"country_selected\", \"payload\": {\"country\": null}}", "\u{0}", "{\"fill\": []}",
                      "{\"send\": \"tap_log_in\"}", "{\"fill\": {\"keycode\": \"1234567\"}}", "{\"send\": \"keycode_entered\"}", "nul"]
        var random = SeededGenerator(state: 0x5C_41_97)
        let count = Self.iterations * 4
        let lines = (0..<count).map { _ in pieces.randomElement(using: &random) ?? "{}" }
        let result = try await runFlowc(["run", "tempo", "--script", "-"], in: packageRoot(), input: lines.joined(separator: "\n") + "\n")
        #expect(result.status == 0 || result.status == 1, "exit \(result.status): \(result.stderr.suffix(500))")
        #expect(result.stdout.split(separator: "\n").count == lines.count + 1, "one answer per line, after the start")
    }
}

/// A small SplitMix64, so every failure can be replayed from its seed.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

let fuzzVariables: [String: Value] = [
    "balance": .money(Money(amount: 12.5, currency: "GBP")), "count": .int(3), "rate": .decimal(1.5), "name": .text("Ada"),
    "items": .list([.int(1), .int(2), .int(3)]), "prices": .list([.money(Money(amount: 4.3, currency: "GBP"))]),
    "applicant": .record(["given_name": .text("Ada")]), "plan": .enumCase(type: "Plan", name: "plus"),
]

let fuzzEnvironment = TypeEnvironment(
    variables: ["balance": .money, "count": .int, "rate": .decimal, "name": .text, "items": .list(.int), "prices": .list(.money),
                "applicant": .record("Applicant"), "plan": .enumeration("Plan")],
    records: ["Applicant": [(name: "given_name", type: .text)]], enums: ["Plan": ["everyday", "plus", "premium"]])
