import FlowCompiler
import FlowSource
import FlowTestSupport
import Foundation
import Testing

/// One fixture folder per diagnostic code: `Tests/Fixtures/diagnostics/<code>/` holds a small app
/// (its `app.flow.yaml` and any included files) that triggers that code, with the exact expected
/// output in `expected.txt` (terminal form, no colour) and `expected.json` (`--format json`).
/// A `fixture.json` beside them may name the inputs (`"inputs": [...]`, relative to the folder; by default the
/// folder itself) and lower the file-size limit (`"maxFileBytes"`), for cases a plain folder cannot show.
/// Codes that only `flowc mutate` reports have `mutate-expected.txt` instead (FlowMutationTests checks those).
enum DiagnosticFixtures {
    static let root = fixturesDirectory().appendingPathComponent("diagnostics")

    /// Every fixture folder, by code.
    static var folders: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    /// The codes `compile` reports, each with its fixture.
    static var codes: [String] {
        folders.filter { !FileManager.default.fileExists(atPath: root.appendingPathComponent("\($0)/mutate-expected.txt").path) }
    }

    struct Setup: Decodable {
        var inputs: [String]?
        var maxFileBytes: Int?
        /// An output folder (relative to the fixture) whose edited String Catalogs the build reads back.
        var catalogs: String?
    }

    static func compileFixture(_ relativePath: String) -> (text: String, json: String, diagnostics: [Diagnostic]) {
        let fileSystem = FixtureFileSystem(base: fixturesDirectory())
        let setupFile = fixturesDirectory().appendingPathComponent(relativePath).appendingPathComponent("fixture.json")
        let setup = FileManager.default.contents(atPath: setupFile.path).flatMap { try? JSONDecoder().decode(Setup.self, from: $0) }
        var config = CompilerConfig(inputs: setup?.inputs?.map { relativePath + "/" + $0 } ?? [relativePath])
        if let bytes = setup?.maxFileBytes { config.limits.maxFileBytes = bytes }
        if let catalogs = setup?.catalogs { config.storedCatalogs = .read(from: relativePath + "/" + catalogs, fileSystem: fileSystem) }
        let bag = DiagnosticBag()
        let compilation = compile(config, fileSystem: fileSystem, diagnostics: bag)
        let diagnostics = bag.diagnostics
        let text = DiagnosticRenderer(format: .text, sources: compilation.sources).render(diagnostics)
        let json = DiagnosticRenderer(format: .json).render(diagnostics)
        return (text, json, diagnostics)
    }
}

/// The codes the sources declare: every code of the catalogue (docs/diagnostics.md) and every code literal passed to
/// `error(`, `warning(` or `report(`, or given as `code:`, in Sources/ (so a new code is caught even before it is catalogued).
enum DeclaredDiagnosticCodes {
    static var pattern: Regex<(Substring, Substring)> { #/(?:(?:^|[^A-Za-z0-9_])(?:error|warning|report)\(\s*|code: |static let \w+ = )"([a-z]+(?:-[a-z0-9]+)+)"/# }

    static func inSources() -> [String: String] {
        var found: [String: String] = [:]
        let sources = packageRoot().appendingPathComponent("Sources")
        guard let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil) else { return [:] }
        for case let url as URL in walker where url.pathExtension == "swift" {
            guard let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            for match in text.matches(of: pattern) where found[String(match.1)] == nil {
                found[String(match.1)] = String(url.path.dropFirst(sources.path.count + 1))
            }
        }
        return found
    }
}

@Suite struct DiagnosticGoldenTests {
    /// A code without a fixture is a message nobody has read as its readers will: each declared code needs its folder.
    @Test func everyDeclaredCodeHasAFixture() {
        let inSources = DeclaredDiagnosticCodes.inSources()
        #expect(inSources.count > 50, "the scan of Sources/ finds the codes (\(inSources.count) found)")
        for (code, file) in inSources.sorted(by: { $0.key < $1.key }) where diagnosticCatalog[code] == nil {
            Issue.record("'\(code)' (Sources/\(file)) is not in the catalogue: add it to scripts/make-diagnostics-doc.py and run it")
        }
        let folders = Set(DiagnosticFixtures.folders)
        for code in Set(inSources.keys).union(diagnosticCatalog.keys).sorted() where !folders.contains(code) {
            Issue.record("diagnostic code '\(code)' has no fixture: add Tests/Fixtures/diagnostics/\(code)/ and record its goldens")
        }
    }

    /// The scan sees a planted code, so a code added tomorrow cannot slip past it.
    @Test func theScanFindsEveryWayACodeIsWritten() {
        let planted = """
            diagnostics.error("planted-one", "x", at: range)
            reader.report("planted-two", "y", at: range)
            .warning("planted-three",
            Diagnostic(severity: .error, code: "planted-four", message: "z")
            public static let planted = "planted-five"
            let text = "not-a-code"
            """
        #expect(planted.matches(of: DeclaredDiagnosticCodes.pattern).map { String($0.1) }
                == ["planted-one", "planted-two", "planted-three", "planted-four", "planted-five"])
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
        // The merged diagnostic takes the code of the first use: a `set:` of the balance in the app's on: (unknown-state).
        ("money-domain.flow.yaml", "\n  balance:", "\n  balanse:", "unknown-state"),
        ("money-domain.flow.yaml", "\n  VirtualCardStatus:", "\n  VirtualCardStatsu:", "unknown-name"),
        ("wallet.flow.yaml", "\n      WAL-001:", "\n      WAL-01:", "unknown-screen"),
        ("wallet.flow.yaml", "\n    title: Wallet", "\n    titel: Wallet", "unknown-key"),
        ("app.flow.yaml", "criteria-wallet.flow.yaml", "criteria-walet.flow.yaml", "include-not-found"),
        ("wallet.flow.yaml", "payments.charge.cancelled:", "payments.charge.cancelld:", "unknown-outcome"),
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
        let found = bag.diagnostics
        #expect(found.map(\.code) == [code], "\(found.count) diagnostics: \(found.prefix(5).map(\.message))")
    }
}
