import FlowCompiler
import FlowIR
import FlowMutation
import FlowReports
import FlowSource
import FlowTestSupport
import Foundation
import Testing

/// The disk seen from the fixtures folder, noting every path read.
final class ReadLog: FileSystem, @unchecked Sendable {
    let base = FixtureFileSystem(base: fixturesDirectory())
    private let lock = NSLock()
    private var paths: [String] = []
    var read: [String] { lock.lock(); defer { lock.unlock() }; return paths }

    private func note(_ path: String) { lock.lock(); paths.append(path); lock.unlock() }
    func kind(of path: String) -> FileKind? { note(path); return base.kind(of: path) }
    func read(_ path: String) throws -> [UInt8] { note(path); return try base.read(path) }
    func list(_ path: String) throws -> [String] { note(path); return try base.list(path) }
    func resolvingSymlinks(_ path: String) -> String { base.resolvingSymlinks(path) }
    func write(_ path: String, _ bytes: [UInt8]) throws { Issue.record("the pipeline wrote \(path)") }
    func remove(_ path: String) throws { Issue.record("the pipeline removed \(path)") }
    func move(_ from: String, to: String) throws { Issue.record("the pipeline moved \(from)") }
}

/// FlowCompiler's pipeline: the stages compose to `compile`, each is a function of its inputs, and nothing reads
/// back what the pipeline writes.
@Suite struct PipelineTests {
    static let input = "mutation/small-app"
    /// The fixture's PIN field is not marked secret, and one of its answers can arrive late where nothing handles it;
    /// those warnings are all it gets.
    static func collector() -> TestDiagnosticCollector { TestDiagnosticCollector(expecting: ["unmarked-secret", "late-answer-unhandled"]) }

    static func buildConfig() -> CompilerConfig {
        CompilerConfig.build(inputs: [input], outputDirectory: "generated")
    }

    @Test func theStagesComposeToCompile() throws {
        let fileSystem = FixtureFileSystem(base: fixturesDirectory())
        let config = Self.buildConfig()
        let diagnostics = Self.collector()
        let compilation = compile(config, fileSystem: fileSystem, diagnostics: diagnostics)
        diagnostics.verify()

        let stageDiagnostics = Self.collector()
        let loaded = loadSources(config, fileSystem: fileSystem, diagnostics: stageDiagnostics)
        let program = checkApps(loaded, diagnostics: stageDiagnostics)
        stageDiagnostics.verify()
        #expect(loaded.sources.keys.sorted() == compilation.sources.keys.sorted())
        #expect(program.apps.map(\.id) == compilation.program.apps.map(\.id))
        let lowered = lowerApps(program)
        #expect(lowered.map(\.app.id) == program.apps.map(\.id))
        #expect(generate(lowered, config: config) == compilation.outputs)
        let app = try #require(program.apps.first)
        let acceptance = accept(try #require(lowered.first), mutation: [:], outputDirectory: "generated")
        #expect(acceptance.reports == compilation.reports)
        #expect(compilation.verdicts.map(\.app) == [app.id])
        #expect(compilation.outputs.contains { $0.path == "inventory.json" })
        #expect(compilation.outputs.contains { $0.path.hasSuffix("Flow/Machine.swift") })
        #expect(compilation.reports.contains { $0.path == "reports/\(app.id)/acceptance.json" })
    }

    /// Stored mutation results are an input: a build reads only the flow files (with a mutation.json in the output
    /// folder or not), and the scores it is given show in the reports.
    @Test func compileReadsOnlyTheFlowFiles() throws {
        let log = ReadLog()
        let diagnostics = Self.collector()
        _ = compile(Self.buildConfig(), fileSystem: log, diagnostics: diagnostics)
        diagnostics.verify()
        #expect(!log.read.isEmpty)
        #expect(log.read.allSatisfy { $0.hasPrefix(Self.input) }, "read outside the inputs: \(log.read.filter { !$0.hasPrefix(Self.input) })")
    }

    /// The scores of a complete run of these flows show beside the criteria; a run of other flow files (another
    /// fingerprint) or an incomplete one is left out.
    @Test func storedScoresShowOnlyForTheFlowsTheyWereRunOn() throws {
        let fileSystem = FixtureFileSystem(base: fixturesDirectory())
        let checked = compile(CompilerConfig(inputs: [Self.input], generatesOutputs: false), fileSystem: fileSystem, diagnostics: Self.collector())
        let app = try #require(checked.program.apps.first)
        let mutation = try mutate(try #require(lowerApps(checked.program).first), sources: checked.sources, work: .run(MutationSelection()), outputDirectory: "generated")
        #expect(mutation.document.complete)
        #expect(mutation.outputs.map(\.path).contains("reports/\(app.id)/mutation.json"))

        func acceptanceJSON(_ stored: StoredMutationResults) throws -> String {
            var config = Self.buildConfig()
            config.storedMutation = stored
            let diagnostics = Self.collector()
            let compilation = compile(config, fileSystem: fileSystem, diagnostics: diagnostics)
            diagnostics.verify()
            let file = try #require(compilation.reports.first { $0.path == "reports/\(app.id)/acceptance.json" })
            return String(decoding: file.contents, as: UTF8.self)
        }
        #expect(try acceptanceJSON(StoredMutationResults([app.id: mutation.document])).contains("\"mutation\" : {"))
        // The mutation stage's own reports are the build's with the same scores.
        let fromMutate = try #require(mutation.outputs.first { $0.path == "reports/\(app.id)/acceptance.json" })
        #expect(String(decoding: fromMutate.contents, as: UTF8.self) == (try acceptanceJSON(StoredMutationResults([app.id: mutation.document]))))
        var other = mutation.document
        other.fingerprint = "another"
        #expect(try !acceptanceJSON(StoredMutationResults([app.id: other])).contains("\"mutation\" : {"))
        var partial = mutation.document
        partial.complete = false
        #expect(try !acceptanceJSON(StoredMutationResults([app.id: partial])).contains("\"mutation\" : {"))
        #expect(try !acceptanceJSON(StoredMutationResults()).contains("\"mutation\" : {"))
    }

    /// `StoredMutationResults.read` takes each app's mutation.json as `flowc mutate` wrote it, and nothing else.
    @Test func storedResultsAreReadFromWhereMutateWritesThem() throws {
        let fileSystem = FixtureFileSystem(base: fixturesDirectory())
        let checked = compile(CompilerConfig(inputs: [Self.input], generatesOutputs: false), fileSystem: fileSystem, diagnostics: Self.collector())
        let app = try #require(checked.program.apps.first)
        let mutation = try mutate(try #require(lowerApps(checked.program).first), sources: checked.sources, work: .run(MutationSelection()), outputDirectory: "generated")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-stored-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let writer = OutputWriter(outputDirectory: folder.path)
        _ = try writer.write(mutation.outputs)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("reports/broken"), withIntermediateDirectories: true)
        try Data("{ not json".utf8).write(to: folder.appendingPathComponent("reports/broken/mutation.json"))
        let stored = StoredMutationResults.read(from: folder.path)
        #expect(stored.documents.keys.sorted() == [app.id])
        #expect(stored.scores(for: app, sources: checked.sources) == mutationScores(from: mutation.document))
    }
}
