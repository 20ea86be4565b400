import Foundation
import FlowTestSupport
import Testing
@testable import FlowSource

@Suite struct DiagnosticRendererTests {
    let file = SourceFile(path: "flows/checkout.flow.yaml", text: "flows:\n  checkout:\n    start: PAY-001\n      target: confirm\n")
    var diagnostic: Diagnostic {
        .error("unknown-target", "transition target 'confirm' is not a screen of flow 'checkout'",
               at: SourceRange(file: file.path, start: .init(line: 4, column: 15), end: .init(line: 4, column: 22)),
               notes: [.init("did you mean 'confirmation'?", at: SourceRange(file: file.path, start: .init(line: 31, column: 5), end: .init(line: 31, column: 17)))])
    }

    @Test func textFormQuotesTheLineWithACaret() {
        let text = DiagnosticRenderer(format: .text, sources: [file.path: file]).render([diagnostic])
        #expect(text == """
            flows/checkout.flow.yaml:4:15: error: transition target 'confirm' is not a screen of flow 'checkout' [unknown-target]
              |
            4 |       target: confirm
              |               ^~~~~~~
              = note: did you mean 'confirmation'? (flows/checkout.flow.yaml:31:5)
            1 error and 0 warnings generated.

            """)
    }

    @Test func coloursOnlyWhenAsked() {
        let plain = DiagnosticRenderer(format: .text, colored: false).renderText(diagnostic)
        let colored = DiagnosticRenderer(format: .text, colored: true).renderText(diagnostic)
        #expect(!plain.contains("\u{1B}["))
        #expect(colored.contains("\u{1B}[1;31merror:\u{1B}[0m"))
    }

    @Test func jsonIsSortedAndCounts() throws {
        let json = DiagnosticRenderer(format: .json).render([diagnostic, .warning("unused-declaration", "type 'Plan' is never used", at: .wholeFile("a.flow.yaml"))])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["errors"] as? Int == 1)
        #expect(object["warnings"] as? Int == 1)
        #expect(json.contains("\"code\" : \"unknown-target\""))
        #expect(json.firstRange(of: "\"code\"")!.lowerBound < json.firstRange(of: "\"column\"")!.lowerBound)
    }

    @Test func sarifNamesTheRulesAndRegions() throws {
        let sarif = DiagnosticRenderer(format: .sarif).render([diagnostic])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        #expect(object["version"] as? String == "2.1.0")
        let run = try #require((object["runs"] as? [[String: Any]])?.first)
        let rules = ((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]]
        #expect(rules?.compactMap { $0["id"] as? String } == ["unknown-target"])
        let region = (((run["results"] as? [[String: Any]])?.first?["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"] as? [String: Any]
        #expect(region?["startLine"] as? Int == 4)
        #expect(region?["startColumn"] as? Int == 15)
    }

    /// The whole SARIF log, exactly: rule metadata from the catalogue (name, descriptions, fix, help URI into
    /// docs/diagnostics.md, default level) and the did-you-mean as a related location GitHub code scanning links.
    @Test func sarifCarriesRuleMetadataAndRelatedLocations() {
        let sarif = DiagnosticRenderer(format: .sarif).render([diagnostic])
        let entry = diagnosticCatalog["unknown-target"]
        #expect(entry != nil)
        assertMatchesGolden(sarif, golden: fixturesDirectory().appendingPathComponent("sarif/unknown-target.sarif"))
    }

    @Test func everyCodeCheckersReportIsInTheCatalogue() throws {
        let codes = try FileManager.default.contentsOfDirectory(atPath: fixturesDirectory().appendingPathComponent("diagnostics").path)
        #expect(!codes.isEmpty)
        for code in codes { #expect(diagnosticCatalog[code] != nil, "\(code) is not in DiagnosticCatalog.swift; run scripts/make-diagnostics-doc.py") }
    }

    @Test func presentationOrderAndDeduplication() {
        let bag = DiagnosticBag()
        let late = Diagnostic.error("b", "second", at: SourceRange(file: "a", start: .init(line: 9, column: 1), end: .init(line: 9, column: 2)))
        let early = Diagnostic.error("a", "first", at: SourceRange(file: "a", start: .init(line: 2, column: 1), end: .init(line: 2, column: 2)))
        bag.emit(late)
        bag.emit(early)
        bag.emit(late)
        #expect(bag.diagnostics.map(\.message) == ["first", "second"])
    }
}

@Suite struct SuggestionTests {
    @Test func suggestsCloseNamesOnly() {
        #expect(closestMatch(to: "ONB-0O4", among: ["ONB-004", "ONB-005", "WAL-001"]) == "ONB-004")
        #expect(closestMatch(to: "balanse", among: ["balance", "plan"]) == "balance")
        #expect(closestMatch(to: "Name", among: ["name", "step"]) == "name")
        #expect(closestMatch(to: "x", among: ["checkout", "confirmation"]) == nil)
        #expect(closestMatch(to: "nmae", among: ["name", "step", "terminal"]) == "name")
    }

    @Test func sourceLinesAreReadLeniently() {
        let file = SourceFile(path: "f", bytes: Array("a: 1\r\nb: \u{E9}\n".utf8) + [0xFF] + Array("\n".utf8))
        #expect(file.line(1) == "a: 1")
        #expect(file.line(2) == "b: é")
        #expect(file.line(3) == "\u{FFFD}")
        #expect(file.line(5) == nil)
    }
}
