import FlowCompiler
import FlowIR
import FlowReports
import FlowRuntime
import FlowSource
import FlowTestSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// The warnings each report fixture gives on purpose (a criterion left without evidence, an outcome left unhandled);
/// any other diagnostic fails the test that renders it.
let reportFixtureWarnings: [String: [String]] = [
    "reports/small-app": ["unhandled-outcome", "unverified-criterion", "late-answer-unhandled"],
    "reports/traceability": ["unverified-criterion"],
    "reports/unowned-failure": ["unhandled-outcome", "late-answer-unhandled"],
]

/// Compiles an app from `inputs` (relative to `base`), runs its scenarios and renders its reports.
func renderFixture(inputs: [String], base: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
    -> (app: App, results: [ScenarioResult], files: [OutputFile]) {
    let compilation = compileCleanly(CompilerConfig(inputs: inputs, generatesOutputs: false), fileSystem: FixtureFileSystem(base: base),
                                     allowing: inputs.flatMap { reportFixtureWarnings[$0] ?? [] }, sourceLocation: sourceLocation)
    let app = try #require(compilation.program.apps.first, sourceLocation: sourceLocation)
    let results = app.scenarios.map { runScenario($0, of: app) }
    return (app, results, renderReports(for: app, results: results))
}

/// `Tests/Fixtures/reports/small-app/`: a five-screen app with one criterion of each status and a failing scenario;
/// every report file is compared with `expected/<file>`.
@Suite struct ReportGoldenTests {
    static let folder = fixturesDirectory().appendingPathComponent("reports/small-app")
    static let expectedFiles = ["acceptance.html", "acceptance.json", "acceptance.md", "coverage.html", "coverage.json", "coverage.md", "junit.xml", "main.dot"]

    static func render() throws -> (app: App, results: [ScenarioResult], files: [OutputFile]) {
        try renderFixture(inputs: ["reports/small-app"], base: fixturesDirectory())
    }

    @Test func rendersTheExpectedFiles() throws {
        let (_, _, files) = try Self.render()
        #expect(files.map(\.path) == Self.expectedFiles.map { "reports/small/\($0)" })
    }

    @Test(arguments: expectedFiles)
    func fileMatchesGolden(name: String) throws {
        let (_, _, files) = try Self.render()
        let file = try #require(files.first { $0.path == "reports/small/\(name)" })
        assertMatchesGolden(String(decoding: file.contents, as: UTF8.self), golden: Self.folder.appendingPathComponent("expected/\(name)"))
    }

    @Test func fixtureHasOneCriterionOfEachStatusAndAFailingScenario() throws {
        let (_, results, files) = try Self.render()
        #expect(results.filter { !$0.passed }.map(\.name) == ["denied_sign_in_stays"])
        let json = try #require(files.first { $0.path == "reports/small/acceptance.json" })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.contents)) as? [String: Any])
        let criteria = try #require(object["criteria"] as? [[String: Any]])
        #expect(criteria.compactMap { $0["status"] as? String } == ["passed", "failed", "passed", "not-automatable", "passed", "uncovered"])
        // A criterion proved in part passes on its evidence and keeps the part only a device can check.
        let split = try #require(criteria.first { $0["id"] as? String == "AC-SML-06" })
        #expect(split["verification"] as? String == "scenarios")
        #expect((split["notAutomatablePart"] as? String)?.hasPrefix("The email is delivered by the mail provider") == true)
        #expect(criteria.filter { $0["notAutomatablePart"] != nil }.count == 1)
    }

    @Test func twoRendersAreByteIdentical() throws {
        let first = try Self.render().files
        let second = try Self.render().files
        #expect(first.map(\.path) == second.map(\.path))
        for (a, b) in zip(first, second) { #expect(a.contents == b.contents, "\(a.path) differs between runs") }
    }

    @Test func junitIsWellFormedXML() throws {
        let (_, _, files) = try Self.render()
        let junit = try #require(files.first { $0.path.hasSuffix("junit.xml") })
        let delegate = JUnitCollector()
        let parser = XMLParser(data: Data(junit.contents))
        parser.delegate = delegate
        #expect(parser.parse(), "junit.xml is not well-formed: \(String(describing: parser.parserError))")
        #expect(delegate.elements.first == "testsuites")
        #expect(delegate.suites == ["small scenarios", "small criteria to review"])
        // One test case per scenario, then one per criterion to review; one failure per failed scenario.
        #expect(delegate.elements.filter { $0 == "testcase" }.count == 4 + 3)
        #expect(delegate.elements.filter { $0 == "failure" }.count == 1)
        // Not automatable, uncovered, and the device part of AC-SML-06.
        #expect(delegate.elements.filter { $0 == "skipped" }.count == 3)
    }

    @Test(arguments: ["acceptance.html", "coverage.html"])
    func htmlTagsAreBalanced(name: String) throws {
        let (_, _, files) = try Self.render()
        let file = try #require(files.first { $0.path == "reports/small/\(name)" })
        assertBalancedTags(String(decoding: file.contents, as: UTF8.self), file: name)
    }

    @Test func resultsForOnlySomeScenariosNeverPassACriterionWithoutEvidence() throws {
        let (app, results, _) = try Self.render()
        let partial = renderReports(for: app, results: results.filter { $0.name == "valid_email_signs_in" })
        let json = try #require(partial.first { $0.path == "reports/small/acceptance.json" })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.contents)) as? [String: Any])
        let criteria = try #require(object["criteria"] as? [[String: Any]])
        #expect(criteria.compactMap { $0["status"] as? String } == ["uncovered", "uncovered", "uncovered", "not-automatable", "passed", "uncovered"])
    }
}

/// Every `<details>`, `<table>` and `<section>` opened in `html` is closed, and never closed before it is opened.
func assertBalancedTags(_ html: String, file: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    for tag in ["details", "table", "section"] {
        var depth = 0
        var opened = 0
        var closedEarly = false
        var rest = Substring(html)
        while let start = rest.firstIndex(of: "<") {
            rest = rest[rest.index(after: start)...]
            if rest.hasPrefix("/\(tag)>") {
                depth -= 1
                if depth < 0 { closedEarly = true }
            } else if rest.hasPrefix("\(tag)>") || rest.hasPrefix("\(tag) ") {
                depth += 1
                opened += 1
            }
        }
        #expect(depth == 0 && !closedEarly, "\(file): <\(tag)> opened \(opened) times, unbalanced by \(depth)", sourceLocation: sourceLocation)
    }
}

/// Element names in document order, and the `name` of each `<testsuite>`.
final class JUnitCollector: NSObject, XMLParserDelegate {
    var elements: [String] = []
    var suites: [String] = []

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        elements.append(elementName)
        if elementName == "testsuite", let name = attributes["name"] { suites.append(name) }
    }
}

/// The Tempo app under `flows/tempo`: every report renders, and no criterion passes without evidence.
@Suite struct TempoReportTests {
    @Test func noCriterionPassesWithoutEvidence() throws {
        let (app, results, files) = try renderFixture(inputs: ["flows/tempo"], base: packageRoot())
        #expect(!files.isEmpty)
        #expect(files.allSatisfy { $0.path.hasPrefix("reports/\(app.id)/") })
        let json = try #require(files.first { $0.path == "reports/\(app.id)/acceptance.json" })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.contents)) as? [String: Any])
        let criteria = try #require(object["criteria"] as? [[String: Any]])
        #expect(criteria.count == app.criteria.count)
        for criterion in criteria where criterion["status"] as? String == "passed" {
            if criterion["verification"] as? String == "static" {
                // A static proof's evidence is what it checked over the flows.
                #expect((criterion["exploration"] as? String)?.isEmpty == false, "\(criterion["id"] ?? "?") passed a static proof that checked nothing")
                continue
            }
            let evidence = criterion["evidence"] as? [[String: Any]] ?? []
            #expect(!evidence.isEmpty, "\(criterion["id"] ?? "?") passed without evidence")
            #expect(evidence.allSatisfy { $0["passed"] as? Bool == true && $0["ran"] as? Bool == true },
                    "\(criterion["id"] ?? "?") passed with failing or missing evidence")
        }
        #expect(results.allSatisfy { $0.passed })
        for flow in app.flows { #expect(files.contains { $0.path == "reports/\(app.id)/\(flow.name).dot" }) }
        let coverage = try #require(files.first { $0.path.hasSuffix("coverage.md") })
        let text = String(decoding: coverage.contents, as: UTF8.self)
        #expect(text.components(separatedBy: "```mermaid\nstateDiagram-v2").count - 1 == app.flows.count)
        let junit = try #require(files.first { $0.path.hasSuffix("junit.xml") })
        #expect(XMLParser(data: Data(junit.contents)).parse())
        for name in ["acceptance.html", "coverage.html"] {
            let html = try #require(files.first { $0.path == "reports/\(app.id)/\(name)" })
            assertBalancedTags(String(decoding: html.contents, as: UTF8.self), file: name)
        }
    }
}
