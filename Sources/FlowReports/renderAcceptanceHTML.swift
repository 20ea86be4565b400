import FlowIR
import FlowRuntime

/// Renders `acceptance.html`: one self-contained page (inline CSS and a small inline script, nothing fetched).
///
/// Written for a QA lead reading it in a browser and a compliance reviewer printing it: every criterion's
/// text is on the page, never behind a click; a failed criterion shows its failure (scenario, step, expected
/// and found, the step's `file:line`) at once; criteria link to their scenarios, scenarios to their steps and
/// the YAML lines that declared them, screens to their criteria. Traces are the only folded content. Print
/// styles drop the filters and keep each criterion on one page.
/// - Parameters:
///   - report: The acceptance verdicts.
///   - links: How the page links back to the flow files.
func renderAcceptanceHTML(_ report: AcceptanceReport, links: HTMLLinks) -> [UInt8] {
    let app = report.app
    let e = { (text: String) in escapeMarkup(text) }
    let attribute = { (text: String) in escapeMarkup(text, attribute: true) }
    let code = { (text: String) in "<code>\(escapeMarkup(text))</code>" }
    func screenLink(_ index: Int) -> String {
        guard app.screens.indices.contains(index) else { return "" }
        return "<a href=\"#\(attribute(anchor("screen", app.screens[index].id)))\">\(code(app.screens[index].id))</a>"
    }
    func criterionLink(_ id: String) -> String { "<a href=\"#\(attribute(anchor("criterion", id)))\">\(e(id))</a>" }
    func scenarioLink(_ name: String) -> String { "<a href=\"#\(attribute(anchor("scenario", name)))\">\(code(name))</a>" }
    func stepLink(_ scenario: String, _ step: Int) -> String {
        "<a href=\"#\(attribute(anchor("scenario", scenario)))-step-\(step)\">step \(step)</a>"
    }
    /// The failure as the reader wants it: which step, where it is written, and expected against found.
    func failureBlock(scenario: String, _ failure: ScenarioFailure) -> [String] {
        var out = ["<div class=\"failure\">"]
        let step = failure.step > 0 ? stepLink(scenario, failure.step) : "start"
        out.append("<p><strong>\(scenarioLink(scenario)) failed at \(step)</strong>, \(links.source(failure.range))</p>")
        if let split = expectedAndFound(failure.message) {
            out.append("<table class=\"diff\"><tr><th>Expected</th><td>\(e(split.expected))</td></tr>"
                       + "<tr><th>Found</th><td>\(e(split.found))</td></tr></table>")
        } else {
            out.append("<p class=\"message\">\(e(failure.message))</p>")
        }
        out.append("</div>")
        return out
    }
    // Which criteria offer each scenario as evidence, and which concern each screen.
    var criteriaOfScenario: [String: [String]] = [:]
    var criteriaOfScreen: [Int: [String]] = [:]
    for item in report.criteria {
        if case .scenarios = item.criterion.verification {
            for evidence in item.evidence { criteriaOfScenario[evidence.scenario, default: []].append(item.criterion.id) }
        }
        var screens = item.criterion.screens
        for transition in item.criterion.transitions where !screens.contains(transition.screen) { screens.append(transition.screen) }
        for screen in screens { criteriaOfScreen[screen, default: []].append(item.criterion.id) }
    }

    var out = htmlPageStart(title: "Acceptance report: \(e(app.name))")
    let traceability = report.traceability
    if traceability != nil { out.append(contentsOf: traceabilityStyle) }
    out.append(contentsOf: [
        "article.criterion { border: 1px solid var(--line); border-left-width: 6px; border-radius: 6px; margin: .8rem 0; padding: .5rem 1rem; }",
        "article.criterion h3 { margin: .2rem 0; font-size: 1.05rem; display: flex; gap: .6rem; align-items: baseline; flex-wrap: wrap; }",
        "article.passed { border-left-color: var(--green); } article.failed { border-left-color: var(--red); background: #fff8f8; }",
        "article.uncovered { border-left-color: var(--amber); } article.not-automatable { border-left-color: var(--grey); }",
        "article.passed-weak { border-left-color: var(--amber); } .badge.passed-weak { background: var(--amber); }",
        ".badge.passed.survivors { background: #1f6f43; } table.weakest td { vertical-align: top; }",
        "blockquote.text { margin: .3rem 0 .4rem; font-size: 1.05rem; }",
        "p.facts { margin: .2rem 0; font-size: 90%; color: #3d444d; }",
        ".failure { border: 1px solid #ffcecb; background: #ffebe9; border-radius: 6px; padding: .3rem .8rem; margin: .4rem 0; }",
        ".failure p { margin: .2rem 0; } table.diff { margin: .3rem 0; } table.diff th { width: 6rem; }",
        "ul.evidence { margin: .2rem 0; padding-left: 1.2rem; }",
        "article.scenario { border-top: 1px solid var(--line); padding: .4rem 0; }",
        "article.scenario h3 { margin: .2rem 0; font-size: 1rem; }",
        "ol.steps { margin: .2rem 0; font-size: 90%; } ol.steps li.failed { color: var(--red); font-weight: 600; }",
        ".filters button { margin: 0 .4rem .4rem 0; padding: .3rem .8rem; border: 1px solid var(--line); border-radius: 6px; background: var(--soft); cursor: pointer; }",
        ".filters button.active { background: #0969da; color: #fff; border-color: #0969da; }",
        ".filters input.find { padding: .3rem .6rem; border: 1px solid var(--line); border-radius: 6px; min-width: min(24rem, 100%); font: inherit; }",
        ".unmatched { display: none; } @media print { .unmatched { display: block !important; } }",
        ".hidden { display: none; }",
        ".mark { font-weight: 700; } .mark.passed { color: var(--green); } .mark.failed { color: var(--red); } .mark.uncovered { color: var(--amber); }",
        ":target { outline: 3px solid #0969da; outline-offset: 2px; }",
    ])
    out.append("</style>")
    out.append("</head>")
    out.append("<body>")
    out.append("<h1>Acceptance report: \(e(app.name)) (\(code(app.id)))</h1>")
    out.append("<p>\(report.passedScenarios) of \(report.scenarios.count) scenarios pass; \(report.coverage.screensVisited) of "
               + "\(report.coverage.screens.count) screens and \(report.coverage.transitionsTaken) of \(report.coverage.transitions.count) "
               + "transitions covered (<a href=\"coverage.html\">coverage report</a>).</p>")
    out.append("<nav class=\"contents\">" + (traceability == nil ? "" : "<a href=\"#traceability\">Document traceability</a>")
               + "<a href=\"#criteria\">Criteria</a><a href=\"#scenarios\">Scenarios</a>"
               + "<a href=\"#screens\">Screens</a><a href=\"#questions\">Open questions</a></nav>")
    out.append("<table class=\"totals\">")
    out.append("<tr><th>Status</th><th class=\"num\">Criteria</th><th class=\"num\">Share</th></tr>")
    for entry in report.counts {
        out.append("<tr><td><span class=\"badge \(entry.status.rawValue)\">\(e(entry.status.title))</span></td>"
                   + "<td class=\"num\">\(entry.count)</td><td class=\"num\">\(percentText(entry.count, of: report.criteria.count))</td></tr>")
    }
    out.append("<tr><th>Total</th><th class=\"num\">\(report.criteria.count)</th><th></th></tr>")
    out.append("</table>")
    let failedScenarios = report.scenarios.filter { $0.result.map { !$0.passed } ?? false }
    if !failedScenarios.isEmpty {
        out.append("<p class=\"failure\">\(statusMark("failed")) \(failedScenarios.count) scenario\(failedScenarios.count == 1 ? "" : "s") failed: "
                   + failedScenarios.map { scenarioLink($0.scenario.name) }.joined(separator: ", ") + "</p>")
    }
    let weakest = report.weakest
    if !weakest.isEmpty {
        out.append("<section id=\"weakest\">")
        out.append("<h2>Weakest criteria</h2>")
        out.append("<p>Passed, but their scenarios miss planted changes to what they concern that nothing explains "
                   + "(<code>mutation.md</code>); weakest first. Under \(MutationScore.weakBelowPercent)% of the changes caught "
                   + "(explained ones aside) a criterion is <em>passed, weak</em>.</p>")
        out.append("<table class=\"weakest\"><tr><th>Criterion</th><th>Status</th><th class=\"num\">Changes caught</th><th class=\"num\">Unexplained survivors</th></tr>")
        for item in weakest {
            guard let mutation = item.mutation else { continue }
            let id = item.criterion.id
            out.append("<tr><td><a href=\"#\(attribute(anchor("criterion", id)))\">\(e(id))</a></td>"
                       + "<td><span class=\"badge \(item.status.rawValue)\">\(e(item.status.title))</span></td>"
                       + "<td class=\"num\">\(mutation.killed) of \(mutation.mutants)\(mutation.explained > 0 ? " (\(mutation.explained) explained)" : "")</td>"
                       + "<td class=\"num\">\(mutation.unexplained)</td></tr>")
        }
        out.append("</table>")
        out.append("</section>")
    }

    if let traceability {
        out.append(contentsOf: renderTraceabilityHTML(traceability, app: app, criterionLink: criterionLink, questionLink: { id in
            "<a href=\"#\(attribute(anchor("question", id)))\">\(e(id))</a>"
        }))
    }
    out.append("<section id=\"criteria\">")
    out.append("<h2>Criteria</h2>")
    out.append("<div class=\"filters\">")
    out.append("<button type=\"button\" class=\"active\" data-filter=\"all\">All (\(report.criteria.count))</button>")
    for entry in report.counts {
        out.append("<button type=\"button\" data-filter=\"\(entry.status.rawValue)\">\(e(entry.status.title)) (\(entry.count))</button>")
    }
    out.append("<input type=\"search\" id=\"find\" class=\"find\" placeholder=\"Find: a criterion, scenario or screen ID, or words\" aria-label=\"Find criteria and scenarios\">")
    out.append("</div>")
    for item in report.criteria {
        let status = item.status.rawValue
        let id = item.criterion.id
        out.append("<article class=\"criterion \(status)\" id=\"\(attribute(anchor("criterion", id)))\" data-status=\"\(status)\">")
        let score = item.mutation.map { " <small class=\"muted\">Mutation score: \(e($0.text))</small>" } ?? ""
        let survivors = item.status == .passed && (item.mutation?.unexplained ?? 0) > 0 ? " survivors" : ""
        out.append("<h3><a href=\"#\(attribute(anchor("criterion", id)))\">\(e(id))</a> <span class=\"badge \(status)\(survivors)\">\(e(item.title))</span>\(score)</h3>")
        out.append("<blockquote class=\"text\">\(e(item.criterion.text))</blockquote>")
        var facts: [String] = []
        if let section = item.criterion.section { facts.append("Section: \(e(section))") }
        facts.append("Declared at \(links.source(item.criterion.range))")
        if !item.criterion.screens.isEmpty { facts.append("Screens: " + item.criterion.screens.map(screenLink).joined(separator: ", ")) }
        if !item.criterion.transitions.isEmpty {
            facts.append("Transitions: " + item.criterion.transitions.filter { app.screens.indices.contains($0.screen) }
                .map { code("\(app.screens[$0.screen].id) \($0.event)") }.joined(separator: ", "))
        }
        out.append("<p class=\"facts\">\(facts.joined(separator: " · "))</p>")
        for evidence in item.evidence where evidence.ran && !evidence.passed {
            if let failure = evidence.result?.failure { out.append(contentsOf: failureBlock(scenario: evidence.scenario, failure)) }
        }
        switch item.criterion.verification {
        case .scenarios:
            out.append("<p class=\"facts\">Verified by scenarios:</p>")
            out.append("<ul class=\"evidence\">")
            for evidence in item.evidence {
                out.append("<li>\(evidenceMark(evidence)) \(scenarioLink(evidence.scenario))\(evidence.ran ? "" : " (did not run)")</li>")
            }
            out.append("</ul>")
        case .invariant:
            let kept = item.evidence.filter { $0.ran && $0.passed }.count
            let broke = item.evidence.filter { $0.ran && !$0.passed }
            let stopped = item.evidence.filter(\.keptInvariantsThenFailed)
            let skipped = item.evidence.filter { !$0.ran }
            var sentence = "Verified by invariant \(code(item.invariant ?? "?")), checked after every step of every scenario: "
                + "\(kept) of \(item.evidence.count) scenarios kept it"
            if !stopped.isEmpty {
                sentence += " (\(stopped.count) of them only until they failed for another reason: "
                    + stopped.map { "\(statusMark("failed")) " + scenarioLink($0.scenario) }.joined(separator: ", ") + ")"
            }
            if !broke.isEmpty { sentence += "; broken in " + broke.map { scenarioLink($0.scenario) }.joined(separator: ", ") }
            if !skipped.isEmpty { sentence += "; did not run: " + skipped.map { scenarioLink($0.scenario) }.joined(separator: ", ") }
            out.append("<p class=\"facts\">\(sentence).</p>")
        case .property:
            out.append("<p class=\"facts\">Verified by property \(code(item.invariant ?? "?")), checked on every step flowc explore took: \(e(item.exploration ?? "")).</p>")
        case .staticProof(let verdict):
            out.append("<p class=\"facts\">Verified statically by \(code(verdict.proof.rawValue)), a proof over the flows: \(e(item.exploration ?? "")).</p>")
        case .notAutomatable:
            out.append("<p><strong>Not automatable:</strong> \(e(item.reason ?? ""))</p>")
        case .unverified:
            out.append("<p><strong>Uncovered:</strong> no scenario or invariant is named in <code>verified_by</code>.</p>")
        }
        if let property = item.propertyBeside {
            out.append("<p class=\"facts\">Also verified by property \(code(property)), checked on every step flowc explore took: \(e(item.exploration ?? "")).</p>")
        }
        if let part = item.criterion.notAutomatablePart { out.append("<p><strong>Not automatable (the rest):</strong> \(e(part))</p>") }
        if let reason = item.criterion.noPropertyReason { out.append("<p><strong>No property:</strong> \(e(reason))</p>") }
        out.append("</article>")
    }
    out.append("</section>")

    out.append("<section id=\"scenarios\">")
    out.append("<h2>Scenarios</h2>")
    out.append("<p>\(report.passedScenarios) of \(report.scenarios.count) pass"
               + (report.failedScenarios > 0 ? "; \(report.failedScenarios) failed" : "") + ".</p>")
    for entry in report.scenarios {
        let name = entry.scenario.name
        let state = entry.result.map { $0.passed ? "passed" : "failed" } ?? "uncovered"
        let mark = statusMark(state)
        out.append("<article class=\"scenario \(state)\" id=\"\(attribute(anchor("scenario", name)))\">")
        out.append("<h3>\(mark) \(code(name))\(entry.result == nil ? " (did not run)" : "")</h3>")
        if let description = entry.scenario.description { out.append("<p>\(e(description))</p>") }
        var facts = ["Declared at \(links.source(entry.scenario.range))"]
        if let start = entry.scenario.startScreen { facts.append("Starts on \(screenLink(start))") }
        if let criteria = criteriaOfScenario[name] { facts.append("Evidence for " + criteria.map(criterionLink).joined(separator: ", ")) }
        out.append("<p class=\"facts\">\(facts.joined(separator: " · "))</p>")
        if let failure = entry.result?.failure { out.append(contentsOf: failureBlock(scenario: name, failure)) }
        if !entry.scenario.steps.isEmpty {
            out.append("<ol class=\"steps\">")
            for (offset, step) in entry.scenario.steps.enumerated() {
                let number = offset + 1
                let failed = entry.result?.failure?.step == number
                out.append("<li id=\"\(attribute(anchor("scenario", name)))-step-\(number)\"\(failed ? " class=\"failed\"" : "")>"
                           + "\(code(describeStep(step.kind, app: app))) \(links.source(step.range))\(failed ? " ← failed here" : "")</li>")
            }
            out.append("</ol>")
        }
        if let result = entry.result, !result.trace.steps.isEmpty {
            out.append("<details class=\"trace no-print\">")
            out.append("<summary>Trace (\(result.trace.steps.count) steps)</summary>")
            out.append("<pre>\(e(result.trace.description))</pre>")
            out.append("</details>")
        }
        out.append("</article>")
    }
    out.append("</section>")

    out.append("<section id=\"screens\">")
    out.append("<h2>Screens</h2>")
    out.append("<table>")
    out.append("<tr><th>Screen</th><th>Name</th><th>Flow</th><th>Criteria</th><th>Declared at</th></tr>")
    for item in report.coverage.screens {
        let criteria = criteriaOfScreen[item.index].map { $0.map(criterionLink).joined(separator: ", ") } ?? "<span class=\"muted\">none</span>"
        let flow = app.flows.indices.contains(item.screen.flow) ? app.flows[item.screen.flow].name : ""
        out.append("<tr id=\"\(attribute(anchor("screen", item.screen.id)))\"><td>\(code(item.screen.id))</td><td>\(e(item.screen.name))</td>"
                   + "<td><a href=\"coverage.html#\(attribute(anchor("flow", flow)))\">\(code(flow))</a></td><td>\(criteria)</td>"
                   + "<td>\(links.source(item.screen.range))</td></tr>")
    }
    out.append("</table>")
    out.append("</section>")

    out.append("<section id=\"questions\">")
    out.append("<h2>Open questions</h2>")
    if app.questions.isEmpty { out.append("<p>No open questions.</p>") }
    for question in app.questions {
        out.append("<h3 id=\"\(attribute(anchor("question", question.id)))\">\(e(question.id))</h3>")
        out.append("<blockquote>\(e(question.text))</blockquote>")
        out.append("<p><strong>Assumption:</strong> \(e(question.assumption))</p>")
        out.append("<p class=\"facts\">Declared at \(links.source(question.range))</p>")
    }
    out.append("</section>")
    out.append("<script>")
    out.append(contentsOf: [
        "document.querySelectorAll('.filters button').forEach(function (button) {",
        "  button.addEventListener('click', function () {",
        "    var filter = button.getAttribute('data-filter');",
        "    document.querySelectorAll('.filters button').forEach(function (other) { other.classList.toggle('active', other === button); });",
        "    document.querySelectorAll('article.criterion').forEach(function (item) {",
        "      item.classList.toggle('hidden', filter !== 'all' && item.getAttribute('data-status') !== filter);",
        "    });",
        "  });",
        "});",
        // The search box keeps the cards (criteria, scenarios) whose text holds every word typed, ignoring case.
        "document.getElementById('find').addEventListener('input', function (event) {",
        "  var words = event.target.value.toLowerCase().split(/\\s+/).filter(Boolean);",
        "  document.querySelectorAll('article.criterion, article.scenario').forEach(function (item) {",
        "    var text = item.textContent.toLowerCase();",
        "    item.classList.toggle('unmatched', !words.every(function (word) { return text.indexOf(word) >= 0; }));",
        "  });",
        "});",
    ])
    out.append("</script>")
    out.append("</body>")
    out.append("</html>")
    return Array((out.joined(separator: "\n") + "\n").utf8)
}

/// ✓, ✗ or ! in the status colour: plain text marks, which every font has (colour emoji need a font CI machines lack).
private func evidenceMark(_ evidence: AcceptanceReport.Evidence) -> String {
    statusMark(evidence.result == nil ? "uncovered" : evidence.scenarioPassed ? "passed" : "failed")
}

func statusMark(_ status: String) -> String {
    let symbol = switch status {
    case "passed": "✓"
    case "failed": "✗"
    default: "!"
    }
    return "<span class=\"mark \(status)\" title=\"\(status)\">\(symbol)</span>"
}

/// `expected screen HOM-003 (Home), found LOG-002 (Log In)` as its two halves; nil for other messages.
func expectedAndFound(_ message: String) -> (expected: String, found: String)? {
    guard message.hasPrefix("expected "), let separator = message.range(of: ", found ") else { return nil }
    let expected = message[message.index(message.startIndex, offsetBy: 9)..<separator.lowerBound]
    return (String(expected), String(message[separator.upperBound...]))
}

