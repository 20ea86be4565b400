import FlowExplore
import FlowIR
import FlowRuntime
import FlowSource
import FlowTestSupport
import Foundation
import Testing

/// Scaling an exploration out: shards merged into one result, random walks past the breadth-first bound, and the
/// progress line's ETA.
@Suite struct ScaleOutTests {
    static func app(_ path: String, id: String) throws -> App {
        try checkedApp(try fixtureText(path), id: id, allowing: path.hasPrefix("planted/") ? PlantedFindingsTests.warnings
                                                 : path.hasPrefix("payload-domains/") ? PayloadDomainTests.warnings : [])
    }

    /// The parts of explore.json a merge must give exactly as one unsharded run does (states and steps are summed,
    /// so they differ).
    static func comparable(_ text: String) throws -> String {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        for key in ["states", "steps", "unexpanded", "bound", "shard", "shards"] { object[key] = nil }
        // Sent variants overlap between shards: the merge keeps the most any shard sent.
        if var variants = object["payloadVariants"] as? [String: Any] { variants["tried"] = nil; object["payloadVariants"] = variants }
        return String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .prettyPrinted]), as: UTF8.self)
    }

    static func shardResults(of app: App, bounds: ExploreBounds, count: Int) -> [(name: String, text: String)] {
        (1...count).map { index in
            ("shard-\(index)", explore(app, bounds: bounds, shard: ExploreShard(index: index, count: count)).json(counterexamples: []))
        }
    }

    /// Bounded by depth only, the merged shards find the same violations (with the same shortest paths), warnings and
    /// unreached items as one run.
    @Test(arguments: [("planted/app.flow.yaml", "planted"), ("timer-and-failure/app.flow.yaml", "hold"), ("payload-domains/app.flow.yaml", "deposits")])
    func mergedShardsGiveTheUnshardedResult(path: String, id: String) throws {
        let app = try Self.app(path, id: id)
        let bounds = ExploreBounds(depth: 6)
        let whole = explore(app, bounds: bounds)
        #expect(!whole.violations.isEmpty, "the fixture has something to find")
        for count in [2, 3] {
            let merged = try mergeShardResults(Self.shardResults(of: app, bounds: bounds, count: count))
            #expect(try Self.comparable(String(decoding: sortedJSON(merged), as: UTF8.self)) == Self.comparable(whole.json(counterexamples: [])),
                    "\(count) shards")
            #expect(merged.shards == count && merged.shard == nil)
        }
    }

    @Test func theMergeIsTheSameWhateverTheOrderOfItsFiles() throws {
        let shards = Self.shardResults(of: try Self.app("planted/app.flow.yaml", id: "planted"), bounds: ExploreBounds(depth: 6), count: 3)
        let forward = try mergeShardResults(shards)
        #expect(try mergeShardResults(shards.reversed()) == forward)
        #expect(try mergeShardResults([shards[1], shards[2], shards[0]]) == forward)
    }

    @Test func shardsThatDoNotMakeOneRunAreRefused() throws {
        let app = try Self.app("timer-and-failure/app.flow.yaml", id: "hold")
        let shards = Self.shardResults(of: app, bounds: ExploreBounds(depth: 6), count: 3)
        #expect(throws: MergeError(description: "shard 2/3 is missing; merge the results of all 3 shards")) {
            try mergeShardResults([shards[0], shards[2]])
        }
        #expect(throws: MergeError(description: "shard 1/3 is given more than once")) {
            try mergeShardResults([shards[0], shards[0], shards[1], shards[2]])
        }
        let deeper = explore(app, bounds: ExploreBounds(depth: 7), shard: ExploreShard(index: 2, count: 3)).json(counterexamples: [])
        #expect(throws: MergeError(description: "deeper differs from shard-1 in 'bounds': the shards must come from one run (same app, flows and bounds)")) {
            try mergeShardResults([shards[0], ("deeper", deeper), shards[2]])
        }
        let unsharded = explore(app, bounds: ExploreBounds(depth: 6)).json(counterexamples: [])
        #expect(throws: MergeError(description: "whole is not a shard's result (it has no 'shard'); merge the explore.json of each --shard i/n run")) {
            try mergeShardResults([("whole", unsharded)])
        }
    }

    /// The money rule breaks three moves from the launch: a search two deep cannot see it; seeded random walks from
    /// the states it left unexpanded do, the same walks on every run, and the counterexample shrinks to the three moves.
    @Test func randomWalksFindWhatLiesBeyondTheBound() throws {
        let app = try Self.app("timer-and-failure/app.flow.yaml", id: "hold")
        let shallow = ExploreBounds(depth: 2)
        #expect(explore(app, bounds: shallow).violations.isEmpty)
        var walking = shallow
        walking.walks = RandomWalks(count: 200, length: 8, seed: 1)
        let result = explore(app, bounds: walking)
        let violation = try #require(result.violations.first)
        #expect(violation.kind == .property("money_is_kept"))
        let walks = try #require(result.walks)
        #expect(walks.moves > 0 && walks.newStates > 0)
        #expect(result.summary(counterexampleFile: nil).contains("  random walks: 200 of up to 8 moves beyond the breadth-first bound (seed 1): "))
        #expect(explore(app, bounds: walking).json(counterexamples: []) == result.json(counterexamples: []), "seeded: the same walks every run")
        let shrunk = try #require(counterexamples(of: result).first)
        #expect(shrunk.moves.map(\.summary) == ["send tap_pay", "advance 30s", "outcome bank.debit.failed"])
        let fixed = try Self.app("timer-and-failure/fixed.flow.yaml", id: "hold")
        #expect(explore(fixed, bounds: walking).violations.isEmpty)
    }

    @Test func theETAReadsAsADuration() {
        #expect(etaText(0.4) == "<1s")
        #expect(etaText(42) == "42s")
        #expect(etaText(185) == "3m05s")
        #expect(etaText(7620) == "2h07m")
        #expect(etaText(400_000) == ">99h")
        #expect(etaText(.infinity) == ">99h")
        let progress = ExploreProgress(states: 40_000, steps: 100_000, frontier: 8_192, depth: 3, seconds: 10)
        #expect(progressLine(app: "tempo", progress, bounds: ExploreBounds(states: 200_000, steps: 2_000_000))
                == "tempo: depth 3, 40,000 states (4,000/s), frontier 8,192, ETA 40s to 200,000 states")
        #expect(progressLine(app: "tempo", progress, bounds: ExploreBounds(states: 200_000, steps: 2_000_000, seconds: 15))
                == "tempo: depth 3, 40,000 states (4,000/s), frontier 8,192, ETA 5s to the 15s limit")
        #expect(progressLine(app: "tempo", progress, bounds: ExploreBounds(states: 1_000_000, steps: 150_000))
                == "tempo: depth 3, 40,000 states (4,000/s), frontier 8,192, ETA 5s to 150,000 steps")
    }
}
