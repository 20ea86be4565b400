import ArgumentParser
import FlowCompiler
import FlowIR
import FlowReports
import FlowRuntime
import FlowSource

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
            naming other flows, reports are written only where --output says.

            Examples:
              flowc test                 every app under flows/
              flowc test tempo           one app, by id
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

    func validate() throws {
        try validateOutputFolder(output)
    }

    /// How many trace lines a failure shows (its last ones).
    static let traceLinesShown = 200

    func run() throws {
        var config = CompilerConfig(inputs: [projectRelative(flows)], outputDirectory: output, generatesOutputs: false)
        config.runsScenarios = true
        config.scenarioApps = apps.isEmpty ? nil : apps
        let compilation = checkedCompilation(config)
        let program = compilation.program
        let selected = program.apps.filter { apps.isEmpty || apps.contains($0.id) }
        for name in apps where !selected.contains(where: { $0.id == name }) {
            throw ValidationError("no app '\(name)'; apps: \(program.apps.map(\.id).joined(separator: ", "))")
        }
        var passed = 0
        var failed = 0
        for app in selected {
            for result in compilation.scenarioResults[app.id] ?? [] {
                if result.passed {
                    passed += 1
                    printLine("PASS \(app.id)/\(result.name)")
                } else {
                    failed += 1
                    printLine("FAIL \(app.id)/\(result.name)")
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
        if writesReports {
            _ = writingOutputs { try outputWriter(output).write(compilation.reports) }
        }
        printLine("\(passed) passed, \(failed) failed")
        let accepted = reportAcceptance(compilation.verdicts)
        finish(failed == 0 && accepted ? 0 : 1)
    }
}
