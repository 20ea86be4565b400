import ArgumentParser
import Foundation
import FlowSource

/// Options shared by the commands that read flows.
struct InputOptions: ParsableArguments {
    @Argument(help: ArgumentHelp("Flow files or folders to read.", valueName: "paths"))
    var written: [String] = ["flows"]

    /// The paths as outputs name them: relative to the current folder when inside it, so that
    /// `flowc build $PWD/flows` and `flowc build flows` write the same bytes.
    var paths: [String] { written.map(projectRelative) }

    @Option(help: "How to print diagnostics: text (for people), json or sarif (for tools).")
    var format: DiagnosticRenderer.Format = .text

    @Option(help: "Colour text diagnostics: auto (only on a terminal), always or never.")
    var color: ColorChoice = .auto
}

enum ColorChoice: String, ExpressibleByArgument, CaseIterable {
    case auto, always, never
}

extension DiagnosticRenderer.Format: ExpressibleByArgument {}

/// `path` relative to the current folder when it lies inside it (`/work/project/flows` → `flows`).
func projectRelative(_ path: String) -> String {
    guard path.hasPrefix("/") else { return path }
    let current = FileManager.default.currentDirectoryPath
    guard current != "/", !current.isEmpty else { return path }
    let base = current.hasSuffix("/") ? current : current + "/"
    if path == current || path + "/" == base { return "." }
    return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
}

