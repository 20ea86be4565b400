import ArgumentParser
import FlowCompiler
import FlowSource

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check flow files and report every problem, without writing anything.",
        discussion: reflowed("""
            Exit status: 0 when there are no errors (warnings allowed, unless --max-warnings or
            --warnings-as-errors says otherwise), 1 when there are errors or too many warnings, 64 when the
            command line is wrong.

            Examples:
              flowc check                          check every app under flows/
              flowc check flows/tempo              check one app
              flowc check flows/tempo/onboarding.flow.yaml
              flowc check --format json > diagnostics.json
              flowc check --watch flows/tempo      check again on every save (Ctrl-C to stop)
              flowc check --max-warnings 0         fail CI on any warning
            """)
    )

    @OptionGroup var input: InputOptions

    @Flag(help: "Check again whenever a flow file is saved, printing only the diagnostics that are new or fixed.")
    var watch = false

    mutating func validate() throws {
        if watch && input.format != .text { throw ValidationError("--watch prints text; drop --format \(input.format.rawValue)") }
    }

    func run() throws {
        if watch { WatchLoop(options: input).run() }
        let diagnostics = DiagnosticBag()
        let compilation = compile(located(CompilerConfig(inputs: input.paths, generatesOutputs: false)), diagnostics: diagnostics)
        let found = diagnostics.diagnostics
        printDiagnostics(found, compilation: compilation, options: input)
        finish(input.fails(found) ? .failure : .success)
    }
}
