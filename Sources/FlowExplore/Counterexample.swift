import FlowExpression
import FlowIR
import FlowRuntime

/// A violation as the author can keep it: the moves that reach it, shrunk, and the scenario that replays them.
public struct Counterexample: Sendable {
    public var finding: Finding
    public var moves: [ExploreMove]
    /// The scenario's name (`explore_<property>` or `explore_failure_<n>`).
    public var name: String
    /// The scenario state the moves start from; nil: the launch.
    public var seed: ExploreSeed?
    /// The scenario in the flow language, ready to paste under `scenarios:`.
    public var scenarioYAML: String
}

/// The shortest path to each violation, shrunk (steps dropped while it still breaks the same rule), written as
/// a scenario that fails on the flows as they are and passes once the flow keeps the rule.
///
/// A path that starts from a scenario's state is written as that scenario's start and steps up to the state
/// (copied from its file in `sources`, display path → text), then the explored steps, shrunk.
///
/// The paths are replayed on the program the exploration ran (`result.program`): the app is not lowered again.
public func counterexamples(of result: ExploreResult, sources: [String: String] = [:]) -> [Counterexample] {
    let program = result.program
    var failureCount = 0
    return result.violations.map { finding in
        let seed = result.seed(of: finding)
        let moves = shrink(result.moves(of: finding), finding: finding, program: program, seed: seed)
        let name: String
        switch finding.kind {
        case .property(let property): name = "explore_\(property)"
        default:
            failureCount += 1
            name = "explore_failure_\(failureCount)"
        }
        return Counterexample(finding: finding, moves: moves, name: name, seed: seed,
                              scenarioYAML: scenarioYAML(name: name, finding: finding, moves: moves, program: program, seed: seed, sources: sources))
    }
}

/// Drops steps, one at a time from the first, while the rest still breaks the same rule; repeats until none can go.
func shrink(_ moves: [ExploreMove], finding: Finding, program: RuntimeProgram, seed: ExploreSeed? = nil) -> [ExploreMove] {
    var current = moves
    var changed = true
    while changed {
        changed = false
        var index = 0
        while index < current.count {
            var candidate = current
            candidate.remove(at: index)
            if let length = breaks(candidate, finding: finding, program: program, seed: seed) {
                current = Array(candidate.prefix(length))
                changed = true
            } else {
                index += 1
            }
        }
    }
    return current
}

/// The number of moves after which `moves` breaks the finding's rule again, nil when it does not.
func breaks(_ moves: [ExploreMove], finding: Finding, program: RuntimeProgram, seed: ExploreSeed? = nil) -> Int? {
    guard var run = try? startingRun(seed, program: program) else { return finding.kind == .runFailure ? 0 : nil }
    let properties: [PropertyCheck] = if case .property(let name) = finding.kind {
        program.app.properties.filter { $0.name == name }.map { PropertyCheck($0, program: program) }
    } else { [] }
    let allProperties = program.app.properties.map { PropertyCheck($0, program: program) }
    for (offset, move) in moves.enumerated() {
        let before = run.stepCount
        let stateBefore = PropertyCheck.Before(properties: allProperties, run: &run)
        do {
            try apply(move, to: &run)
        } catch is MoveNotApplicable {
            return nil
        } catch {
            return finding.kind == .runFailure && failureKey(error) == finding.key ? offset + 1 : nil
        }
        let taken = run.steps(from: before)
        for property in properties where property.judge(move: move, steps: taken, before: stateBefore, after: &run) != nil {
            return offset + 1
        }
    }
    return nil
}

/// The scenario: the moves as steps, and the expectation the rule asks for where the flows break it.
func scenarioYAML(name: String, finding: Finding, moves: [ExploreMove], program: RuntimeProgram, seed: ExploreSeed? = nil,
                  sources: [String: String] = [:]) -> String {
    let app = program.app
    var lines = ["  \(name):"]
    if let seed, app.scenarios.indices.contains(seed.scenarioIndex) {
        let scenario = app.scenarios[seed.scenarioIndex]
        lines.append("    description: \(yamlQuoted("Found by flowc explore from \(seed.summary): " + finding.message))")
        guard let prefix = scenarioPrefixLines(scenario, steps: seed.steps, sources: sources) else {
            lines.append("    # Starts where \(seed.summary) is: copy that scenario's start, given and first \(seed.steps) steps here (its file could not be read).")
            lines.append("    steps:")
            lines += scenarioSteps(finding: finding, moves: moves, program: program, seed: seed)
            return lines.joined(separator: "\n") + "\n"
        }
        lines += prefix
    } else {
        lines += ["    description: \(yamlQuoted("Found by flowc explore: " + finding.message))", "    steps:"]
    }
    lines += scenarioSteps(finding: finding, moves: moves, program: program, seed: seed)
    return lines.joined(separator: "\n") + "\n"
}

/// The explored moves as scenario steps, with the expectations the broken rule asks for.
private func scenarioSteps(finding: Finding, moves: [ExploreMove], program: RuntimeProgram, seed: ExploreSeed?) -> [String] {
    let app = program.app
    var lines: [String] = []
    let property: Property? = if case .property(let named) = finding.kind { app.properties.first { $0.name == named } } else { nil }
    guard var run = try? startingRun(seed, program: program) else { return lines }
    for (offset, move) in moves.enumerated() {
        let last = offset == moves.count - 1
        if last, let property { lines += expectationsBefore(property, run: run, app: app) }
        lines += stepLines(move, run: run)
        try? apply(move, to: &run)
    }
    if let property { lines += expectationsAfter(property, app: app) }
    return lines
}

func stepLines(_ move: ExploreMove, run: Interpreter) -> [String] {
    switch move {
    case .send(let event, let payload):
        if payload.isEmpty { return ["      - send: \(event)"] }
        let values = payload.map { "\($0.name): \(yamlQuoted(expressionText($0.value, currency: run.app.currency)))" }.joined(separator: ", ")
        return ["      - send: { event: \(event), payload: { \(values) } }"]
    case .fill(let fills):
        // Only the fields the screen takes now (a field not shown is left alone, as the explorer did).
        let taken = fills.filter { fill in
            var copy = run
            return (try? copy.fill(fill.field, fill.input)) != nil
        }
        let values = taken.map { fill -> String in
            switch fill.input {
            case .text(let text): "\(fill.field): \(yamlQuoted(text))"
            case .list(let items): "\(fill.field): [" + items.map(yamlQuoted).joined(separator: ", ") + "]"
            }
        }
        return ["      - fill: { \(values.joined(separator: ", ")) }"]
    case .outcome(let operation, let outcome, let output):
        if output.isEmpty { return ["      - outcome: { \(operation): \(outcome) }"] }
        let values = output.map { "\($0.name): \(yamlQuoted(expressionText($0.value, currency: run.app.currency)))" }.joined(separator: ", ")
        return ["      - outcome: { \(operation): { outcome: \(outcome), output: { \(values) } } }"]
    case .advance(let milliseconds):
        return ["      - advance: \(durationText(milliseconds))"]
    case .back:
        return ["      - back: true"]
    case .restart:
        return ["      - restart: true"]
    }
}

/// Before the step that breaks the rule: the situation the rule speaks of (its `when:`), and a mark that starts
/// the window in which the effects are compared.
private func expectationsBefore(_ property: Property, run: Interpreter, app: App) -> [String] {
    switch property.form {
    case .always: return []
    case .never(let forbidden):
        guard forbidden.effect != nil || forbidden.screen != nil else { return [] }
        var keys = ["screen: \(app.screens[run.screen].id)"]
        if let when = forbidden.when { keys.append("check: \(yamlQuoted(when.source))") }
        return ["      - expect: { \(keys.joined(separator: ", ")) }"]
    case .after(_, let then):
        guard let when = then.when else { return [] }
        return ["      - expect: { check: \(yamlQuoted(when.source)) }"]
    }
}

/// After it: what the rule requires, which the flows as written do not give.
private func expectationsAfter(_ property: Property, app: App) -> [String] {
    switch property.form {
    case .always(let condition):
        return ["      - expect: { check: \(yamlQuoted(condition.source)) }"]
    case .never(let forbidden):
        var lines: [String] = []
        if let condition = forbidden.condition { lines.append("      - expect: { check: \(yamlQuoted("!(\(condition.source))")) }") }
        if let effect = forbidden.effect {
            lines.append("      - expect: { no_effects: [ { \(effect.kind): \(yamlQuoted(effect.value)) } ] }")
        }
        if let screen = forbidden.screen {
            lines.append("      # must not be on \(app.screens[screen].id) now (a scenario cannot say which screen instead)")
        }
        return lines
    case .after(_, let then):
        var keys: [String] = []
        if let screen = then.screen { keys.append("screen: \(app.screens[screen].id)") }
        if let check = then.check { keys.append("check: \(yamlQuoted(check.source))") }
        return keys.isEmpty ? [] : ["      - expect: { \(keys.joined(separator: ", ")) }"]
    }
}

/// The file of counterexample scenarios, to include in the app or paste from.
public func renderCounterexamples(_ examples: [Counterexample], app: App) -> String {
    guard !examples.isEmpty else { return "" }
    var text = "# Written by flowc explore for \(app.id): each scenario replays a violation it found, on the shortest path\n"
    text += "# it knows. It fails on the flows as they are and passes once they keep the rule. Paste the ones you keep.\n"
    text += "scenarios:\n"
    text += examples.map(\.scenarioYAML).joined(separator: "\n")
    return text
}

/// A value as an expression of the flow language: `'text'`, `Plan.plus`, `10.00 GBP`.
func expressionText(_ value: Value, currency: String) -> String {
    switch value {
    case .text(let text): "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    case .enumCase(let type, let name): "\(type).\(name)"
    case .money(let money): money.description
    case .date(let date): "date('\(date.description)')"
    case .timestamp(let timestamp): "timestamp('\(timestamp.description)')"
    case .null: "null"
    case .list(let items): "[" + items.map { expressionText($0, currency: currency) }.joined(separator: ", ") + "]"
    default: value.description
    }
}

