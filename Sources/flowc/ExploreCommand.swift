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

    @Option(help: "At most this many values per event payload field and service output field (zero first, then the boundaries of the app's comparisons, each option, typical and extreme values; 1: zero values only).")
    var payloadValues: Int = 8

    @Option(help: "Explore only shard i of n: 'i/n' (all shards walk the first \(ExploreShard.splitDepth) levels, then split the frontier).")
    var shard: String?

    @Flag(help: "Start from the launch only, not also from every state the app's scenarios pass through.")
    var launchOnly = false

    @Flag(help: "Print the result as JSON on standard output (as explore.json).")
    var json = false

    @Flag(help: "Also write <output>/<app>/suite.flow.yaml: a small set of scenarios reaching every transition, guard outcome, rule outcome and service outcome the exploration reached.")
    var suite = false

    func validate() throws {
        try validateOutputFolder(output)
        _ = try parsedShard()
        for (name, value) in [("--depth", depth), ("--states", states), ("--steps", steps), ("--payload-values", payloadValues)] where value < 1 {
            throw ValidationError("\(name) must be 1 or more; found \(value)")
        }
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
        let compilation = checkedCompilation(CompilerConfig(inputs: [projectRelative(flows)], generatesOutputs: false))
        let program = compilation.program
        guard let checked = program.apps.first(where: { $0.id == app }) else {
            throw ValidationError("no app '\(app)'; apps: \(program.apps.map(\.id).joined(separator: ", "))")
        }
        let showProgress = isatty(STDERR_FILENO) != 0
        let result = explore(checked, bounds: ExploreBounds(depth: depth, states: states, steps: steps, seconds: seconds, payloadValues: payloadValues),
                             shard: try parsedShard(), collectsSuite: suite, fromScenarios: !launchOnly) { progress in
            guard showProgress else { return }
            let rate = progress.seconds > 0 ? Int(Double(progress.states) / progress.seconds) : 0
            FileHandle.standardError.write(Data("\r\(checked.id): depth \(progress.depth), \(progress.states) states (\(rate)/s), frontier \(progress.frontier)   ".utf8))
        }
        if showProgress { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
        let examples = counterexamples(of: result, sources: compilation.sources.mapValues { String(decoding: $0.bytes, as: UTF8.self) })
        let folder = "\(checked.id)/" + (result.shard.map { "shard-\($0.index)-of-\($0.count)/" } ?? "")
        var outputs = [
            OutputFile(path: folder + "explore.md", contents: Array(result.markdown(counterexamples: examples).utf8)),
            OutputFile(path: folder + "explore.json", contents: Array(result.json(counterexamples: examples).utf8)),
        ]
        if !examples.isEmpty {
            outputs.append(OutputFile(path: folder + "counterexamples.flow.yaml", contents: Array(renderCounterexamples(examples, app: checked).utf8)))
        }
        var suiteLine: String?
        if suite {
            let written = FlowExplore.suite(of: result)
            outputs.append(OutputFile(path: folder + "suite.flow.yaml", contents: Array(renderSuite(written).utf8)))
            suiteLine = "  suite: \(written.scenarios.count) scenarios reach the \(written.reached) transitions, guard, rule and service outcomes explored "
                + "(hand-written: \(checked.scenarios.count) scenarios): \(output)/\(folder)suite.flow.yaml\n"
        }
        _ = writingOutputs { try outputWriter(output).write(outputs) }
        if json {
            printLine(result.json(counterexamples: examples), terminator: "")
        } else {
            printLine(result.summary(counterexampleFile: examples.isEmpty ? nil : "\(output)/\(folder)counterexamples.flow.yaml") + (suiteLine ?? ""), terminator: "")
            if showProgress { FileHandle.standardError.write(Data(String(format: "%.1f s, %.0f steps/s\n", result.seconds, Double(result.steps) / max(result.seconds, 0.001)).utf8)) }
        }
        finish(result.violations.isEmpty ? .success : .failure)
    }
}

private func printLine(_ text: String, terminator: String) {
    FileHandle.standardOutput.write(Data((text + terminator).utf8))
}
