import FlowReports
import FlowTestSupport
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// The rules of Jenkins xunit's JUnit format 10 (`Tests/Fixtures/junit/junit-10-rules.xsd`) checked in Swift, plus
/// the counts a dashboard trusts: each suite's `tests`, `failures` and `skipped` are its cases, the root's are the sum.
final class JUnitRulesChecker: NSObject, XMLParserDelegate {
    /// Children each element may have (nil: text only).
    static let children: [String: Set<String>] = [
        "#document": ["testsuites", "testsuite"],
        "testsuites": ["testsuite"],
        "testsuite": ["testsuite", "properties", "testcase", "system-out", "system-err"],
        "properties": ["property"],
        "property": [],
        "testcase": ["skipped", "error", "failure", "rerunFailure", "rerunError", "flakyFailure", "flakyError", "system-out", "system-err"],
        "rerunFailure": ["stackTrace", "system-out", "system-err"], "rerunError": ["stackTrace", "system-out", "system-err"],
        "flakyFailure": ["stackTrace", "system-out", "system-err"], "flakyError": ["stackTrace", "system-out", "system-err"],
        "skipped": [], "error": [], "failure": [], "system-out": [], "system-err": [], "stackTrace": [],
    ]
    /// Attributes each element may carry, and which of them are required.
    static let attributes: [String: (allowed: Set<String>, required: Set<String>)] = [
        "testsuites": (["name", "time", "tests", "failures", "errors"], []),
        "testsuite": (["name", "tests", "failures", "errors", "group", "time", "skipped", "timestamp", "hostname", "id", "package", "file", "log", "url"],
                      ["name", "tests", "failures", "errors"]),
        "property": (["name", "value"], ["name", "value"]),
        "testcase": (["name", "time", "classname", "group"], ["name"]),
        "skipped": (["type", "message"], []), "error": (["type", "message"], []), "failure": (["type", "message"], []),
        "rerunFailure": (["type", "message"], ["type"]), "rerunError": (["type", "message"], ["type"]),
        "flakyFailure": (["type", "message"], ["type"]), "flakyError": (["type", "message"], ["type"]),
        "properties": ([], []), "system-out": ([], []), "system-err": ([], []), "stackTrace": ([], []),
    ]
    /// The Surefire duration of `time` on suites (`SUREFIRE_TIME`).
    static func isDuration(_ text: String) -> Bool {
        text.range(of: #"^(([0-9]{0,3},)*[0-9]{3}|[0-9]{0,3})*(\.[0-9]*)?$"#, options: .regularExpression) != nil
    }

    var problems: [String] = []
    private var stack = ["#document"]
    private struct Suite { var attributes: [String: String]; var cases = 0; var failures = 0; var errors = 0; var skipped = 0 }
    private var suites: [Suite] = []
    private var root: [String: String]?
    private var totals = (cases: 0, failures: 0, errors: 0)

    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        let parent = stack.last ?? "#document"
        if !(Self.children[parent]?.contains(name) ?? false) { problems.append("<\(name)> is not allowed in <\(parent)>") }
        if let rules = Self.attributes[name] {
            for key in attributes.keys.sorted() where !rules.allowed.contains(key) { problems.append("<\(name)> has no attribute '\(key)'") }
            for key in rules.required.sorted() where attributes[key] == nil { problems.append("<\(name)> needs '\(key)'") }
        }
        if name == "testsuite" || name == "testsuites", let time = attributes["time"], !Self.isDuration(time) {
            problems.append("<\(name)> time '\(time)' is not a duration")
        }
        switch name {
        case "testsuites": root = attributes
        case "testsuite": suites.append(Suite(attributes: attributes))
        case "testcase": if !suites.isEmpty { suites[suites.count - 1].cases += 1 }; totals.cases += 1
        case "failure" where parent == "testcase": if !suites.isEmpty { suites[suites.count - 1].failures += 1 }; totals.failures += 1
        case "error" where parent == "testcase": if !suites.isEmpty { suites[suites.count - 1].errors += 1 }; totals.errors += 1
        case "skipped" where parent == "testcase": if !suites.isEmpty { suites[suites.count - 1].skipped += 1 }
        default: break
        }
        stack.append(name)
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        stack.removeLast()
        if name == "testsuite", let suite = suites.popLast() {
            let label = suite.attributes["name"] ?? "?"
            for (key, count) in [("tests", suite.cases), ("failures", suite.failures), ("errors", suite.errors), ("skipped", suite.skipped)] {
                if let written = suite.attributes[key], written != String(count) { problems.append("suite '\(label)' says \(key)=\(written), has \(count)") }
            }
        }
        if name == "testsuites", let root {
            for (key, count) in [("tests", totals.cases), ("failures", totals.failures), ("errors", totals.errors)] {
                if let written = root[key], written != String(count) { problems.append("testsuites says \(key)=\(written), has \(count)") }
            }
        }
    }

    /// The problems of `xml`, or a parse error.
    static func check(_ xml: [UInt8]) -> [String] {
        let checker = JUnitRulesChecker()
        let parser = XMLParser(data: Data(xml))
        parser.delegate = checker
        guard parser.parse() else { return ["not well-formed: \(String(describing: parser.parserError))"] }
        return checker.problems
    }
}

@Suite struct JUnitSchemaTests {
    static let schema = fixturesDirectory().appendingPathComponent("junit/junit-10-rules.xsd")

    static func junit(_ fixture: String, app: String) throws -> [UInt8] {
        let (_, _, files) = try renderFixture(inputs: ["reports/\(fixture)"], base: fixturesDirectory())
        return try #require(files.first { $0.path == "reports/\(app)/junit.xml" }).contents
    }

    @Test(arguments: [("small-app", "small"), ("unowned-failure", "unowned")])
    func fixtureFollowsTheRules(fixture: String, app: String) async throws {
        let xml = try Self.junit(fixture, app: app)
        #expect(JUnitRulesChecker.check(xml) == [])
        try await validateWithXMLSchemaIfInstalled(xml, name: fixture)
    }

    @Test func committedReportsFollowTheRules() throws {
        let folder = packageRoot().appendingPathComponent("generated/reports")
        let apps = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(apps.count >= 4)
        for app in apps {
            let url = folder.appendingPathComponent("\(app)/junit.xml")
            guard let data = FileManager.default.contents(atPath: url.path) else { continue }
            #expect(JUnitRulesChecker.check(Array(data)) == [], "\(app)/junit.xml")
        }
    }

    /// Each rule can fail: a planted mistake of each kind is reported.
    @Test(arguments: [
        (#"<testsuites tests="0" failures="0" errors="0" skipped="0"></testsuites>"#, "<testsuites> has no attribute 'skipped'"),
        (#"<testsuites><testsuite name="a" tests="1" failures="0" errors="0"><testcase name="x"><properties/></testcase></testsuite></testsuites>"#,
         "<properties> is not allowed in <testcase>"),
        (#"<testsuites><testsuite name="a" tests="0" failures="0" errors="0" time="1.5s"/></testsuites>"#, "<testsuite> time '1.5s' is not a duration"),
        (#"<testsuites><testsuite name="a" tests="0" errors="0"/></testsuites>"#, "<testsuite> needs 'failures'"),
        (#"<testsuites><testsuite name="a" tests="1" failures="0" errors="0"><testcase name="x"><failure/></testcase></testsuite></testsuites>"#,
         "suite 'a' says failures=0, has 1"),
        (#"<testsuites failures="0"><testsuite name="a" tests="1" failures="1" errors="0"><testcase name="x"><failure/></testcase></testsuite></testsuites>"#,
         "testsuites says failures=0, has 1"),
    ])
    func plantedMistakeIsCaught(xml: String, problem: String) {
        #expect(JUnitRulesChecker.check(Array(xml.utf8)).contains(problem))
    }

    /// Where `xmlschema` (PyPI) is installed, as in CI, the XSD itself judges too.
    func validateWithXMLSchemaIfInstalled(_ xml: [UInt8], name: String) async throws {
        let python = URL(fileURLWithPath: "/usr/bin/python3")
        guard FileManager.default.isExecutableFile(atPath: python.path) else { return }
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-junit-\(name)-\(ProcessInfo.processInfo.processIdentifier).xml")
        try Data(xml).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await runProcess(python, ["-c", """
            import sys
            try:
                import xmlschema
            except ImportError:
                sys.exit(3)
            schema = xmlschema.XMLSchema(sys.argv[1])
            errors = [str(e.reason) for e in schema.iter_errors(sys.argv[2])]
            print("\\n".join(errors))
            sys.exit(1 if errors else 0)
            """, Self.schema.path, file.path])
        if result.status == 3 { return }
        #expect(result.status == 0, "\(name): junit.xml fails junit-10-rules.xsd: \(result.stdout)\(result.stderr)")
    }
}

/// A failed scenario that no criterion names is still a failure in junit.xml, and no report shows a failed scenario
/// with a pass mark (`Tests/Fixtures/reports/unowned-failure`).
@Suite struct UnownedFailureTests {
    static let folder = fixturesDirectory().appendingPathComponent("reports/unowned-failure")
    static let expectedFiles = ["acceptance.html", "acceptance.json", "acceptance.md", "junit.xml"]
    static let failed = ["denied_sign_in_stays", "help_is_never_shown"]

    static func files() throws -> [String: String] {
        let (_, _, files) = try renderFixture(inputs: ["reports/unowned-failure"], base: fixturesDirectory())
        return Dictionary(files.map { ($0.path.replacingOccurrences(of: "reports/unowned/", with: ""), String(decoding: $0.contents, as: UTF8.self)) },
                          uniquingKeysWith: { first, _ in first })
    }

    @Test(arguments: expectedFiles)
    func fileMatchesGolden(name: String) throws {
        let text = try #require(try Self.files()[name])
        assertMatchesGolden(text, golden: Self.folder.appendingPathComponent("expected/\(name)"))
    }

    @Test func junitCountsEachFailedScenarioOnce() throws {
        let junit = try #require(try Self.files()["junit.xml"])
        #expect(junit.contains(#"<testsuites name="unowned" tests="3" failures="2" errors="0" time="0">"#))
        #expect(junit.components(separatedBy: "<failure ").count - 1 == 2)
        #expect(junit.components(separatedBy: "<testcase ").count - 1 == 3)
        #expect(junit.components(separatedBy: "<testcase ").dropFirst().allSatisfy { $0.contains(#"time="0""#) })
    }

    @Test func noFailedScenarioIsShownWithAPassMark() throws {
        let files = try Self.files()
        let markdown = try #require(files["acceptance.md"])
        for line in markdown.split(separator: "\n") where Self.failed.contains(where: { line.contains("`\($0)`") }) {
            #expect(!line.contains("✅"), "acceptance.md: \(line)")
        }
        let html = try #require(files["acceptance.html"])
        for name in Self.failed {
            // Every mark written just before a link to the failed scenario is the failure mark.
            let link = "<a href=\"#scenario-\(name)\">"
            for piece in html.components(separatedBy: link).dropLast() {
                let tail = piece.suffix(120)
                #expect(!tail.contains("title=\"passed\">✓</span> "), "acceptance.html shows \(name) as passed")
            }
        }
        let json = try #require(files["acceptance.json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        for criterion in object["criteria"] as? [[String: Any]] ?? [] {
            for evidence in criterion["evidence"] as? [[String: Any]] ?? [] where Self.failed.contains(evidence["scenario"] as? String ?? "") {
                #expect(evidence["passed"] as? Bool == false, "acceptance.json: \(criterion["id"] ?? "?") lists \(evidence["scenario"] ?? "?") as passed")
            }
        }
    }
}
