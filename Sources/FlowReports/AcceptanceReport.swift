import FlowIR
import FlowRuntime
import FlowSource

/// The verdict on every acceptance criterion of one app, computed from scenario results only.
///
/// A criterion verified by scenarios passes when it names at least one scenario and every one of
/// them ran and passed; it fails when any of them failed; otherwise (a named scenario did not run)
/// it is uncovered. A criterion verified by an invariant passes when every scenario of the app ran
/// and none broke an invariant; it fails when a scenario broke that invariant; otherwise it is
/// uncovered. Nothing is ever passed without evidence.
struct AcceptanceReport {
    enum Status: String, CaseIterable {
        case passed
        /// Passed, but its scenarios catch too few of the planted changes to what it concerns (below
        /// `MutationScore.weakBelowPercent`, with some survivor unexplained): a pass that proves little.
        case weak = "passed-weak"
        case failed
        case uncovered
        case notAutomatable = "not-automatable"

        /// How the status reads in prose.
        var title: String {
            switch self {
            case .passed: "Passed"
            case .weak: "Passed, weak"
            case .failed: "Failed"
            case .uncovered: "Uncovered"
            case .notAutomatable: "Not automatable"
            }
        }

        var icon: String {
            switch self {
            case .passed: "✅"
            case .weak: "🟠"
            case .failed: "❌"
            case .uncovered: "⚠️"
            case .notAutomatable: "⏭️"
            }
        }
    }

    /// One scenario offered as evidence for a criterion.
    struct Evidence {
        var scenario: String
        /// Nil when the scenario did not run (no result was given for it).
        var result: ScenarioResult?
        /// For invariant criteria: whether this run kept the invariants; otherwise whether it passed.
        var passed: Bool
        var ran: Bool { result != nil }
        /// Whether the scenario itself passed. A run that kept the invariants but failed for another reason (a
        /// wrong expectation) stopped there: it is never shown as a pass.
        var scenarioPassed: Bool { result?.passed ?? false }
        /// Kept the invariants up to where it failed for another reason.
        var keptInvariantsThenFailed: Bool { passed && ran && !scenarioPassed }
    }

    struct Criterion {
        var criterion: AcceptanceCriterion
        var status: Status
        var verification: String
        var invariant: String?
        var reason: String?
        var evidence: [Evidence]
        /// For a passed criterion, its mutation score when a `flowc mutate` result is given.
        var mutation: MutationScore? = nil

        /// The status as every report words it: `passed`, `passed · 23 of 26 changes caught` (some survivor
        /// unexplained), `passed, weak · 3 of 26 changes caught`, `failed`…
        var displayStatus: String {
            guard let mutation, status == .passed || status == .weak, mutation.unexplained > 0 else { return status.rawValue }
            return (status == .weak ? "passed, weak" : "passed") + " · " + mutation.caughtText
        }

        /// The icon beside the status: never ✅ for a pass that leaves an unexplained survivor.
        var icon: String {
            if status == .passed, let mutation, mutation.unexplained > 0 { return "☑️" }
            return status.icon
        }

        /// The title beside the icon: `Passed · 23 of 26 changes caught` when survivors are unexplained.
        var title: String {
            guard let mutation, status == .passed || status == .weak, mutation.unexplained > 0 else { return status.title }
            return status.title + " · " + mutation.caughtText
        }
        /// For a property criterion: what the exploration found (how far it went, or the violation).
        var exploration: String? = nil
        /// The property written beside the scenarios or invariant (`exploration` is then its verdict in words).
        var propertyBeside: String? = nil
        /// Whether that property held (nil: not explored in this run).
        var propertyHeld: Bool? = nil
    }

    var app: App
    var criteria: [Criterion]
    /// The app's scenarios in declaration order, each with its result (nil when it did not run).
    var scenarios: [(scenario: Scenario, result: ScenarioResult?)]
    var coverage: CoverageReport
    /// The requirements of the seed document and the criteria and flow elements each is traced to (nil for an app
    /// without requirements): built once here, rendered into the Markdown, HTML and JSON reports alike.
    private(set) var traceability: TraceabilityReport? = nil

    init(app: App, results: [ScenarioResult], coverage: CoverageReport, mutation: [String: MutationScore] = [:],
         properties: [String: PropertyVerdict] = [:]) {
        self.app = app
        self.coverage = coverage
        var byName: [String: ScenarioResult] = [:]
        for result in results where byName[result.name] == nil { byName[result.name] = result }
        let scenarios = app.scenarios.map { (scenario: $0, result: byName[$0.name]) }
        self.scenarios = scenarios
        criteria = app.criteria.map { criterion -> Criterion in
            var item = Self.verdict(on: criterion, of: app, scenarios: scenarios, byName: byName, properties: properties)
            if let index = criterion.propertyBeside {
                // Both kinds of evidence: the criterion passes only when its scenarios (or invariant) and its property hold.
                let name = app.properties.indices.contains(index) ? app.properties[index].name : ""
                let verdict = properties[name]
                item.propertyBeside = name
                item.propertyHeld = verdict?.held
                item.exploration = verdict?.evidence ?? "not explored in this run"
                switch (item.status, verdict?.held) {
                case (_, false): item.status = .failed
                case (.passed, nil): item.status = .uncovered
                default: break
                }
            }
            return item
        }
        for index in criteria.indices where criteria[index].status == .passed {
            guard let score = mutation[criteria[index].criterion.id] else { continue }
            criteria[index].mutation = score
            if score.isWeak { criteria[index].status = .weak }
        }
        traceability = TraceabilityReport(app: app, criteria: criteria)
    }

    /// The verdict of a criterion's first kind of evidence (scenarios, an invariant, a property, or none).
    private static func verdict(on criterion: AcceptanceCriterion, of app: App, scenarios: [(scenario: Scenario, result: ScenarioResult?)],
                                byName: [String: ScenarioResult], properties: [String: PropertyVerdict]) -> Criterion {
        switch criterion.verification {
        case .scenarios(let indices):
            let evidence = indices.filter { app.scenarios.indices.contains($0) }.map { index -> Evidence in
                let name = app.scenarios[index].name
                let result = byName[name]
                return Evidence(scenario: name, result: result, passed: result?.passed ?? false)
            }
            let status: Status
            if evidence.contains(where: { $0.ran && !$0.passed }) {
                status = .failed
            } else if !evidence.isEmpty && evidence.allSatisfy({ $0.ran && $0.passed }) {
                status = .passed
            } else {
                status = .uncovered
            }
            return Criterion(criterion: criterion, status: status, verification: criterion.verification.kindName,
                             invariant: nil, reason: nil, evidence: evidence)
        case .invariant(let index):
            let name = app.invariants.indices.contains(index) ? app.invariants[index].name : nil
            let evidence = scenarios.map { entry in
                Evidence(scenario: entry.scenario.name, result: entry.result,
                         passed: entry.result.map { !brokeInvariant($0, named: nil) } ?? false)
            }
            let status: Status
            if let name, evidence.contains(where: { $0.result.map { brokeInvariant($0, named: name) } ?? false }) {
                status = .failed
            } else if !evidence.isEmpty && evidence.allSatisfy({ $0.ran && $0.passed }) {
                status = .passed
            } else {
                status = .uncovered
            }
            return Criterion(criterion: criterion, status: status, verification: criterion.verification.kindName,
                             invariant: name, reason: nil, evidence: evidence)
        case .property(let index):
            let name = app.properties.indices.contains(index) ? app.properties[index].name : ""
            let verdict = properties[name]
            var item = Criterion(criterion: criterion, status: verdict.map { $0.held ? .passed : .failed } ?? .uncovered,
                                 verification: criterion.verification.kindName, invariant: name, reason: nil, evidence: [])
            item.exploration = verdict?.evidence ?? "not explored in this run"
            return item
        case .staticProof(let verdict):
            // Proved by reading the flows: passes or fails on what the proof found, with what it checked.
            var item = Criterion(criterion: criterion, status: verdict.holds ? .passed : .failed,
                                 verification: criterion.verification.kindName, invariant: verdict.proof.rawValue, reason: nil, evidence: [])
            item.exploration = verdict.holds ? verdict.checked : verdict.findings.map(\.message).joined(separator: "; ")
            return item
        case .notAutomatable(let reason):
            return Criterion(criterion: criterion, status: .notAutomatable, verification: criterion.verification.kindName,
                             invariant: nil, reason: reason, evidence: [])
        case .unverified:
            return Criterion(criterion: criterion, status: .uncovered, verification: criterion.verification.kindName,
                             invariant: nil, reason: nil, evidence: [])
        }
    }

    /// Passed criteria whose evidence leaves unexplained survivors, weakest first (lowest share caught, then most
    /// survivors, then declaration order): the reports lead with them.
    var weakest: [Criterion] {
        criteria.enumerated().filter { $0.element.mutation.map { $0.unexplained > 0 } ?? false }
            .sorted { a, b in
                let x = a.element.mutation ?? MutationScore(killed: 0, mutants: 0), y = b.element.mutation ?? MutationScore(killed: 0, mutants: 0)
                // killed/countable compared without division: x.k * y.c < y.k * x.c.
                let left = x.killed * y.countable, right = y.killed * x.countable
                if left != right { return left < right }
                if x.unexplained != y.unexplained { return x.unexplained > y.unexplained }
                return a.offset < b.offset
            }
            .map(\.element)
    }

    /// How many criteria have each status, in `Status.allCases` order.
    var counts: [(status: Status, count: Int)] {
        Status.allCases.map { status in (status, criteria.filter { $0.status == status }.count) }
    }

    var passedScenarios: Int { scenarios.filter { $0.result?.passed == true }.count }
    var failedScenarios: Int { scenarios.filter { $0.result.map { !$0.passed } ?? false }.count }
}

/// What `flowc explore` found for one property: whether it held on every explored step, and in words how far
/// the exploration went ("held on every one of 1,234 states / …") or what broke it.
public struct PropertyVerdict: Sendable, Hashable {
    public var held: Bool
    public var evidence: String
    public init(held: Bool, evidence: String) { self.held = held; self.evidence = evidence }
}

/// Whether a run stopped on a broken invariant (`named`: that invariant only).
func brokeInvariant(_ result: ScenarioResult, named name: String?) -> Bool {
    guard let message = result.failure?.message else { return false }
    if let name { return message.contains("invariant '\(name)'") }
    return message.contains("invariant")
}

/// `file:line` of a range, as the reports print locations.
func location(_ range: SourceRange) -> String {
    "\(range.file):\(range.start.line)"
}

/// How many of the mutants touching what a criterion concerns its evidence kills (from `flowc mutate`'s `mutation.json`).
public struct MutationScore: Sendable, Hashable {
    public var killed: Int
    public var mutants: Int
    /// Survivors the criterion's `survivors:` explains (an equivalent change, or one outside what its text states).
    public var explained: Int
    public init(killed: Int, mutants: Int, explained: Int = 0) { self.killed = killed; self.mutants = mutants; self.explained = explained }

    /// Below this share of the changes that matter caught (killed of those not explained away), with some survivor
    /// unexplained, a passed criterion is `passed, weak`. The one place the project sets it.
    public static let weakBelowPercent = 80

    /// Survivors nothing explains.
    public var unexplained: Int { max(mutants - killed - explained, 0) }
    /// The changes that count: every touching mutant but the explained survivors (equivalent or outside the criterion).
    public var countable: Int { max(mutants - explained, 0) }
    /// Some survivor is unexplained and under `weakBelowPercent` of the countable changes are caught.
    public var isWeak: Bool { unexplained > 0 && killed * 100 < Self.weakBelowPercent * countable }

    /// `23 of 26 changes caught`, `…, 2 explained` when some survivors are explained.
    public var caughtText: String {
        "\(killed) of \(mutants) change\(mutants == 1 ? "" : "s") caught" + (explained > 0 ? ", \(explained) explained" : "")
    }

    /// `5 of 7 mutants killed (71%); 2 of 2 survivors explained`; whole percents rounded down.
    public var text: String {
        guard mutants > 0 else { return "no mutant touches it" }
        let survivors = mutants - killed
        let explanation = survivors == 0 ? "" : "; \(explained) of \(survivors) survivor\(survivors == 1 ? "" : "s") explained"
        return "\(killed) of \(mutants) mutants killed (\(killed * 100 / mutants)%)\(explanation)"
    }
}
