import FlowTestSupport
import Foundation
import Testing

/// docs/architecture.md's pipeline diagram names the stages Pipeline.swift declares, in the order they run, so a stage
/// added, renamed or reordered in the code shows up as a stale diagram.
@Suite struct PipelineDiagramTests {
    /// The stage functions of FlowCompiler's pipeline file, in the order declared (`compile`, which runs them, aside).
    static func stages(_ pipeline: String) -> [String] {
        pipeline.matches(of: #/\npublic func ([a-zA-Z]+)\(/#).map { String($0.1) }.filter { $0 != "compile" }
    }

    /// The first code block of the document (the diagram).
    static func diagram(_ document: String) -> Substring {
        guard let open = document.firstRange(of: "```\n"), let close = document[open.upperBound...].firstRange(of: "```") else { return "" }
        return document[open.upperBound..<close.lowerBound]
    }

    /// Stages the diagram leaves out, and whether the ones it names come in the code's order from left to right (the
    /// diagram flows left to right; stages side by side, as generate and accept, share a column).
    static func problems(stages: [String], diagram: Substring) -> [String] {
        var problems = stages.filter { !diagram.contains($0) }.map { "the diagram does not name the stage '\($0)'" }
        let lines = diagram.split(separator: "\n")
        let columns = stages.compactMap { stage in
            lines.lazy.compactMap { line in line.firstRange(of: stage).map { line.distance(from: line.startIndex, to: $0.lowerBound) } }.min()
        }
        if columns != columns.sorted() { problems.append("the diagram names the stages in another order than Pipeline.swift: \(stages)") }
        return problems
    }

    @Test func theDiagramNamesEveryStageInOrder() throws {
        let root = packageRoot()
        let pipeline = try String(contentsOf: root.appendingPathComponent("Sources/FlowCompiler/Pipeline.swift"), encoding: .utf8)
        let document = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let stages = Self.stages(pipeline)
        #expect(stages == ["loadSources", "checkApps", "lowerApps", "generate", "accept"], "Pipeline.swift's stages")
        for problem in Self.problems(stages: stages, diagram: Self.diagram(document)) { Issue.record(Comment(rawValue: problem)) }
    }

    /// A stage missing from the diagram, or two out of order, is seen.
    @Test func aStaleDiagramIsSeen() {
        let stages = ["loadSources", "checkApps", "lowerApps", "generate"]
        #expect(Self.problems(stages: stages, diagram: "loadSources → checkApps → lowerApps → generate").isEmpty)
        #expect(Self.problems(stages: stages, diagram: "loadSources → checkApps → generate") == ["the diagram does not name the stage 'lowerApps'"])
        #expect(Self.problems(stages: stages, diagram: "loadSources → lowerApps → checkApps → generate").count == 1)
    }
}
