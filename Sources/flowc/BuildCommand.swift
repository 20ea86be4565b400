import ArgumentParser
import FlowCompiler
import FlowReports
import FlowSource

struct BuildCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "build",
        abstract: "Check flows and write the generated files (the main job).",
        discussion: reflowed("""
            With no arguments, reads flows/ and writes generated/. Files are written through a
            temporary file and a rename, only when their bytes change, and only inside the output
            folder. Nothing is written when there are errors.

            Every scenario runs; the acceptance reports are written even when a scenario fails.
            Exit status: 0 on success; 1 on errors, when a scenario fails or a criterion is failed or
            uncovered (a summary says which), or (with --check) when generated/ is stale; 64 when the
            command line is wrong.

            Examples:
              flowc build                          flows/ -> generated/
              flowc build --check                  CI: fail if generated/ is out of date
              flowc build flows/tempo --output out
            """)
    )

    @OptionGroup var input: InputOptions

    @Option(name: .shortAndLong, help: "The folder to write generated files to.")
    var output: String = "generated"

    @Flag(help: "Write nothing; exit 1 and list the generated files that are out of date.")
    var check = false

    func validate() throws {
        try rejectMistypedCommand(input.paths)
        try validateOutputFolder(output)
    }

    func run() throws {
        let diagnostics = DiagnosticBag()
        var config = CompilerConfig.build(inputs: input.paths, outputDirectory: output)
        config.storedMutation = .read(from: output)
        let compilation = compile(located(config).readingEditedCatalogs(), diagnostics: diagnostics)
        let found = diagnostics.diagnostics
        printDiagnostics(found, compilation: compilation, options: input)
        if input.fails(found) {
            finish(.failure)
        }
        let writer = outputWriter(output)
        let outputs = compilation.allOutputs
        if check {
            let stale = writer.staleFiles(outputs) + writer.orphanedFiles(outputs).map { "\($0) (no longer generated)" }
            let accepted = reportAcceptance(compilation.verdicts, flows: input.written.count == 1 ? input.written[0] : "flows")
            if stale.isEmpty {
                printLine("\(output)/ is up to date (\(outputs.count) file\(outputs.count == 1 ? "" : "s")).")
                finish(accepted ? .success : .failure)
            }
            printLine("\(output)/ is out of date; run 'swift run flowc build' and commit the result:")
            for path in stale { printLine("  \(path)") }
            finish(.failure)
        }
        let changed = writingOutputs { try writer.update(outputs) }
        let apps = compilation.program.apps
        printLine("Checked \(apps.count) app\(apps.count == 1 ? "" : "s") (\(apps.map(\.id).joined(separator: ", "))); "
                  + (changed.isEmpty ? "\(output)/ was already up to date." : "wrote \(changed.count == 1 ? changed[0] : "\(changed.count) files in \(output)/").")
        )
        finish(reportAcceptance(compilation.verdicts, flows: input.written.count == 1 ? input.written[0] : "flows") ? .success : .failure)
    }
}
