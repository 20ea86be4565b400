import FlowIR
import FlowRuntime
import FlowSource
import FlowExplore
import Foundation

/// Which mutants a run covers. A run with no limit, no operator filter and no shard is complete:
/// only a complete run's scores are shown in the acceptance reports.
public struct MutationSelection: Sendable, Equatable {
    /// Operators to apply; nil: all.
    public var operators: [MutationOperator]?
    /// Run only the first `limit` mutants (after the shard is taken).
    public var limit: Int?
    /// `--shard i/n`: mutants whose number is `i` modulo `n` (1-based `i`).
    public var shard: (index: Int, count: Int)?
    /// `--scenario`: only these scenarios try to kill the mutants (nil: all).
    public var scenarios: ScenarioFilter?

    public init(operators: [MutationOperator]? = nil, limit: Int? = nil, shard: (index: Int, count: Int)? = nil,
                scenarios: ScenarioFilter? = nil) {
        self.operators = operators; self.limit = limit; self.shard = shard; self.scenarios = scenarios
    }

    public var isComplete: Bool { operators == nil && limit == nil && scenarios == nil && (shard.map { $0.count == 1 } ?? true) }

    /// The selected mutants, in number order.
    public func select(_ mutants: [Mutant]) -> [Mutant] {
        var selected = mutants
        if let operators { selected = selected.filter { operators.contains($0.operator) } }
        if let shard, shard.count > 0 { selected = selected.filter { ($0.number - 1) % shard.count == shard.index - 1 } }
        if let limit { selected = Array(selected.prefix(max(limit, 0))) }
        return selected
    }

    public static func == (lhs: MutationSelection, rhs: MutationSelection) -> Bool {
        lhs.operators == rhs.operators && lhs.limit == rhs.limit && lhs.scenarios == rhs.scenarios && lhs.shard?.index == rhs.shard?.index && lhs.shard?.count == rhs.shard?.count
    }
}

/// One mutant and what the scenarios made of it.
public struct MutantResult: Sendable {
    public var mutant: Mutant
    /// Scenarios (indices in `App.scenarios`) that pass on the app as written and fail on the mutant, with their failure messages.
    public var failures: [(scenario: Int, message: String)]
    /// Properties of the criteria the mutant touches that hold on the app as written and that a bounded exploration of
    /// the mutant found broken.
    public var brokenProperties: Set<String> = []
    /// Static proofs (`StaticProof` raw names) that hold on the app as written and fail on the mutant.
    public var brokenStaticProofs: Set<String> = []
    /// Killed when any kind of evidence catches it: a scenario that passes on the app as written fails on the
    /// mutant, a property breaks, or a static proof fails.
    public var killed: Bool { !failures.isEmpty || !brokenProperties.isEmpty || !brokenStaticProofs.isEmpty }
}

/// How far `flowc mutate` explores a mutant that touches a criterion verified by a property: every state the scenarios
/// pass through and one move from each, at most 3,000 states. Counted, never timed (the same result on every machine),
/// and small, so mutating an app with properties stays within minutes.
public let mutationExplorationBounds = ExploreBounds(depth: 1, states: 3_000, steps: 20_000)

/// The properties a bounded exploration finds broken on the app `program` runs.
func propertiesBroken(in program: RuntimeProgram) -> Set<String> {
    guard !program.app.properties.isEmpty else { return [] }
    let result = explore(program, bounds: mutationExplorationBounds)
    return Set(result.violations.compactMap { finding in
        if case .property(let name) = finding.kind { return name }
        return nil
    })
}

/// The outcome of running the scenarios against every selected mutant of one app.
public struct MutationRun: Sendable {
    public var app: App
    /// The scenarios' results on the app as written.
    public var baseline: [ScenarioResult]
    public var results: [MutantResult]
    /// How many mutants the app has in all (before selection).
    public var totalMutants: Int
    public var selection: MutationSelection
    /// Properties the bounded exploration finds broken on the app as written: they cannot kill a mutant.
    public var propertiesBrokenOnBaseline: Set<String> = []
}

/// Runs every scenario of `app` on each selected mutant.
///
/// A scenario that fails on the app as written cannot kill a mutant and is left out. A scenario
/// whose run on the app as written never had the mutated screen current (for a flow-global
/// transition or timer: no screen of that flow) is not run on the mutant either: the edited
/// declaration never runs there, so by determinism its run is the one it had and it passes. Runs
/// are independent and deterministic: the same app and selection give the same results.
/// - Parameters:
///   - app: The checked app.
///   - selection: Which mutants to run.
///   - progress: Called after each mutant with (done, selected).
///   - workers: How many mutants run at once (one per core by default). Results come back in mutant order, so the
///     outputs are byte-identical whatever the count.
public func runMutation(of app: App, selection: MutationSelection = MutationSelection(),
                        workers: Int = ProcessInfo.processInfo.activeProcessorCount,
                        progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) -> MutationRun {
    runMutation(of: RuntimeProgram(app: app), selection: selection, workers: workers, progress: progress)
}

/// Runs every scenario of the app `original` runs on each selected mutant: the pipeline's mutate stage hands in the
/// program of the app it lowered; each mutant is a changed app, lowered on its own.
public func runMutation(of original: RuntimeProgram, selection: MutationSelection = MutationSelection(),
                        workers: Int = ProcessInfo.processInfo.activeProcessorCount,
                        progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) -> MutationRun {
    let app = original.app
    let all = enumerateMutants(of: app)
    let selected = selection.select(all)
    let baseline = app.scenarios.map { runScenario($0, of: original) }
    let live = app.scenarios.indices.filter { baseline[$0].passed && (selection.scenarios?.matches(app.scenarios[$0].name) ?? true) }
    let screenNumbers = Dictionary(app.screens.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
    var visitedScreens: [Int: Set<Int>] = [:]
    var visitedFlows: [Int: Set<Int>] = [:]
    for index in live {
        let screens = Set(screensVisited(by: baseline[index].trace).compactMap { screenNumbers[$0] })
        visitedScreens[index] = screens
        visitedFlows[index] = Set(screens.map { app.screens[$0].flow })
    }
    let screensReached = visitedScreens, flowsReached = visitedFlows
    let brokenOnBaseline = propertiesBroken(in: original)
    let propertyCriteria: [(criterion: AcceptanceCriterion, property: String)] = app.criteria.compactMap { criterion in
        guard let index = criterion.checkedProperty, app.properties.indices.contains(index),
              !brokenOnBaseline.contains(app.properties[index].name) else { return nil }
        return (criterion, app.properties[index].name)
    }
    // Static proofs read the flows, so each is proved again on every mutant: cheap next to running scenarios.
    let proofs: [(proof: StaticProof, screens: [Int])] = app.criteria.compactMap { criterion in
        guard case .staticProof(let verdict) = criterion.verification, verdict.holds else { return nil }
        return (verdict.proof, criterion.screens)
    }
    let collected = MutantResults(count: selected.count)
    let lanes = max(1, min(workers, selected.count))
    // Each lane takes every `lanes`-th mutant: neighbours (often the same screen, with similar costs) spread over the lanes.
    DispatchQueue.concurrentPerform(iterations: lanes) { lane in
        for offset in stride(from: lane, to: selected.count, by: lanes) {
            var result = runMutant(selected[offset], of: app, live: live, visitedScreens: screensReached, visitedFlows: flowsReached)
            let watched = Set(propertyCriteria.filter { touches(result.mutant, $0.criterion, in: app) }.map(\.property))
            if !watched.isEmpty || !proofs.isEmpty {
                var mutated = app
                result.mutant.apply(&mutated)
                if !watched.isEmpty { result.brokenProperties = propertiesBroken(in: RuntimeProgram(app: mutated)).intersection(watched) }
                result.brokenStaticProofs = Set(proofs.filter { !mutated.prove($0.proof, screens: $0.screens).holds }.map(\.proof.rawValue))
            }
            progress(collected.store(result, at: offset), selected.count)
        }
    }
    return MutationRun(app: app, baseline: baseline, results: collected.results, totalMutants: all.count, selection: selection,
                       propertiesBrokenOnBaseline: brokenOnBaseline)
}

/// Results filled in by several lanes at once, read when all are done.
private final class MutantResults: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [MutantResult?]
    private var done = 0

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    /// Stores one result; returns how many are done.
    func store(_ result: MutantResult, at index: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        slots[index] = result
        done += 1
        return done
    }

    var results: [MutantResult] {
        lock.lock()
        defer { lock.unlock() }
        return slots.compactMap { $0 }
    }
}

/// Runs the live scenarios that reach the mutant's site on the mutated app.
private func runMutant(_ mutant: Mutant, of app: App, live: [Int], visitedScreens: [Int: Set<Int>], visitedFlows: [Int: Set<Int>]) -> MutantResult {
    var mutated = app
    mutant.apply(&mutated)
    let program = RuntimeProgram(app: mutated)
    var failures: [(scenario: Int, message: String)] = []
    let reached = live.filter { index in
        if let screen = mutant.screen { return visitedScreens[index]?.contains(screen) ?? true }
        if mutant.appWide { return true }
        return visitedFlows[index]?.contains(mutant.flow) ?? true
    }
    for index in reached {
        let result = runScenario(mutated.scenarios[index], of: program)
        if !result.passed { failures.append((index, result.failure?.message ?? "failed")) }
    }
    return MutantResult(mutant: mutant, failures: failures)
}

/// Every screen a run was on: where each step left it, and every screen a transition left, entered,
/// or stayed on (rejected or ignored events).
func screensVisited(by trace: Trace) -> Set<String> {
    var screens = Set<String>()
    for step in trace.steps {
        screens.insert(step.screen)
        for micro in step.microSteps {
            switch micro.outcome {
            case .taken(let from, let to, _, _):
                screens.insert(from)
                if let to { screens.insert(to) }
            case .rejected(let screen, _), .ignored(let screen), .decided(let screen, _):
                screens.insert(screen)
            }
        }
    }
    return screens
}
