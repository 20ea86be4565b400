import ArgumentParser
import FlowCompiler
import FlowExplore
import FlowSource
import Foundation

struct ExploreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explore",
        abstract: "Walk every reachable state of an app and check its invariants and properties on every step.",
        discussion: reflowed("""
            Starts from the app's launch and from every state its scenarios pass through, and tries,
            breadth-first, every move from every state it reaches:
            each event the screen handles (payloads drawn from their domains), field inputs drawn from each rule (a valid value, one breaking
            each rule, its boundaries, each option), every declared outcome of each waiting service call (outputs drawn from their domains),
            the clock moved to the next timer, back, and a restart that keeps only persist: true state.
            States are merged by value. Each violation is reported with the shortest path found, shrunk,
            and written as a scenario to <output>/<app>/counterexamples.flow.yaml; explore.md and
            explore.json list the findings and what no path reached. The same bounds give the same result
            (--seconds only cuts a run short).

            Exit status: 0 with no violation, 1 with a violation or a flow error, 64 when the command line is wrong.

            Examples:
              flowc explore tempo                           depth 12, up to 200,000 states
              flowc explore tempo --depth 20 --states 2000000 a long run
              flowc explore tempo --shard 2/4               one of four CI runners
              flowc explore tempo --json                    the result on standard output, for CI
              flowc explore tempo --suite                   also a small scenario suite reaching all that was reached
              flowc explore tempo --launch-only             start from the launch only, not from the scenarios' states
              flowc explore tempo --walks 1000 --walk-length 200 --seed 7   random walks past the bound
              flowc explore tempo --merge s1/tempo/shard-1-of-2/explore.json s2/tempo/shard-2-of-2/explore.json
            """)
    )

    @Argument(help: "The app id.")
    var app: String

    @Option(help: "Where the flows are.")
    var flows: String = "flows"

    @Option(name: .shortAndLong, help: "The folder the results are written to.")
    var output: String = ".build/explore"

    @Option(help: "Moves from the launch; states first reached this deep are checked but not expanded.")
    var depth: Int = 12

    @Option(help: "Stop after visiting this many distinct states.")
    var states: Int = 200_000

    @Option(help: "Stop after trying this many moves.")
    var steps: Int = 2_000_000

    @Option(help: "Stop after this many seconds of wall-clock time (makes the result depend on the machine).")
    var seconds: Double?

    @Option(help: "After the breadth-first search, this many random walks from the states it left unexpanded (reaching past its bound; not complete).")
    var walks: Int = 0

    @Option(help: "Moves per random walk.")
    var walkLength: Int = 100

    @Option(help: "The seed of the random walks: the same seed gives the same walks.")
    var seed: UInt64 = 1

    @Option(help: "At most this many values per event payload field and service output field (zero first, then the boundaries of the app's comparisons, each option, typical and extreme values; 1: zero values only).")
    var payloadValues: Int = 8

    @Option(help: "Explore only shard i of n: 'i/n' (all shards walk the first \(ExploreShard.splitDepth) levels, then split the frontier).")
    var shard: String?

    @Option(parsing: .upToNextOption, help: "Merge the explore.json of every shard of one run (--shard 1/n … n/n) into <output>/<app>/explore.json, instead of exploring.")
    var merge: [String] = []

    @Flag(help: "Start from the launch only, not also from every state the app's scenarios pass through.")
    var launchOnly = false

    @Flag(help: "Print the result as JSON on standard output (as explore.json).")
    var json = false

    @Flag(help: "Also write <output>/<app>/suite.flow.yaml: a small set of scenarios reaching every transition, guard outcome, rule outcome and service outcome the exploration reached.")
    var suite = false

    func validate() throws {
        try validateOutputFolder(output)
        _ = try parsedShard()
        for (name, value) in [("--depth", depth), ("--states", states), ("--steps", steps), ("--payload-values", payloadValues), ("--walk-length", walkLength)] where value < 1 {
            throw ValidationError("\(name) must be 1 or more; found \(value)")
        }
        if walks < 0 { throw ValidationError("--walks must be 0 or more; found \(walks)") }
        if let seconds, seconds <= 0 { throw ValidationError("--seconds must be more than 0; found \(seconds)") }
    }

    func parsedShard() throws -> ExploreShard? {
        guard let shard else { return nil }
        let parts = shard.split(separator: "/").map { Int($0) }
        guard parts.count == 2, let index = parts[0], let count = parts[1], count >= 1, (1...count).contains(index) else {
            throw ValidationError("--shard must be 'i/n' with 1 <= i <= n, e.g. 2/4; found '\(shard)'")
        }
        return ExploreShard(index: index, count: count)
    }

    func run() throws {
        if !merge.isEmpty { return try mergeShards() }
        var config = CompilerConfig(inputs: [projectRelative(flows)], generatesOutputs: false)
        config.lowersApps = true
        let compilation = checkedCompilation(config)
        guard let lowered = compilation.lowered.first(where: { $0.app.id == app }) else {
            throw ValidationError("no app '\(app)'; apps: \(compilation.program.apps.map(\.id).joined(separator: ", "))")
        }
        let checked = lowered.app
        let showProgress = isatty(STDERR_FILENO) != 0
        let bounds = ExploreBounds(depth: depth, states: states, steps: steps, seconds: seconds, payloadValues: payloadValues,
                                   walks: walks > 0 ? RandomWalks(count: walks, length: walkLength, seed: seed) : nil)
        let request = ExploreRequest(bounds: bounds, shard: try parsedShard(), writesSuite: suite, fromScenarios: !launchOnly)
        let explored = exploreStage(lowered, sources: compilation.sources, request: request) { progress in
            guard showProgress else { return }
            // Erase to the end of the line: a shorter line leaves nothing of the longer one before it.
            FileHandle.standardError.write(Data(("\r" + progressLine(app: checked.id, progress, bounds: bounds) + "\u{1B}[K").utf8))
        }
        if showProgress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        let result = explored.result
        let folder = explored.folder
        _ = writingOutputs { try outputWriter(output).write(explored.outputs) }
        if json {
            printLine(explored.json, terminator: "")
        } else {
            let suiteLine = explored.suite.map { written in
                "  suite: \(written.scenarios.count) scenarios reach the \(written.reached) transitions, guard, rule and service outcomes explored "
                    + "(hand-written: \(checked.scenarios.count) scenarios): \(output)/\(folder)suite.flow.yaml\n"
            }
            let counterexampleFile = explored.counterexamples.isEmpty ? nil : "\(output)/\(folder)counterexamples.flow.yaml"
            printLine(result.summary(counterexampleFile: counterexampleFile) + (suiteLine ?? ""), terminator: "")
            if showProgress { FileHandle.standardError.write(Data(String(format: "%.1f s, %.0f steps/s\n", result.seconds, Double(result.steps) / max(result.seconds, 0.001)).utf8)) }
        }
        finish(result.violations.isEmpty ? .success : .failure)
    }
}

extension ExploreCommand {
    /// `--merge`: one result from the shards' explore.json files; exit 1 when it has a violation.
    func mergeShards() throws {
        var documents: [(name: String, text: String)] = []
        for path in merge {
            guard let data = FileManager.default.contents(atPath: projectRelative(path)) else {
                throw ValidationError("cannot read '\(path)'")
            }
            documents.append((path, String(decoding: data, as: UTF8.self)))
        }
        let merged: ExploreDocument
        do {
            merged = try mergeShardResults(documents)
        } catch let error as MergeError {
            throw ValidationError(error.description)
        }
        guard merged.app == app else {
            throw ValidationError("the shard results are of app '\(merged.app)', not '\(app)'")
        }
        let text = sortedJSON(merged)
        _ = writingOutputs { try outputWriter(output).write([OutputFile(path: "\(app)/explore.json", contents: text)]) }
        printLine(json ? String(decoding: text, as: UTF8.self) : mergedSummary(merged), terminator: "")
        finish(merged.violations.isEmpty ? .success : .failure)
    }
}

private func printLine(_ text: String, terminator: String) {
    FileHandle.standardOutput.write(Data((text + terminator).utf8))
}
