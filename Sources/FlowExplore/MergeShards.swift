import Foundation

/// Why shard results cannot be merged: the message says which file and what is wrong.
public struct MergeError: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(description: String) { self.description = description }
}

/// One result from the `explore.json` of every shard of a run (`--shard i/n`, i = 1…n, each once, same app and
/// bounds): deterministic (the order the files are given in does not matter) and in the same form as an unsharded
/// run's `explore.json` (written with `sortedJSON`), with `shards` in place of `shard`.
///
/// What is merged, and when it equals the unsharded run's:
/// - `violations` and `warnings`: every finding of any shard, the one with the shortest path kept (the lowest shard on
///   a tie). For a run bounded by depth only, these, `unreached`, `properties`, `seeds`, `depth` and `stoppedBy` are
///   those of the same run unsharded (each shard walks the same first levels, then its part of the frontier, to
///   the same depth; a test proves it).
/// - `unreached`: what no shard reached.
/// - `states`, `steps` and `unexpanded` are summed: the levels before the split are counted once per shard, and a
///   state two shards reach is counted twice, so they are more than the unsharded run's.
/// - `payloadVariants.tried` is the most any shard sent (the shards' variants overlap).
public func mergeShardResults(_ documents: [(name: String, text: String)]) throws -> ExploreDocument {
    var parsed: [(name: String, shard: Int, count: Int, document: ExploreDocument)] = []
    for input in documents {
        guard let document = try? JSONDecoder().decode(ExploreDocument.self, from: Data(input.text.utf8)) else {
            throw MergeError(description: "\(input.name) is not an explore.json")
        }
        guard let shard = document.shard else {
            throw MergeError(description: "\(input.name) is not a shard's result (it has no 'shard'); merge the explore.json of each --shard i/n run")
        }
        let parts = shard.split(separator: "/").compactMap { Int($0) }
        guard parts.count == 2 else { throw MergeError(description: "\(input.name): '\(shard)' is not a shard 'i/n'") }
        parsed.append((input.name, parts[0], parts[1], document))
    }
    guard let first = parsed.first else { throw MergeError(description: "no shard results to merge") }
    let count = first.count
    parsed.sort { $0.shard < $1.shard }
    for entry in parsed where entry.count != count {
        throw MergeError(description: "\(entry.name) is shard \(entry.shard)/\(entry.count), but \(first.name) is one of \(count)")
    }
    let present = parsed.map(\.shard)
    if count < 1 || present != Array(1...count) {
        let missing = count < 1 ? [] : (1...count).filter { !present.contains($0) }.map { "\($0)/\(count)" }
        let twice = Set(present.filter { shard in present.filter { $0 == shard }.count > 1 }).sorted().map { "\($0)/\(count)" }
        throw MergeError(description: missing.isEmpty ? "shard \(twice.joined(separator: ", ")) is given more than once"
                                                       : "shard \(missing.joined(separator: ", ")) is missing; merge the results of all \(count) shards")
    }
    let sameRun: [(String, (ExploreDocument, ExploreDocument) -> Bool)] = [
        ("app", { $0.app == $1.app }), ("bounds", { $0.bounds == $1.bounds }),
        ("properties", { $0.properties == $1.properties }), ("seeds", { $0.seeds == $1.seeds }),
    ]
    for (key, same) in sameRun {
        for entry in parsed.dropFirst() where !same(entry.document, first.document) {
            throw MergeError(description: "\(entry.name) differs from \(first.name) in '\(key)': the shards must come from one run (same app, flows and bounds)")
        }
    }
    let shards = parsed.map(\.document)
    var merged = first.document
    merged.shard = nil
    merged.shards = count
    merged.states = shards.reduce(0) { $0 + $1.states }
    merged.steps = shards.reduce(0) { $0 + $1.steps }
    merged.unexpanded = shards.reduce(0) { $0 + $1.unexpanded }
    merged.depth = shards.map(\.depth).max() ?? 0
    merged.stoppedBy = shards.map(\.stoppedBy).first { $0 != ExploreResult.Stop.complete.rawValue } ?? ExploreResult.Stop.complete.rawValue
    let bounds = ExploreBounds(depth: merged.bounds.depth, states: merged.bounds.states, steps: merged.bounds.steps)
    merged.bound = ExploreResult.Stop(rawValue: merged.stoppedBy).map { ExploreResult.boundText($0, bounds: bounds, unexpanded: merged.unexpanded) }
        ?? (shards.first { $0.stoppedBy == merged.stoppedBy }?.bound ?? "")
    merged.payloadVariants = .init(tried: shards.map(\.payloadVariants.tried).max() ?? 0, drawn: shards.map(\.payloadVariants.drawn).max() ?? 0)
    let walks = shards.compactMap(\.walks)
    merged.walks = walks.first.map { firstWalks in
        .init(count: firstWalks.count, length: firstWalks.length, seed: firstWalks.seed,
              moves: walks.reduce(0) { $0 + $1.moves }, newStates: walks.reduce(0) { $0 + $1.newStates })
    }
    merged.violations = keptFindings(shards.map(\.violations))
    merged.warnings = keptFindings(shards.map(\.warnings))
    func unreachedEverywhere(_ list: (ExploreDocument.Unreached) -> [String]) -> [String] {
        let lists = shards.map { list($0.unreached) }
        let everywhere = lists.dropFirst().reduce(Set(lists.first ?? [])) { $0.intersection($1) }
        return (lists.first ?? []).filter { everywhere.contains($0) }
    }
    merged.unreached = .init(screens: unreachedEverywhere(\.screens), transitions: unreachedEverywhere(\.transitions),
                             guards: unreachedEverywhere(\.guards), rules: unreachedEverywhere(\.rules),
                             outcomes: unreachedEverywhere(\.outcomes))
    return merged
}

/// One per finding (its kind and key), as a single run keeps it: the shortest path, one from the launch rather than
/// from a scenario's state when as short, then the lowest shard; listed as a single run lists them (run failures,
/// properties, stuck screens, unhandled answers; then by key).
private func keptFindings(_ perShard: [[ExploreDocument.Finding]]) -> [ExploreDocument.Finding] {
    var kept: [String: ExploreDocument.Finding] = [:]
    func rank(_ finding: ExploreDocument.Finding) -> (Int, Int) { (finding.path.count, finding.from == nil ? 0 : 1) }
    for findings in perShard {
        for finding in findings {
            let identity = finding.kind + "\u{0}" + finding.key
            if let known = kept[identity], rank(known) <= rank(finding) { continue }
            kept[identity] = finding
        }
    }
    func order(_ finding: ExploreDocument.Finding) -> (Int, String) {
        let position = finding.kind == "run failure" ? 0 : finding.kind.hasPrefix("property ") ? 1 : finding.kind == "stuck" ? 2 : 3
        return (position, finding.key)
    }
    return kept.values.sorted { order($0) < order($1) }
}

/// The account of a merged result as the terminal shows it.
public func mergedSummary(_ merged: ExploreDocument) -> String {
    var lines = ["\(merged.app) (merged from \(merged.shards ?? 1) shards): \(grouped(merged.states)) states, "
        + "\(grouped(merged.steps)) steps (summed over the shards), depth \(merged.depth); \(merged.bound)"]
    lines.append(merged.violations.isEmpty ? "  no violation" : "  \(merged.violations.count) violation\(merged.violations.count == 1 ? "" : "s"):")
    for finding in merged.violations {
        lines.append("  ✗ \(finding.message)")
        let path = finding.path.joined(separator: " → ")
        let from = finding.from.map { "from \($0): " } ?? ""
        lines.append("    path: " + from + (path.isEmpty ? "(at the start)" : path))
    }
    let warnings = merged.warnings.count
    if warnings > 0 { lines.append("  ! \(warnings) warning\(warnings == 1 ? "" : "s") (stuck screens, answers nobody handles): see explore.json") }
    return lines.joined(separator: "\n") + "\n"
}
