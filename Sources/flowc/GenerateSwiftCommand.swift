import ArgumentParser
import FlowCodegen
import FlowCompiler
import FlowSource
import Foundation

/// What the SwiftPM build plugin (Plugins/FlowcPlugin) runs: one app's Swift sources, with fixed
/// file names, straight into a folder of the plugin's choosing.
struct GenerateSwiftCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate-swift",
        abstract: "Write one app's generated Swift (Types, Machine, Tables) into a folder; it imports FlowMachine for the engine.",
        discussion: reflowed("""
            Used by the FlowcPlugin build-tool plugin; `flowc build` is the command for projects.
            The inputs must hold exactly one app. Files are written only when their bytes change;
            nothing is written when there are errors.

            `--config` names a flowc-config.yaml (the plugin passes the one beside the target's
            flows): accessModifier (public, package, internal), typePrefix, tableStyle
            (automatic, literals, encoded).

            Example:
              flowc generate-swift Sources/MyApp/flows --config Sources/MyApp/flowc-config.yaml --output .build/plugins/outputs/MyApp
            """)
    )

    @OptionGroup var input: InputOptions

    @Option(name: .shortAndLong, help: "The folder to write the Swift files to (created if missing).")
    var output: String

    @Option(help: "A flowc-config.yaml: access level, type prefix, table style and optimization of the generated code.")
    var config: String?

    @Option(help: ArgumentHelp("Force the table style: literals or encoded (default: by app size).", visibility: .hidden))
    var tableStyle: String?

    func run() throws {
        var options = GeneratorOptions()
        if let config {
            guard let data = FileManager.default.contents(atPath: config) else {
                printError("error: cannot read the config file '\(config)'")
                finish(.failure)
            }
            let file = SourceFile(path: config, bytes: Array(data))
            let configDiagnostics = DiagnosticBag()
            guard let loaded = loadGeneratorConfig(file, diagnostics: configDiagnostics) else {
                let renderer = DiagnosticRenderer(format: input.format, colored: false, sources: [config: file])
                FileHandle.standardError.write(Data(renderer.render(configDiagnostics.diagnostics).utf8))
                finish(.failure)
            }
            options = loaded
        }
        if let style = tableStyle.flatMap(TableStyle.init(rawValue:)) { options.tableStyle = style }
        let diagnostics = DiagnosticBag()
        var compilerConfig = CompilerConfig(inputs: input.paths, outputDirectory: output)
        compilerConfig.writesInventory = false
        compilerConfig.swiftFolder = ""
        compilerConfig.generatorOptions = options
        let compilation = compile(compilerConfig.readingEditedCatalogs(), diagnostics: diagnostics)
        let found = diagnostics.diagnostics
        printDiagnostics(found, compilation: compilation, options: input)
        if found.contains(where: { $0.severity == .error }) { finish(.failure) }
        guard compilation.program.apps.count == 1 else {
            printError("error: expected exactly one app in \(input.paths.joined(separator: ", ")), found \(compilation.program.apps.count)")
            finish(.failure)
        }
        _ = writingOutputs { try outputWriter(output).write(compilation.outputs) }
        finish(.success)
    }
}
