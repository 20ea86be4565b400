import FlowChecker
import Foundation
import FlowCodegen
import FlowIR
import FlowMutation
import FlowReports
import FlowRuntime
import FlowSource
import FlowSyntax

/// The result of compiling flows: the checked program, the sources read, and the files to write.
public struct Compilation: Sendable {
    public var program: FlowProgram
    /// Every file read, by display path, so diagnostics can quote their lines.
    public var sources: [String: SourceFile]
    public var outputs: [OutputFile]
    /// The parsed files of each app, kept for tools that map IR back to syntax (and so that a
    /// command-line run does not spend time tearing the trees down before it exits).
    public var syntax: [AppSourcesSyntax]
    /// Each scenario's result, by app id, in declaration order (when the config runs scenarios).
    public var scenarioResults: [String: [ScenarioResult]] = [:]
    /// Each app's acceptance verdict, in app order (when the config runs scenarios).
    public var verdicts: [AcceptanceVerdict] = []
    /// The acceptance and coverage reports (`reports/<app>/...`), to write under the output folder.
    public var reports: [OutputFile] = []
    /// The config's `sourceRoot`: where the files named in `sources` and the diagnostics are, when not here.
    public var sourceRoot: String? = nil

    /// The generated files and the reports, with the manifest of what flowc wrote (what `flowc build` writes).
    public var allOutputs: [OutputFile] { OutputWriter.withManifest(outputs + reports) }
}

/// Compiles flow files into a checked program and its generated files.
///
/// 1. Loading: the input paths → each app's root file and includes (`SourceLoader`).
/// 2. Parsing: `SourceFile` → `FlowFileSyntax` through libyaml (positions kept, all syntax errors reported).
/// 3. Checking: `AppSourcesSyntax` → `App` (names resolved, expressions typed, graph analysed).
/// 4. Generation: `FlowProgram` → `[OutputFile]`: `inventory.json` and, per app, the Swift module
///    `Sources/<App>Flow/` (FlowCodegen translates the IR to structured Swift and renders it).
/// 5. Acceptance: every scenario runs on the interpreter (FlowRuntime); the results become each app's
///    verdict and its acceptance and coverage reports (FlowReports), with the scores of a stored complete
///    `flowc mutate` run of the same flow files beside the criteria.
///
/// The CLI, the tests and any future plugin call this; none re-implements a stage.
/// - Parameters:
///   - config: Inputs, output folder and input limits.
///   - fileSystem: Where files are read from.
///   - diagnostics: Receives every problem; the caller decides the exit code from it.
public func compile(_ config: CompilerConfig, fileSystem: any FileSystem = DiskFileSystem(),
                    diagnostics reported: some DiagnosticCollector) -> Compilation {
    let diagnostics = ErrorWatch(reported)
    let sourceFileSystem: any FileSystem = config.sourceRoot.map { RootedFileSystem(root: $0, base: fileSystem) } ?? fileSystem
    var loader = SourceLoader(fileSystem: sourceFileSystem, limits: config.limits, diagnostics: diagnostics)
    let loaded = loader.loadApps(from: config.inputs)
    var apps: [App] = []
    var ids: [String: SourceRange] = [:]
    for entry in loaded {
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
    let program = FlowProgram(apps: apps.sorted { $0.id < $1.id })
    var outputs: [OutputFile] = []
    if config.generatesOutputs {
        if config.writesInventory { outputs.append(renderInventory(program)); outputs += renderStringCatalogs(program) }
        for file in renderSwiftSources(program, folder: config.swiftFolder, options: config.generatorOptions) {
            outputs.append(OutputFile(path: file.path, contents: Array(file.text.utf8)))
        }
    }
    var compilation = Compilation(program: program, sources: loader.sources, outputs: outputs, syntax: loaded.map(\.sources))
    compilation.sourceRoot = config.sourceRoot
    if config.runsScenarios, !diagnostics.sawError {
        runAcceptance(of: program, config: config, fileSystem: fileSystem, into: &compilation)
    }
    return compilation
}

/// Stage 5: runs the scenarios of the selected apps and renders their verdicts and reports.
func runAcceptance(of program: FlowProgram, config: CompilerConfig, fileSystem: any FileSystem, into compilation: inout Compilation) {
    for app in program.apps where config.scenarioApps?.contains(app.id) ?? true {
        let mutation = storedMutationScores(for: app, output: config.outputDirectory, sources: compilation.sources, fileSystem: fileSystem)
        let acceptance = runAcceptance(of: app, mutation: mutation, outputDirectory: config.outputDirectory)
        compilation.scenarioResults[app.id] = acceptance.results
        compilation.verdicts.append(acceptance.verdict)
        compilation.reports += acceptance.reports
    }
}

/// Runs every scenario of `app` and renders its verdict and its acceptance and coverage reports.
/// - Parameters:
///   - mutation: The scores of a complete `flowc mutate` run, by criterion ID, shown beside the criteria.
///   - outputDirectory: The folder the reports are written under (their links climb back from it to the flow files).
public func runAcceptance(of app: App, mutation: [String: MutationScore], outputDirectory: String)
    -> (results: [ScenarioResult], verdict: AcceptanceVerdict, reports: [OutputFile]) {
    let runtime = RuntimeProgram(app: app)
    let results = app.scenarios.map { runScenario($0, of: runtime) }
    let properties = propertyVerdicts(of: app)
    let reports = renderReports(for: app, results: results, mutation: mutation, sourceRoot: reportSourceRoot(forOutput: outputDirectory),
                                properties: properties)
        .map { OutputFile(path: $0.path, contents: $0.contents) }
    return (results, acceptanceVerdict(for: app, results: results, properties: properties), reports)
}

/// Scores from `<output>/reports/<app>/mutation.json` when it is a complete run of the flow files as they are
/// now (see docs/reports.md); otherwise none.
public func storedMutationScores(for app: App, output: String, sources: [String: SourceFile],
                                 fileSystem: any FileSystem = DiskFileSystem()) -> [String: MutationScore] {
    guard let bytes = try? fileSystem.read("\(output)/reports/\(app.id)/mutation.json"), let document = MutationDocument.decode(bytes),
          document.complete, document.app == app.id, document.fingerprint == appFingerprint(app, sources: sources) else { return [:] }
    return mutationScores(from: document)
}

/// The scores a mutation result gives each criterion, by criterion ID.
public func mutationScores(from document: MutationDocument) -> [String: MutationScore] {
    var scores: [String: MutationScore] = [:]
    for criterion in document.criteria {
        scores[criterion.id] = MutationScore(killed: criterion.killed, mutants: criterion.mutants, explained: criterion.explained?.count ?? 0)
    }
    return scores
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
