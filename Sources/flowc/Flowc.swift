import ArgumentParser

/// Synchronous commands (no command awaits anything): the work then runs on the main thread. Run from Swift
/// concurrency's pool it would allocate from a glibc arena of that thread's own, grown a page or two at a time
/// (8,500 mprotect calls to check a 10,000-screen app, about 8 % of the run).
@main
struct Flowc: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flowc",
        abstract: "Checks app flows written in YAML and turns them into Swift state machines and reports.",
        discussion: reflowed("""
            Each app lives in flows/<app>/ with a root file app.flow.yaml that includes the others.
            Run with no arguments in a project folder to check flows/ and write generated/.

            Examples:
              flowc build                      check flows/ and write generated/inventory.json
              flowc build --check              exit 1 if generated/ is out of date
              flowc check flows/tempo          check one app
              flowc check --format sarif       diagnostics for code-scanning tools
            """),
        version: "0.1.0",
        subcommands: [BuildCommand.self, CheckCommand.self, TestCommand.self, RunCommand.self, MutateCommand.self, ExploreCommand.self, GenerateSwiftCommand.self, InitCommand.self, CompareCommand.self, StudioCommand.self],
        defaultSubcommand: BuildCommand.self
    )
}

/// A command's discussion with its prose paragraphs on one line each, so the help wraps them at the terminal's
/// width (ArgumentParser wraps long lines but keeps every line break it is given: text broken by hand at 100
/// columns came out ragged on an 80-column terminal). Indented lines (examples, lists) are kept as written.
func reflowed(_ text: String) -> String {
    var out: [String] = []
    var paragraph: [String] = []
    func flush() {
        if !paragraph.isEmpty { out.append(paragraph.joined(separator: " ")); paragraph = [] }
    }
    for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
        if line.isEmpty || line.hasPrefix(" ") {
            flush()
            out.append(line)
        } else {
            paragraph.append(line)
        }
    }
    flush()
    return out.joined(separator: "\n")
}
