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

    @Option(help: ArgumentHelp("Fail (exit 1) when there are more than this many warnings.", valueName: "n"))
    var maxWarnings: Int?

    @Flag(help: "Fail (exit 1) on any warning, as on an error.")
    var warningsAsErrors = false

    mutating func validate() throws {
        if let maxWarnings, maxWarnings < 0 { throw ValidationError("--max-warnings takes a number of warnings, 0 or more, not \(maxWarnings)") }
    }

    /// Whether `diagnostics` fail the command: any error, and warnings beyond what `--max-warnings` or
    /// `--warnings-as-errors` allow. Prints why on standard error when only the warnings fail it.
    func fails(_ diagnostics: [Diagnostic]) -> Bool {
        if diagnostics.contains(where: { $0.severity == .error }) { return true }
        let warnings = diagnostics.count { $0.severity == .warning }
        let allowed = warningsAsErrors ? 0 : maxWarnings
        guard let allowed, warnings > allowed else { return false }
        let option = warningsAsErrors ? "--warnings-as-errors" : "--max-warnings \(allowed)"
        FileHandle.standardError.write(Data("error: \(warnings) warning\(warnings == 1 ? "" : "s") where \(option) allows \(allowed)\n".utf8))
        return true
    }
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

