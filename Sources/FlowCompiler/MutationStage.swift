import FlowIR
import FlowLowering
import FlowMutation
import FlowReports
import FlowRuntime
import FlowSource

/// The results of earlier complete `flowc mutate` runs, an input of the acceptance stage: each passed criterion shows
/// its score for as long as the flow files are the ones the run mutated. The commands read them (`read(from:)`, where
/// `flowc mutate` commits them) before compiling; the pipeline never reads its own output.
public struct StoredMutationResults: Sendable {
    /// Each app's `mutation.json`, by app id.
    public var documents: [String: MutationDocument]

    public init(_ documents: [String: MutationDocument] = [:]) {
        self.documents = documents
    }

    /// Every `reports/<app>/mutation.json` under `outputDirectory` that reads as one (others are left out).
    public static func read(from outputDirectory: String, fileSystem: any FileSystem = DiskFileSystem()) -> StoredMutationResults {
        let reports = joinPath(outputDirectory, "reports")
        var documents: [String: MutationDocument] = [:]
        for app in ((try? fileSystem.list(reports)) ?? []).sorted() {
            guard let bytes = try? fileSystem.read(joinPath(reports, "\(app)/mutation.json")),
                  let document = MutationDocument.decode(bytes), document.app == app else { continue }
            documents[app] = document
        }
        return StoredMutationResults(documents)
    }

    /// The scores for `app`, by criterion ID, when its stored run is complete and of the flow files as they are now
    /// (see docs/reports.md); otherwise none.
    public func scores(for app: App, sources: [String: SourceFile]) -> [String: MutationScore] {
        guard let document = documents[app.id], document.complete, document.app == app.id,
              document.fingerprint == appFingerprint(app, sources: sources) else { return [:] }
        return mutationScores(from: document)
    }
}

/// The scores a mutation result gives each criterion, by criterion ID.
public func mutationScores(from document: MutationDocument) -> [String: MutationScore] {
    var scores: [String: MutationScore] = [:]
    for criterion in document.criteria {
        scores[criterion.id] = MutationScore(killed: criterion.killed, mutants: criterion.mutants, explained: criterion.explained?.count ?? 0)
    }
    return scores
}

/// What the mutation stage is asked to do: run the selected mutants, or merge the results of shards run apart.
public enum MutationWork: Sendable {
    case run(MutationSelection)
    /// Each shard's `mutation.json`, as read (shards 1/n … n/n).
    case merge([MutationDocument])
}

/// What the mutation stage found for one app.
public struct MutationResult: Sendable {
    public var document: MutationDocument
    /// Survivor explanations that no longer fit and concerns no scenario reaches, at their entries in the flow files.
    public var warnings: [Diagnostic]
    /// The explanations among `warnings` that `flowc mutate --check` fails on.
    public var staleExplanations: [Diagnostic]
    /// `reports/<app>/mutation.json` and `mutation.md`; after a complete run, also the app's acceptance reports with
    /// the scores beside the criteria.
    public var outputs: [OutputFile]
}

/// The mutation stage (`flowc mutate`), a peer of the acceptance stage: plants each selected mutant in the checked
/// app, runs every scenario on it, scores each criterion, and renders the results.
/// - Parameters:
///   - lowered: The app as the pipeline lowered it (`lowerApps`): its scenarios' baseline and the reports run on it; each
///     mutant is a changed app, lowered on its own.
///   - sources: The files the app was checked from (the result's fingerprint names them).
///   - outputDirectory: The folder the reports are written under (their links climb back from it to the flow files).
///   - progress: Called after each mutant with (done, selected).
/// - Throws: `MutationMergeError` when the shards given to merge do not make one complete run of these flows.
public func mutate(_ lowered: LoweredApp, sources: [String: SourceFile], work: MutationWork, outputDirectory: String,
                   progress: @escaping @Sendable (Int, Int) -> Void = { _, _ in }) throws -> MutationResult {
    let app = lowered.app
    let fingerprint = appFingerprint(app, sources: sources)
    let run: MutationRun
    let program = RuntimeProgram(lowered: lowered)
    switch work {
    case .run(let selection): run = runMutation(of: program, selection: selection, progress: progress)
    case .merge(let shards): run = try mergeMutationShards(shards, of: program, fingerprint: fingerprint)
    }
    let report = MutationReport(run: run)
    let document = MutationDocument(report, fingerprint: fingerprint)
    let folder = "reports/\(app.id)/"
    var outputs = [
        OutputFile(path: folder + "mutation.json", contents: document.encoded()),
        OutputFile(path: folder + "mutation.md", contents: renderMutationMarkdown(document, appName: app.name)),
    ]
    if document.complete {
        outputs += accept(lowered, mutation: mutationScores(from: document), outputDirectory: outputDirectory).reports
    }
    return MutationResult(document: document, warnings: report.warnings, staleExplanations: report.staleExplanations, outputs: outputs)
}
