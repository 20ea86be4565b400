import FlowIR

/// Renders `junit.xml`: one `<testsuite>` per criterion (named by its ID) with one `<testcase>` per
/// scenario offered as evidence; not-automatable and uncovered criteria get one skipped test case.
///
/// Follows the common JUnit XML schema (`testsuites` / `testsuite` / `testcase` with `name`, `tests`,
/// `failures`, `errors`, `skipped`, `classname`); no timestamps or durations, so runs are byte-identical.
func renderJUnit(_ report: AcceptanceReport) -> [UInt8] {
    struct Case {
        var name: String
        var classname: String
        /// `<failure>` or `<skipped>` element, or nil for a pass.
        var body: String?
        var failed: Bool
        var skipped: Bool
    }
    let app = report.app
    var suites: [(name: String, criterion: AcceptanceReport.Criterion, cases: [Case])] = []
    for item in report.criteria {
        let classname = "\(app.id).\(item.criterion.id)"
        var cases: [Case] = []
        switch item.status {
        case .notAutomatable:
            cases.append(Case(name: item.criterion.id, classname: classname,
                              body: "<skipped message=\"\(xmlAttribute(item.reason ?? "not automatable"))\"/>", failed: false, skipped: true))
        case .uncovered where item.evidence.isEmpty:
            let why = item.verification == "none" ? "uncovered: no verification is named" : "uncovered: no scenario ran"
            cases.append(Case(name: item.criterion.id, classname: classname, body: "<skipped message=\"\(xmlAttribute(why))\"/>",
                              failed: false, skipped: true))
        default:
            for evidence in item.evidence {
                guard let result = evidence.result else {
                    cases.append(Case(name: evidence.scenario, classname: classname,
                                      body: "<skipped message=\"scenario did not run\"/>", failed: false, skipped: true))
                    continue
                }
                if evidence.passed {
                    cases.append(Case(name: evidence.scenario, classname: classname, body: nil, failed: false, skipped: false))
                } else {
                    let message = result.failure.map { "step \($0.step) at \(location($0.range)): \($0.message)" } ?? "failed"
                    let trace = result.trace.description
                    let body = "<failure message=\"\(xmlAttribute(message))\" type=\"\(item.verification == "invariant" ? "invariant" : "scenario")\">"
                        + escapeMarkup(message + "\n\ntrace:\n" + trace) + "</failure>"
                    cases.append(Case(name: evidence.scenario, classname: classname, body: body, failed: true, skipped: false))
                }
            }
        }
        // The part only a device can check shows as skipped beside the evidence for the rest.
        if let part = item.criterion.notAutomatablePart {
            cases.append(Case(name: "\(item.criterion.id) (not automatable part)", classname: classname,
                              body: "<skipped message=\"\(xmlAttribute(part))\"/>", failed: false, skipped: true))
        }
        suites.append((item.criterion.id, item, cases))
    }
    let allCases = suites.flatMap(\.cases)
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<testsuites name=\"\(xmlAttribute(app.id))\" tests=\"\(allCases.count)\" failures=\"\(allCases.filter(\.failed).count)\""
        + " errors=\"0\" skipped=\"\(allCases.filter(\.skipped).count)\">\n"
    for suite in suites {
        out += "  <testsuite name=\"\(xmlAttribute(suite.name))\" tests=\"\(suite.cases.count)\""
            + " failures=\"\(suite.cases.filter(\.failed).count)\" errors=\"0\" skipped=\"\(suite.cases.filter(\.skipped).count)\">\n"
        out += "    <properties>\n"
        out += "      <property name=\"text\" value=\"\(xmlAttribute(suite.criterion.criterion.text))\"/>\n"
        out += "      <property name=\"status\" value=\"\(suite.criterion.status.rawValue)\"/>\n"
        out += "      <property name=\"verification\" value=\"\(xmlAttribute(suite.criterion.verification))\"/>\n"
        out += "      <property name=\"location\" value=\"\(xmlAttribute(location(suite.criterion.criterion.range)))\"/>\n"
        out += "    </properties>\n"
        for test in suite.cases {
            let open = "    <testcase name=\"\(xmlAttribute(test.name))\" classname=\"\(xmlAttribute(test.classname))\""
            if let body = test.body {
                out += open + ">\n      \(body)\n    </testcase>\n"
            } else {
                out += open + "/>\n"
            }
        }
        out += "  </testsuite>\n"
    }
    out += "</testsuites>\n"
    return Array(out.utf8)
}

/// An attribute value: markup-escaped, newlines kept as character references.
private func xmlAttribute(_ text: String) -> String { escapeMarkup(text, attribute: true) }
