import ArgumentParser
import FlowCompiler
import FlowSource

struct CheckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check flow files and report every problem, without writing anything.",
        discussion: """
            Exit status: 0 when there are no errors (warnings allowed), 1 when there are errors,
            64 when the command line is wrong.

            Examples:
              flowc check                          check every app under flows/
              flowc check flows/tempo              check one app
              flowc check flows/tempo/onboarding.flow.yaml
              flowc check --format json > diagnostics.json
            """
    )

    @OptionGroup var input: InputOptions

    func run() async throws {
        let diagnostics = DiagnosticBag()
        let compilation = compile(CompilerConfig(inputs: input.paths, generatesOutputs: false), diagnostics: diagnostics)
        let found = diagnostics.diagnostics
        printDiagnostics(found, compilation: compilation, options: input)
        finish(found.contains(where: { $0.severity == .error }) ? 1 : 0)
    }
}
