import ArgumentParser
import FlowSource

/// Options shared by the commands that read flows.
struct InputOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("Flow files or folders to read.", valueName: "paths"))
    var paths: [String] = ["flows"]

    @Option(help: "How to print diagnostics: text (for people), json or sarif (for tools).")
    var format: DiagnosticRenderer.Format = .text

    @Option(help: "Colour text diagnostics: auto (only on a terminal), always or never.")
    var color: ColorChoice = .auto
}

enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
}

extension DiagnosticRenderer.Format: ExpressibleByArgument {}
