import ArgumentParser
import FlowCodegen
import FlowCompiler
import FlowSource

/// What the SwiftPM build plugin (Plugins/FlowcPlugin) runs: one app's Swift sources, with fixed
/// file names, straight into a folder of the plugin's choosing.
struct GenerateSwiftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate-swift",
        abstract: "Write one app's generated Swift (Types, Machine, Tables, Engine) into a folder; it imports FlowMachine.",
        discussion: reflowed("""
            Used by the FlowcPlugin build-tool plugin; `flowc build` is the command for projects.
            The inputs must hold exactly one app. Files are written only when their bytes change;
            nothing is written when there are errors.

            Example:
              flowc generate-swift Sources/MyApp/flows --output .build/plugins/outputs/MyApp
            """)
    )

    @OptionGroup var input: InputOptions

    @Option(name: .shortAndLong, help: "The folder to write the Swift files to (created if missing).")
    var output: String

    @Option(help: ArgumentHelp("Force the table style: literals or encoded (default: by app size).", visibility: .hidden))
    var tableStyle: String?

    func run() throws {
        let diagnostics = DiagnosticBag()
        var config = CompilerConfig(inputs: input.paths, outputDirectory: output)
        config.writesInventory = false
        config.swiftFolder = ""
        config.tableStyle = tableStyle.flatMap(TableStyle.init(rawValue:))
        let compilation = compile(config, diagnostics: diagnostics)
        let found = diagnostics.diagnostics
        printDiagnostics(found, compilation: compilation, options: input)
        if found.contains(where: { $0.severity == .error }) { finish(1) }
        guard compilation.program.apps.count == 1 else {
            printLine("error: expected exactly one app in \(input.paths.joined(separator: ", ")), found \(compilation.program.apps.count)")
            finish(1)
        }
        try OutputWriter(outputDirectory: output).write(compilation.outputs)
        finish(0)
    }
}
