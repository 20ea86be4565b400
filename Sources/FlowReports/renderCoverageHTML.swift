import FlowIR
import FlowSource

/// Renders `coverage.html`: the content of `coverage.md` as one self-contained page (inline CSS and SVG,
/// no script, nothing fetched), what is missing first: the totals with percentages, every uncovered item
/// with its `file:line`, then per flow a coverage-coloured picture (and, for a flow of more than
/// `neighbourhoodThreshold` screens, one picture per screen with its neighbours), its screens and
/// transitions (uncovered first) and its DOT text, then the detail tables (uncovered rows first).
/// - Parameters:
///   - coverage: What the scenarios exercised.
///   - app: The checked app.
///   - links: How the page links back to the flow files.
func renderCoverageHTML(_ coverage: CoverageReport, app: App, links: HTMLLinks) -> [UInt8] {
    let e = { (text: String) in escapeMarkup(text) }
    let code = { (text: String) in "<code>\(escapeMarkup(text))</code>" }
    let source = { (range: SourceRange) in links.source(range) }
    func mark(_ covered: Bool, _ yes: String = "covered", _ no: String = "uncovered") -> String {
        covered ? "<span class=\"mark covered\">✓ \(yes)</span>" : "<span class=\"mark uncovered\">✗ \(no)</span>"
    }
    /// A table whose rows are `(done, cells)`: rows not done come first, each group in declaration order.
    func table(_ header: [String], _ rows: [(done: Bool, cells: [String])], numeric: Set<Int> = [], id: (Int) -> String? = { _ in nil }) -> [String] {
        var out = ["<table>"]
        out.append("<tr>" + header.enumerated().map { numeric.contains($0.offset) ? "<th class=\"num\">\($0.element)</th>" : "<th>\($0.element)</th>" }.joined() + "</tr>")
        let ordered = rows.enumerated().filter { !$0.element.done } + rows.enumerated().filter { $0.element.done }
        for (index, row) in ordered {
            let anchor = id(index).map { " id=\"\(escapeMarkup($0, attribute: true))\"" } ?? ""
            out.append("<tr\(anchor) class=\"\(row.done ? "done" : "missing")\">"
                       + row.cells.enumerated().map { numeric.contains($0.offset) ? "<td class=\"num\">\($0.element)</td>" : "<td>\($0.element)</td>" }.joined()
                       + "</tr>")
        }
        out.append("</table>")
        return out
    }
    func bar(_ covered: Int, _ total: Int) -> String {
        let share = total == 0 ? 100 : covered * 100 / total
        return "<span class=\"bar\"><span style=\"width: \(share)%\"></span></span>"
    }
    var out = htmlPageStart(title: "Coverage report: \(e(app.name))")
    out.append(contentsOf: pictureStyle)
    out.append(contentsOf: viewerStyle)
    out.append(contentsOf: [
        "tr.complete td { background: #dafbe1; } tr.incomplete td { background: #fff8c5; }",
        "tr.missing td { background: #fff8f8; }",
        ".mark { white-space: nowrap; font-size: 90%; }",
        ".mark.covered { color: var(--green); } .mark.uncovered { color: var(--red); }",
        ".bar { display: inline-block; width: 8rem; height: .6rem; background: #eaeef2; border-radius: .3rem; vertical-align: middle; overflow: hidden; }",
        ".bar > span { display: block; height: 100%; background: var(--green); }",
        "ul.items { padding-left: 1.2rem; columns: 2 32rem; } ul.items li { break-inside: avoid; } ul.items li.covered { color: #3d444d; }",
        "section.flow { border: 1px solid var(--line); border-radius: 6px; margin: 1rem 0; padding: .2rem 1rem .6rem; }",
        "section.flow h3 { margin: .6rem 0 .2rem; }",
        ".legend { font-size: 85%; color: #3d444d; } .legend span { margin-right: 1rem; }",
        ".legend .covered { color: var(--green); } .legend .partial { color: #9a6700; } .legend .uncovered { color: var(--grey); }",
        ".neighbourhoods { display: grid; grid-template-columns: repeat(auto-fill, minmax(36rem, 1fr)); gap: .4rem 1rem; }",
        ".neighbourhoods figure { margin: 0; border-top: 1px solid var(--line); } .neighbourhoods figcaption { font-size: 85%; font-weight: 600; }",
        "details > summary { cursor: pointer; }",
    ])
    out.append("</style>")
    out.append("</head>")
    out.append("<body>")
    out.append("<h1>Coverage report: \(e(app.name)) (\(code(app.id)))</h1>")
    out.append("<p>What the scenario traces exercised, what is missing first. Every item no scenario reached is listed under "
               + "<a href=\"#uncovered\">Uncovered</a> with where it is declared; each flow has a picture coloured by coverage "
               + "(<a href=\"acceptance.html\">acceptance report</a>).</p>")
    out.append("<nav class=\"contents\"><a href=\"#uncovered\">Uncovered</a><a href=\"#flows\">Flows</a><a href=\"#screens\">Screens</a>"
               + "<a href=\"#transitions\">Transitions</a>\(coverage.rules.isEmpty ? "" : "<a href=\"#rules\">Validation rules</a>")"
               + "\(coverage.effects.isEmpty ? "" : "<a href=\"#effects\">Effects</a>")</nav>")

    out.append("<section id=\"summary\">")
    out.append("<table>")
    out.append("<tr><th>Item</th><th class=\"num\">Covered</th><th class=\"num\">Total</th><th class=\"num\">Share</th><th></th></tr>")
    for entry in coverage.summary {
        let kind = entry.kind.prefix(1).uppercased() + entry.kind.dropFirst()
        out.append("<tr class=\"\(entry.covered == entry.total ? "complete" : "incomplete")\"><td>\(e(kind))</td>"
                   + "<td class=\"num\">\(entry.covered)</td><td class=\"num\">\(entry.total)</td>"
                   + "<td class=\"num\">\(percentText(entry.covered, of: entry.total))</td><td>\(bar(entry.covered, entry.total))</td></tr>")
    }
    out.append("</table>")
    out.append("</section>")

    out.append("<section id=\"uncovered\">")
    out.append("<h2>Uncovered</h2>")
    let uncovered = coverage.uncovered(in: app)
    if uncovered.isEmpty {
        out.append("<p><em>Nothing: every item was exercised.</em></p>")
    } else {
        out.append("<p>\(uncovered.count) item\(uncovered.count == 1 ? "" : "s") no scenario exercised, by kind, in declaration order.</p>")
        out.append(contentsOf: table(["Kind", "Item", "Declared at"],
                                     uncovered.map { (false, [e($0.kind), e($0.name), $0.range.map(source) ?? ""]) }))
    }
    out.append("</section>")

    out.append("<section id=\"flows\">")
    out.append("<h2>Flows</h2>")
    out.append(contentsOf: screenFinder(app))
    out.append("<p class=\"legend\"><span class=\"covered\">■ covered</span><span class=\"partial\">■ some of the merged transitions taken</span>"
               + "<span class=\"uncovered\">┄ not covered</span><span>↩ back and ↻ staying are noted on the screen; click a screen for its row</span></p>")
    for index in app.flows.indices {
        let flow = app.flows[index]
        let screens = coverage.screens.filter { $0.screen.flow == index }
        let transitions = coverage.transitions.filter { $0.flow == index }
        let visited = screens.filter(\.visited).count
        let taken = transitions.filter(\.taken).count
        out.append("<section class=\"flow\" id=\"\(escapeMarkup(anchor("flow", flow.name), attribute: true))\">")
        out.append("<h3>\(e(flow.title ?? flow.name)) (\(code(flow.name)))</h3>")
        out.append("<p>\(visited) of \(screens.count) screens (\(percentText(visited, of: screens.count))), "
                   + "\(taken) of \(transitions.count) transitions (\(percentText(taken, of: transitions.count))) covered.</p>")
        let diagram = FlowDiagram(flow: index, app: app, coverage: coverage)
        let picture = FlowPicture(diagram, app: app)
        if picture.boxes.count <= overviewLimit {
            let id = anchor("picture-flow", flow.name)
            let overview = picture.overview(labels: picture.arrows.count <= overviewLabelLimit, id: id)
            out.append(contentsOf: pictureViewer(overview.svg, id: id, width: overview.width, height: overview.height, frames: overview.frames, flow: flow.title ?? flow.name))
        } else {
            out.append("<p class=\"muted\">\(picture.boxes.count) boxes are too many for one readable picture; each screen is drawn with its neighbours below.</p>")
        }
        if screens.count > neighbourhoodLimit {
            out.append("<p class=\"muted\">\(screens.count) screens: too many to draw each with its neighbours in one page; see \(code(flow.name + ".dot")).</p>")
        } else if screens.count > neighbourhoodThreshold {
            out.append("<details class=\"neighbourhoods-box\" open>")
            out.append("<summary>Each screen with the screens that lead to it and those it leads to (\(screens.count) pictures)</summary>")
            out.append("<div class=\"neighbourhoods\">")
            for (position, box) in picture.boxes.enumerated() where box.screen.map({ app.screens[$0].flow == index }) ?? false {
                out.append("<figure id=\"\(escapeMarkup(anchor("around", box.title), attribute: true))\">")
                out.append("<figcaption>\(e(box.title)) \(e(box.subtitle))</figcaption>")
                out.append(picture.neighbourhood(of: position, id: anchor("picture-screen", box.title)))
                out.append("</figure>")
            }
            out.append("</div>")
            out.append("</details>")
        }
        out.append("<h4>Screens</h4>")
        out.append("<ul class=\"items\">")
        for item in screens.filter({ !$0.visited }) + screens.filter(\.visited) {
            out.append("<li class=\"\(item.visited ? "covered" : "uncovered")\">\(mark(item.visited)) \(code(item.screen.id)) \(e(item.screen.name)) "
                       + "(\(source(item.screen.range)))</li>")
        }
        out.append("</ul>")
        out.append("<h4>Transitions</h4>")
        if transitions.isEmpty { out.append("<p>None declared.</p>") }
        else {
            out.append("<ul class=\"items\">")
            for item in transitions.filter({ !$0.taken }) + transitions.filter(\.taken) {
                let condition = item.transition.conditionSource.map { " if \(code($0))" } ?? ""
                out.append("<li class=\"\(item.taken ? "covered" : "uncovered")\">\(mark(item.taken)) \(code(item.name(in: app)))\(condition) "
                           + "(\(source(item.transition.range)))</li>")
            }
            out.append("</ul>")
        }
        out.append("<details class=\"dot no-print\">")
        out.append("<summary>Graphviz DOT (also in <code>\(e(flow.name)).dot</code>)</summary>")
        let dot = String(decoding: renderDOT(diagram), as: UTF8.self)
        out.append("<pre>\(e(dot.hasSuffix("\n") ? String(dot.dropLast()) : dot))</pre>")
        out.append("</details>")
        out.append("</section>")
    }
    out.append("</section>")

    out.append("<section id=\"screens\">")
    out.append("<h2>Screens</h2>")
    out.append(contentsOf: table(["Screen", "Name", "Flow", "Visited", "Declared at"], coverage.screens.map {
        ($0.visited, [code($0.screen.id), e($0.screen.name), "<a href=\"#\(escapeMarkup(anchor("flow", app.flows[$0.screen.flow].name), attribute: true))\">"
                      + "\(code(app.flows[$0.screen.flow].name))</a>", mark($0.visited, "visited", "not visited"), source($0.screen.range)])
    }, id: { anchor("screen", coverage.screens[$0].screen.id) }))
    out.append("</section>")
    if !coverage.variants.isEmpty {
        out.append("<section id=\"variants\">")
        out.append("<h2>Variants</h2>")
        out.append(contentsOf: table(["Screen", "Variant", "Seen"], coverage.variants.map {
            ($0.seen, [code($0.screen), code($0.variant), mark($0.seen, "seen", "not seen")])
        }))
        out.append("</section>")
    }
    if !coverage.rowGestures.isEmpty {
        out.append("<section id=\"row-gestures\">")
        out.append("<h2>Row gestures</h2>")
        out.append(contentsOf: table(["Screen", "List", "Gesture", "Event", "Performed", "Declared at"], coverage.rowGestures.map {
            ($0.performed, [code($0.screen), code($0.list), code($0.gesture), code($0.event), mark($0.performed, "performed", "not performed"), source($0.range)])
        }))
        out.append("</section>")
    }
    out.append("<section id=\"transitions\">")
    out.append("<h2>Transitions</h2>")
    out.append(contentsOf: table(["Transition", "Guard", "Taken", "Declared at"], coverage.transitions.map {
        ($0.taken, [code($0.name(in: app)), $0.transition.conditionSource.map(code) ?? "", mark($0.taken, "taken", "not taken"), source($0.transition.range)])
    }))
    out.append("</section>")
    if !coverage.guards.isEmpty {
        out.append("<section id=\"guards\">")
        out.append("<h2>Guards</h2>")
        out.append(contentsOf: table(["Transition", "Guard", "Seen true", "Seen false"], coverage.guards.map {
            ($0.seenTrue && $0.seenFalse,
             [code(coverage.transitions[$0.transition].name(in: app)), code($0.source), mark($0.seenTrue, "yes", "no"), mark($0.seenFalse, "yes", "no")])
        }))
        out.append("</section>")
    }
    if !coverage.rules.isEmpty {
        out.append("<section id=\"rules\">")
        out.append("<h2>Validation rules</h2>")
        out.append(contentsOf: table(["Screen", "Field", "Rule", "Message", "Seen passing", "Seen failing", "Declared at"], coverage.rules.map {
            ($0.seenPassing && $0.seenFailing,
             [code($0.screen), code($0.field), code($0.rule.name), e($0.rule.message), mark($0.seenPassing, "yes", "no"), mark($0.seenFailing, "yes", "no"),
              source($0.rule.range)])
        }))
        out.append("</section>")
    }
    if !coverage.outcomes.isEmpty {
        out.append("<section id=\"service-outcomes\">")
        out.append("<h2>Service outcomes</h2>")
        out.append(contentsOf: table(["Outcome event", "Exercised"], coverage.outcomes.map { ($0.taken, [code($0.event), mark($0.taken, "yes", "no")]) }))
        out.append("</section>")
    }
    let unhandled = app.unhandledOutcomes()
    if !unhandled.isEmpty {
        out.append("<section id=\"unhandled-outcomes\">")
        out.append("<h2>Unhandled service outcomes</h2>")
        out.append("<p>Answers that arrive on a screen with no transition for them (nor in its flow or the app): ignored at run time.</p>")
        out.append(contentsOf: table(["Screen", "Operation", "Unhandled outcomes", "Called at"], unhandled.map { item in
            (false, [code(app.screens[item.screen].id), code(operationName(item, in: app)), item.outcomes.map(code).joined(separator: ", "), source(item.call)])
        }))
        out.append("</section>")
    }
    if !coverage.effects.isEmpty {
        out.append("<section id=\"effects\">")
        out.append("<h2>Effects</h2>")
        out.append(contentsOf: table(["Kind", "Value", "Emitted", "Declared at"], coverage.effects.map {
            ($0.count > 0, [e($0.kind), e($0.value), "\($0.count)", $0.range.map(source) ?? ""])
        }, numeric: [2]))
        out.append("</section>")
    }
    out.append("<script>")
    out.append(contentsOf: viewerScript)
    out.append("</script>")
    out.append("</body>")
    out.append("</html>")
    return Array((out.joined(separator: "\n") + "\n").utf8)
}

/// Above this many screens a flow also gets one picture per screen neighbourhood, and its overview loses its labels.
let neighbourhoodThreshold = 12
/// Above this many boxes the overview is left out: no layered drawing of hundreds of boxes is readable.
let overviewLimit = 150
/// Above this many arrows the overview's arrows carry no labels (their events are in the tooltips and the neighbourhoods).
let overviewLabelLimit = 40
/// Above this many screens a flow gets no neighbourhood pictures either: the page would run to megabytes.
let neighbourhoodLimit = 300
