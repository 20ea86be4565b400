import FlowIR
import FlowRuntime

/// Why shards could not be merged.
public struct MutationMergeError: Error, CustomStringConvertible {
    public var description: String
}

/// Rebuilds the complete run of `app` from the `mutation.json` of its shards (`--shard 1/n` … `n/n`).
///
/// Every shard must be of this app and of the flow files as they are now (same fingerprint), and
/// together they must cover every mutant exactly once. The scenarios are run once more on the app
/// as written (for the baseline); the mutants are not run again.
/// - Throws: `MutationMergeError` naming the first problem.
public func mergeMutationShards(_ shards: [MutationDocument], of program: RuntimeProgram, fingerprint: String) throws -> MutationRun {
    let app = program.app
    let mutants = enumerateMutants(of: app)
    var entries: [Int: MutationDocument.MutantEntry] = [:]
    for shard in shards {
        guard shard.app == app.id else { throw MutationMergeError(description: "a shard is of app '\(shard.app)', not '\(app.id)'") }
        guard shard.fingerprint == fingerprint else {
            throw MutationMergeError(description: "a shard (\(shard.selection.shard ?? "unsharded")) was run on other flow files; run it again")
        }
        for entry in shard.mutants {
            guard entries.updateValue(entry, forKey: entry.number) == nil else {
                throw MutationMergeError(description: "mutant #\(entry.number) is in more than one shard")
            }
        }
    }
    let missing = mutants.filter { entries[$0.number] == nil }
    guard missing.isEmpty else {
        throw MutationMergeError(description: "\(missing.count) of \(mutants.count) mutants are in no shard (first: #\(missing[0].number))")
    }
    let scenarioIndex = Dictionary(app.scenarios.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    var results: [MutantResult] = []
    for mutant in mutants {
        guard let entry = entries[mutant.number], entry.change == mutant.change, entry.location == mutant.location else {
            throw MutationMergeError(description: "mutant #\(mutant.number) differs from the shard's; run the shards again")
        }
        var failures: [(scenario: Int, message: String)] = []
        for evidence in entry.killedBy where evidence.kind == .scenario {
            guard let index = scenarioIndex[evidence.name] else {
                throw MutationMergeError(description: "a shard names scenario '\(evidence.name)', which does not exist")
            }
            failures.append((index, ""))
        }
        // The invariants broken, on the first failure: enough for scoring invariant criteria.
        if let broken = entry.brokenInvariants, !failures.isEmpty {
            failures[0].message = broken.map { "invariant '\($0)'" }.joined(separator: ", ")
        }
        let properties = entry.killedBy.filter { $0.kind == .property }.map(\.name) + (entry.brokenProperties ?? [])
        results.append(MutantResult(mutant: mutant, failures: failures, brokenProperties: Set(properties),
                                    brokenStaticProofs: Set(entry.killedBy.filter { $0.kind == .staticProof }.map(\.name))))
    }
    let baseline = app.scenarios.map { runScenario($0, of: program) }
    return MutationRun(app: app, baseline: baseline, results: results, totalMutants: mutants.count, selection: MutationSelection(),
                       propertiesBrokenOnBaseline: propertiesBroken(in: program))
}
