import ArgumentParser
import FlowCompiler
import FlowIR
import FlowLowering
import FlowMutation
import FlowReports
import FlowRuntime
import FlowSource
import Foundation

struct MutateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "mutate",
        abstract: "Plant small changes in an app's flows and report, per criterion, how many its scenarios catch.",
        discussion: reflowed("""
            Each mutant is one change to the checked flows: a timer one unit longer, shorter or doubled;
            a guard dropped or negated; a target swapped; an action dropped, or two swapped; a validation
            rule's parameter or message changed, or the rule dropped; two outcomes rerouted. Every scenario
            runs on every mutant; a mutant is killed when a scenario that passes on the flows as written
            fails on it. Mutants are numbered in declaration order, so a run is the same on every machine.

            Writes <output>/reports/<app>/mutation.json and mutation.md. A complete run (no --limit,
            --operators or --shard) also rewrites the app's acceptance reports with the score beside
            each passed criterion; flowc build shows those scores for as long as the flow files are
            unchanged. Progress goes to standard error on a terminal.

            Exit status: 0 when the run finished, 1 on a flow error, shards that do not merge or
            (with --check) a stale result, 64 when the command line is wrong.

            Examples:
              flowc mutate tempo                              the full run
              flowc mutate tempo --limit 50 --output .build/m a bounded run, outside generated/
              flowc mutate tempo --check                      CI: exit 1 if the committed result is stale
              flowc mutate tempo --shard 2/4                  every 4th mutant, from the 2nd
              flowc mutate tempo --merge s1/reports/tempo/mutation.json s2/reports/tempo/mutation.json
                                                              the complete result from shards 1/2 and 2/2
              flowc mutate tempo --operators timer,guard-negated
              flowc mutate tempo --scenario 'plan_*' --output .build/m   the mutants these scenarios catch
            """)
    )

    @Argument(help: "The app id.")
    var app: String

    @Option(help: "Where the flows are.")
    var flows: String = "flows"

    @Option(name: .shortAndLong, help: "The folder the reports are written to.")
    var output: String = "generated"

    @Option(help: "Run only mutants i, i+n, i+2n… (1-based): 'i/n'.")
    var shard: String?

    @Option(help: "Run at most this many mutants (after --shard).")
    var limit: Int?

    @Option(help: "Comma-separated operators: \(MutationOperator.allCases.map(\.rawValue).joined(separator: ", ")).")
    var operators: String?

    @Option(name: .customLong("scenario"), help: ArgumentHelp("Only this scenario (a name or a glob such as 'login_*'; repeatable) tries to kill the mutants.", valueName: "name"))
    var scenarios: [String] = []

    @Flag(help: "Write nothing; exit 1 and list the files a complete run would change (CI: the committed result is current).")
    var check = false

    @Option(parsing: .upToNextOption, help: "Run nothing: merge the mutation.json files of shards 1/n … n/n into the complete result.")
    var merge: [String] = []

    func validate() throws {
        try validateOutputFolder(output)
        _ = try selection()
        if !merge.isEmpty && (shard != nil || limit != nil || operators != nil || !scenarios.isEmpty) {
            throw ValidationError("--merge combines complete sets of shards; it takes no --shard, --limit, --operators or --scenario")
        }
        if check && (shard != nil || limit != nil || operators != nil || !scenarios.isEmpty) {
            throw ValidationError("--check compares a complete run with the files; it takes no --shard, --limit, --operators or --scenario")
        }
    }

    func selection() throws -> MutationSelection {
        var selection = MutationSelection()
        if let shard {
            let parts = shard.split(separator: "/").map { Int($0) }
            guard parts.count == 2, let index = parts[0], let count = parts[1], count >= 1, (1...count).contains(index) else {
                throw ValidationError("--shard must be 'i/n' with 1 <= i <= n, e.g. 2/4; found '\(shard)'")
            }
            selection.shard = (index, count)
        }
        if let limit {
            guard limit >= 0 else { throw ValidationError("--limit must be 0 or more; found \(limit)") }
            selection.limit = limit
        }
        if let operators {
            var list: [MutationOperator] = []
            for name in operators.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) {
                guard let op = MutationOperator(rawValue: name) else {
                    throw ValidationError("unknown operator '\(name)'; operators: \(MutationOperator.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                list.append(op)
            }
            selection.operators = list
        }
        if !scenarios.isEmpty { selection.scenarios = ScenarioFilter(scenarios) }
        return selection
    }

    func run() throws {
        let diagnostics = DiagnosticBag()
        var config = CompilerConfig(inputs: [flows], generatesOutputs: false)
        config.lowersApps = true
        let compilation = compile(located(config), diagnostics: diagnostics)
        let errors = diagnostics.diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty {
            printDiagnostics(errors, compilation: compilation)
            finish(.failure)
        }
        guard let lowered = compilation.lowered.first(where: { $0.app.id == app }) else {
            refuse("no app '\(app)'; apps: \(compilation.program.apps.map(\.id).joined(separator: ", "))")
        }
        let checked = lowered.app
        requireScenarios(matching: scenarios, in: checked)
        let work: MutationWork
        if merge.isEmpty {
            work = .run(try selection())
        } else {
            var shards: [MutationDocument] = []
            for path in merge {
                guard let data = FileManager.default.contents(atPath: path), let shard = MutationDocument.decode(Array(data)) else {
                    printError("error: '\(path)' is not a mutation.json written by flowc mutate")
                    finish(.failure)
                }
                shards.append(shard)
            }
            work = .merge(shards)
        }
        let showProgress = isatty(STDERR_FILENO) != 0
        let result: MutationResult
        do {
            result = try mutate(lowered, sources: compilation.sources, work: work, outputDirectory: output) { done, total in
                guard showProgress, done == total || done % 10 == 0 else { return }
                FileHandle.standardError.write(Data("\r\(checked.id): mutant \(done) of \(total)\(done == total ? "\n" : "")".utf8))
            }
        } catch {
            printError("error: cannot merge: \(error)")
            finish(.failure)
        }
        let stale = result.staleExplanations
        if !result.warnings.isEmpty { printDiagnostics(result.warnings, compilation: compilation) }
        let document = result.document
        let outputs = result.outputs
        let writer = outputWriter(output)
        if check {
            let staleFiles = writer.staleFiles(outputs)
            if staleFiles.isEmpty && stale.isEmpty {
                printLine("\(output)/reports/\(checked.id)/ is up to date (\(outputs.count) files).")
                finish(.success)
            }
            if !staleFiles.isEmpty {
                printLine("\(output)/reports/\(checked.id)/ is out of date; run 'swift run flowc mutate \(checked.id)' and commit the result:")
                for path in staleFiles { printLine("  \(path)") }
            }
            if !stale.isEmpty {
                printLine("\(stale.count) survivor explanation\(stale.count == 1 ? "" : "s") no longer fit\(stale.count == 1 ? "s" : ""); update the criteria's 'survivors:'.")
            }
            finish(.failure)
        }
        let written = writingOutputs { try writer.write(outputs) }
        let summary = document.summary
        printLine("\(checked.id): \(summary.ran) of \(summary.total) mutants ran; \(scoreText(killed: summary.killed, of: summary.ran)) killed, "
                  + "\(summary.survived) survived.")
        for tally in document.sections {
            printLine("  \(tally.name): \(scoreText(killed: tally.killed, of: tally.mutants))")
        }
        printLine(written.isEmpty ? "\(output)/reports/\(checked.id)/ was already up to date." : "Wrote \(written.count) file\(written.count == 1 ? "" : "s") in \(output)/reports/\(checked.id)/.")
        finish(.success)
    }
}

func printError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}
