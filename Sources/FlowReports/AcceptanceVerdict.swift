import FlowIR
import FlowRuntime

/// What keeps an app from a clean acceptance run: failed scenarios, failed criteria, uncovered criteria.
///
/// `flowc build` and `flowc test` exit 1 unless every app's verdict is clean, after writing the reports,
/// so CI fails on a broken promise as it fails on a compile error.
///
/// ```swift
/// let verdict = acceptanceVerdict(for: app, results: results)
/// if !verdict.isClean { print(verdict.summary) }   // "tempo: 1 of 154 scenarios failed (card_freeze); ..."
/// ```
public struct AcceptanceVerdict: Sendable, Hashable {
    public var app: String
    public var scenarioCount: Int
    /// Names of the scenarios that failed, in declaration order.
    public var failedScenarios: [String]
    /// IDs of the criteria whose evidence failed, in declaration order.
    public var failedCriteria: [String]
    /// IDs of the criteria without evidence (no scenario, or one that did not run), in declaration order.
    public var uncoveredCriteria: [String]

    public var isClean: Bool { failedScenarios.isEmpty && failedCriteria.isEmpty && uncoveredCriteria.isEmpty }

    /// One line: `tempo: 1 of 154 scenarios failed (a); 1 criterion failed (AC-1); 2 criteria uncovered (AC-2, AC-3)`.
    public var summary: String {
        var parts: [String] = []
        if !failedScenarios.isEmpty {
            parts.append("\(failedScenarios.count) of \(scenarioCount) scenario\(scenarioCount == 1 ? "" : "s") failed (\(failedScenarios.joined(separator: ", ")))")
        }
        if !failedCriteria.isEmpty {
            parts.append("\(failedCriteria.count) criteri\(failedCriteria.count == 1 ? "on" : "a") failed (\(failedCriteria.joined(separator: ", ")))")
        }
        if !uncoveredCriteria.isEmpty {
            parts.append("\(uncoveredCriteria.count) criteri\(uncoveredCriteria.count == 1 ? "on" : "a") uncovered (\(uncoveredCriteria.joined(separator: ", ")))")
        }
        return "\(app): " + (parts.isEmpty ? "every scenario passed and no criterion is failed or uncovered" : parts.joined(separator: "; "))
    }
}

/// The acceptance verdict of one app from its scenario results, by the rules of the acceptance report.
public func acceptanceVerdict(for app: App, results: [ScenarioResult], properties: [String: PropertyVerdict] = [:]) -> AcceptanceVerdict {
    let report = AcceptanceReport(app: app, results: results, coverage: CoverageReport(app: app, results: results), properties: properties)
    return AcceptanceVerdict(
        app: app.id,
        scenarioCount: app.scenarios.count,
        failedScenarios: report.scenarios.filter { $0.result.map { !$0.passed } ?? false }.map(\.scenario.name),
        failedCriteria: report.criteria.filter { $0.status == .failed }.map(\.criterion.id),
        uncoveredCriteria: report.criteria.filter { $0.status == .uncovered }.map(\.criterion.id))
}
