import FlowIR
import FlowRuntime
import FlowSource

/// Renders the acceptance and coverage reports of one app from its scenario results.
///
/// Reports are computed from the results and their traces only, never from live state, and are
/// byte-identical for the same input: no timestamps, no absolute paths, everything in declaration
/// order. Files, under `reports/<app id>/`: `acceptance.json`, `acceptance.md`, `acceptance.html`,
/// `junit.xml`, `coverage.json`, `coverage.md`, `coverage.html`, and one `<flow>.dot` per flow.
///
/// ```swift
/// let results = app.scenarios.map { runScenario($0, of: app) }
/// for file in renderReports(for: app, results: results) {
///     try fileSystem.write("generated/" + file.path, file.contents)   // "generated/reports/tempo/acceptance.md"
/// }
/// ```
/// - Parameters:
///   - app: The checked app.
///   - results: One result per scenario that ran (matched to `app.scenarios` by name); a scenario
///     without a result is reported as not run, and criteria resting on it as uncovered.
///   - mutation: Mutation scores by criterion ID (from a complete `flowc mutate` run); each passed
///     criterion shows its score.
///   - sourceRoot: The path from `reports/<app id>/` in the output folder back to the package root, ending in `/`,
///     for the HTML reports' links to the flow files (`../../../` for the default output folder `generated`).
/// - Returns: The files, sorted by path.
/// The `sourceRoot` of reports written under `output` (a folder relative to the package root).
///
/// An output outside the project (absolute, or climbing with `..`: a CI system's temporary folder) has no path
/// back to the flow files that is the same on every machine; its links are those of the default `generated/`,
/// which land once the reports are copied beside the flows, and the bytes do not depend on where they were written.
public func reportSourceRoot(forOutput output: String) -> String {
    if output.hasPrefix("/") || output.split(separator: "/").contains("..") { return "../../../" }
    let depth = output.split(separator: "/").filter { $0 != "." && !$0.isEmpty }.count + 2
    return String(repeating: "../", count: depth)
}

public func renderReports(for app: App, results: [ScenarioResult],
                          mutation: [String: MutationScore] = [:], sourceRoot: String = "../../../",
                          properties: [String: PropertyVerdict] = [:]) -> [OutputFile] {
    let links = HTMLLinks(sourceRoot: sourceRoot)
    let coverage = CoverageReport(app: app, results: results)
    let acceptance = AcceptanceReport(app: app, results: results, coverage: coverage, mutation: mutation, properties: properties)
    let folder = "reports/\(app.id)/"
    var files: [OutputFile] = [
        OutputFile(path: folder + "acceptance.json", contents: renderAcceptanceJSON(acceptance)),
        OutputFile(path: folder + "acceptance.md", contents: renderAcceptanceMarkdown(acceptance)),
        OutputFile(path: folder + "acceptance.html", contents: renderAcceptanceHTML(acceptance, links: links)),
        OutputFile(path: folder + "junit.xml", contents: renderJUnit(acceptance)),
        OutputFile(path: folder + "coverage.json", contents: renderCoverageJSON(coverage, app: app)),
        OutputFile(path: folder + "coverage.md", contents: renderCoverageMarkdown(coverage, app: app)),
        OutputFile(path: folder + "coverage.html", contents: renderCoverageHTML(coverage, app: app, links: links)),
    ]
    for index in app.flows.indices {
        files.append(OutputFile(path: folder + "\(app.flows[index].name).dot", contents: renderDOT(FlowDiagram(flow: index, app: app, coverage: coverage))))
    }
    return files.sorted { $0.path < $1.path }
}
