import FlowCompiler
import FlowIR
@testable import FlowReports
import FlowRuntime
import FlowSource
import FlowTestSupport
import Foundation
import Testing

/// What a reader of the HTML reports relies on, checked on the small fixture (every status, a failure, uncovered
/// items) and on Tempo (the large flows the pictures must stay readable for).
@Suite struct HTMLReportTests {
    static func smallFiles() throws -> [String: String] {
        let (_, _, files) = try ReportGoldenTests.render()
        return Dictionary(uniqueKeysWithValues: files.map { ($0.path.replacingOccurrences(of: "reports/small/", with: ""), String(decoding: $0.contents, as: UTF8.self)) })
    }

    @Test(arguments: ["acceptance.html", "coverage.html"])
    func everyInPageLinkHasItsTarget(name: String) throws {
        let html = try #require(try Self.smallFiles()[name])
        let ids = Set(attributeValues("id", in: html))
        let targets = attributeValues("href", in: html).filter { $0.hasPrefix("#") }.map { String($0.dropFirst()) }
        #expect(!targets.isEmpty)
        for target in targets { #expect(ids.contains(target), "\(name): link to #\(target) has no element with that id") }
        #expect(Set(attributeValues("id", in: html)).count == attributeValues("id", in: html).count, "\(name): an id is used twice")
    }

    @Test func linksBetweenTheTwoReportsLand() throws {
        let files = try Self.smallFiles()
        let acceptance = try #require(files["acceptance.html"])
        let coverage = try #require(files["coverage.html"])
        let coverageIDs = Set(attributeValues("id", in: coverage))
        for href in attributeValues("href", in: acceptance) where href.hasPrefix("coverage.html#") {
            #expect(coverageIDs.contains(String(href.dropFirst("coverage.html#".count))), "acceptance.html links to \(href)")
        }
    }

    @Test func sourceLinksAreRelativeAndPointAtTheDeclaringLine() throws {
        let html = try #require(try Self.smallFiles()["acceptance.html"])
        let sources = attributeValues("href", in: html).filter { $0.contains(".flow.yaml") }
        #expect(!sources.isEmpty)
        for href in sources {
            #expect(href.hasPrefix("../../../reports/small-app/app.flow.yaml#L"), "\(href)")
            #expect(!href.contains("/work/") && !href.hasPrefix("/"), "absolute path in \(href)")
        }
        // AC-SML-01 is declared on line 95 of the fixture, and its link says so.
        #expect(html.contains("<a class=\"source\" href=\"../../../reports/small-app/app.flow.yaml#L95\"><code>reports/small-app/app.flow.yaml:95</code></a>"))
    }

    @Test func everyCriterionTextIsOnThePageOutsideAnyFoldedPart() throws {
        let (app, _, _) = try ReportGoldenTests.render()
        let html = try #require(try Self.smallFiles()["acceptance.html"])
        let unfolded = removingDetails(html)
        for criterion in app.criteria {
            #expect(unfolded.contains("<blockquote class=\"text\">\(escapeMarkup(criterion.text))</blockquote>"), "\(criterion.id) text is missing or folded")
        }
    }

    @Test func aFailedCriterionShowsItsFailureUnfolded() throws {
        let html = try #require(try Self.smallFiles()["acceptance.html"])
        let unfolded = removingDetails(html)
        let article = try #require(section(of: unfolded, from: "id=\"criterion-AC-SML-02\"", to: "</article>"))
        #expect(article.contains("failed at <a href=\"#scenario-denied_sign_in_stays-step-3\">step 3</a>"))
        #expect(article.contains("<tr><th>Expected</th><td>screen HOM-003 (Home)</td></tr><tr><th>Found</th><td>LOG-002 (Log In)</td></tr>"))
        #expect(article.contains("app.flow.yaml:182"))
        // The step it names is marked in the scenario's step list.
        #expect(unfolded.contains("id=\"scenario-denied_sign_in_stays-step-3\" class=\"failed\""))
    }

    @Test func screensLinkToTheirCriteria() throws {
        let html = try #require(try Self.smallFiles()["acceptance.html"])
        let row = try #require(section(of: html, from: "<tr id=\"screen-LOG-002\">", to: "</tr>"))
        for id in ["AC-SML-01", "AC-SML-02", "AC-SML-03"] { #expect(row.contains("href=\"#criterion-\(id)\""), "LOG-002 row lacks \(id)") }
    }

    @Test func printStylesDropTheFiltersAndKeepCardsWhole() throws {
        let html = try #require(try Self.smallFiles()["acceptance.html"])
        let print = try #require(section(of: html, from: "@media print {", to: "\n}"))
        #expect(print.contains(".filters") && print.contains("display: none"))
        #expect(print.contains("article") && print.contains("break-inside: avoid"))
    }

    @Test func coverageListsWhatIsMissingFirstWithPercentages() throws {
        let html = try #require(try Self.smallFiles()["coverage.html"])
        #expect(html.contains("<td class=\"num\">3</td><td class=\"num\">5</td><td class=\"num\">60%</td>"))
        let screens = try #require(section(of: html, from: "<section id=\"screens\">", to: "</section>"))
        let rows = screens.components(separatedBy: "<tr id=").dropFirst().map { $0.contains("class=\"missing\"") }
        #expect(rows == [true, true, false, false, false], "the two unvisited screens come first: \(rows)")
    }

    @Test func coveragePictureColoursWhatWasNotCovered() throws {
        let html = try #require(try Self.smallFiles()["coverage.html"])
        #expect(html.contains("<g class=\"node uncovered\" data-screen=\"LCK-004\"><title>LCK-004 Locked (not covered)</title>"))
        #expect(html.contains("<g class=\"node covered\" data-screen=\"LOG-002\"><title>LOG-002 Log In (covered)</title>"))
        #expect(html.contains("stroke-dasharray=\"5 4\" marker-end=\"url(#picture-flow-main-arrow-uncovered)\"><title>LOG-002 → LCK-004"))
        // The one script is inline (pan, zoom, search); nothing is fetched.
        #expect(html.components(separatedBy: "<script").count == 2 && !html.contains("src=") && !html.contains("url(http"), "coverage.html fetches nothing")
    }

    @Test func sourceRootClimbsOutOfTheOutputFolder() {
        #expect(reportSourceRoot(forOutput: "generated") == "../../../")
        #expect(reportSourceRoot(forOutput: ".build/mutation-ci") == "../../../../")
        #expect(reportSourceRoot(forOutput: "./out/") == "../../../")
    }

    // MARK: Pictures of Tempo's flows

    static let tempo: (app: App, coverage: CoverageReport)? = {
        let compilation = compileCleanly(CompilerConfig(inputs: ["flows/tempo"], generatesOutputs: false), fileSystem: FixtureFileSystem(base: packageRoot()))
        guard let app = compilation.program.apps.first else { return nil }
        let program = RuntimeProgram(app: app)
        return (app, CoverageReport(app: app, results: app.scenarios.map { runScenario($0, of: program) }))
    }()

    @Test func tempoPicturesHaveNoOverlappingBoxesAndArrowsTouchTheirBoxes() throws {
        let (app, coverage) = try #require(Self.tempo)
        for index in app.flows.indices {
            let picture = FlowPicture(FlowDiagram(flow: index, app: app, coverage: coverage), app: app)
            let layout = LayeredLayout(boxes: picture.boxes, arrows: picture.arrows)
            let frames = layout.frames
            for a in frames.indices {
                for b in frames.indices where a < b {
                    let apart = frames[a].x + frames[a].width <= frames[b].x || frames[b].x + frames[b].width <= frames[a].x
                        || frames[a].y + frames[a].height <= frames[b].y || frames[b].y + frames[b].height <= frames[a].y
                    #expect(apart, "\(app.flows[index].name): \(picture.boxes[a].title) overlaps \(picture.boxes[b].title)")
                }
                #expect(frames[a].x >= 0 && frames[a].y >= 0 && frames[a].x + frames[a].width <= layout.width && frames[a].y + frames[a].height <= layout.height)
            }
            for (arrow, path) in zip(picture.arrows, layout.paths) {
                let first = try #require(path.first), last = try #require(path.last)
                #expect(touches(first, frames[arrow.from]), "\(app.flows[index].name): arrow from \(picture.boxes[arrow.from].title) starts off its box")
                #expect(touches(last, frames[arrow.to]), "\(app.flows[index].name): arrow to \(picture.boxes[arrow.to].title) ends off its box")
            }
        }
    }

    /// Every label of every picture of Tempo's coverage page (overviews and neighbourhoods) keeps off the boxes
    /// and off the other labels of its picture.
    @Test func tempoLabelsCoverNoBoxAndNoOtherLabel() throws {
        let (app, coverage) = try #require(Self.tempo)
        let html = String(decoding: renderCoverageHTML(coverage, app: app, links: HTMLLinks(sourceRoot: "../../../")), as: UTF8.self)
        let pictures = html.components(separatedBy: "<svg ").dropFirst()
        #expect(pictures.count > app.flows.count)
        var labels = 0
        for picture in pictures {
            let boxes = rectangles(in: picture, marker: "class=\"frame")
            let placed = rectangles(in: picture, marker: "fill=\"#ffffff\"")
            labels += placed.count
            for (index, label) in placed.enumerated() {
                for box in boxes { #expect(!overlap(label, box), "a label covers a box: \(label) \(box)") }
                for other in placed[(index + 1)...] { #expect(!overlap(label, other), "two labels overlap: \(label) \(other)") }
            }
        }
        #expect(labels > 100)
    }

    @Test func walletIsDrawnWithoutASharedBackNodeAndWithANeighbourhoodPerScreen() throws {
        let (app, coverage) = try #require(Self.tempo)
        let wallet = try #require(app.flows.firstIndex { $0.name == "wallet" })
        let picture = FlowPicture(FlowDiagram(flow: wallet, app: app, coverage: coverage), app: app)
        #expect(!picture.boxes.contains { $0.kind == .back })
        #expect(picture.boxes.contains { $0.notes.contains { $0.text.hasPrefix("↩ back") } })
        let layout = LayeredLayout(boxes: picture.boxes, arrows: picture.arrows)
        // App-wide transitions (the lock, the integrity block, the inbox deep link) add their targets in other
        // flows to every overview, so the bound leaves room for them.
        #expect(layout.width < 3500, "wallet overview is \(layout.width) px wide")
        let html = String(decoding: renderCoverageHTML(coverage, app: app, links: HTMLLinks(sourceRoot: "../../../")), as: UTF8.self)
        let screens = app.flows[wallet].screens.count
        let walletSection = try #require(section(of: html, from: "id=\"flow-wallet\"", to: "</section>"))
        #expect(walletSection.components(separatedBy: "<figure id=\"around-").count - 1 == screens)
        let ids = attributeValues("id", in: html)
        #expect(Set(ids).count == ids.count, "an id is used twice in Tempo's coverage.html")
        let targets = Set(attributeValues("href", in: html).filter { $0.hasPrefix("#") }.map { String($0.dropFirst()) })
        #expect(targets.subtracting(ids).isEmpty, "links without a target: \(targets.subtracting(ids).sorted())")
    }
}

/// Whether a point lies on the edge of a frame (an arrow starts or ends on a box's side).
private func touches(_ point: Point, _ frame: Frame) -> Bool {
    point.x >= frame.x && point.x <= frame.x + frame.width && (point.y == frame.y || point.y == frame.y + frame.height)
}

/// The values of every `name="…"` attribute, in order.
func attributeValues(_ name: String, in html: String) -> [String] {
    html.components(separatedBy: " \(name)=\"").dropFirst().compactMap { $0.split(separator: "\"", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) }
}

/// The text from the first `start` to the next `end` after it.
func section(of text: String, from start: String, to end: String) -> String? {
    guard let open = text.range(of: start), let close = text.range(of: end, range: open.upperBound..<text.endIndex) else { return nil }
    return String(text[open.lowerBound..<close.upperBound])
}

/// The page without anything inside `<details>`: what a reader (or a printer) sees without a click.
func removingDetails(_ html: String) -> String {
    var out = ""
    var rest = Substring(html)
    while let open = rest.range(of: "<details"), let close = rest.range(of: "</details>", range: open.upperBound..<rest.endIndex) {
        out += rest[..<open.lowerBound]
        rest = rest[close.upperBound...]
    }
    return out + rest
}

/// The `<rect>`s of an SVG fragment whose markup contains `marker`, as (x, y, width, height).
func rectangles(in svg: String, marker: String) -> [(x: Int, y: Int, width: Int, height: Int)] {
    svg.components(separatedBy: "<rect ").dropFirst().compactMap { tag in
        let element = tag.prefix { $0 != ">" }
        guard element.contains(marker) else { return nil }
        func number(_ name: String) -> Int? {
            element.components(separatedBy: " \(name)=\"").dropFirst().first.flatMap { Int($0.prefix { $0 != "\"" }) }
                ?? (element.hasPrefix("\(name)=\"") ? Int(element.dropFirst(name.count + 2).prefix { $0 != "\"" }) : nil)
        }
        guard let x = number("x"), let y = number("y"), let width = number("width"), let height = number("height") else { return nil }
        return (x, y, width, height)
    }
}

func overlap(_ a: (x: Int, y: Int, width: Int, height: Int), _ b: (x: Int, y: Int, width: Int, height: Int)) -> Bool {
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}
