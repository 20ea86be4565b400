import Foundation
import FlowExpression
import FlowIR
import FlowRuntime

/// How far an exploration goes. Every bound is a count (or, for `seconds`, the wall clock, which only cuts a
/// run short: the same bounds without `seconds` give the same result on every machine).
public struct ExploreBounds: Sendable, Hashable {
    /// Moves from the launch: a state first reached at this depth is checked but not expanded.
    public var depth: Int
    /// Distinct states visited.
    public var states: Int
    /// Moves tried (each a run-to-completion step, or a fill).
    public var steps: Int
    /// Wall-clock seconds; nil: none (deterministic).
    public var seconds: Double?
    /// At most this many values per payload or output field (its zero first; 1: zero values only).
    public var payloadValues: Int
    /// Random walks beyond the breadth-first bound: how many, how long, and the seed that makes them the same every run.
    public var walks: RandomWalks?

    public init(depth: Int = 12, states: Int = 200_000, steps: Int = 2_000_000, seconds: Double? = nil, payloadValues: Int = 8,
                walks: RandomWalks? = nil) {
        self.depth = depth; self.states = states; self.steps = steps; self.seconds = seconds; self.payloadValues = payloadValues
        self.walks = walks
    }
}

/// One shard of an exploration split across machines (`--shard i/n`): every shard walks the same first levels,
/// then keeps the frontier states whose position is `index - 1` modulo `count`.
public struct ExploreShard: Sendable, Hashable {
    public var index: Int
    public var count: Int
    /// The depth the shards split at.
    public static let splitDepth = 3
    public init(index: Int, count: Int) { self.index = index; self.count = count }
}

/// Explores an app breadth-first from its launch: every move from every state reached, states merged by
/// their canonical key, until every reachable state is visited or a bound stops it. Checks the app's
/// invariants (the interpreter does, on every step) and properties on every step, and records what it
/// reaches. Deterministic: the same app and bounds give the same result.
///
/// With `collectsSuite`, it also remembers the shortest path to each transition, guard outcome, rule outcome and
/// service outcome it reaches (`ExploreResult.firstReached`, for `suite(of:)`), at some cost in speed.
///
/// With `fromScenarios` (the default), the search starts from every distinct state the app's scenarios pass through
/// as well as from the launch (`ExploreSeed`); depth counts the moves from where a path started.
public func explore(_ app: App, bounds: ExploreBounds = ExploreBounds(), shard: ExploreShard? = nil, collectsSuite: Bool = false,
                    fromScenarios: Bool = true, progress: ((ExploreProgress) -> Void)? = nil) -> ExploreResult {
    // An app on its own (tests, one-off callers) is lowered here, once; the result keeps the program for what follows.
    explore(RuntimeProgram(app: app), bounds: bounds, shard: shard, collectsSuite: collectsSuite, fromScenarios: fromScenarios, progress: progress)
}

/// Explores the app `program` runs (a pipeline that lowered the app once hands in its program).
public func explore(_ program: RuntimeProgram, bounds: ExploreBounds = ExploreBounds(), shard: ExploreShard? = nil, collectsSuite: Bool = false,
                    fromScenarios: Bool = true, progress: ((ExploreProgress) -> Void)? = nil) -> ExploreResult {
    var explorer = Explorer(program: program, bounds: bounds, shard: shard)
    explorer.collectsSuite = collectsSuite
    explorer.fromScenarios = fromScenarios
    explorer.progress = progress
    return explorer.run()
}

/// Where a running exploration is, for a progress line.
public struct ExploreProgress: Sendable {
    public var states: Int
    public var steps: Int
    public var frontier: Int
    public var depth: Int
    public var seconds: Double
    public init(states: Int, steps: Int, frontier: Int, depth: Int, seconds: Double) {
        self.states = states; self.steps = steps; self.frontier = frontier; self.depth = depth; self.seconds = seconds
    }
}

struct Explorer {
    let app: App
    let program: RuntimeProgram
    let bounds: ExploreBounds
    let shard: ExploreShard?
    var progress: ((ExploreProgress) -> Void)?
    var catalog: MoveCatalog
    let properties: [PropertyCheck]

    /// Every state reached: how it was first reached (its parent node and the move), for the shortest path to it.
    var nodes: [Node] = []
    var moves: [ExploreMove] = []
    var moveNumbers: [ExploreMove: Int32] = [:]
    var visited: Set<StateKey> = []
    var coverage = Coverage()
    var collectsSuite = false
    /// The shortest path found to each coverage item (with `collectsSuite`).
    var firstReached: [String: [Int32]] = [:]
    var findings = FindingCollector()
    var fromScenarios = true
    /// The scenario states the search started from besides the launch (a root node's `move` numbers one).
    var seeds: [ExploreSeed] = []
    var steps = 0
    var stoppedBy: ExploreResult.Stop = .complete
    var deepest = 0
    var cutAtDepth = 0
    /// The distinct payload and output variants sent (moves carrying values).
    var valueMovesTried: Set<ExploreMove> = []
    /// What the random walks did (nil: none were asked for).
    var walkReport: ExploreResult.WalkReport?

    struct Node {
        /// -1 for a starting state: the launch (its `move` is -1) or a seed (its `move` numbers the seed).
        var parent: Int32
        var move: Int32
        var depth: UInt16
    }

    init(program: RuntimeProgram, bounds: ExploreBounds, shard: ExploreShard?) {
        let app = program.app
        self.app = app
        self.program = program
        self.bounds = bounds
        self.shard = shard
        catalog = MoveCatalog(app: app, payloadValues: bounds.payloadValues)
        properties = app.properties.map { PropertyCheck($0, program: program) }
    }

    mutating func run() -> ExploreResult {
        let started = Date()
        var start: Interpreter
        do {
            start = try Interpreter(program: program)
        } catch {
            findings.add(.runFailure, key: "\(error)", message: "the app fails as it starts: \(error)", path: [])
            return result(seconds: 0, frontier: 0)
        }
        start.retainedSteps = 1
        coverage.record(start.lastStep, app: app)
        coverage.screens.insert(start.screen)
        nodes.append(Node(parent: -1, move: -1, depth: 0))
        visited.insert(start.stateKey())
        checkAfterLaunch(start)
        var frontier: [(run: Interpreter, node: Int32)] = [(start, 0)]
        if fromScenarios {
            for (seed, run) in scenarioSeeds(of: program) where nodes.count < bounds.states {
                guard visited.insert(run.stateKey()).inserted else { continue }
                seeds.append(seed)
                nodes.append(Node(parent: -1, move: Int32(seeds.count - 1), depth: 0))
                coverage.screens.insert(run.screen)
                checkAfterLaunch(run, seed: Int32(seeds.count - 1))
                if run.ended == nil { frontier.append((run, Int32(nodes.count - 1))) }
            }
        }
        let roots = frontier
        var level = 0
        var next: [(run: Interpreter, node: Int32)] = []
        outer: while !frontier.isEmpty {
            if let shard, level == ExploreShard.splitDepth {
                frontier = frontier.enumerated().filter { $0.offset % shard.count == shard.index - 1 }.map(\.element)
            }
            if level >= bounds.depth {
                cutAtDepth = frontier.count
                stoppedBy = .depth
                break
            }
            next = []
            for (position, (current, node)) in frontier.enumerated() {
                let elapsed = Date().timeIntervalSince(started)
                if let limit = bounds.seconds, elapsed >= limit { stoppedBy = .time; break outer }
                if steps >= bounds.steps { stoppedBy = .steps; break outer }
                if nodes.count >= bounds.states { stoppedBy = .states; break outer }
                expand(current, node: node, depth: level, into: &next)
                if let progress, position % 256 == 255 {
                    progress(ExploreProgress(states: nodes.count, steps: steps, frontier: frontier.count - position - 1 + next.count, depth: level + 1, seconds: elapsed))
                }
            }
            frontier = next
            next = []
            level += 1
        }
        if let walks = bounds.walks, walks.count > 0 {
            // Beyond the bound: from the states it left unexpanded, or, when nothing was left, from where the search began.
            let beyond = stoppedBy == .complete ? [] : frontier + next
            walk(walks, from: beyond.isEmpty ? roots : beyond, started: started)
        }
        return result(seconds: Date().timeIntervalSince(started), frontier: frontier.count)
    }

    /// Tries every move from one state; new states go on the next level.
    mutating func expand(_ current: Interpreter, node: Int32, depth: Int, into next: inout [(run: Interpreter, node: Int32)]) {
        let key = current.stateKey()
        var somethingHappens = false
        for move in catalog.moves(from: current) {
            steps += 1
            if move.carriesValues { valueMovesTried.insert(move) }
            var run = current
            let before = run.stepCount
            let stateBefore = PropertyCheck.Before(properties: properties, run: &run)
            do {
                try apply(move, to: &run)
            } catch let failure as MoveNotApplicable {
                _ = failure
                continue
            } catch {
                let trail = self.trail(to: node)
                findings.add(.runFailure, key: failureKey(error), message: failureMessage(error), path: trail.path + [number(of: move)], seed: trail.seed)
                somethingHappens = true
                continue
            }
            let taken = run.steps(from: before)
            if collectsSuite {
                var reached = Coverage()
                reached.flowOfScreen = coverage.flowOfScreen
                for step in taken { reached.record(step, app: app) }
                let fresh = reached.transitions.subtracting(coverage.transitions).map { "transition " + $0 }
                    + reached.guards.subtracting(coverage.guards).map { "guard " + $0 }
                    + reached.rules.subtracting(coverage.rules).map { "rule " + $0 }
                    + reached.outcomes.subtracting(coverage.outcomes).map { "outcome " + $0 }
                // Only paths from the launch: a suite's scenarios start where the app starts.
                let trail = fresh.isEmpty ? (seed: nil, path: []) : self.trail(to: node)
                if !fresh.isEmpty, trail.seed == nil {
                    let movePath = trail.path + [number(of: move)]
                    for item in fresh { firstReached[item] = movePath }
                }
            }
            for step in taken { coverage.record(step, app: app) }
            if case .outcome = move {
                let trail = self.trail(to: node)
                findings.noteUnhandledAnswers(taken, move: move, path: trail.path + [number(of: move)], seed: trail.seed)
            }
            for property in properties {
                if let broken = property.judge(move: move, steps: taken, before: stateBefore, after: &run) {
                    let trail = self.trail(to: node)
                    findings.add(.property(property.property.name), key: property.property.name, message: broken,
                                 path: trail.path + [number(of: move)], seed: trail.seed)
                }
            }
            let newKey = run.stateKey()
            if newKey != key, move != .restart { somethingHappens = true }
            guard visited.insert(newKey).inserted else { continue }
            nodes.append(Node(parent: node, move: number(of: move), depth: UInt16(clamping: depth + 1)))
            deepest = max(deepest, depth + 1)
            coverage.screens.insert(run.screen)
            if run.ended == nil { next.append((run, Int32(nodes.count - 1))) }
            if nodes.count >= bounds.states { break }
        }
        if !somethingHappens, current.ended == nil, !current.currentScreen.terminal {
            let trail = self.trail(to: node)
            findings.add(.stuck, key: current.currentScreen.id,
                         message: "stuck on \(current.currentScreen.id): nothing the person or the world can do changes anything, and the screen is not terminal",
                         path: trail.path, seed: trail.seed)
        }
    }

    /// Checks what holds in every state (`always`, `never` situations) on a starting state: the launch, or a seed.
    mutating func checkAfterLaunch(_ start: Interpreter, seed: Int32? = nil) {
        var run = start
        for property in properties {
            if let broken = property.judgeState(&run) {
                findings.add(.property(property.property.name), key: property.property.name, message: broken, path: [], seed: seed)
            }
        }
    }

    mutating func number(of move: ExploreMove) -> Int32 {
        if let known = moveNumbers[move] { return known }
        moves.append(move)
        let number = Int32(moves.count - 1)
        moveNumbers[move] = number
        return number
    }

    /// The moves from a path's start to `node`, and the seed it started from (nil: the launch).
    func trail(to node: Int32) -> (seed: Int32?, path: [Int32]) {
        var path: [Int32] = []
        var current = node
        while nodes[Int(current)].parent >= 0 {
            path.append(nodes[Int(current)].move)
            current = nodes[Int(current)].parent
        }
        let root = nodes[Int(current)].move
        return (root >= 0 ? root : nil, path.reversed())
    }

    func result(seconds: Double, frontier: Int) -> ExploreResult {
        ExploreResult(program: program, moves: moves, states: nodes.count, steps: steps, depthReached: deepest, bounds: bounds, shard: shard,
                      stoppedBy: stoppedBy, unexpanded: stoppedBy == .complete ? 0 : max(frontier, cutAtDepth),
                      findings: findings.sorted(), coverage: coverage, properties: app.properties.map(\.name), seconds: seconds,
                      firstReached: firstReached, seeds: seeds,
                      payloadVariants: .init(tried: valueMovesTried.count, drawn: catalog.valueMovesDrawn), walks: walkReport)
    }
}

/// Thrown when a move makes no sense where the run is (a fill of a field not shown): skipped, not a finding.
struct MoveNotApplicable: Error {}

/// Performs a move on a run: the one place that says what each move does, for exploring and for replaying a path.
func apply(_ move: ExploreMove, to run: inout Interpreter) throws {
    switch move {
    case .send(let event, let payload):
        if payload.isEmpty {
            guard let number = run.eventNumber(event) else { throw MoveNotApplicable() }
            try run.send(eventNumber: number)
        } else {
            try run.send(event, payload: Dictionary(payload.map { ($0.name, $0.value) }, uniquingKeysWith: { first, _ in first }))
        }
    case .fill(let fills):
        var typed = false
        for fill in fills {
            do {
                try run.fill(fill.field, fill.input)
                typed = true
            } catch {
                continue
            }
        }
        if !typed { throw MoveNotApplicable() }
    case .outcome(let operation, let outcome, let output):
        guard run.pendingCalls.contains(operation) else { throw MoveNotApplicable() }
        try run.choose(outcome, for: operation, output: Dictionary(output.map { ($0.name, literalExpression($0.value)) }, uniquingKeysWith: { first, _ in first }))
    case .advance(let milliseconds):
        try run.advance(by: milliseconds)
    case .back:
        try run.back()
    case .restart:
        try run.restart()
    }
}

/// A failure's message without step numbers, so the same failure reached by two paths is one finding.
func failureKey(_ error: any Error) -> String {
    failureMessage(error).replacingOccurrences(of: #" after step \d+"#, with: "", options: .regularExpression)
}

/// A failure as a finding says it: the run's message, without the step number (the path gives the steps).
func failureMessage(_ error: any Error) -> String {
    if let failure = error as? RuntimeFailure { return failureKeyless(failure.message) }
    return "\(error)"
}

private func failureKeyless(_ message: String) -> String {
    message.replacingOccurrences(of: #" after step \d+"#, with: "", options: .regularExpression)
}

/// A value as an expression the interpreter evaluates to it (service outputs are chosen as expressions).
func literalExpression(_ value: Value) -> TypedExpression {
    TypedExpression(type: valueType(of: value), span: 0..<0, kind: .literal(value))
}

private func valueType(of value: Value) -> ValueType {
    switch value {
    case .bool: .bool
    case .int: .int
    case .decimal: .decimal
    case .money: .money
    case .text: .text
    case .date: .date
    case .timestamp: .timestamp
    case .duration: .duration
    case .list: .list(.error)
    case .record: .error
    case .enumCase(let type, _): .enumeration(type)
    case .null: .null
    }
}
