import FlowIR

/// The graph of one flow as the diagrams draw it: its screens (and screens of other flows it
/// reaches), pseudo-nodes for the start, each end outcome, `back` and "any screen" (flow-global
/// transitions), and one edge per declared transition, each marked covered or not.
struct FlowDiagram {
    enum NodeKind { case screen, start, end, back, any }

    struct Node {
        /// An identifier safe in Mermaid and DOT: `s3`, `start`, `end_done`, `back`, `any`.
        var key: String
        var label: String
        var kind: NodeKind
        var covered: Bool
        /// Index in `App.screens` for a screen node.
        var screen: Int? = nil
    }

    struct Edge {
        var from: String
        var to: String
        var label: String
        var covered: Bool
        /// The event alone, without the guard or sub-flow note the label adds (empty for the start edge).
        var event: String = ""
    }

    var flow: Flow
    var nodes: [Node] = []
    var edges: [Edge] = []

    init(flow index: Int, app: App, coverage: CoverageReport) {
        flow = app.flows[index]
        var known: Set<String> = []
        let visited = Dictionary(coverage.screens.map { ($0.index, $0.visited) }, uniquingKeysWith: { first, _ in first })
        func screenNode(_ screen: Int) -> String {
            let key = "s\(screen)"
            if known.insert(key).inserted {
                nodes.append(Node(key: key, label: "\(app.screens[screen].id) \(app.screens[screen].name)", kind: .screen,
                                  covered: visited[screen] ?? false, screen: screen))
            }
            return key
        }
        func pseudo(_ key: String, _ label: String, _ kind: NodeKind) -> String {
            if known.insert(key).inserted { nodes.append(Node(key: key, label: label, kind: kind, covered: true)) }
            return key
        }
        let start = pseudo("start", "start", .start)
        for screen in flow.screens where app.screens.indices.contains(screen) { _ = screenNode(screen) }
        if app.screens.indices.contains(flow.start) {
            edges.append(Edge(from: start, to: screenNode(flow.start), label: "", covered: visited[flow.start] ?? false))
        }
        for item in coverage.transitions where item.flow == index {
            let from = item.screen.map(screenNode) ?? pseudo("any", "any screen of \(flow.name)", .any)
            let to: String
            var label = item.event
            switch item.transition.target {
            case .screen(let target), .overlay(let target):
                guard app.screens.indices.contains(target) else { continue }
                to = screenNode(target)
            case .stay:
                to = from
            case .back:
                to = pseudo("back", "back", .back)
            case .subflow(let called, _):
                guard app.flows.indices.contains(called), app.screens.indices.contains(app.flows[called].start) else { continue }
                to = screenNode(app.flows[called].start)
                label += " (sub-flow \(app.flows[called].name))"
            case .end(let outcome):
                to = pseudo("end_\(outcome.unicodeScalars.map { isIdentifier($0) ? String($0) : "_" }.joined())", "end \(outcome)", .end)
            }
            if item.transition.conditionSource != nil, let source = item.transition.conditionSource { label += " [\(source)]" }
            edges.append(Edge(from: from, to: to, label: label, covered: item.taken, event: item.event))
        }
        // Pseudo-nodes are covered when an edge into (or, for "any", out of) them is.
        var touched: Set<String> = []
        for edge in edges where edge.covered { touched.insert(edge.to); touched.insert(edge.from) }
        for position in nodes.indices where nodes[position].kind == .end || nodes[position].kind == .back || nodes[position].kind == .any {
            nodes[position].covered = touched.contains(nodes[position].key)
        }
    }
}

private func isIdentifier(_ scalar: Unicode.Scalar) -> Bool {
    (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9") || scalar == "_"
}

/// Renders `<flow>.dot`: covered screens and edges in green, uncovered ones dashed grey.
func renderDOT(_ diagram: FlowDiagram) -> [UInt8] {
    let covered = "#1a7f37"
    let uncovered = "#8c959f"
    var out = "digraph \"\(escapeDOT(diagram.flow.name))\" {\n"
    out += "    rankdir=LR;\n"
    out += "    label=\"\(escapeDOT(diagram.flow.title ?? diagram.flow.name))\";\n"
    out += "    node [shape=box, style=rounded, fontname=\"Helvetica\"];\n"
    out += "    edge [fontname=\"Helvetica\", fontsize=10];\n"
    for node in diagram.nodes {
        let colour = node.covered ? covered : uncovered
        let style = node.covered ? "" : ", style=\"rounded,dashed\", fontcolor=\"\(uncovered)\""
        switch node.kind {
        case .start:
            out += "    \(node.key) [shape=point, width=0.2, label=\"\"];\n"
        case .end:
            out += "    \(node.key) [shape=doublecircle, label=\"\(escapeDOT(node.label))\", color=\"\(colour)\"\(node.covered ? "" : ", style=dashed, fontcolor=\"\(uncovered)\"")];\n"
        case .back, .any:
            out += "    \(node.key) [shape=ellipse, label=\"\(escapeDOT(node.label))\", color=\"\(colour)\"\(node.covered ? "" : ", style=dashed, fontcolor=\"\(uncovered)\"")];\n"
        case .screen:
            out += "    \(node.key) [label=\"\(escapeDOT(node.label))\", color=\"\(colour)\"\(style)];\n"
        }
    }
    for edge in diagram.edges {
        var attributes = ["color=\"\(edge.covered ? covered : uncovered)\""]
        if !edge.label.isEmpty { attributes.append("label=\"\(escapeDOT(edge.label))\"") }
        if !edge.covered { attributes.append("style=dashed"); attributes.append("fontcolor=\"\(uncovered)\"") }
        out += "    \(edge.from) -> \(edge.to) [\(attributes.joined(separator: ", "))];\n"
    }
    out += "}\n"
    return Array(out.utf8)
}

/// The Mermaid `stateDiagram-v2` of a flow, with `covered` / `uncovered` classes; uncovered edges are labelled "(not taken)".
func renderMermaid(_ diagram: FlowDiagram) -> [String] {
    var lines = ["stateDiagram-v2", "    direction LR",
                 "    classDef covered fill:#dafbe1,stroke:#1a7f37,color:#1f2328",
                 "    classDef uncovered fill:#f6f8fa,stroke:#8c959f,stroke-dasharray:5 5,color:#8c959f"]
    var ends: [String: String] = [:]
    for node in diagram.nodes where node.kind == .end { ends[node.key] = node.label }
    func ref(_ key: String) -> String {
        key == "start" || ends[key] != nil ? "[*]" : key
    }
    for node in diagram.nodes where node.kind != .start && node.kind != .end {
        lines.append("    state \"\(mermaidText(node.label))\" as \(node.key)")
    }
    for edge in diagram.edges {
        var label = mermaidText(edge.label)
        if let end = ends[edge.to] { label += (label.isEmpty ? "" : " → ") + mermaidText(end) }
        if !edge.covered { label += " (not taken)" }
        lines.append("    \(ref(edge.from)) --> \(ref(edge.to))" + (label.isEmpty ? "" : " : \(label)"))
    }
    let states = diagram.nodes.filter { $0.kind != .start && $0.kind != .end }
    let coveredKeys = states.filter(\.covered).map(\.key)
    let uncoveredKeys = states.filter { !$0.covered }.map(\.key)
    if !coveredKeys.isEmpty { lines.append("    class \(coveredKeys.joined(separator: ",")) covered") }
    if !uncoveredKeys.isEmpty { lines.append("    class \(uncoveredKeys.joined(separator: ",")) uncovered") }
    return lines
}
