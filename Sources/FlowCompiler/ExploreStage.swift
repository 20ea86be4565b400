import FlowExplore
import FlowIR
import FlowLowering
import FlowRuntime
import FlowSource

/// What `flowc explore` asks of the exploration stage besides the app.
public struct ExploreRequest: Sendable {
    public var bounds: ExploreBounds
    /// One shard of a run split over several machines, or the whole run.
    public var shard: ExploreShard?
    /// Also write `suite.flow.yaml`: a small scenario suite reaching everything the exploration reached.
    public var writesSuite: Bool
    /// Start from every state the app's scenarios pass through as well as from the launch.
    public var fromScenarios: Bool

    public init(bounds: ExploreBounds = ExploreBounds(), shard: ExploreShard? = nil, writesSuite: Bool = false, fromScenarios: Bool = true) {
        self.bounds = bounds
        self.shard = shard
        self.writesSuite = writesSuite
        self.fromScenarios = fromScenarios
    }
}

/// What the exploration stage found for one app, and the files it hands out.
public struct ExploreStageResult: Sendable {
    public var result: ExploreResult
    /// The violations shrunk into scenarios (`counterexamples.flow.yaml`).
    public var counterexamples: [Counterexample]
    /// The suite, when the request asked for one.
    public var suite: Suite?
    /// Where the files go under the output folder: `<app>/`, or `<app>/shard-<i>-of-<n>/` for one shard.
    public var folder: String
    /// `explore.md`, `explore.json`, and `counterexamples.flow.yaml` and `suite.flow.yaml` when there are any.
    public var outputs: [OutputFile]

    /// `explore.json`'s text, which `flowc explore --json` prints.
    public var json: String { result.json(counterexamples: counterexamples) }
}

/// The exploration stage (`flowc explore`), a peer of the acceptance and mutation stages: walks the app's reachable
/// states on the interpreter, shrinks each violation into a scenario, and renders the results.
/// - Parameters:
///   - lowered: The app as the pipeline lowered it (`Compilation.lowered`): the exploration, the shrinking of its
///     violations and the suite all run on the one program made from it.
///   - sources: The files the app was checked from (counterexamples quote them).
///   - progress: Called now and then while the exploration runs.
public func exploreStage(_ lowered: LoweredApp, sources: [String: SourceFile], request: ExploreRequest,
                         progress: ((ExploreProgress) -> Void)? = nil) -> ExploreStageResult {
    let app = lowered.app
    let result = explore(RuntimeProgram(lowered: lowered), bounds: request.bounds, shard: request.shard, collectsSuite: request.writesSuite,
                         fromScenarios: request.fromScenarios, progress: progress)
    let examples = counterexamples(of: result, sources: sources.mapValues { String(decoding: $0.bytes, as: UTF8.self) })
    let folder = "\(app.id)/" + (result.shard.map { "shard-\($0.index)-of-\($0.count)/" } ?? "")
    var outputs = [
        OutputFile(path: folder + "explore.md", contents: Array(result.markdown(counterexamples: examples).utf8)),
        OutputFile(path: folder + "explore.json", contents: Array(result.json(counterexamples: examples).utf8)),
    ]
    if !examples.isEmpty {
        outputs.append(OutputFile(path: folder + "counterexamples.flow.yaml", contents: Array(renderCounterexamples(examples, app: app).utf8)))
    }
    var written: Suite?
    if request.writesSuite {
        let suite = FlowExplore.suite(of: result)
        outputs.append(OutputFile(path: folder + "suite.flow.yaml", contents: Array(renderSuite(suite).utf8)))
        written = suite
    }
    return ExploreStageResult(result: result, counterexamples: examples, suite: written, folder: folder, outputs: outputs)
}
