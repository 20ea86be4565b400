import FlowCompiler
import FlowSource
import FlowTestSupport
import Foundation
import Testing

/// One fixture folder per diagnostic code: `Tests/Fixtures/diagnostics/<code>/` holds a small app
/// (its `app.flow.yaml` and any included files) that triggers that code, with the exact expected
/// output in `expected.txt` (terminal form, no colour) and `expected.json` (`--format json`).
enum DiagnosticFixtures {
    static let root = fixturesDirectory().appendingPathComponent("diagnostics")

    static var codes: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    static func compileFixture(_ relativePath: String) -> (text: String, json: String, diagnostics: [Diagnostic]) {
        let fileSystem = FixtureFileSystem(base: fixturesDirectory())
        let bag = DiagnosticBag()
        let compilation = compile(CompilerConfig(inputs: [relativePath]), fileSystem: fileSystem, diagnostics: bag)
        let diagnostics = bag.diagnostics
        let text = DiagnosticRenderer(format: .text, sources: compilation.sources).render(diagnostics)
        let json = DiagnosticRenderer(format: .json).render(diagnostics)
        return (text, json, diagnostics)
    }
}

@Suite struct DiagnosticGoldenTests {
    @Test func everyCodeHasAFixture() {
        #expect(DiagnosticFixtures.codes.count >= 40, "expected a fixture folder per diagnostic code")
    }

    @Test(arguments: DiagnosticFixtures.codes)
    func fixtureMatchesGoldens(code: String) {
        let folder = DiagnosticFixtures.root.appendingPathComponent(code)
        let (text, json, diagnostics) = DiagnosticFixtures.compileFixture("diagnostics/\(code)")
        #expect(diagnostics.contains { $0.code == code }, "fixture '\(code)' does not produce a '\(code)' diagnostic")
        assertMatchesGolden(text, golden: folder.appendingPathComponent("expected.txt"))
        assertMatchesGolden(json, golden: folder.appendingPathComponent("expected.json"))
    }

    @Test func renderingIsByteIdenticalAcrossRuns() {
        for code in DiagnosticFixtures.codes.prefix(10) {
            let first = DiagnosticFixtures.compileFixture("diagnostics/\(code)")
            let second = DiagnosticFixtures.compileFixture("diagnostics/\(code)")
            #expect(first.text == second.text)
            #expect(first.json == second.json)
        }
    }
}

/// `Tests/Fixtures/ok/<case>/`: apps that must compile with no diagnostic at all.
@Suite struct CleanFixtureTests {
    static var cases: [String] {
        let root = fixturesDirectory().appendingPathComponent("ok")
        return ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test(arguments: cases)
    func compilesCleanly(name: String) {
        let (text, _, diagnostics) = DiagnosticFixtures.compileFixture("ok/\(name)")
        #expect(diagnostics.isEmpty, "\(text)")
    }
}

/// One mistake, one diagnostic: each folder of `Tests/Fixtures/one-mistake/` plants typical mistakes whose
/// consequences used to be reported too (a misspelled required key also 'missing'; one unparsable included
/// file cascading into every reference to it). `expected.txt` holds the only diagnostics that may remain.
@Suite struct OneMistakeOneDiagnosticTests {
    static let root = fixturesDirectory().appendingPathComponent("one-mistake")
    static var cases: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test(arguments: cases)
    func onlyTheMistakeIsReported(name: String) {
        let (text, _, diagnostics) = DiagnosticFixtures.compileFixture("one-mistake/\(name)")
        #expect(!diagnostics.isEmpty, "the planted mistake is caught")
        assertMatchesGolden(text, golden: Self.root.appendingPathComponent(name).appendingPathComponent("expected.txt"))
    }

    @Test func aBrokenIncludeOfTempoGivesOneError() throws {
        let tempo = fixturesDirectory().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("flows/tempo")
        let names = try FileManager.default.contentsOfDirectory(atPath: tempo.path).filter { $0.hasSuffix(".flow.yaml") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-broken-include-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("tempo")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        for name in names {
            var text = try String(contentsOf: tempo.appendingPathComponent(name), encoding: .utf8)
            if name == "wallet.flow.yaml" { text += "x: [\n" }
            try Data(text.utf8).write(to: copy.appendingPathComponent(name))
        }
        let bag = DiagnosticBag()
        _ = compile(CompilerConfig(inputs: ["tempo"]), fileSystem: FixtureFileSystem(base: folder), diagnostics: bag)
        // Before: 1,347 errors and 14 warnings (every reference to a screen, event or field of wallet.flow.yaml).
        #expect(bag.diagnostics.map(\.code) == ["yaml-syntax"])
    }
}
