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

    /// Typical mistakes planted in a copy of Tempo, each with the one diagnostic that must remain. Before: 1,347
    /// errors for the broken file, 111 for the state typo, 73 for the type typo, 161 for the screen typo.
    @Test(arguments: [
        ("wallet.flow.yaml", "", "x: [\n", "yaml-syntax"),
        ("money-domain.flow.yaml", "\n  balance:", "\n  balanse:", "unknown-name"),
        ("money-domain.flow.yaml", "\n  VirtualCardStatus:", "\n  VirtualCardStatsu:", "unknown-name"),
        ("wallet.flow.yaml", "\n      WAL-001:", "\n      WAL-01:", "unknown-screen"),
        ("wallet.flow.yaml", "\n    title: Wallet", "\n    titel: Wallet", "unknown-key"),
        ("app.flow.yaml", "criteria-wallet.flow.yaml", "criteria-walet.flow.yaml", "include-not-found"),
        ("wallet.flow.yaml", "payments.charge.succeeded:", "payments.charge.succeded:", "unknown-outcome"),
        // back: blocked and criteria's concerns (issue 12).
        ("app.flow.yaml", "back: blocked   # the system back would close", "back: blokced   # the system back would close", "invalid-value"),
        ("criteria-wallet.flow.yaml", "\"PAY-004 equals.send_uk_transfer.sent\", \"PAY-009", "\"PAY-004 equals.send_uk_transfer.snt\", \"PAY-009", "unknown-transition"),
        ("criteria-wallet.flow.yaml", "concerns: [\"PAY-007 enter\"", "concerns: [\"PAY-007 field amont\"", "unknown-field"),
        ("criteria-wallet.flow.yaml", "concerns: [\"PAY-007 enter\"", "concerns: [\"PAY-007 back\"", "invalid-value"),
    ])
    func aMistakePlantedInTempoGivesOneDiagnostic(file: String, find: String, replace: String, code: String) throws {
        let tempo = fixturesDirectory().deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("flows/tempo")
        let names = try FileManager.default.contentsOfDirectory(atPath: tempo.path).filter { $0.hasSuffix(".flow.yaml") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-planted-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let copy = folder.appendingPathComponent("tempo")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        for name in names {
            var text = try String(contentsOf: tempo.appendingPathComponent(name), encoding: .utf8)
            if name == file {
                if find.isEmpty {
                    text += replace
                } else {
                    let range = try #require(text.range(of: find), "\(find) is in \(file)")
                    text.replaceSubrange(range, with: replace)
                }
            }
            try Data(text.utf8).write(to: copy.appendingPathComponent(name))
        }
        let bag = DiagnosticBag()
        _ = compile(CompilerConfig(inputs: ["tempo"], generatesOutputs: false), fileSystem: FixtureFileSystem(base: folder), diagnostics: bag)
        #expect(bag.diagnostics.map(\.code) == [code], "\(bag.diagnostics.count) diagnostics: \(bag.diagnostics.prefix(5).map(\.message))")
    }
}
