import Foundation

/// Why shard results cannot be merged: the message says which file and what is wrong.
public struct MergeError: Error, CustomStringConvertible, Equatable {
    public var description: String
    public init(description: String) { self.description = description }
}

/// One result from the `explore.json` of every shard of a run (`--shard i/n`, i = 1…n, each once, same app and
/// bounds): deterministic (the order the files are given in does not matter) and in the same form as an unsharded
/// run's `explore.json`, with `shards` in place of `shard`.
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
public func mergeShardResults(_ documents: [(name: String, text: String)]) throws -> String {
    var parsed: [(name: String, shard: Int, count: Int, object: [String: Any])] = []
    for document in documents {
        guard let object = (try? JSONSerialization.jsonObject(with: Data(document.text.utf8))) as? [String: Any] else {
            throw MergeError(description: "\(document.name) is not an explore.json")
        }
        guard let shard = object["shard"] as? String else {
            throw MergeError(description: "\(document.name) is not a shard's result (it has no 'shard'); merge the explore.json of each --shard i/n run")
        }
        let parts = shard.split(separator: "/").compactMap { Int($0) }
        guard parts.count == 2 else { throw MergeError(description: "\(document.name): '\(shard)' is not a shard 'i/n'") }
        parsed.append((document.name, parts[0], parts[1], object))
    }
    guard let first = parsed.first else { throw MergeError(description: "no shard results to merge") }
    let count = first.count
    parsed.sort { $0.shard < $1.shard }
    for entry in parsed where entry.count != count {
        throw MergeError(description: "\(entry.name) is shard \(entry.shard)/\(entry.count), but \(first.name) is one of \(count)")
    }
    let present = parsed.map(\.shard)
    if present != Array(1...count) {
        let missing = (1...count).filter { !present.contains($0) }.map { "\($0)/\(count)" }
        let twice = Set(present.filter { shard in present.filter { $0 == shard }.count > 1 }).sorted().map { "\($0)/\(count)" }
        throw MergeError(description: missing.isEmpty ? "shard \(twice.joined(separator: ", ")) is given more than once"
                                                       : "shard \(missing.joined(separator: ", ")) is missing; merge the results of all \(count) shards")
    }
    for key in ["app", "bounds", "properties", "seeds"] {
        for entry in parsed.dropFirst() where !sameJSON(entry.object[key], first.object[key]) {
            throw MergeError(description: "\(entry.name) differs from \(first.name) in '\(key)': the shards must come from one run (same app, flows and bounds)")
        }
    }
    func number(_ object: [String: Any], _ key: String) -> Int { (object[key] as? NSNumber)?.intValue ?? 0 }
    let objects = parsed.map(\.object)
    var merged: [(String, JSON)] = []
    for key in ["app", "bounds", "properties", "seeds"] { merged.append((key, json(first.object[key]))) }
    merged.append(("shards", .number(count)))
    for key in ["states", "steps", "unexpanded"] { merged.append((key, .number(objects.reduce(0) { $0 + number($1, key) }))) }
    merged.append(("depth", .number(objects.map { number($0, "depth") }.max() ?? 0)))
    let stops = objects.map { $0["stoppedBy"] as? String ?? "complete" }
    let stop = stops.first { $0 != "complete" } ?? "complete"
    merged.append(("stoppedBy", .string(stop)))
    let boundsObject = first.object["bounds"] as? [String: Any] ?? [:]
    let bounds = ExploreBounds(depth: number(boundsObject, "depth"), states: number(boundsObject, "states"), steps: number(boundsObject, "steps"))
    let unexpanded = objects.reduce(0) { $0 + number($1, "unexpanded") }
    let bound = ExploreResult.Stop(rawValue: stop).map { ExploreResult.boundText($0, bounds: bounds, unexpanded: unexpanded) }
        ?? (objects.first { $0["stoppedBy"] as? String == stop }?["bound"] as? String ?? "")
    merged.append(("bound", .string(bound)))
    let variants = objects.map { $0["payloadVariants"] as? [String: Any] ?? [:] }
    merged.append(("payloadVariants", .object([("drawn", .number(variants.map { number($0, "drawn") }.max() ?? 0)),
                                               ("tried", .number(variants.map { number($0, "tried") }.max() ?? 0))])))
    let walks = objects.compactMap { $0["walks"] as? [String: Any] }
    if let firstWalks = walks.first {
        merged.append(("walks", .object([("count", json(firstWalks["count"])), ("length", json(firstWalks["length"])), ("seed", json(firstWalks["seed"])),
                                         ("moves", .number(walks.reduce(0) { $0 + number($1, "moves") })),
                                         ("newStates", .number(walks.reduce(0) { $0 + number($1, "newStates") }))])))
    }
    for key in ["violations", "warnings"] {
        // One per finding (its kind and key), as a single run keeps it: the shortest path, one from the launch rather
        // than from a scenario's state when as short, then the lowest shard.
        var kept: [String: [String: Any]] = [:]
        func rank(_ finding: [String: Any]) -> (Int, Int) {
            ((finding["path"] as? [Any])?.count ?? 0, finding["from"] == nil ? 0 : 1)
        }
        for object in objects {
            for finding in object[key] as? [[String: Any]] ?? [] {
                let identity = (finding["kind"] as? String ?? "") + "\u{0}" + (finding["key"] as? String ?? "")
                if let known = kept[identity], rank(known) <= rank(finding) { continue }
                kept[identity] = finding
            }
        }
        // As a single run lists them: run failures, properties, stuck screens, unhandled answers; then by key.
        func order(_ finding: [String: Any]) -> (Int, String) {
            let kind = finding["kind"] as? String ?? ""
            let position = kind == "run failure" ? 0 : kind.hasPrefix("property ") ? 1 : kind == "stuck" ? 2 : 3
            return (position, finding["key"] as? String ?? "")
        }
        let findings = kept.values.sorted { order($0) < order($1) }
        merged.append((key, .array(findings.map { json($0) })))
    }
    let unreachedLists = objects.map { $0["unreached"] as? [String: Any] ?? [:] }
    var unreached: [(String, JSON)] = []
    for category in ["screens", "transitions", "guards", "rules", "outcomes"] {
        let lists = unreachedLists.map { ($0[category] as? [String]) ?? [] }
        let everywhere = lists.dropFirst().reduce(Set(lists.first ?? [])) { $0.intersection($1) }
        unreached.append((category, .array((lists.first ?? []).filter { everywhere.contains($0) }.map(JSON.string))))
    }
    merged.append(("unreached", .object(unreached)))
    return JSON.object(merged).rendered(indent: "") + "\n"
}

private func sameJSON(_ a: Any?, _ b: Any?) -> Bool {
    json(a).rendered(indent: "") == json(b).rendered(indent: "")
}

/// A parsed JSON value back in the renderer's form (numbers in explore.json are whole).
private func json(_ value: Any?) -> JSON {
    switch value {
    case let text as String: .string(text)
    case let number as NSNumber: .number(number.intValue)
    case let list as [Any]: .array(list.map { json($0) })
    case let object as [String: Any]: .object(object.map { ($0.key, json($0.value)) })
    default: .string("")
    }
}

/// The account of a merged result as the terminal shows it, and whether it has a violation.
public func mergedSummary(_ merged: String) -> (text: String, violations: Int) {
    guard let object = (try? JSONSerialization.jsonObject(with: Data(merged.utf8))) as? [String: Any] else { return ("", 0) }
    func number(_ key: String) -> Int { (object[key] as? NSNumber)?.intValue ?? 0 }
    let violations = object["violations"] as? [[String: Any]] ?? []
    var lines = ["\(object["app"] as? String ?? "") (merged from \(number("shards")) shards): \(grouped(number("states"))) states, "
        + "\(grouped(number("steps"))) steps (summed over the shards), depth \(number("depth")); \(object["bound"] as? String ?? "")"]
    lines.append(violations.isEmpty ? "  no violation" : "  \(violations.count) violation\(violations.count == 1 ? "" : "s"):")
    for finding in violations {
        lines.append("  ✗ \(finding["message"] as? String ?? "")")
        let path = (finding["path"] as? [String] ?? []).joined(separator: " → ")
        let from = (finding["from"] as? String).map { "from \($0): " } ?? ""
        lines.append("    path: " + from + (path.isEmpty ? "(at the start)" : path))
    }
    let warnings = (object["warnings"] as? [Any])?.count ?? 0
    if warnings > 0 { lines.append("  ! \(warnings) warning\(warnings == 1 ? "" : "s") (stuck screens, answers nobody handles): see explore.json") }
    return (lines.joined(separator: "\n") + "\n", violations.count)
}
