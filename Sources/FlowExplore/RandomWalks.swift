import Foundation
import FlowRuntime

/// Random walks beyond the breadth-first bound (`--walks N --walk-length L --seed S`): each starts from a state the
/// search reached but did not expand (or, after a complete search, from where it began), and takes up to `length`
/// moves, each picked at random among those that apply, checking the invariants and properties on every step. A walk
/// reaches states far deeper than the search could, at the cost of completeness. Seeded: the same seed gives the
/// same walks on every machine.
public struct RandomWalks: Sendable, Hashable {
    public var count: Int
    public var length: Int
    public var seed: UInt64
    public init(count: Int, length: Int, seed: UInt64 = 1) { self.count = count; self.length = length; self.seed = seed }
}

/// SplitMix64: a small, fast generator whose sequence is fixed by its seed (Foundation's is not seedable).
struct SeededRandom {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `0..<bound` (`bound` > 0).
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
}

extension Explorer {
    mutating func walk(_ walks: RandomWalks, from starts: [(run: Interpreter, node: Int32)], started: Date) {
        // Each shard walks from its own states with its own sequence.
        var random = SeededRandom(seed: walks.seed &+ UInt64(shard?.index ?? 0) &* 0x100_0000_01B3)
        var seen: Set<StateKey> = []
        var moved = 0
        for _ in 0..<walks.count where !starts.isEmpty {
            if let limit = bounds.seconds, Date().timeIntervalSince(started) >= limit { break }
            let (first, node) = starts[random.below(starts.count)]
            let trail = self.trail(to: node)
            var run = first
            var path = trail.path
            for _ in 0..<walks.length where run.ended == nil {
                var options = catalog.moves(from: run)
                var next: Interpreter?
                while !options.isEmpty, next == nil {
                    let move = options.remove(at: random.below(options.count))
                    steps += 1
                    if move.carriesValues { valueMovesTried.insert(move) }
                    var candidate = run
                    let before = candidate.stepCount
                    let stateBefore = PropertyCheck.Before(properties: properties, run: &candidate)
                    do {
                        try apply(move, to: &candidate)
                    } catch is MoveNotApplicable {
                        continue
                    } catch {
                        findings.add(.runFailure, key: failureKey(error), message: failureMessage(error), path: path + [number(of: move)], seed: trail.seed)
                        continue
                    }
                    let taken = candidate.steps(from: before)
                    for step in taken { coverage.record(step, app: app) }
                    coverage.screens.insert(candidate.screen)
                    for property in properties {
                        if let broken = property.judge(move: move, steps: taken, before: stateBefore, after: &candidate) {
                            findings.add(.property(property.property.name), key: property.property.name, message: broken,
                                         path: path + [number(of: move)], seed: trail.seed)
                        }
                    }
                    path.append(number(of: move))
                    moved += 1
                    next = candidate
                }
                guard let next else { break }
                run = next
                let key = run.stateKey()
                if !visited.contains(key) { seen.insert(key) }
            }
        }
        walkReport = ExploreResult.WalkReport(walks: walks, moves: moved, newStates: seen.count)
    }
}
