import Foundation

/// What changed between two runs of one app's reports, for a release checklist: criteria whose status changed
/// (and those added or removed), scenarios that started or stopped failing, coverage per kind of item, and the
/// items that became uncovered or covered.
///
/// Read from the JSON reports (`acceptance.json`, `coverage.json`) rather than from a run, so the previous side
/// can be any committed or archived report folder.
///
/// ```swift
/// let comparison = try ReportComparison(previous: oldFolder, current: newFolder)   // each holds acceptance.json, coverage.json
/// print(comparison.markdown)
/// if comparison.hasRegressions { exit(1) }
/// ```
public struct ReportComparison: Sendable {
    public struct StatusChange: Sendable, Hashable {
        public var id: String
        /// Nil when the criterion is new.
        public var before: String?
        /// Nil when the criterion was removed.
        public var after: String?
        public var text: String
    }

    public struct CoverageChange: Sendable, Hashable {
        public var kind: String
        public var before: (covered: Int, total: Int)?
        public var after: (covered: Int, total: Int)?
        public static func == (a: CoverageChange, b: CoverageChange) -> Bool {
            a.kind == b.kind && a.before?.covered == b.before?.covered && a.before?.total == b.before?.total
                && a.after?.covered == b.after?.covered && a.after?.total == b.after?.total
        }
        public func hash(into hasher: inout Hasher) { hasher.combine(kind) }
        /// The covered share fell (or the kind disappeared while something was covered).
        public var dropped: Bool {
            guard let before else { return false }
            guard let after else { return before.covered > 0 }
            return after.covered * max(before.total, 1) < before.covered * max(after.total, 1)
        }
    }

    public var app: String
    public var criteria: [StatusChange] = []
    public var newlyFailingScenarios: [String] = []
    /// Those of `newlyFailingScenarios` the earlier reports did not have: new, and failing (not "now failing").
    public var newScenarios: Set<String> = []
    public var fixedScenarios: [String] = []
    public var coverage: [CoverageChange] = []
    public var newlyUncovered: [String] = []
    public var newlyCovered: [String] = []

    /// Statuses from best to worst: a move to a later one is a regression.
    static let statusRank = ["passed": 0, "passed-weak": 1, "not-automatable": 2, "uncovered": 3, "failed": 4]
    /// The kinds of coverage.json's summary, in report order.
    static let kinds = ["screens", "variants", "transitions", "guardOutcomes", "ruleOutcomes", "serviceOutcomes", "effects"]

    public struct Problem: Error, CustomStringConvertible {
        public var description: String
    }

    public init(previous: URL, current: URL) throws {
        func object(_ folder: URL, _ name: String) throws -> [String: Any] {
            let url = folder.appendingPathComponent(name)
            guard let data = FileManager.default.contents(atPath: url.path) else { throw Problem(description: "cannot read \(url.relativePath)") }
            guard let value = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
                throw Problem(description: "\(url.relativePath) is not a flowc report (not a JSON object)")
            }
            return value
        }
        try self.init(previousAcceptance: object(previous, "acceptance.json"), previousCoverage: object(previous, "coverage.json"),
                      acceptance: object(current, "acceptance.json"), coverage: object(current, "coverage.json"))
    }

    public init(previousAcceptance: [String: Any], previousCoverage: [String: Any], acceptance: [String: Any], coverage current: [String: Any]) throws {
        guard let app = acceptance["app"] as? String else { throw Problem(description: "acceptance.json has no app") }
        let previousApp = previousAcceptance["app"] as? String
        guard previousApp == app else {
            throw Problem(description: "the reports are of different apps: '\(previousApp ?? "?")' and '\(app)'")
        }
        self.app = app
        func criteria(_ report: [String: Any]) -> [(id: String, status: String, text: String)] {
            (report["criteria"] as? [[String: Any]] ?? []).compactMap { item in
                guard let id = item["id"] as? String, let status = item["status"] as? String else { return nil }
                return (id, status, item["text"] as? String ?? "")
            }
        }
        let before = criteria(previousAcceptance)
        let after = criteria(acceptance)
        let beforeByID = Dictionary(before.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        let afterIDs = Set(after.map(\.id))
        for item in after where beforeByID[item.id]?.status != item.status {
            self.criteria.append(StatusChange(id: item.id, before: beforeByID[item.id]?.status, after: item.status, text: item.text))
        }
        for item in before where !afterIDs.contains(item.id) {
            self.criteria.append(StatusChange(id: item.id, before: item.status, after: nil, text: item.text))
        }
        func failing(_ report: [String: Any]) -> [String] {
            (report["scenarios"] as? [[String: Any]] ?? []).compactMap { item in
                (item["ran"] as? Bool == true && item["passed"] as? Bool == false) ? item["name"] as? String : nil
            }
        }
        let failedBefore = Set(failing(previousAcceptance))
        let failedNow = failing(acceptance)
        newlyFailingScenarios = failedNow.filter { !failedBefore.contains($0) }
        let namedBefore = Set((previousAcceptance["scenarios"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String })
        newScenarios = Set(failedNow.filter { !namedBefore.contains($0) })
        let passingNow = Set((acceptance["scenarios"] as? [[String: Any]] ?? []).compactMap { item in
            (item["ran"] as? Bool == true && item["passed"] as? Bool == true) ? item["name"] as? String : nil
        })
        // Passing again only when it ran and passed, not when it merely did not run.
        fixedScenarios = failing(previousAcceptance).filter { passingNow.contains($0) }
        func summary(_ report: [String: Any]) -> [String: (covered: Int, total: Int)] {
            var out: [String: (covered: Int, total: Int)] = [:]
            for (kind, value) in report["summary"] as? [String: Any] ?? [:] {
                if let entry = value as? [String: Any], let covered = entry["covered"] as? Int, let total = entry["total"] as? Int {
                    out[kind] = (covered, total)
                }
            }
            return out
        }
        let coverageBefore = summary(previousCoverage)
        let coverageNow = summary(current)
        for kind in Self.kinds {
            let change = CoverageChange(kind: kind, before: coverageBefore[kind], after: coverageNow[kind])
            if change.before?.covered != change.after?.covered || change.before?.total != change.after?.total { coverage.append(change) }
        }
        func uncovered(_ report: [String: Any]) -> [String] {
            (report["uncovered"] as? [[String: Any]] ?? []).compactMap { item in
                guard let kind = item["kind"] as? String, let name = item["name"] as? String else { return nil }
                return "\(kind): \(name)"
            }
        }
        let uncoveredBefore = uncovered(previousCoverage)
        let uncoveredNow = uncovered(current)
        newlyUncovered = uncoveredNow.filter { !Set(uncoveredBefore).contains($0) }
        newlyCovered = uncoveredBefore.filter { !Set(uncoveredNow).contains($0) }
    }

    /// A criterion got worse (or was removed), a scenario started failing, or a kind of coverage dropped.
    public var hasRegressions: Bool {
        criteria.contains { change in
            guard let before = change.before else { return change.after == "failed" || change.after == "uncovered" }
            guard let after = change.after else { return true }
            return (Self.statusRank[after] ?? 4) > (Self.statusRank[before] ?? 4)
        } || !newlyFailingScenarios.isEmpty || coverage.contains(where: \.dropped)
    }

    /// The comparison as Markdown: a verdict line, then each kind of change that happened.
    public var markdown: String {
        var lines = ["# Changes in the reports of `\(app)`", ""]
        let nothing = criteria.isEmpty && newlyFailingScenarios.isEmpty && fixedScenarios.isEmpty && coverage.isEmpty
            && newlyUncovered.isEmpty && newlyCovered.isEmpty
        lines.append(nothing ? "No change: every criterion has the status it had and coverage is the same."
                     : hasRegressions ? "**Regressions:** a criterion got worse, a scenario started failing or coverage dropped (marked ⬇)."
                     : "No regression.")
        if !criteria.isEmpty {
            lines += ["", "## Criteria that changed status", "", "| Criterion | Before | Now | Text |", "| --- | --- | --- | --- |"]
            for change in criteria {
                let worse = change.after.map { (Self.statusRank[$0] ?? 4) > (change.before.flatMap { Self.statusRank[$0] } ?? -1) } ?? true
                lines.append("| \(worse ? "⬇ " : "")\(change.id) | \(change.before ?? "(new)") | \(change.after ?? "(removed)") | \(escapeMarkdown(change.text)) |")
            }
        }
        if !newlyFailingScenarios.isEmpty || !fixedScenarios.isEmpty {
            lines += ["", "## Scenarios", ""]
            lines += newlyFailingScenarios.map { "- ⬇ \(newScenarios.contains($0) ? "new, failing" : "now failing"): `\($0)`" }
            lines += fixedScenarios.map { "- passing again: `\($0)`" }
        }
        if !coverage.isEmpty {
            lines += ["", "## Coverage", "", "| Item | Before | Now |", "| --- | ---: | ---: |"]
            func shown(_ value: (covered: Int, total: Int)?) -> String {
                guard let value else { return "–" }
                return "\(value.covered) of \(value.total) (\(percentText(value.covered, of: value.total)))"
            }
            for change in coverage {
                lines.append("| \(change.dropped ? "⬇ " : "")\(change.kind) | \(shown(change.before)) | \(shown(change.after)) |")
            }
        }
        if !newlyUncovered.isEmpty {
            lines += ["", "## Newly uncovered", ""] + newlyUncovered.map { "- \(escapeMarkdown($0))" }
        }
        if !newlyCovered.isEmpty {
            lines += ["", "## Newly covered", ""] + newlyCovered.map { "- \(escapeMarkdown($0))" }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
