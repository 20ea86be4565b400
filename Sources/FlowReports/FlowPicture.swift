import FlowIR

/// A flow drawn as inline SVG, laid out by flowc itself: deterministic, offline, and without Graphviz.
///
/// The overview is a layered (Sugiyama-style) drawing from top to bottom: cycles are broken by a
/// depth-first search from the start in declaration order, screens are put on layers by longest path,
/// edges spanning several layers pass through invisible bends, and each layer is ordered by the
/// barycentre of its neighbours (four sweeps down and up). `back` and staying on the screen are not
/// arrows to a shared node (Graphviz drew every back edge into one `back` node) but notes on the screen
/// that has them. Several transitions between the same two screens make one arrow listing the events.
/// Coordinates are integers, so the same flow always gives the same bytes.
///
/// For a large flow the overview is an outline; `neighbourhood(of:)` draws one screen with the screens that
/// lead to it on the left and those it leads to on the right, every arrow labelled.
struct FlowPicture {
    enum Coverage: String { case covered, partial, uncovered }

    /// A node of the drawing: a screen or a pseudo-node (start, end, any screen of the flow).
    struct Box {
        var key: String
        var title: String
        var subtitle: String
        var kind: FlowDiagram.NodeKind
        var covered: Bool
        var screen: Int?
        /// `↩ back (tap_back)`, `↻ tap_refresh`: transitions that leave the box only to come back.
        var notes: [(text: String, covered: Bool)] = []
    }

    /// Transitions from one box to another, merged.
    struct Arrow {
        var from: Int
        var to: Int
        var events: [(event: String, covered: Bool)]
        var coverage: Coverage {
            if events.allSatisfy(\.covered) { return .covered }
            return events.contains(where: \.covered) ? .partial : .uncovered
        }
        var label: String { events.map(\.event).joined(separator: ", ") }
    }

    var title: String
    var boxes: [Box] = []
    var arrows: [Arrow] = []

    init(_ diagram: FlowDiagram, app: App) {
        title = diagram.flow.title ?? diagram.flow.name
        var position: [String: Int] = [:]
        for node in diagram.nodes where node.kind != .back {
            position[node.key] = boxes.count
            let (title, subtitle): (String, String) = switch node.kind {
            case .screen: node.screen.map { (app.screens[$0].id, app.screens[$0].name) } ?? (node.label, "")
            case .start: ("start", "")
            case .end: (node.label, "")
            case .any: ("any screen", "of \(diagram.flow.name)")
            case .back: ("back", "")
            }
            boxes.append(Box(key: node.key, title: title, subtitle: subtitle, kind: node.kind, covered: node.covered, screen: node.screen))
        }
        var arrowOf: [String: Int] = [:]
        for edge in diagram.edges {
            guard let from = position[edge.from] else { continue }
            if edge.to == "back" {
                boxes[from].notes.append(("↩ back (\(edge.event))", edge.covered))
                continue
            }
            guard let to = position[edge.to] else { continue }
            if from == to {
                boxes[from].notes.append(("↻ \(edge.event)", edge.covered))
                continue
            }
            let key = "\(from)>\(to)"
            if let index = arrowOf[key] {
                arrows[index].events.append((edge.event, edge.covered))
            } else {
                arrowOf[key] = arrows.count
                arrows.append(Arrow(from: from, to: to, events: [(edge.event, edge.covered)]))
            }
        }
    }

    // MARK: Overview

    /// The whole flow, layered top to bottom; `labels` writes the events on the arrows (small flows only).
    /// - Parameter id: Unique on the page; names the picture's arrowheads.
    func overview(labels: Bool, id: String) -> (svg: String, width: Int, height: Int, frames: [Frame]) {
        let layout = LayeredLayout(boxes: boxes, arrows: arrows)
        var svg = SVGWriter(width: layout.width, height: layout.height, title: title, id: id)
        // Labels are placed after the boxes are known, so that they avoid them and one another.
        for frame in layout.frames { svg.reserve(frame) }
        var outgoing = Array(repeating: 0, count: boxes.count)
        var incoming = Array(repeating: 0, count: boxes.count)
        for arrow in arrows { outgoing[arrow.from] += 1; incoming[arrow.to] += 1 }
        for (index, path) in layout.paths.enumerated() {
            let arrow = arrows[index]
            // A label sits by the end of the arrow that is not shared with others, so the labels of a fan do not collide.
            let place: SVGWriter.LabelPlace = outgoing[arrow.from] > incoming[arrow.to] ? .nearEnd : .nearStart
            svg.arrow(path: path, coverage: arrow.coverage, tooltip: "\(boxes[arrow.from].title) → \(boxes[arrow.to].title): \(arrow.label)",
                      label: labels ? arrow.label : nil, place: place)
        }
        for (index, box) in boxes.enumerated() { svg.box(box, frame: layout.frames[index]) }
        return (svg.finish(), layout.width, layout.height, layout.frames)
    }

    // MARK: Neighbourhood

    /// One screen with the boxes that lead to it (left) and those it leads to (right), every arrow labelled.
    func neighbourhood(of center: Int, id: String) -> String {
        let incoming = arrows.filter { $0.to == center }
        let outgoing = arrows.filter { $0.from == center }
        let rowHeight = boxHeight + 16
        let columnGap = 230
        let centerBox = boxes[center]
        let centerHeight = centerBox.drawnHeight
        let rows = max(incoming.count, outgoing.count, 1)
        let height = max(rows * rowHeight, centerHeight + 16) + 16
        let width = boxWidth * 3 + columnGap * 2 + 16
        var svg = SVGWriter(width: width, height: height, title: "\(centerBox.title) \(centerBox.subtitle)", id: id)
        let centerFrame = Frame(x: 8 + boxWidth + columnGap, y: (height - centerHeight) / 2, width: boxWidth, height: centerHeight)
        func column(_ count: Int) -> [Int] {
            let top = (height - count * rowHeight) / 2 + 8
            return (0..<count).map { top + $0 * rowHeight }
        }
        for (arrow, y) in zip(incoming, column(incoming.count)) {
            let frame = Frame(x: 8, y: y, width: boxWidth, height: boxHeight)
            let start = Point(x: frame.x + frame.width, y: frame.y + boxHeight / 2)
            let end = Point(x: centerFrame.x, y: centerFrame.y + centerHeight / 2)
            svg.sideArrow(from: start, to: end, coverage: arrow.coverage, label: arrow.label, labelAtEnd: false)
            var box = boxes[arrow.from]
            box.notes = []
            if box.kind == .start { box.kind = .end; box.title = "start" }
            svg.box(box, frame: frame)
        }
        for (arrow, y) in zip(outgoing, column(outgoing.count)) {
            let frame = Frame(x: centerFrame.x + boxWidth + columnGap, y: y, width: boxWidth, height: boxHeight)
            let start = Point(x: centerFrame.x + boxWidth, y: centerFrame.y + centerHeight / 2)
            let end = Point(x: frame.x, y: frame.y + boxHeight / 2)
            svg.sideArrow(from: start, to: end, coverage: arrow.coverage, label: arrow.label, labelAtEnd: true)
            var box = boxes[arrow.to]
            box.notes = []
            svg.box(box, frame: frame)
        }
        svg.box(centerBox, frame: centerFrame, emphasised: true)
        return svg.finish()
    }
}

// MARK: - Geometry

let boxWidth = 172
let boxHeight = 40
let noteHeight = 13
/// At most this many notes are drawn on a box; the rest are counted.
let maximumNotes = 3

struct Point: Hashable { var x: Int; var y: Int }
struct Frame { var x: Int; var y: Int; var width: Int; var height: Int }

extension FlowPicture.Box {
    /// The height drawn: a start dot, or the box with a line per note (at most `maximumNotes` and a "more" line).
    var drawnHeight: Int {
        switch kind {
        case .start: 18
        default: boxHeight + min(notes.count, maximumNotes + 1) * noteHeight
        }
    }
}

/// The layered layout of the overview: a frame per box and a polyline per arrow.
struct LayeredLayout {
    var frames: [Frame] = []
    var paths: [[Point]] = []
    var width = 0
    var height = 0

    init(boxes: [FlowPicture.Box], arrows: [FlowPicture.Arrow]) {
        let count = boxes.count
        guard count > 0 else { return }
        // 1. Break cycles: a depth-first search from each box in order (the start first) reverses the arrows that
        //    close a cycle, so what remains has no cycle and reads downwards along the flow's main paths.
        var successors = Array(repeating: [Int](), count: count)
        for (index, arrow) in arrows.enumerated() { successors[arrow.from].append(index) }
        var reversed = Array(repeating: false, count: arrows.count)
        var state = Array(repeating: 0, count: count)   // 0 unseen, 1 on the stack, 2 done
        for root in 0..<count where state[root] == 0 {
            var stack: [(node: Int, next: Int)] = [(root, 0)]
            state[root] = 1
            while let top = stack.last {
                if top.next < successors[top.node].count {
                    stack[stack.count - 1].next += 1
                    let arrow = successors[top.node][top.next]
                    let target = arrows[arrow].to
                    if state[target] == 1 { reversed[arrow] = true }
                    else if state[target] == 0 { state[target] = 1; stack.append((target, 0)) }
                } else {
                    state[top.node] = 2
                    stack.removeLast()
                }
            }
        }
        let upper = arrows.indices.map { reversed[$0] ? arrows[$0].to : arrows[$0].from }
        let lower = arrows.indices.map { reversed[$0] ? arrows[$0].from : arrows[$0].to }
        // 2. Layers by longest path (Kahn's order, lowest index first, so ties keep declaration order).
        var indegree = Array(repeating: 0, count: count)
        var down = Array(repeating: [Int](), count: count)
        for index in arrows.indices { indegree[lower[index]] += 1; down[upper[index]].append(index) }
        var layer = Array(repeating: 0, count: count)
        var ready = (0..<count).filter { indegree[$0] == 0 }
        var cursor = 0
        while cursor < ready.count {
            let node = ready[cursor]
            cursor += 1
            for arrow in down[node] {
                layer[lower[arrow]] = max(layer[lower[arrow]], layer[node] + 1)
                indegree[lower[arrow]] -= 1
                if indegree[lower[arrow]] == 0 { ready.append(lower[arrow]) }
            }
        }
        // 3. Bends: an arrow spanning several layers passes through one invisible point per layer in between.
        var layerOf = layer
        var widthOf = boxes.map { $0.kind == .start ? 18 : boxWidth }
        var chains: [[Int]] = []
        for index in arrows.indices {
            var chain = [upper[index]]
            var level = layer[upper[index]] + 1
            while level < layer[lower[index]] {
                chain.append(layerOf.count)
                layerOf.append(level)
                widthOf.append(4)
                level += 1
            }
            chain.append(lower[index])
            chains.append(chain)
        }
        let total = layerOf.count
        var above = Array(repeating: [Int](), count: total)
        var below = Array(repeating: [Int](), count: total)
        for chain in chains {
            for (a, b) in zip(chain, chain.dropFirst()) { below[a].append(b); above[b].append(a) }
        }
        let layerCount = (layerOf.max() ?? 0) + 1
        var layers = Array(repeating: [Int](), count: layerCount)
        for node in 0..<total { layers[layerOf[node]].append(node) }
        // 4. Order each layer by the barycentre of its neighbours, sweeping down then up.
        var order = Array(repeating: 0, count: total)
        func renumber() { for row in layers { for (position, node) in row.enumerated() { order[node] = position } } }
        renumber()
        func sweep(_ rows: [Int], neighbours: [[Int]]) {
            for row in rows {
                let keyed = layers[row].map { node -> (node: Int, key: Double, old: Int) in
                    let around = neighbours[node]
                    let key = around.isEmpty ? Double(order[node]) : Double(around.map { order[$0] }.reduce(0, +)) / Double(around.count)
                    return (node, key, order[node])
                }
                layers[row] = keyed.sorted { $0.key != $1.key ? $0.key < $1.key : $0.old < $1.old }.map(\.node)
                for (position, node) in layers[row].enumerated() { order[node] = position }
            }
        }
        for _ in 0..<4 {
            sweep(Array(1..<max(layerCount, 1)), neighbours: above)
            sweep(Array((0..<max(layerCount - 1, 0)).reversed()), neighbours: below)
        }
        // 5. Coordinates: each box as near the mean of what is above it as its neighbours allow; a layer pushed
        //    right by its crowd is then shifted back by its mean overshoot, so wide layers stay centred under
        //    their parents instead of drifting right layer after layer. Bends pack closer than boxes.
        let layerGap = 64
        func gap(_ a: Int, _ b: Int) -> Int { a < count && b < count ? 22 : 8 }
        var x = Array(repeating: 0, count: total)
        var y = Array(repeating: 0, count: total)
        var rowHeights = layers.map { row in row.map { $0 < count ? boxes[$0].drawnHeight : 0 }.max() ?? 0 }
        rowHeights = rowHeights.map { max($0, 12) }
        var top = 16
        for (row, nodes) in layers.enumerated() {
            var desired: [Int] = []
            var previous: Int?
            for node in nodes {
                let centres = above[node].map { x[$0] + widthOf[$0] / 2 }
                var left = centres.isEmpty ? previous.map { x[$0] + widthOf[$0] + gap($0, node) } ?? 0
                                           : centres.reduce(0, +) / centres.count - widthOf[node] / 2
                desired.append(left)
                if let previous { left = max(left, x[previous] + widthOf[previous] + gap(previous, node)) }
                x[node] = left
                previous = node
                y[node] = top + (node < count ? 0 : rowHeights[row] / 2)
            }
            if !nodes.isEmpty {
                let overshoot = zip(nodes, desired).map { x[$0.0] - $0.1 }.reduce(0, +) / nodes.count
                for node in nodes { x[node] -= overshoot }
            }
            top += rowHeights[row] + layerGap
        }
        let shift = 16 - (x.min() ?? 0)
        for node in 0..<total { x[node] += shift }
        width = (0..<total).map { x[$0] + widthOf[$0] }.max().map { $0 + 16 } ?? 32
        height = top - layerGap + 16
        frames = (0..<count).map { Frame(x: x[$0], y: y[$0], width: widthOf[$0], height: boxes[$0].drawnHeight) }
        // 6. Arrows leave a box at its bottom and enter at the top, spread along the side in the order of the other end.
        var bottomPorts: [Int: [(chain: Int, towards: Int)]] = [:]
        var topPorts: [Int: [(chain: Int, towards: Int)]] = [:]
        for (index, chain) in chains.enumerated() {
            bottomPorts[chain[0], default: []].append((index, x[chain[1]] + widthOf[chain[1]] / 2))
            topPorts[chain[chain.count - 1], default: []].append((index, x[chain[chain.count - 2]] + widthOf[chain[chain.count - 2]] / 2))
        }
        var startPoint: [Int: Point] = [:]
        var endPoint: [Int: Point] = [:]
        for (node, list) in bottomPorts {
            let sorted = list.sorted { $0.towards != $1.towards ? $0.towards < $1.towards : $0.chain < $1.chain }
            for (slot, entry) in sorted.enumerated() {
                startPoint[entry.chain] = Point(x: x[node] + widthOf[node] * (slot + 1) / (sorted.count + 1), y: y[node] + boxes[node].drawnHeight)
            }
        }
        for (node, list) in topPorts {
            let sorted = list.sorted { $0.towards != $1.towards ? $0.towards < $1.towards : $0.chain < $1.chain }
            for (slot, entry) in sorted.enumerated() {
                endPoint[entry.chain] = Point(x: x[node] + widthOf[node] * (slot + 1) / (sorted.count + 1), y: y[node])
            }
        }
        paths = chains.enumerated().map { index, chain in
            var points = [startPoint[index] ?? Point(x: x[chain[0]], y: y[chain[0]])]
            for bend in chain.dropFirst().dropLast() { points.append(Point(x: x[bend] + widthOf[bend] / 2, y: y[bend])) }
            points.append(endPoint[index] ?? Point(x: x[chain[chain.count - 1]], y: y[chain[chain.count - 1]]))
            return reversed[index] ? points.reversed() : points
        }
    }
}

// MARK: - SVG

/// Writes the SVG markup of a picture: integer coordinates, colours by coverage, a tooltip on every arrow.
struct SVGWriter {
    private var arrowsLayer: [String] = []
    private var boxesLayer: [String] = []
    private var labelsLayer: [String] = []
    /// Boxes and labels already placed: a label moves off them, or is left to the arrow's tooltip.
    private var occupied: [Frame] = []
    let width: Int
    let height: Int
    let title: String
    /// Prefix of the arrowheads' ids: several pictures share a page, and ids must be unique in it.
    let id: String

    init(width: Int, height: Int, title: String, id: String) {
        self.width = width; self.height = height; self.title = title; self.id = id
    }

    private static let stroke: [FlowPicture.Coverage: String] = [.covered: "#1a7f37", .partial: "#bf8700", .uncovered: "#8c959f"]

    enum LabelPlace { case nearStart, nearEnd }

    mutating func arrow(path points: [Point], coverage: FlowPicture.Coverage, tooltip: String, label: String?, place: LabelPlace) {
        guard let first = points.first, let last = points.last else { return }
        var d = "M\(first.x) \(first.y)"
        for (a, b) in zip(points, points.dropFirst()) {
            let middle = (a.y + b.y) / 2
            d += " C\(a.x) \(middle) \(b.x) \(middle) \(b.x) \(b.y)"
        }
        appendArrow(d: d, coverage: coverage, tooltip: tooltip)
        guard let label else { return }
        let downwards = last.y >= first.y
        switch place {
        case .nearStart: self.label(label, at: Point(x: first.x, y: first.y + (downwards ? 16 : -8)), coverage: coverage)
        case .nearEnd: self.label(label, at: Point(x: last.x, y: last.y + (downwards ? -10 : 18)), coverage: coverage)
        }
    }

    /// A left-to-right arrow, labelled next to the end that is not shared, so the labels of a fan never sit on one another.
    mutating func sideArrow(from a: Point, to b: Point, coverage: FlowPicture.Coverage, label: String, labelAtEnd: Bool) {
        let middle = (a.x + b.x) / 2
        appendArrow(d: "M\(a.x) \(a.y) C\(middle) \(a.y) \(middle) \(b.y) \(b.x) \(b.y)", coverage: coverage, tooltip: label)
        if labelAtEnd {
            self.label(label, at: Point(x: b.x - 10, y: b.y - 9), coverage: coverage, anchor: .end)
        } else {
            self.label(label, at: Point(x: a.x + 6, y: a.y - 9), coverage: coverage, anchor: .start)
        }
    }

    enum TextAnchor: String { case start, middle, end }

    private mutating func appendArrow(d: String, coverage: FlowPicture.Coverage, tooltip: String) {
        let dash = coverage == .uncovered ? " stroke-dasharray=\"5 4\"" : ""
        arrowsLayer.append("<path d=\"\(d)\" fill=\"none\" stroke=\"\(Self.stroke[coverage] ?? "#8c959f")\" stroke-width=\"1.4\"\(dash) "
                           + "marker-end=\"url(#\(id)-arrow-\(coverage.rawValue))\"><title>\(escapeMarkup(tooltip))</title></path>")
    }

    mutating func reserve(_ frame: Frame) { occupied.append(frame) }

    /// Writes a label at `point`, or as near as it can without covering a box or another label (14 px steps,
    /// below then above); when every place is taken it is left out (the arrow's tooltip still has it).
    private mutating func label(_ text: String, at point: Point, coverage: FlowPicture.Coverage, anchor: TextAnchor = .middle) {
        let shown = truncated(text, to: 34)
        let width = shown.count * 6 + 6
        let left = switch anchor {
        case .start: point.x - 3
        case .middle: point.x - width / 2
        case .end: point.x - width + 3
        }
        func overlaps(_ a: Frame, _ b: Frame) -> Bool {
            a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
        }
        guard let shift = [0, 14, -14, 28, -28].first(where: { shift in
            let frame = Frame(x: left, y: point.y - 10 + shift, width: width, height: 14)
            return !occupied.contains { overlaps($0, frame) }
        }) else { return }
        let y = point.y + shift
        occupied.append(Frame(x: left, y: y - 10, width: width, height: 14))
        labelsLayer.append("<rect x=\"\(left)\" y=\"\(y - 10)\" width=\"\(width)\" height=\"14\" rx=\"3\" fill=\"#ffffff\" fill-opacity=\"0.85\"/>")
        labelsLayer.append("<text x=\"\(point.x)\" y=\"\(y + 1)\" class=\"label \(coverage.rawValue)\" text-anchor=\"\(anchor.rawValue)\" font-size=\"10\" "
                           + "fill=\"\(coverage == .covered ? "#1f2328" : coverage == .partial ? "#9a6700" : "#6e7781")\">"
                           + "\(escapeMarkup(shown))<title>\(escapeMarkup(text))</title></text>")
    }

    mutating func box(_ box: FlowPicture.Box, frame: Frame, emphasised: Bool = false) {
        let state = box.covered ? "covered" : "uncovered"
        // The same colours as the page's style, written on the shapes too: a printed part shows the drawing through
        // <use>, where the page's selectors do not reach.
        let paint = box.kind == .any ? " fill=\"#ddf4ff\" stroke=\"\(box.covered ? "#1a7f37" : "#8c959f")\""
            : box.covered ? " fill=\"#dafbe1\" stroke=\"#1a7f37\"" : " fill=\"#f6f8fa\" stroke=\"#8c959f\" stroke-dasharray=\"5 4\""
        let titlePaint = " font-weight=\"600\" fill=\"\(box.covered ? "#1f2328" : "#6e7781")\""
        var parts: [String] = []
        let link = box.kind == .screen ? "#\(escapeMarkup(anchor("screen", box.title), attribute: true))" : nil
        if let link { parts.append("<a href=\"\(link)\">") }
        // data-screen: what the page's search box finds and centres.
        let screenAttribute = box.kind == .screen ? " data-screen=\"\(escapeMarkup(box.title, attribute: true))\"" : ""
        parts.append("<g class=\"node \(state)\(emphasised ? " focus" : "")\"\(screenAttribute)>")
        parts.append("<title>\(escapeMarkup(box.title + (box.subtitle.isEmpty ? "" : " " + box.subtitle)))\(box.covered ? " (covered)" : " (not covered)")</title>")
        switch box.kind {
        case .start:
            parts.append("<circle cx=\"\(frame.x + frame.width / 2)\" cy=\"\(frame.y + 9)\" r=\"8\" class=\"start\" fill=\"#1f2328\"/>")
        case .end:
            parts.append("<rect x=\"\(frame.x)\" y=\"\(frame.y)\" width=\"\(frame.width)\" height=\"\(frame.height)\" rx=\"20\" class=\"frame end\"\(paint)/>")
            parts.append("<text x=\"\(frame.x + frame.width / 2)\" y=\"\(frame.y + 24)\" text-anchor=\"middle\" class=\"title\"\(titlePaint)>\(escapeMarkup(truncated(box.title, to: 26)))</text>")
        default:
            parts.append("<rect x=\"\(frame.x)\" y=\"\(frame.y)\" width=\"\(frame.width)\" height=\"\(frame.height)\" rx=\"6\" class=\"frame\(box.kind == .any ? " any" : "")\"\(paint)/>")
            parts.append("<text x=\"\(frame.x + 8)\" y=\"\(frame.y + 16)\" class=\"title\"\(titlePaint)>\(escapeMarkup(truncated(box.title, to: 26)))</text>")
            parts.append("<text x=\"\(frame.x + 8)\" y=\"\(frame.y + 31)\" class=\"subtitle\" font-size=\"11\" fill=\"\(box.covered ? "#3d444d" : "#6e7781")\">\(escapeMarkup(truncated(box.subtitle, to: 27)))</text>")
            var line = frame.y + boxHeight + 9
            for note in box.notes.prefix(maximumNotes) {
                parts.append("<text x=\"\(frame.x + 8)\" y=\"\(line)\" class=\"note \(note.covered ? "covered" : "uncovered")\" font-size=\"10\" fill=\"\(note.covered ? "#1a7f37" : "#6e7781")\">\(escapeMarkup(truncated(note.text, to: 28)))</text>")
                line += noteHeight
            }
            if box.notes.count > maximumNotes {
                parts.append("<text x=\"\(frame.x + 8)\" y=\"\(line)\" class=\"note\" font-size=\"10\" fill=\"#6e7781\">+\(box.notes.count - maximumNotes) more</text>")
            }
        }
        parts.append("</g>")
        if link != nil { parts.append("</a>") }
        boxesLayer.append(parts.joined())
    }

    func finish() -> String {
        var out = ["<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"flow-picture\" viewBox=\"0 0 \(width) \(height)\" width=\"\(width)\" height=\"\(height)\" "
                   + "role=\"img\" aria-label=\"\(escapeMarkup(title, attribute: true))\">"]
        out.append("<defs>" + ["covered", "partial", "uncovered"].map { name in
            let colour = Self.stroke[FlowPicture.Coverage(rawValue: name) ?? .uncovered] ?? "#8c959f"
            return "<marker id=\"\(id)-arrow-\(name)\" viewBox=\"0 0 10 10\" refX=\"9\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\">"
                + "<path d=\"M0 0 L10 5 L0 10 z\" fill=\"\(colour)\"/></marker>"
        }.joined() + "</defs>")
        // One group holding the drawing, so the printed parts of a large picture can show pieces of it (<use>).
        out.append("<g id=\"\(id)-drawing\">")
        out.append(contentsOf: arrowsLayer)
        out.append(contentsOf: boxesLayer)
        out.append(contentsOf: labelsLayer)
        out.append("</g>")
        out.append("</svg>")
        return out.joined(separator: "\n")
    }
}

/// `text` cut to `limit` characters with an ellipsis (the full text is in the tooltip).
func truncated(_ text: String, to limit: Int) -> String {
    text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
}

/// The style of the pictures, for the page that holds them (SVG in HTML takes the page's CSS).
let pictureStyle: [String] = [
    "svg.flow-picture { max-width: 100%; height: auto; font: 12px -apple-system, system-ui, sans-serif; display: block; margin: .5rem 0; }",
    "svg.flow-picture .frame { fill: #f6f8fa; stroke: #8c959f; stroke-dasharray: 5 4; }",
    "svg.flow-picture .covered .frame { fill: #dafbe1; stroke: #1a7f37; stroke-dasharray: none; }",
    "svg.flow-picture .frame.any { fill: #ddf4ff; }",
    "svg.flow-picture .focus .frame { stroke-width: 3; }",
    "svg.flow-picture .start { fill: #1f2328; }",
    "svg.flow-picture .title { font-weight: 600; fill: #1f2328; } svg.flow-picture .subtitle { fill: #3d444d; font-size: 11px; }",
    "svg.flow-picture .uncovered .title, svg.flow-picture .uncovered .subtitle { fill: #6e7781; }",
    "svg.flow-picture .note { font-size: 10px; fill: #6e7781; } svg.flow-picture .note.covered { fill: #1a7f37; }",
    "svg.flow-picture .label { font-size: 10px; fill: #1f2328; } svg.flow-picture .label.uncovered { fill: #6e7781; }",
    "svg.flow-picture .label.partial { fill: #9a6700; }",
    "svg.flow-picture a:hover .frame { stroke-width: 2.5; }",
]
