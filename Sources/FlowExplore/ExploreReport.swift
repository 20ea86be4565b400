import FlowIR
import FlowSource

/// `12,345`: counts as people read them.
func grouped(_ number: Int) -> String {
    let digits = String(number.magnitude)
    var out = ""
    for (offset, character) in digits.enumerated() {
        if offset > 0, (digits.count - offset) % 3 == 0 { out += "," }
        out.append(character)
    }
    return number < 0 ? "-" + out : out
}

extension ExploreResult {
    /// "held on every one of 1,234 states / 5,678 transitions explored to depth 12 (bounded: …)".
    public var evidenceText: String {
        let from = seeds.isEmpty ? "" : " from the launch and from \(seedText)"
        return "held on every one of \(grouped(states)) states / \(grouped(steps)) transitions explored to depth \(depthReached)\(from) (\(boundText))"
    }

    /// The account printed on the terminal: figures, violations with their paths, warnings, what was not reached.
    public func summary(counterexampleFile: String?) -> String {
        var lines: [String] = []
        let shardText = shard.map { " (shard \($0.index)/\($0.count))" } ?? ""
        lines.append("\(app.id)\(shardText): \(grouped(states)) states, \(grouped(steps)) steps, depth \(depthReached); \(boundText)")
        if !seeds.isEmpty { lines.append("  started from the launch and from \(seedText)") }
        if !properties.isEmpty { lines.append("  properties checked on every step: \(properties.joined(separator: ", "))") }
        if payloadVariants.drawn > 0 { lines.append("  \(payloadVariantText)") }
        if let walkText { lines.append("  \(walkText)") }
        let violations = self.violations
        lines.append(violations.isEmpty ? "  no violation" : "  \(violations.count) violation\(violations.count == 1 ? "" : "s"):")
        for finding in violations {
            lines.append("  ✗ \(finding.message)")
            lines.append("    path (\(finding.path.count) step\(finding.path.count == 1 ? "" : "s")): " + pathText(finding))
        }
        if let counterexampleFile, !violations.isEmpty {
            lines.append("  counterexample scenarios (shrunk): \(counterexampleFile)")
        }
        let stuck = findings.filter { $0.kind == .stuck }
        for finding in stuck {
            lines.append("  ! \(finding.message)")
            lines.append("    path: " + pathText(finding))
        }
        let unhandled = findings.filter { $0.kind == .unhandledAnswer }
        if !unhandled.isEmpty {
            lines.append("  ! \(unhandled.count) answer\(unhandled.count == 1 ? "" : "s") to a call can arrive where nothing handles \(unhandled.count == 1 ? "it" : "them") (the call then waits forever); explore.md lists them, e.g.")
            lines.append("    \(unhandled[0].message)")
            lines.append("    path: " + pathText(unhandled[0]))
        }
        let missing = coverage.unreached(in: app)
        let all = Coverage.declared(by: app)
        lines.append("  reached: screens \(all.screens.count - missing.screens.count)/\(all.screens.count), "
                     + "transitions \(all.transitions.count - missing.transitions.count)/\(all.transitions.count), "
                     + "guard outcomes \(all.guards.count - missing.guards.count)/\(all.guards.count), "
                     + "rule outcomes \(all.rules.count - missing.rules.count)/\(all.rules.count), "
                     + "service outcomes \(all.outcomes.count - missing.outcomes.count)/\(all.outcomes.count)")
        return lines.joined(separator: "\n") + "\n"
    }

    func pathText(_ finding: Finding) -> String {
        let moves = self.moves(of: finding).map(\.summary).joined(separator: " → ")
        guard let seed = seed(of: finding) else { return finding.path.isEmpty ? "(at launch)" : moves }
        return finding.path.isEmpty ? "(where \(seed.summary) ends)" : "from \(seed.summary): " + moves
    }

    /// "412 states the app's 57 scenarios pass through".
    var seedText: String {
        let scenarios = Set(seeds.map(\.scenarioIndex)).count
        return "\(grouped(seeds.count)) state\(seeds.count == 1 ? "" : "s") the app's \(grouped(scenarios)) scenario\(scenarios == 1 ? "" : "s") pass\(scenarios == 1 ? "es" : "") through"
    }

    /// The whole result for people: `explore.md` (no timings: the same run writes the same bytes).
    public func markdown(counterexamples: [Counterexample]) -> String {
        var text = "# Exploration of \(app.name) (\(app.id))\n\n"
        text += "\(grouped(states)) states, \(grouped(steps)) steps, depth \(depthReached). \(boundText.prefix(1).uppercased() + boundText.dropFirst()).\n\n"
        text += "Bounds: depth \(bounds.depth), \(grouped(bounds.states)) states, \(grouped(bounds.steps)) steps"
        text += shard.map { "; shard \($0.index)/\($0.count)" } ?? ""
        text += ".\n\n"
        if !seeds.isEmpty { text += "Started from the launch and from \(seedText).\n\n" }
        if payloadVariants.drawn > 0 { text += payloadVariantText.prefix(1).uppercased() + payloadVariantText.dropFirst() + ".\n\n" }
        if let walkText { text += walkText.prefix(1).uppercased() + walkText.dropFirst() + ".\n\n" }
        if !properties.isEmpty {
            text += "## Properties\n\n"
            for name in properties {
                let broken = violations.first { $0.kind == .property(name) }
                text += "- `\(name)`: " + (broken.map { "**broken**: \($0.message)" } ?? evidenceText) + "\n"
            }
            text += "\n"
        }
        text += "## Violations\n\n"
        if violations.isEmpty { text += "None.\n\n" }
        for finding in violations {
            text += "- \(finding.message)\n  - path: \(pathText(finding))\n"
            if let example = counterexamples.first(where: { $0.finding == finding }) {
                text += "  - shrunk to \(example.moves.count) step\(example.moves.count == 1 ? "" : "s"): scenario `\(example.name)` in counterexamples.flow.yaml\n"
            }
        }
        let warnings = findings.filter { !$0.kind.isViolation }
        if !warnings.isEmpty {
            text += "\n## Warnings\n\n"
            for finding in warnings { text += "- \(finding.message)\n  - path: \(pathText(finding))\n" }
        }
        let missing = coverage.unreached(in: app)
        text += "\n## Not reached by any explored path\n\n"
        for (title, items) in [("Screens", missing.screens), ("Transitions", missing.transitions), ("Guard outcomes", missing.guards),
                               ("Rule outcomes", missing.rules), ("Service outcomes", missing.outcomes)] {
            text += "### \(title) (\(items.count))\n\n"
            text += items.isEmpty ? "All reached.\n\n" : items.map { "- \($0)\n" }.joined() + "\n"
        }
        return text
    }

    /// The result for CI (`explore.json`): sorted keys, no timings.
    public func json(counterexamples: [Counterexample]) -> String {
        String(decoding: sortedJSON(document(counterexamples: counterexamples)), as: UTF8.self)
    }

    /// What `explore.json` holds.
    public func document(counterexamples: [Counterexample]) -> ExploreDocument {
        let missing = coverage.unreached(in: app)
        return ExploreDocument(
            app: app.id, states: states, steps: steps, depth: depthReached, stoppedBy: stoppedBy.rawValue, unexpanded: unexpanded,
            bound: boundText,
            bounds: .init(depth: bounds.depth, states: bounds.states, steps: bounds.steps, payloadValues: bounds.payloadValues),
            payloadVariants: .init(tried: payloadVariants.tried, drawn: payloadVariants.drawn),
            properties: properties, seeds: seeds.count,
            violations: violations.map { finding in
                let example = counterexamples.first { $0.finding == finding }
                return .init(kind: finding.kind.name, key: finding.key, message: finding.message, path: moves(of: finding).map(\.summary),
                             from: seed(of: finding)?.summary, scenario: example?.name, shrunk: example?.moves.map(\.summary))
            },
            warnings: findings.filter { !$0.kind.isViolation }.map { finding in
                .init(kind: finding.kind.name, key: finding.key, message: finding.message, path: moves(of: finding).map(\.summary),
                      from: seed(of: finding)?.summary)
            },
            unreached: .init(screens: missing.screens, transitions: missing.transitions, guards: missing.guards,
                             rules: missing.rules, outcomes: missing.outcomes),
            shard: shard.map { "\($0.index)/\($0.count)" },
            walks: walks.map { report in
                .init(count: report.walks.count, length: report.walks.length, seed: String(report.walks.seed),
                      moves: report.moves, newStates: report.newStates)
            })
    }
}

/// `explore.json`: the bounds, what stopped the run, the findings with their paths, and what no path reached.
public struct ExploreDocument: Codable, Sendable, Equatable {
    public struct Bounds: Codable, Sendable, Equatable {
        public var depth: Int
        public var states: Int
        public var steps: Int
        /// At most this many values per payload or output field.
        public var payloadValues: Int
    }

    /// Payload and output variants sent, of those drawn from the fields' domains.
    public struct PayloadVariants: Codable, Sendable, Equatable {
        public var tried: Int
        public var drawn: Int
    }

    /// The seeded random walks beyond the breadth-first bound.
    public struct Walks: Codable, Sendable, Equatable {
        public var count: Int
        public var length: Int
        /// The seed as text: a UInt64 does not survive every JSON reader.
        public var seed: String
        public var moves: Int
        public var newStates: Int
    }

    public struct Finding: Codable, Sendable, Equatable {
        public var kind: String
        /// What makes two findings the same one (a merge keeps one per kind and key).
        public var key: String
        public var message: String
        /// The moves from the start, as `flowc run` would type them.
        public var path: [String]
        /// The scenario state the path starts from, when not the launch.
        public var from: String?
        /// The counterexample scenario written for it, and its shrunk moves.
        public var scenario: String? = nil
        public var shrunk: [String]? = nil
    }

    public struct Unreached: Codable, Sendable, Equatable {
        public var screens: [String]
        public var transitions: [String]
        public var guards: [String]
        public var rules: [String]
        public var outcomes: [String]
    }

    public var app: String
    public var states: Int
    public var steps: Int
    public var depth: Int
    public var stoppedBy: String
    public var unexpanded: Int
    public var bound: String
    public var bounds: Bounds
    public var payloadVariants: PayloadVariants
    public var properties: [String]
    public var seeds: Int
    public var violations: [Finding]
    public var warnings: [Finding]
    public var unreached: Unreached
    /// "2/4" for one shard of a run split four ways.
    public var shard: String?
    public var walks: Walks?
    /// How many shards a merged result was made from (`--merge`).
    public var shards: Int? = nil
}
