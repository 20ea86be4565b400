import FlowIR
import FlowRuntime

/// A small set of scenarios that together reach every transition, guard outcome, rule outcome and service outcome
/// the exploration reached (`flowc explore --suite`): the shortest path to each, longest first, each kept only when it
/// reaches something the ones kept before do not.
public struct Suite: Sendable {
    /// The program the exploration ran, which the scenarios are replayed and written on.
    public var program: RuntimeProgram
    public var app: App { program.app }
    /// Each scenario's moves, and the screen it ends on.
    public var scenarios: [(moves: [ExploreMove], screen: String)]
    /// The coverage items they reach together.
    public var reached: Int
}

public func suite(of result: ExploreResult) -> Suite {
    let program = result.program
    // Only what the app declares (a system back between screens is not a transition anyone wrote).
    let all = Coverage.declared(by: result.app)
    let declared = Set(all.transitions.map { "transition " + $0 } + all.guards.map { "guard " + $0 } + all.rules.map { "rule " + $0 }
                       + all.outcomes.map { "outcome " + $0 })
    var candidates: [[Int32]] = []
    var seen: Set<[Int32]> = []
    for (item, path) in result.firstReached where declared.contains(item) && seen.insert(path).inserted { candidates.append(path) }
    candidates.sort { left, right in
        left.count != right.count ? left.count > right.count
            : left.map { result.moves[Int($0)].summary }.lexicographicallyPrecedes(right.map { result.moves[Int($0)].summary })
    }
    var covered: Set<String> = []
    var scenarios: [(moves: [ExploreMove], screen: String)] = []
    for path in candidates {
        let moves = path.map { result.moves[Int($0)] }
        guard let replay = reached(by: moves, program: program) else { continue }
        let items = replay.items.intersection(declared)
        if !items.isSubset(of: covered) {
            covered.formUnion(items)
            scenarios.append((moves, replay.screen))
        }
    }
    return Suite(program: program, scenarios: scenarios, reached: covered.count)
}

/// What a path reaches when replayed, and the screen it ends on; nil when a move fails on the way.
private func reached(by moves: [ExploreMove], program: RuntimeProgram) -> (items: Set<String>, screen: String)? {
    guard var run = try? Interpreter(program: program) else { return nil }
    run.retainedSteps = 1
    var coverage = Coverage()
    coverage.record(run.lastStep, app: program.app)
    for move in moves {
        let before = run.stepCount
        do { try apply(move, to: &run) } catch { return nil }
        for step in run.steps(from: before) { coverage.record(step, app: program.app) }
    }
    return (coverage.items, run.currentScreen.id)
}

/// The suite as scenarios in the flow language (`suite.flow.yaml`), each ending on the screen it reaches.
public func renderSuite(_ suite: Suite) -> String {
    let program = suite.program
    var text = "# Written by flowc explore --suite for \(suite.app.id): \(suite.scenarios.count) scenarios that together reach\n"
    text += "# \(suite.reached) transitions, guard outcomes, rule outcomes and service outcomes (every one the exploration reached).\n"
    text += "# Each ends by checking the screen it arrives on; add the expectations that matter before adopting one.\n"
    text += "scenarios:\n"
    for (index, scenario) in suite.scenarios.enumerated() {
        var lines = ["  explore_suite_\(index + 1):", "    steps:"]
        guard var run = try? Interpreter(program: program) else { break }
        run.retainedSteps = 1
        for move in scenario.moves {
            lines += stepLines(move, run: run)
            try? apply(move, to: &run)
        }
        lines.append("      - expect: { screen: \(scenario.screen) }")
        text += lines.joined(separator: "\n") + "\n" + (index == suite.scenarios.count - 1 ? "" : "\n")
    }
    return text
}
