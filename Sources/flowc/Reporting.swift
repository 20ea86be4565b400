import ArgumentParser
import FlowCompiler
import FlowIR
import FlowReports
import FlowRuntime
import FlowSource
import Foundation

/// Prints diagnostics the way the options ask: text on standard error, JSON and SARIF on standard output.
func printDiagnostics(_ diagnostics: [Diagnostic], compilation: Compilation, options: InputOptions) {
    printDiagnostics(diagnostics, compilation: compilation, format: options.format, color: options.color)
}

/// Commands without `InputOptions` (test, run) print text diagnostics with automatic colour. (An
/// `InputOptions()` made outside argument parsing cannot be read: ArgumentParser traps on it.)
func printDiagnostics(_ diagnostics: [Diagnostic], compilation: Compilation, format: DiagnosticRenderer.Format = .text,
                      color: ColorChoice = .auto) {
    let colored: Bool = switch color {
    case .always: true
    case .never: false
    case .auto: isatty(STDERR_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
    }
    let renderer = DiagnosticRenderer(format: format, colored: colored && format == .text, sources: compilation.sources)
    let output = renderer.render(diagnostics)
    if format == .text {
        FileHandle.standardError.write(Data(output.utf8))
    } else {
        FileHandle.standardOutput.write(Data(output.utf8))
    }
}

func printLine(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

/// Ends the process now with `status`.
///
/// The compiled program of a large app is a tree of hundreds of thousands of values; tearing it
/// down costs as much as a third of a check. Like clang's `-disable-free`, the CLI leaves that
/// to the operating system. Output goes through unbuffered `FileHandle` writes, so nothing is lost.
func finish(_ status: Int32) -> Never {
    exit(status)
}

/// Prints what failed acceptance, one line per app that is not clean, on standard error; true when all are clean.
func reportAcceptance(_ verdicts: [AcceptanceVerdict]) -> Bool {
    let unclean = verdicts.filter { !$0.isClean }
    guard !unclean.isEmpty else { return true }
    var text = "error: acceptance failed; run 'flowc test \(unclean.map(\.app).joined(separator: " "))' for each failure with its trace:\n"
    for verdict in unclean { text += "  \(verdict.summary)\n" }
    FileHandle.standardError.write(Data(text.utf8))
    return false
}

/// Compiles the flows for the commands that run them; prints the errors and exits 1 when there are any.
func checkedProgram(flows: String) -> FlowProgram {
    checkedCompilation(CompilerConfig(inputs: [projectRelative(flows)], generatesOutputs: false)).program
}

/// Compiles as `config` says, keeping the sources read; prints the errors and exits 1 when there are any.
func checkedCompilation(_ config: CompilerConfig) -> Compilation {
    let diagnostics = DiagnosticBag()
    let compilation = compile(config, diagnostics: diagnostics)
    let errors = diagnostics.diagnostics.filter { $0.severity == .error }
    if !errors.isEmpty {
        printDiagnostics(errors, compilation: compilation)
        finish(1)
    }
    return compilation
}

/// `build` is the default command, so `flowc chek` would read a folder named `chek`: a first argument that is
/// not a file or folder and looks like a command word is a mistyped command, said as such.
func rejectMistypedCommand(_ paths: [String]) throws {
    guard let first = paths.first, first != "flows", !first.contains("/"), !first.contains("."),
          !FileManager.default.fileExists(atPath: first) else { return }
    let commands = Flowc.configuration.subcommands.compactMap { $0.configuration.commandName }
    let suggestion = closestMatch(to: first, among: commands).map { " Did you mean '\($0)'?" } ?? ""
    throw ValidationError("'\(first)' is not a flowc command, nor a file or folder.\(suggestion) The commands are \(commands.joined(separator: ", ")).")
}

/// Rejects an output folder that is empty or climbs out of the project.
///
/// The one rule for where flowc writes: inside the current folder (the project), after symbolic links are
/// followed, so neither `../x`, nor `/tmp/x`, nor a link to a folder elsewhere can send output outside it.
func validateOutputFolder(_ output: String) throws {
    guard !output.isEmpty, !output.split(separator: "/").contains("..") else {
        throw ValidationError("--output must be a folder inside the project, without '..'")
    }
    let current = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).resolvingSymlinksInPath().standardizedFileURL.path
    // The deepest part of the output path that exists, with its links followed, must lie inside the project.
    var existing = URL(fileURLWithPath: output, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath)).standardizedFileURL
    // `attributesOfItem` sees a link itself, even one to nothing.
    while (try? FileManager.default.attributesOfItem(atPath: existing.path)) == nil, existing.path != "/" { existing.deleteLastPathComponent() }
    var resolved = existing.resolvingSymlinksInPath().standardizedFileURL.path
    if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: existing.path) {
        resolved = URL(fileURLWithPath: target, relativeTo: existing.deletingLastPathComponent()).standardizedFileURL.path
    }
    guard resolved == current || resolved.hasPrefix(current.hasSuffix("/") ? current : current + "/") else {
        throw ValidationError("--output must be a folder inside the project (\(current)); '\(output)' is \(resolved == existing.path ? "outside it" : "a link to \(resolved)")")
    }
}
