import FlowIR

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
        let missing = coverage.unreached(in: app)
        var object: [(String, JSON)] = [
            ("app", .string(app.id)),
            ("states", .number(states)),
            ("steps", .number(steps)),
            ("depth", .number(depthReached)),
            ("stoppedBy", .string(stoppedBy.rawValue)),
            ("unexpanded", .number(unexpanded)),
            ("bound", .string(boundText)),
            ("bounds", .object([("depth", .number(bounds.depth)), ("states", .number(bounds.states)), ("steps", .number(bounds.steps)),
                                ("payloadValues", .number(bounds.payloadValues))])),
            ("payloadVariants", .object([("tried", .number(payloadVariants.tried)), ("drawn", .number(payloadVariants.drawn))])),
            ("properties", .array(properties.map(JSON.string))),
            ("seeds", .number(seeds.count)),
            ("violations", .array(violations.map { finding in
                var fields: [(String, JSON)] = [("kind", .string(finding.kind.name)), ("message", .string(finding.message)),
                                                ("path", .array(moves(of: finding).map { .string($0.summary) }))]
                if let seed = seed(of: finding) { fields.append(("from", .string(seed.summary))) }
                if let example = counterexamples.first(where: { $0.finding == finding }) {
                    fields.append(("scenario", .string(example.name)))
                    fields.append(("shrunk", .array(example.moves.map { .string($0.summary) })))
                }
                return .object(fields)
            })),
            ("warnings", .array(findings.filter { !$0.kind.isViolation }.map { finding in
                .object([("kind", .string(finding.kind.name)), ("message", .string(finding.message)),
                         ("path", .array(moves(of: finding).map { .string($0.summary) }))])
            })),
            ("unreached", .object([("screens", .array(missing.screens.map(JSON.string))), ("transitions", .array(missing.transitions.map(JSON.string))),
                                   ("guards", .array(missing.guards.map(JSON.string))), ("rules", .array(missing.rules.map(JSON.string))),
                                   ("outcomes", .array(missing.outcomes.map(JSON.string)))])),
        ]
        if let shard { object.append(("shard", .string("\(shard.index)/\(shard.count)"))) }
        return JSON.object(object).rendered(indent: "") + "\n"
    }
}

/// A small JSON value with sorted keys when rendered.
enum JSON {
    case string(String)
    case number(Int)
    case array([JSON])
    case object([(String, JSON)])

    func rendered(indent: String) -> String {
        let inner = indent + "  "
        switch self {
        case .string(let text): return quotedJSON(text)
        case .number(let number): return String(number)
        case .array(let items):
            if items.isEmpty { return "[]" }
            return "[\n" + items.map { inner + $0.rendered(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let fields):
            if fields.isEmpty { return "{}" }
            return "{\n" + fields.sorted { $0.0 < $1.0 }.map { inner + quotedJSON($0.0) + ": " + $0.1.rendered(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "}"
        }
    }
}

private func quotedJSON(_ text: String) -> String {
    doubleQuoted(text)
}
