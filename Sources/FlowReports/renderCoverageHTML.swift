import FlowIR

/// Renders `coverage.html`: the content of `coverage.md` as one self-contained page (inline CSS,
/// no script, nothing fetched): the totals, every uncovered item with its `file:line`, per flow its
/// screens and transitions marked covered or uncovered with the flow's DOT text, and the detail tables.
func renderCoverageHTML(_ coverage: CoverageReport, app: App) -> [UInt8] {
    let e = { (text: String) in escapeMarkup(text) }
    let code = { (text: String) in "<code>\(escapeMarkup(text))</code>" }
    func mark(_ covered: Bool, _ yes: String = "covered", _ no: String = "uncovered") -> String {
        covered ? "<span class=\"mark covered\">✅ \(yes)</span>" : "<span class=\"mark uncovered\">❌ \(no)</span>"
    }
    func table(_ header: [String], _ rows: [[String]], numeric: Set<Int> = []) -> [String] {
        var out = ["<table>"]
        out.append("<tr>" + header.enumerated().map { numeric.contains($0.offset) ? "<th class=\"num\">\($0.element)</th>" : "<th>\($0.element)</th>" }.joined() + "</tr>")
        for row in rows {
            out.append("<tr>" + row.enumerated().map { numeric.contains($0.offset) ? "<td class=\"num\">\($0.element)</td>" : "<td>\($0.element)</td>" }.joined() + "</tr>")
        }
        out.append("</table>")
        return out
    }
    var out: [String] = []
    out.append("<!DOCTYPE html>")
    out.append("<html lang=\"en\">")
    out.append("<head>")
    out.append("<meta charset=\"utf-8\">")
    out.append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
    out.append("<title>Coverage report: \(e(app.name))</title>")
    out.append("<style>")
    out.append(contentsOf: [
        "body { font: 15px/1.5 -apple-system, system-ui, sans-serif; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #1f2328; }",
        "table { border-collapse: collapse; margin: 1rem 0; }",
        "th, td { border: 1px solid #d0d7de; padding: .3rem .8rem; text-align: left; vertical-align: top; }",
        "th.num, td.num { text-align: right; }",
        "tr.complete td { background: #dafbe1; } tr.incomplete td { background: #fff8c5; }",
        ".mark { white-space: nowrap; font-size: 90%; }",
        ".mark.covered { color: #1a7f37; } .mark.uncovered { color: #cf222e; }",
        "ul.items { padding-left: 1.2rem; } ul.items li.uncovered { color: #8c959f; }",
        "details.flow { border: 1px solid #d0d7de; border-radius: 6px; margin: .6rem 0; padding: .4rem .8rem; }",
        "details.flow > summary { cursor: pointer; font-weight: 600; }",
        "pre { background: #f6f8fa; padding: .6rem; overflow-x: auto; font-size: 13px; }",
    ])
    out.append("</style>")
    out.append("</head>")
    out.append("<body>")
    out.append("<h1>Coverage report: \(e(app.name)) (\(code(app.id)))</h1>")
    out.append("<p>What the scenario traces exercised. Every item no scenario reached is listed under <strong>Uncovered</strong> with where it is declared.</p>")

    out.append("<section id=\"summary\">")
    out.append("<table>")
    out.append("<tr><th>Item</th><th class=\"num\">Covered</th><th class=\"num\">Total</th></tr>")
    for entry in coverage.summary {
        let kind = entry.kind.prefix(1).uppercased() + entry.kind.dropFirst()
        out.append("<tr class=\"\(entry.covered == entry.total ? "complete" : "incomplete")\"><td>\(e(kind))</td>"
                   + "<td class=\"num\">\(entry.covered)</td><td class=\"num\">\(entry.total)</td></tr>")
    }
    out.append("</table>")
    out.append("</section>")

    out.append("<section id=\"uncovered\">")
    out.append("<h2>Uncovered</h2>")
    let uncovered = coverage.uncovered(in: app)
    if uncovered.isEmpty {
        out.append("<p><em>Nothing: every item was exercised.</em></p>")
    } else {
        out.append(contentsOf: table(["Kind", "Item", "Declared at"],
                                     uncovered.map { [e($0.kind), e($0.name), $0.range.map { code(location($0)) } ?? ""] }))
    }
    out.append("</section>")

    out.append("<section id=\"flows\">")
    out.append("<h2>Flows</h2>")
    for index in app.flows.indices {
        let flow = app.flows[index]
        let screens = coverage.screens.filter { $0.screen.flow == index }
        let transitions = coverage.transitions.filter { $0.flow == index }
        out.append("<details class=\"flow\" id=\"flow-\(escapeMarkup(flow.name, attribute: true))\" open>")
        out.append("<summary>\(e(flow.title ?? flow.name)) (\(code(flow.name))): \(screens.filter(\.visited).count) of \(screens.count) screens, "
                   + "\(transitions.filter(\.taken).count) of \(transitions.count) transitions</summary>")
        out.append("<h3>Screens</h3>")
        out.append("<ul class=\"items\">")
        for item in screens {
            out.append("<li class=\"\(item.visited ? "covered" : "uncovered")\">\(mark(item.visited)) \(code(item.screen.id)) \(e(item.screen.name)) "
                       + "(\(code(location(item.screen.range))))</li>")
        }
        out.append("</ul>")
        out.append("<h3>Transitions</h3>")
        if transitions.isEmpty { out.append("<p>None declared.</p>") }
        else {
            out.append("<ul class=\"items\">")
            for item in transitions {
                let condition = item.transition.conditionSource.map { " if \(code($0))" } ?? ""
                out.append("<li class=\"\(item.taken ? "covered" : "uncovered")\">\(mark(item.taken)) \(code(item.name(in: app)))\(condition) "
                           + "(\(code(location(item.transition.range))))</li>")
            }
            out.append("</ul>")
        }
        out.append("<details class=\"dot\">")
        out.append("<summary>Graphviz DOT (also in <code>\(e(flow.name)).dot</code>)</summary>")
        let dot = String(decoding: renderDOT(FlowDiagram(flow: index, app: app, coverage: coverage)), as: UTF8.self)
        out.append("<pre>\(e(dot.hasSuffix("\n") ? String(dot.dropLast()) : dot))</pre>")
        out.append("</details>")
        out.append("</details>")
    }
    out.append("</section>")

    out.append("<section id=\"screens\">")
    out.append("<h2>Screens</h2>")
    out.append(contentsOf: table(["Screen", "Name", "Flow", "Visited", "Declared at"], coverage.screens.map {
        [code($0.screen.id), e($0.screen.name), code(app.flows[$0.screen.flow].name), mark($0.visited, "visited", "not visited"), code(location($0.screen.range))]
    }))
    out.append("</section>")
    if !coverage.variants.isEmpty {
        out.append("<section id=\"variants\">")
        out.append("<h2>Variants</h2>")
        out.append(contentsOf: table(["Screen", "Variant", "Seen"], coverage.variants.map {
            [code($0.screen), code($0.variant), mark($0.seen, "seen", "not seen")]
        }))
        out.append("</section>")
    }
    out.append("<section id=\"transitions\">")
    out.append("<h2>Transitions</h2>")
    out.append(contentsOf: table(["Transition", "Guard", "Taken", "Declared at"], coverage.transitions.map {
        [code($0.name(in: app)), $0.transition.conditionSource.map(code) ?? "", mark($0.taken, "taken", "not taken"), code(location($0.transition.range))]
    }))
    out.append("</section>")
    if !coverage.guards.isEmpty {
        out.append("<section id=\"guards\">")
        out.append("<h2>Guards</h2>")
        out.append(contentsOf: table(["Transition", "Guard", "Seen true", "Seen false"], coverage.guards.map {
            [code(coverage.transitions[$0.transition].name(in: app)), code($0.source), mark($0.seenTrue, "yes", "no"), mark($0.seenFalse, "yes", "no")]
        }))
        out.append("</section>")
    }
    if !coverage.rules.isEmpty {
        out.append("<section id=\"rules\">")
        out.append("<h2>Validation rules</h2>")
        out.append(contentsOf: table(["Screen", "Field", "Rule", "Message", "Seen passing", "Seen failing", "Declared at"], coverage.rules.map {
            [code($0.screen), code($0.field), code($0.rule.name), e($0.rule.message), mark($0.seenPassing, "yes", "no"), mark($0.seenFailing, "yes", "no"),
             code(location($0.rule.range))]
        }))
        out.append("</section>")
    }
    if !coverage.outcomes.isEmpty {
        out.append("<section id=\"service-outcomes\">")
        out.append("<h2>Service outcomes</h2>")
        out.append(contentsOf: table(["Outcome event", "Exercised"], coverage.outcomes.map { [code($0.event), mark($0.taken, "yes", "no")] }))
        out.append("</section>")
    }
    let unhandled = app.unhandledOutcomes()
    if !unhandled.isEmpty {
        out.append("<section id=\"unhandled-outcomes\">")
        out.append("<h2>Unhandled service outcomes</h2>")
        out.append("<p>Answers that arrive on a screen with no transition for them (nor in its flow or the app): ignored at run time.</p>")
        out.append(contentsOf: table(["Screen", "Operation", "Unhandled outcomes", "Called at"], unhandled.map { item in
            [code(app.screens[item.screen].id), code(operationName(item, in: app)), item.outcomes.map(code).joined(separator: ", "), code(location(item.call))]
        }))
        out.append("</section>")
    }
    if !coverage.effects.isEmpty {
        out.append("<section id=\"effects\">")
        out.append("<h2>Effects</h2>")
        out.append(contentsOf: table(["Kind", "Value", "Emitted", "Declared at"], coverage.effects.map {
            [e($0.kind), e($0.value), "\($0.count)", $0.range.map { code(location($0)) } ?? ""]
        }, numeric: [2]))
        out.append("</section>")
    }
    out.append("</body>")
    out.append("</html>")
    return Array((out.joined(separator: "\n") + "\n").utf8)
}
