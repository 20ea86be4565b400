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
    let shown = displayed(diagnostics, sources: compilation.sources, root: compilation.sourceRoot)
    let renderer = DiagnosticRenderer(format: format, colored: colored && format == .text, sources: shown.sources)
    let output = renderer.render(shown.diagnostics)
    if format == .text {
        FileHandle.standardError.write(Data(output.utf8))
    } else {
        FileHandle.standardOutput.write(Data(output.utf8))
    }
}

func printLine(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

/// Refuses a command line that names something that is not there (an app, a scenario, a file), found once the
/// command runs: one line and exit 64, without a usage text (ArgumentParser would add the root command's, which
/// is not the one the person typed).
func refuse(_ message: String) -> Never {
    printError("Error: \(message)")
    finish(.usage)
}

/// flowc's exit statuses, as every command's help states them.
enum ExitStatus: Int32 {
    case success = 0
    /// Errors in the flows, failed acceptance, an out-of-date check, a file that could not be written.
    case failure = 1
    /// The command line names something that is not there (ArgumentParser's own usage errors exit 64 too).
    case usage = 64
}

/// Ends the process now with `status`.
///
/// The compiled program of a large app is a tree of hundreds of thousands of values; tearing it
/// down costs as much as a third of a check. Like clang's `-disable-free`, the CLI leaves that
/// to the operating system. Output goes through unbuffered `FileHandle` writes, so nothing is lost.
func finish(_ status: ExitStatus) -> Never {
    exit(status.rawValue)
}

/// A bare number, from code written before `ExitStatus` (kept so that branches merged with it still build).
@available(*, deprecated, message: "name the status: finish(.success), finish(.failure) or finish(.usage)")
func finish(_ status: Int32) -> Never {
    exit(status)
}

/// Prints what failed acceptance, one line per app that is not clean, on standard error; true when all are clean.
///
/// The hints name what to do next: `flowc test` for the traces of failed scenarios (with the same `--flows`, and
/// not when the command was `flowc test`, which has printed them), evidence for an uncovered criterion.
func reportAcceptance(_ verdicts: [AcceptanceVerdict], flows: String = "flows", tracesShown: Bool = false) -> Bool {
    let unclean = verdicts.filter { !$0.isClean }
    guard !unclean.isEmpty else { return true }
    var text = "error: acceptance failed:\n"
    for verdict in unclean { text += "  \(verdict.summary)\n" }
    let failing = unclean.filter { !$0.failedScenarios.isEmpty }.map(\.app)
    if !failing.isEmpty && !tracesShown {
        let flowsOption = projectRelative(flows) == "flows" ? "" : " --flows \(shellQuoted(flows))"
        text += "  hint: 'flowc test \(failing.joined(separator: " "))\(flowsOption)' shows each failed scenario with its trace\n"
    }
    if unclean.contains(where: { !$0.uncoveredCriteria.isEmpty }) {
        text += "  hint: an uncovered criterion has no evidence yet: name the scenarios that prove it under its 'verified_by:' "
            + "(acceptance.md in the reports says what each one lacks)\n"
    }
    FileHandle.standardError.write(Data(text.utf8))
    return false
}

/// `text` as a shell word: as it is when it needs no quotes, else in single quotes.
func shellQuoted(_ text: String) -> String {
    let plain = !text.isEmpty && text.unicodeScalars.allSatisfy { CharacterSet.alphanumerics.contains($0) || "/._-+=:,@".unicodeScalars.contains($0) }
    return plain ? text : "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
}

/// Compiles the flows for the commands that run them; prints the errors and exits 1 when there are any.
func checkedProgram(flows: String) -> FlowProgram {
    checkedCompilation(CompilerConfig(inputs: [projectRelative(flows)], generatesOutputs: false)).program
}

/// Compiles as `config` says, keeping the sources read; prints the errors and exits 1 when there are any.
func checkedCompilation(_ config: CompilerConfig) -> Compilation {
    let diagnostics = DiagnosticBag()
    let compilation = compile(located(config), diagnostics: diagnostics)
    let errors = diagnostics.diagnostics.filter { $0.severity == .error }
    if !errors.isEmpty {
        printDiagnostics(errors, compilation: compilation)
        finish(.failure)
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
    // Said on its own: a ValidationError would add `flowc build`'s usage, the command the person did not mean.
    printError("Error: '\(first)' is not a flowc command, nor a file or folder.\(suggestion) The commands are \(commands.joined(separator: ", ")).")
    printError("Help: flowc --help")
    throw ExitCode.validationFailure
}

/// Rejects an output folder that cannot be one: empty, or an existing file.
///
/// An output given on the command line may be anywhere (CI writes to its own temporary folders). What keeps that
/// safe is the manifest, not the folder's place: flowc deletes only files its `flowc-outputs.txt` in that folder
/// lists, by paths inside it, so a folder of someone else's files loses none of them.
func validateOutputFolder(_ output: String, option: String = "--output") throws {
    guard !output.isEmpty else { throw ValidationError("\(option) needs a folder") }
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: output, isDirectory: &isFolder), !isFolder.boolValue {
        throw ValidationError("\(option) must be a folder; '\(output)' is a file")
    }
}
