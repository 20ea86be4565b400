import FlowIR

/// Renders `acceptance.html`: one self-contained page (inline CSS and script, nothing fetched) with
/// the summary, buttons filtering criteria by status, and each criterion as a `<details>` holding its
/// scenarios and their traces.
func renderAcceptanceHTML(_ report: AcceptanceReport) -> [UInt8] {
    let app = report.app
    let e = { (text: String) in escapeMarkup(text) }
    var out: [String] = []
    out.append("<!DOCTYPE html>")
    out.append("<html lang=\"en\">")
    out.append("<head>")
    out.append("<meta charset=\"utf-8\">")
    out.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
    out.append("<title>Acceptance report: \(e(app.name))</title>")
    out.append("<style>")
    out.append(contentsOf: [
        "body { font: 15px/1.5 -apple-system, system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #1f2328; }",
        "table { border-collapse: collapse; margin: 1rem 0; }",
        "th, td { border: 1px solid #d0d7de; padding: .3rem .8rem; text-align: left; }",
        "blockquote { margin: .5rem 0; padding: .2rem 1rem; border-left: 4px solid #d0d7de; color: #3d444d; }",
        "details.criterion { border: 1px solid #d0d7de; border-left-width: 6px; border-radius: 6px; margin: .6rem 0; padding: .4rem .8rem; }",
        "details.criterion > summary { cursor: pointer; font-weight: 600; }",
        "details.passed { border-left-color: #1a7f37; }",
        "details.failed { border-left-color: #cf222e; }",
        "details.uncovered { border-left-color: #bf8700; }",
        "details.not-automatable { border-left-color: #8c959f; }",
        ".badge { display: inline-block; border-radius: 1rem; padding: 0 .6rem; font-size: 85%; font-weight: 600; color: #fff; }",
        ".badge.passed { background: #1a7f37; } .badge.failed { background: #cf222e; }",
        ".badge.uncovered { background: #bf8700; } .badge.not-automatable { background: #6e7781; }",
        "pre { background: #f6f8fa; padding: .6rem; overflow-x: auto; font-size: 13px; }",
        ".filters button { margin-right: .4rem; padding: .3rem .8rem; border: 1px solid #d0d7de; border-radius: 6px; background: #f6f8fa; cursor: pointer; }",
        ".filters button.active { background: #0969da; color: #fff; border-color: #0969da; }",
        ".hidden { display: none; }",
        ".failure { color: #cf222e; }",
    ])
    out.append("</style>")
    out.append("</head>")
    out.append("<body>")
    out.append("<h1>Acceptance report: \(e(app.name)) (<code>\(e(app.id))</code>)</h1>")
    out.append("<p>\(report.passedScenarios) of \(report.scenarios.count) scenarios pass; \(report.coverage.screensVisited) of "
               + "\(report.coverage.screens.count) screens and \(report.coverage.transitionsTaken) of \(report.coverage.transitions.count) transitions covered.</p>")
    out.append("<table>")
    out.append("<tr><th>Status</th><th>Criteria</th></tr>")
    for entry in report.counts {
        out.append("<tr><td><span class=\"badge \(entry.status.rawValue)\">\(e(entry.status.title))</span></td><td>\(entry.count)</td></tr>")
    }
    out.append("<tr><th>Total</th><th>\(report.criteria.count)</th></tr>")
    out.append("</table>")
    out.append("<div class=\"filters\">")
    out.append("<button type=\"button\" class=\"active\" data-filter=\"all\">All (\(report.criteria.count))</button>")
    for entry in report.counts {
        out.append("<button type=\"button\" data-filter=\"\(entry.status.rawValue)\">\(e(entry.status.title)) (\(entry.count))</button>")
    }
    out.append("</div>")
    out.append("<h2>Criteria</h2>")
    for item in report.criteria {
        let status = item.status.rawValue
        out.append("<details class=\"criterion \(status)\" data-status=\"\(status)\"\(item.status == .failed ? " open" : "")>")
        let score = item.mutation.map { " <small>\(e($0.text))</small>" } ?? ""
        out.append("<summary>\(e(item.criterion.id)) <span class=\"badge \(status)\">\(e(item.status.title))</span>\(score)</summary>")
        out.append("<blockquote>\(e(item.criterion.text))</blockquote>")
        var facts: [String] = []
        if let section = item.criterion.section { facts.append("Section: \(e(section))") }
        facts.append("Declared at <code>\(e(location(item.criterion.range)))</code>")
        if let invariant = item.invariant { facts.append("Invariant <code>\(e(invariant))</code>, checked after every step") }
        out.append("<p>\(facts.joined(separator: " · "))</p>")
        if let reason = item.reason { out.append("<p><strong>Not automatable:</strong> \(e(reason))</p>") }
        if let part = item.criterion.notAutomatablePart { out.append("<p><strong>Not automatable (the rest):</strong> \(e(part))</p>") }
        if case .unverified = item.criterion.verification {
            out.append("<p><strong>Uncovered:</strong> no scenario or invariant is named.</p>")
        }
        for evidence in item.evidence {
            let mark = evidence.result == nil ? "⚠️" : evidence.passed ? "✅" : "❌"
            out.append("<details class=\"scenario\">")
            out.append("<summary>\(mark) <code>\(e(evidence.scenario))</code>\(evidence.result == nil ? " (did not run)" : "")</summary>")
            if let result = evidence.result {
                if let failure = result.failure {
                    out.append("<p class=\"failure\">Step \(failure.step) at <code>\(e(location(failure.range)))</code>: \(e(failure.message))</p>")
                }
                out.append("<pre>\(e(result.trace.description))</pre>")
            }
            out.append("</details>")
        }
        out.append("</details>")
    }
    out.append("<h2>Open questions</h2>")
    if app.questions.isEmpty { out.append("<p>No open questions.</p>") }
    for question in app.questions {
        out.append("<h3>\(e(question.id))</h3>")
        out.append("<blockquote>\(e(question.text))</blockquote>")
        out.append("<p><strong>Assumption:</strong> \(e(question.assumption))</p>")
    }
    out.append("<script>")
    out.append(contentsOf: [
        "document.querySelectorAll('.filters button').forEach(function (button) {",
        "  button.addEventListener('click', function () {",
        "    var filter = button.getAttribute('data-filter');",
        "    document.querySelectorAll('.filters button').forEach(function (other) { other.classList.toggle('active', other === button); });",
        "    document.querySelectorAll('details.criterion').forEach(function (item) {",
        "      item.classList.toggle('hidden', filter !== 'all' && item.getAttribute('data-status') !== filter);",
        "    });",
        "  });",
        "});",
    ])
    out.append("</script>")
    out.append("</body>")
    out.append("</html>")
    return Array((out.joined(separator: "\n") + "\n").utf8)
}
