import ArgumentParser
import FlowCompiler
import FlowIR
import FlowReports
import FlowRuntime
import FlowSource
import Foundation

struct TestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "test",
        abstract: "Run every scenario of the apps and report each one.",
        discussion: reflowed("""
            Prints a line per scenario and a summary. A failing scenario shows the step, what was
            expected, what happened, and the trace up to that step.

            Exit status: 0 when every scenario passes and no criterion is failed or uncovered; 1 on a
            failure (summarised at the end) or a flow error.

            The acceptance and coverage reports of the tested apps are written to
            <output>/reports/<app>/ (default generated/), as flowc build writes them. With --flows
            naming other flows, reports are written only where --output says. With --scenario only
            the scenarios it names run, and no report is written (a report of part of the evidence
            would say criteria are uncovered when they are not).

            Examples:
              flowc test                 every app under flows/
              flowc test tempo           one app, by id
              flowc test tempo --scenario plan_must_be_chosen
                                         one scenario (a name or a glob: --scenario 'login_*'; repeatable)
              flowc test --no-reports    run only
            """)
    )

    @Argument(help: "App ids to test (default: all).")
    var apps: [String] = []

    @Option(help: "Where the flows are.")
    var flows: String = "flows"

    @Option(name: [.customShort("o"), .customLong("output")], help: "The folder the reports are written to (default: generated, for the project's own flows).")
    var requestedOutput: String?

    /// Reports of other flows (`--flows elsewhere`) never land in this project's generated/ unless asked.
    var output: String { requestedOutput ?? "generated" }
    var writesReports: Bool { !noReports && (requestedOutput != nil || projectRelative(flows) == "flows") }

    @Flag(help: "Do not write reports.")
    var noReports = false

    @Flag(help: "Print how long each scenario took (wall clock) and the slowest five. Reports never hold durations: they stay byte-identical.")
    var durations = false

    @Option(name: .customLong("scenario"), help: ArgumentHelp("Run only this scenario: a name or a glob such as 'login_*' (repeatable); writes no reports.", valueName: "name"))
    var scenarios: [String] = []

    func validate() throws {
        try validateOutputFolder(output)
    }

    /// How many trace lines a failure shows (its last ones).
    static let traceLinesShown = 200

    func run() throws {
        var config = CompilerConfig(inputs: [projectRelative(flows)], outputDirectory: output, generatesOutputs: false)
        // One scenario runs alone: the others, and the reports that need all of them, are left out.
        config.runsScenarios = scenarios.isEmpty
        config.lowersApps = true
        config.scenarioApps = apps.isEmpty ? nil : apps
        config.storedMutation = .read(from: output)
        let compilation = checkedCompilation(config)
        let program = compilation.program
        let selected = program.apps.filter { apps.isEmpty || apps.contains($0.id) }
        for name in apps where !selected.contains(where: { $0.id == name }) {
            // `flowc test tempo plan_must_be_chosen`: a scenario's name where an app id goes.
            let owner = selected.first { $0.scenarios.contains { $0.name == name } }
            let hint = owner.map { "; '\(name)' is a scenario of '\($0.id)': flowc test \($0.id) --scenario \(name)" } ?? ""
            refuse("no app '\(name)'; apps: \(program.apps.map(\.id).joined(separator: ", "))\(hint)")
        }
        if !scenarios.isEmpty { requireScenarios(matching: scenarios, in: selected) }
        let filter = ScenarioFilter(scenarios)
        var slowest: [(name: String, milliseconds: Double)] = []
        var passed = 0
        var failed = 0
        for app in selected {
            // Every scenario ran in the acceptance stage (timed, and once: the reports use the same results); the ones
            // --scenario names run in the scenario stage alone.
            let timed: [(result: ScenarioResult, milliseconds: Double)]
            if scenarios.isEmpty {
                timed = Array(zip(compilation.scenarioResults[app.id] ?? [], compilation.scenarioMilliseconds[app.id] ?? []))
            } else if let lowered = compilation.lowered.first(where: { $0.app.id == app.id }) {
                timed = runScenarios(lowered, matching: filter).map { ($0.result, $0.milliseconds) }
            } else {
                timed = []
            }
            for (result, milliseconds) in timed {
                let took = durations ? " (\(Self.shown(milliseconds)))" : ""
                if durations { slowest.append(("\(app.id)/\(result.name)", milliseconds)) }
                if result.passed {
                    passed += 1
                    printLine("PASS \(app.id)/\(result.name)\(took)")
                } else {
                    failed += 1
                    printLine("FAIL \(app.id)/\(result.name)\(took)")
                    if let failure = result.failure {
                        printLine("  \(failure.range.file):\(failure.range.start.line):\(failure.range.start.column): step \(failure.step): \(failure.message)")
                    }
                    printLine("  trace:")
                    // The last steps tell what failed; a run of a million steps is not printed whole.
                    let lines = result.trace.description.split(separator: "\n")
                    if lines.count > Self.traceLinesShown {
                        printLine("    ... \(lines.count - Self.traceLinesShown) earlier lines")
                    }
                    for line in lines.suffix(Self.traceLinesShown) { printLine("    \(line)") }
                }
            }
        }
        if writesReports && scenarios.isEmpty {
            _ = writingOutputs { try outputWriter(output).write(compilation.reports) }
        }
        printLine("\(passed) passed, \(failed) failed")
        if durations && !slowest.isEmpty {
            let total = slowest.reduce(0) { $0 + $1.milliseconds }
            printLine("scenarios took \(Self.shown(total)) in all; the slowest: "
                      + slowest.sorted { $0.milliseconds > $1.milliseconds }.prefix(5).map { "\($0.name) \(Self.shown($0.milliseconds))" }.joined(separator: ", "))
        }
        // The criteria's verdicts need every scenario; a filtered run answers for the ones it ran.
        let accepted = scenarios.isEmpty ? reportAcceptance(compilation.verdicts, flows: flows, tracesShown: true) : true
        finish(failed == 0 && accepted ? .success : .failure)
    }

    /// `0.4 ms`, `12 ms`, `1.3 s`.
    static func shown(_ milliseconds: Double) -> String {
        milliseconds < 1 ? String(format: "%.1f ms", milliseconds)
            : milliseconds < 1000 ? "\(Int(milliseconds.rounded())) ms" : String(format: "%.1f s", milliseconds / 1000)
    }
}
