import ArgumentParser

@main
struct Flowc: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flowc",
        abstract: "Checks app flows written in YAML and turns them into Swift state machines and reports.",
        discussion: """
            Each app lives in flows/<app>/ with a root file app.flow.yaml that includes the others.
            Run with no arguments in a project folder to check flows/ and write generated/.

            Examples:
              flowc build                      check flows/ and write generated/inventory.json
              flowc build --check              exit 1 if generated/ is out of date
              flowc check flows/tempo          check one app
              flowc check --format sarif       diagnostics for code-scanning tools
            """,
        version: "0.1.0",
        subcommands: [BuildCommand.self, CheckCommand.self, TestCommand.self, RunCommand.self, MutateCommand.self, GenerateSwiftCommand.self],
        defaultSubcommand: BuildCommand.self
    )
}
