import Foundation
import FlowExpression
import FlowIR
import FlowRuntime
import FlowSource

/// A state one of the app's scenarios passes through, from which an exploration starts as well as from the
/// launch: a rule that only matters deep in the app (after sign-up, with money in the account) is then checked
/// there, a few moves from where a scenario already went, instead of many moves from the launch.
public struct ExploreSeed: Sendable, Hashable {
    /// The scenario's name.
    public var scenario: String
    /// Its position among the app's scenarios.
    public var scenarioIndex: Int
    /// How many of its steps (expectations included) were replayed to reach the state; 0: its start.
    public var steps: Int

    public init(scenario: String, scenarioIndex: Int, steps: Int) {
        self.scenario = scenario; self.scenarioIndex = scenarioIndex; self.steps = steps
    }

    /// "scenario 'sign_up' to step 7", as a path's start is printed.
    public var summary: String {
        steps == 0 ? "scenario '\(scenario)' as it starts" : "scenario '\(scenario)' to step \(steps)"
    }
}

/// Starts a run the way a scenario starts (its start screen, given state, given service answers and clock).
func startedRun(of scenario: Scenario, program: RuntimeProgram) throws -> Interpreter {
    try Interpreter(program: program, start: scenario.startScreen, clock: scenario.startingClock,
                    services: ServiceOutcomes(givenBy: scenario, of: program.app), state: scenario.givenState)
}

/// Every distinct state the app's scenarios pass through (each scenario's start and the state after each of its
/// actions), in declaration order, with the run in that state. A scenario stops giving seeds at its first failing
/// action (`flowc test` reports it); its expectations are not checked here.
func scenarioSeeds(of program: RuntimeProgram) -> [(seed: ExploreSeed, run: Interpreter)] {
    var seeds: [(seed: ExploreSeed, run: Interpreter)] = []
    for (index, scenario) in program.app.scenarios.enumerated() {
        guard var run = try? startedRun(of: scenario, program: program) else { continue }
        run.retainedSteps = 1
        seeds.append((ExploreSeed(scenario: scenario.name, scenarioIndex: index, steps: 0), run))
        for (offset, step) in scenario.steps.enumerated() where isAction(step.kind) {
            do {
                try performAction(step.kind, of: program.app, on: &run)
            } catch {
                break
            }
            seeds.append((ExploreSeed(scenario: scenario.name, scenarioIndex: index, steps: offset + 1), run))
        }
    }
    return seeds
}

/// The run a path starts from: the launch, or a seed's scenario replayed to its step.
func startingRun(_ seed: ExploreSeed?, program: RuntimeProgram) throws -> Interpreter {
    guard let seed else {
        var run = try Interpreter(program: program)
        run.retainedSteps = 1
        return run
    }
    guard program.app.scenarios.indices.contains(seed.scenarioIndex) else { throw MoveNotApplicable() }
    let scenario = program.app.scenarios[seed.scenarioIndex]
    var run = try startedRun(of: scenario, program: program)
    run.retainedSteps = 1
    for step in scenario.steps.prefix(seed.steps) where isAction(step.kind) {
        try performAction(step.kind, of: program.app, on: &run)
    }
    return run
}

/// The text of a scenario's start (`start:`, `given:`) and of its first `steps` steps, copied from the file it
/// was written in and indented for a scenario under `scenarios:`; nil when the file's text is not at hand.
func scenarioPrefixLines(_ scenario: Scenario, steps count: Int, sources: [String: String]) -> [String]? {
    guard let text = sources[scenario.range.file] else { return nil }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let firstStepLine = scenario.steps.first?.range.start.line ?? scenario.range.end.line
    var out: [String] = []
    // `start:` and `given:` with the lines indented under them, between the scenario's name and its first step.
    var keyIndent: Int?
    for number in scenario.range.start.line..<max(scenario.range.start.line, firstStepLine) {
        guard lines.indices.contains(number - 1) else { break }
        let line = lines[number - 1]
        let indent = line.prefix { $0 == " " }.count
        let body = line.dropFirst(indent)
        if let current = keyIndent, body.isEmpty || indent > current {
            if !body.isEmpty { out.append(String(repeating: " ", count: 4 + indent - current) + body) }
            continue
        }
        keyIndent = nil
        if body.hasPrefix("start:") || body.hasPrefix("given:") {
            keyIndent = indent
            out.append("    " + body)
        }
    }
    out.append("    steps:")
    for step in scenario.steps.prefix(count) {
        guard let stepLines = sourceText(of: step.range, lines: lines) else { return nil }
        out.append("      - " + stepLines[0])
        out += stepLines.dropFirst().map { "        " + $0 }
    }
    return out
}

/// The text of a range, its first line from the range's column, the lines after it without the first line's
/// indentation; nil when the range is outside the text.
private func sourceText(of range: SourceRange, lines: [String]) -> [String]? {
    var last = range.end.line
    if last > range.start.line, range.end.column == 1 { last -= 1 }
    guard range.start.line >= 1, last <= lines.count, last >= range.start.line else { return nil }
    let indent = range.start.column - 1
    var out: [String] = []
    for number in range.start.line...last {
        var line = Array(lines[number - 1].unicodeScalars)
        if number == range.end.line, range.end.column - 1 <= line.count { line = Array(line.prefix(range.end.column - 1)) }
        if number == range.start.line {
            line = Array(line.dropFirst(min(indent, line.count)))
        } else {
            let spaces = line.prefix { $0 == " " }.count
            line = Array(line.dropFirst(min(indent, spaces)))
        }
        var text = String(String.UnicodeScalarView(line))
        while text.hasSuffix(" ") { text.removeLast() }
        out.append(text)
    }
    while let tail = out.last, tail.trimmingCharacters(in: .whitespaces).isEmpty || tail.trimmingCharacters(in: .whitespaces).hasPrefix("#") {
        out.removeLast()
    }
    return out.isEmpty ? nil : out
}
