import FlowChecker
import Foundation
import FlowCodegen
import FlowIR
import FlowLowering
import FlowMutation
import FlowReports
import FlowRuntime
import FlowSource
import FlowSyntax

/// flowc's pipeline, one typed stage after another. `compile` runs them in order, as far as the config asks; a
/// command that needs one stage calls it (`flowc mutate` calls `mutate`, `flowc explore` FlowExplore's `explore`).
///
/// ```
/// flow files ─load─▶ LoadedSources ─check─▶ FlowProgram ─lower─▶ [LoweredApp] ─┬─generate─▶ [OutputFile]: inventory.json,
///   (SourceLoader,      (FlowSyntax:        (FlowChecker:   (FlowLowering:     │              <App>Flow/*.swift (FlowCodegen)
///    RootedFileSystem)   parseFlowFile)      checkApp)       lowerApp, once)   ├─accept──▶ AcceptanceResult: scenario results,
///                                                                              │              verdict, reports (FlowRuntime, FlowReports;
///                                                                              │              StoredMutationResults and a bounded
///                                                                              │              exploration of the properties go in)
///                                                                              ├─mutate──▶ MutationResult: mutation.json/.md and
///                                                                              │              the reports with the scores (FlowMutation)
///                                                                              └─explore─▶ FlowExplore (`flowc explore`)
/// ```
///
/// The CLI, the studio, the tests and the build plugin call these; none re-implements a stage. Each stage is a function of
/// its inputs: nothing reads back what the pipeline wrote (stored mutation scores come in as `StoredMutationResults`).

/// The result of compiling flows: the checked program, the sources read, and the files to write.
public struct Compilation: Sendable {
    public var program: FlowProgram
    /// Every file read, by display path, so diagnostics can quote their lines.
    public var sources: [String: SourceFile]
    public var outputs: [OutputFile]
    /// Each app as the lower stage lowered it, in app order, when the config generates, runs scenarios or asks
    /// for them (`lowersApps`): the one `LoweredApp` every later stage takes.
    public var lowered: [LoweredApp] = []
    /// Each scenario's result, by app id, in declaration order (when the config runs scenarios).
    public var scenarioResults: [String: [ScenarioResult]] = [:]
    /// How long each of those scenarios took to run, in milliseconds, in the same order (`flowc test --durations`).
    public var scenarioMilliseconds: [String: [Double]] = [:]
    /// Each app's acceptance verdict, in app order (when the config runs scenarios).
    public var verdicts: [AcceptanceVerdict] = []
    /// The acceptance and coverage reports (`reports/<app>/...`), to write under the output folder.
    public var reports: [OutputFile] = []
    /// The config's `sourceRoot`: where the files named in `sources` and the diagnostics are, when not here.
    public var sourceRoot: String? = nil

    /// The generated files and the reports, with the manifest of what flowc wrote (what `flowc build` writes).
    public var allOutputs: [OutputFile] { OutputWriter.withManifest(outputs + reports) }
}

/// Compiles flow files into a checked program and its generated files: every stage the config asks for.
///
/// 1. Load: the input paths → each app's root file and includes, parsed (`loadSources`).
/// 2. Check: each app's syntax → `App`; the apps → one `FlowProgram` (`checkApps`).
/// 3. Lower: each `App` → its `LoweredApp`, once: the tables both back ends run (`lowerApps`).
/// 4. Generate: the lowered apps → `inventory.json` and, per app, the Swift module `Sources/<App>Flow/` (`generate`).
/// 5. Accept: every scenario on the interpreter → each app's verdict and reports (`accept`), when there is no error.
/// - Parameters:
///   - config: Inputs, output folder, input limits, which stages run, and the stored mutation results.
///   - fileSystem: Where files are read from.
///   - diagnostics: Receives every problem; the caller decides the exit code from it.
public func compile(_ config: CompilerConfig, fileSystem: any FileSystem = DiskFileSystem(),
                    diagnostics reported: some DiagnosticCollector) -> Compilation {
    let diagnostics = ErrorWatch(reported)
    let loaded = loadSources(config, fileSystem: fileSystem, diagnostics: diagnostics)
    let program = checkApps(loaded, diagnostics: diagnostics)
    if config.writesStringCatalogs {
        // Before writing a catalog, a translator's edits to the one in the output folder are compared with the flows.
        reportEditedCatalogs(program, stored: config.storedCatalogs, diagnostics: diagnostics)
    }
    let runsScenarios = config.runsScenarios && !diagnostics.sawError
    let lowersApps = config.lowersApps && !diagnostics.sawError
    guard config.generatesOutputs || runsScenarios || lowersApps else {
        return Compilation(program: program, sources: loaded.sources, outputs: [], sourceRoot: config.sourceRoot)
    }
    let lowered = lowerApps(program)
    let outputs = config.generatesOutputs ? generate(lowered, config: config) : []
    var compilation = Compilation(program: program, sources: loaded.sources, outputs: outputs, sourceRoot: config.sourceRoot)
    compilation.lowered = lowered
    if runsScenarios {
        for app in lowered where config.scenarioApps?.contains(app.app.id) ?? true {
            let acceptance = accept(app, mutation: config.storedMutation.scores(for: app.app, sources: loaded.sources),
                                    outputDirectory: config.outputDirectory)
            compilation.scenarioResults[app.app.id] = acceptance.results
            compilation.scenarioMilliseconds[app.app.id] = acceptance.milliseconds
            compilation.verdicts.append(acceptance.verdict)
            compilation.reports += acceptance.reports
        }
    }
    return compilation
}

/// What the load stage read: each app's parsed files, and every source by display path.
public struct LoadedSources: Sendable {
    var apps: [SourceLoader.LoadedApp]
    public var sources: [String: SourceFile]
}

/// Stage 1, load: finds the apps under the config's inputs (flows outside the working folder through a
/// `RootedFileSystem`), applies the include rule and parses every file through libyaml, positions kept.
public func loadSources(_ config: CompilerConfig, fileSystem: any FileSystem = DiskFileSystem(),
                        diagnostics: some DiagnosticCollector) -> LoadedSources {
    let sourceFileSystem: any FileSystem = config.sourceRoot.map { RootedFileSystem(root: $0, base: fileSystem) } ?? fileSystem
    var loader = SourceLoader(fileSystem: sourceFileSystem, limits: config.limits, diagnostics: diagnostics)
    let apps = loader.loadApps(from: config.inputs)
    return LoadedSources(apps: apps, sources: loader.sources)
}

/// Stage 2, check: each app's syntax → a checked `App` (names resolved, expressions typed, graph analysed); the
/// apps, sorted by id, → the program, without apps declared twice or generated as the same Swift module.
public func checkApps(_ loaded: LoadedSources, diagnostics: some DiagnosticCollector) -> FlowProgram {
    var apps: [App] = []
    var ids: [String: SourceRange] = [:]
    for entry in loaded.apps {
        // A file that did not load takes its declarations with it: what other files say about them (unknown
        // screens and events, unreachable or unused declarations) follows from that one mistake and is not reported.
        let collector: any DiagnosticCollector = entry.missingParts.isEmpty ? diagnostics : IncompleteAppFilter(diagnostics)
        guard let app = checkApp(entry.sources, defaultID: entry.defaultID, diagnostics: collector) else { continue }
        if let first = ids[app.id] {
            diagnostics.error("duplicate-declaration", "app '\(app.id)' is declared twice; give each app its own 'id'", at: app.range,
                              notes: [.init("first declared here", at: first)])
            continue
        }
        ids[app.id] = app.range
        apps.append(app)
    }
    // Two apps whose names give one Swift module would overwrite each other's generated files.
    var modules: [String: App] = [:]
    apps = apps.sorted { $0.id < $1.id }.filter { app in
        let module = generatedModuleName(for: app)
        guard let first = modules[module] else {
            modules[module] = app
            return true
        }
        diagnostics.error("module-clash", "apps '\(first.id)' and '\(app.id)' would both be generated as the Swift module '\(module)' (from their names '\(first.name)' and '\(app.name)'); give one of them another name",
                          at: app.range, notes: [.init("'\(first.id)' is declared here", at: first.range)])
        return false
    }
    return FlowProgram(apps: apps)
}

/// Stage 3, lower: each checked app → the engine's tables and the numbered guards, action lists, validators and timer
/// lengths they point to (FlowLowering's `lowerApp`), once. Both back ends take this value: the generator writes it as
/// Swift, the interpreter runs it, so the two run the same rows.
public func lowerApps(_ program: FlowProgram) -> [LoweredApp] {
    program.apps.map(lowerApp)
}

/// Stage 4, generate: the lowered apps → `inventory.json` and the String Catalogs (when the config writes them) and
/// each app's Swift module, which FlowCodegen translates from the lowered app to structured Swift and renders.
public func generate(_ lowered: [LoweredApp], config: CompilerConfig) -> [OutputFile] {
    var outputs: [OutputFile] = []
    if config.writesInventory {
        outputs.append(renderInventory(FlowProgram(apps: lowered.map(\.app))))
    }
    if config.writesStringCatalogs {
        outputs += renderStringCatalogs(FlowProgram(apps: lowered.map(\.app)))
    }
    for file in renderSwiftSources(lowered, folder: config.swiftFolder, options: config.generatorOptions) {
        outputs.append(OutputFile(path: file.path, contents: Array(file.text.utf8)))
    }
    return outputs
}

/// What the acceptance stage found for one app.
public struct AcceptanceResult: Sendable {
    /// One per scenario, in declaration order.
    public var results: [ScenarioResult]
    /// How long each scenario took to run (wall clock), in the same order.
    public var milliseconds: [Double]
    public var verdict: AcceptanceVerdict
    /// `reports/<app>/...`: acceptance, coverage, JUnit, flow pictures.
    public var reports: [OutputFile]
}

/// Stage 5, accept: runs every scenario of the lowered app on the interpreter (each timed), judges its properties by a bounded
/// exploration on the same program, and renders its verdict and its acceptance and coverage reports.
/// - Parameters:
///   - mutation: The scores of a complete `flowc mutate` run, by criterion ID, shown beside the criteria.
///   - outputDirectory: The folder the reports are written under (their links climb back from it to the flow files).
public func accept(_ lowered: LoweredApp, mutation: [String: MutationScore], outputDirectory: String) -> AcceptanceResult {
    let app = lowered.app
    let runtime = RuntimeProgram(lowered: lowered)
    let timed = runScenarios(of: runtime, matching: nil)
    let results = timed.map(\.result)
    let properties = propertyVerdicts(of: runtime)
    let reports = renderReports(for: app, results: results, mutation: mutation, sourceRoot: reportSourceRoot(forOutput: outputDirectory),
                                properties: properties)
    return AcceptanceResult(results: results, milliseconds: timed.map(\.milliseconds), verdict: acceptanceVerdict(for: app, results: results, properties: properties), reports: reports)
}

/// Passes diagnostics on and remembers whether one was an error (scenarios of broken flows do not run).
final class ErrorWatch: DiagnosticCollector, @unchecked Sendable {
    let base: any DiagnosticCollector
    private let lock = NSLock()
    private var errorSeen = false

    init(_ base: any DiagnosticCollector) { self.base = base }

    var sawError: Bool {
        lock.lock()
        defer { lock.unlock() }
        return errorSeen
    }

    func emit(_ diagnostic: Diagnostic) {
        if diagnostic.severity == .error {
            lock.lock()
            errorSeen = true
            lock.unlock()
        }
        base.emit(diagnostic)
    }
}

/// Passes on the diagnostics of an app checked without some of its files, except those that may only
/// follow from the missing declarations.
final class IncompleteAppFilter: DiagnosticCollector, @unchecked Sendable {
    let base: any DiagnosticCollector

    /// Codes about names declared anywhere in the app, or about the app as a whole.
    static let dependsOnWholeApp: Set<String> = [
        "unknown-screen", "unknown-target", "unknown-event", "unknown-field", "unknown-effect", "unknown-message",
        "unknown-transition", "unknown-state", "unknown-name", "unknown-type", "unknown-flow", "unknown-service",
        "unknown-operation", "unknown-outcome", "unknown-invariant", "unknown-scenario", "unknown-member", "unknown-variant",
        "unknown-enum-case", "unknown-argument", "unused-declaration", "unused-options", "unreachable-screen", "unreachable-flow",
        "unreachable-transition", "unhandled-event", "unhandled-outcome", "unverified-criterion", "dead-end", "missing-key",
        "missing-initial", "missing-argument", "cross-flow-target", "orphan-file",
        "unknown-element", "unknown-criterion", "unknown-question",
    ]

    init(_ base: any DiagnosticCollector) { self.base = base }

    func emit(_ diagnostic: Diagnostic) {
        if Self.dependsOnWholeApp.contains(diagnostic.code) { return }
        base.emit(diagnostic)
    }
}
