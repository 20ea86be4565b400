import FlowIR

/// Renders `junit.xml`: one test case per scenario, so a CI dashboard counts exactly the scenarios that ran and
/// `failures` is exactly the number of failed scenarios, whatever criteria they are evidence for.
///
/// - Suite `<app> scenarios`: one `<testcase>` per scenario in declaration order; a failed one has a `<failure>`
///   (message, full trace), one that did not run is `<skipped>`; `<system-out>` names the criteria it is evidence
///   for. The suite's `<properties>` give every criterion's status (`criterion AC-ONB-02` = `passed · scenarios`).
/// - Suite `<app> criteria to review`: one skipped test case per criterion no headless run decides (not automatable,
///   uncovered, or the device part of a criterion proved in part), so they are reviewed rather than ignored.
///
/// Every case carries `time="0"`: the reports are byte-identical on every run, so no wall-clock duration goes in
/// them (a scenario runs on a virtual clock, in well under a millisecond of real time). Valid against Jenkins xunit's
/// `junit-10.xsd` (checked by `JUnitSchemaTests`): `<testsuites>` has no `skipped` attribute there, so the skipped
/// count is on each `<testsuite>`.
func renderJUnit(_ report: AcceptanceReport) -> [UInt8] {
    struct Case {
        var name: String
        var classname: String
        /// `<failure>` or `<skipped>` element, or nil for a pass.
        var body: String?
        /// `<system-out>` text.
        var output: String?
        var failed: Bool
        var skipped: Bool
    }
    let app = report.app
    var evidenceFor: [String: [String]] = [:]
    var invariantsChecked: [String] = []
    for item in report.criteria {
        switch item.criterion.verification {
        case .scenarios:
            for evidence in item.evidence where evidenceFor[evidence.scenario]?.last != item.criterion.id {
                evidenceFor[evidence.scenario, default: []].append(item.criterion.id)
            }
        case .invariant:
            invariantsChecked.append(item.criterion.id)
        case .property, .staticProof, .notAutomatable, .unverified:
            break
        }
    }
    let scenarioClass = "\(app.id).scenarios"
    let scenarioCases = report.scenarios.map { entry -> Case in
        var notes: [String] = []
        if let criteria = evidenceFor[entry.scenario.name] { notes.append("Evidence for " + criteria.joined(separator: ", ") + ".") }
        if !invariantsChecked.isEmpty {
            notes.append("Checks the invariants of " + invariantsChecked.joined(separator: ", ") + " after every step.")
        }
        let output = notes.isEmpty ? nil : notes.joined(separator: " ")
        guard let result = entry.result else {
            return Case(name: entry.scenario.name, classname: scenarioClass, body: "<skipped message=\"scenario did not run\"/>",
                        output: output, failed: false, skipped: true)
        }
        guard !result.passed else {
            return Case(name: entry.scenario.name, classname: scenarioClass, body: nil, output: output, failed: false, skipped: false)
        }
        let message = result.failure.map { "step \($0.step) at \(location($0.range)): \($0.message)" } ?? "failed"
        let body = "<failure message=\"\(xmlAttribute(message))\" type=\"\(brokeInvariant(result, named: nil) ? "invariant" : "scenario")\">"
            + escapeMarkup(message + "\n\ntrace:\n" + result.trace.description) + "</failure>"
        return Case(name: entry.scenario.name, classname: scenarioClass, body: body, output: output, failed: true, skipped: false)
    }
    let criteriaClass = "\(app.id).criteria"
    var reviewCases: [Case] = []
    for item in report.criteria {
        let id = item.criterion.id
        switch item.status {
        case .notAutomatable:
            reviewCases.append(Case(name: id, classname: criteriaClass, body: "<skipped message=\"\(xmlAttribute(item.reason ?? "not automatable"))\"/>",
                                    failed: false, skipped: true))
        case .uncovered:
            let why = switch item.criterion.verification {
            case .unverified: "uncovered: no verification is named"
            case .invariant: "uncovered: not every scenario ran to its end keeping the invariants"
            default: item.evidence.isEmpty ? "uncovered: no scenario is named" : "uncovered: a scenario it names did not run"
            }
            reviewCases.append(Case(name: id, classname: criteriaClass, body: "<skipped message=\"\(xmlAttribute(why))\"/>", failed: false, skipped: true))
        case .passed, .weak, .failed:
            // A property is checked by flowc explore, not by a scenario: its verdict is a case of its own, so a
            // violation found on an explored path fails the run like a failed scenario.
            if let index = item.criterion.checkedProperty {
                let name = app.properties.indices.contains(index) ? app.properties[index].name : "#\(index)"
                let found = item.exploration ?? "checked by flowc explore"
                // Beside scenarios, the property's own verdict: the scenarios' failures are their own cases.
                let broken = item.criterion.propertyBeside == nil ? item.status == .failed : item.propertyHeld == false
                reviewCases.append(Case(name: "\(id) (property \(name))", classname: criteriaClass,
                                        body: broken ? "<failure message=\"\(xmlAttribute(found))\" type=\"property\"/>" : nil,
                                        output: broken ? nil : found, failed: broken, skipped: false))
            }
            // A static proof is a case of its own too: a broken proof fails the run.
            if case .staticProof(let verdict) = item.criterion.verification {
                let found = item.exploration ?? verdict.checked
                reviewCases.append(Case(name: "\(id) (static \(verdict.proof.rawValue))", classname: criteriaClass,
                                        body: item.status == .failed ? "<failure message=\"\(xmlAttribute(found))\" type=\"static\"/>" : nil,
                                        output: item.status == .failed ? nil : found, failed: item.status == .failed, skipped: false))
            }
        }
        // The part only a device can check shows as skipped beside the evidence for the rest.
        if let part = item.criterion.notAutomatablePart {
            reviewCases.append(Case(name: "\(id) (not automatable part)", classname: criteriaClass,
                                    body: "<skipped message=\"\(xmlAttribute(part))\"/>", failed: false, skipped: true))
        }
    }
    let properties = report.criteria.map { item in
        (name: "criterion \(item.criterion.id)",
         value: item.displayStatus + (item.verification == "scenarios" || item.verification == "invariant" ? " · by \(item.verification)" : "")
            + (item.propertyBeside.map { " and property \($0)" } ?? ""))
    }
    var suites: [(name: String, properties: [(name: String, value: String)], cases: [Case])] = [("\(app.id) scenarios", properties, scenarioCases)]
    if !reviewCases.isEmpty { suites.append(("\(app.id) criteria to review", [], reviewCases)) }

    let allCases = suites.flatMap(\.cases)
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out += "<testsuites name=\"\(xmlAttribute(app.id))\" tests=\"\(allCases.count)\" failures=\"\(allCases.filter(\.failed).count)\" errors=\"0\" time=\"0\">\n"
    for suite in suites {
        out += "  <testsuite name=\"\(xmlAttribute(suite.name))\" tests=\"\(suite.cases.count)\""
            + " failures=\"\(suite.cases.filter(\.failed).count)\" errors=\"0\" skipped=\"\(suite.cases.filter(\.skipped).count)\" time=\"0\">\n"
        if !suite.properties.isEmpty {
            out += "    <properties>\n"
            for property in suite.properties {
                out += "      <property name=\"\(xmlAttribute(property.name))\" value=\"\(xmlAttribute(property.value))\"/>\n"
            }
            out += "    </properties>\n"
        }
        for test in suite.cases {
            let open = "    <testcase name=\"\(xmlAttribute(test.name))\" classname=\"\(xmlAttribute(test.classname))\" time=\"0\""
            let children = [test.body, test.output.map { "<system-out>\(escapeMarkup($0))</system-out>" }].compactMap { $0 }
            if children.isEmpty {
                out += open + "/>\n"
            } else {
                out += open + ">\n" + children.map { "      \($0)\n" }.joined() + "    </testcase>\n"
            }
        }
        out += "  </testsuite>\n"
    }
    out += "</testsuites>\n"
    return Array(out.utf8)
}

/// An attribute value: markup-escaped, newlines kept as character references.
private func xmlAttribute(_ text: String) -> String { escapeMarkup(text, attribute: true) }
