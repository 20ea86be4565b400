import ArgumentParser
import FlowSource
import Foundation

struct InitCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "init",
        abstract: "Create a new app under flows/<app>/ that checks clean, with editor support for the YAML.",
        discussion: reflowed("""
            Writes flows/<app>/app.flow.yaml: an app with one flow of two screens, a validated field, an
            acceptance criterion and the scenario that verifies it, so 'flowc check' and 'flowc test' pass from
            the start. Its first line names the JSON Schema for the YAML language server (completion, hover and
            errors in VS Code with the Red Hat YAML extension, and in any editor using yaml-language-server).
            Also writes .vscode/settings.json mapping flows/**/*.flow.yaml to the schema, unless that file
            exists (then it prints the setting to add). Nothing that exists is overwritten.

            Examples:
              flowc init shop
              flowc init shop --name "Corner Shop"
            """)
    )

    @Argument(help: "The app id: lowercase letters, digits and underscores, starting with a letter (e.g. shop).")
    var app: String

    @Option(help: "The app's display name (default: the id, capitalised).")
    var name: String?

    @Option(help: "The folder holding the apps.")
    var flows: String = "flows"

    /// Where the schema is published, for projects that do not hold flowc's docs/.
    static let publishedSchema = "https://raw.githubusercontent.com/flowc/flowc/main/docs/flow.schema.json"

    func validate() throws {
        let scalars = Array(app.unicodeScalars)
        let valid = !scalars.isEmpty && scalars.count <= 40 && ("a"..."z").contains(scalars[0])
            && scalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
        guard valid else {
            throw ValidationError("'\(app)' is not an app id: use lowercase letters, digits and underscores, starting with a letter (e.g. shop)")
        }
        try validateOutputFolder(flows, option: "--flows")
    }

    func run() throws {
        let manager = FileManager.default
        let flows = projectRelative(self.flows)
        // Flows elsewhere (an absolute path, a sibling checkout): no relative schema path or workspace setting fits them.
        let inWorkspace = !flows.hasPrefix("/") && !flows.split(separator: "/").contains("..")
        let folder = "\(flows)/\(app)"
        let file = "\(folder)/app.flow.yaml"
        if manager.fileExists(atPath: file) || manager.fileExists(atPath: folder) {
            refuse("\(folder) already exists; choose another id or remove it")
        }
        // Inside flowc's own repository the schema is docs/flow.schema.json; elsewhere, its published copy.
        let depth = folder.split(separator: "/").count
        let localSchema = inWorkspace && manager.fileExists(atPath: "docs/flow.schema.json")
        let schema = localSchema ? String(repeating: "../", count: depth) + "docs/flow.schema.json" : Self.publishedSchema
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(appTemplate(schema: schema).utf8).write(to: URL(fileURLWithPath: file))
        printLine("created \(file)")
        let settingsSchema = localSchema ? "./docs/flow.schema.json" : Self.publishedSchema
        let setting = "\"yaml.schemas\": { \"\(settingsSchema)\": \"\(flows)/**/*.flow.yaml\" }"
        let settings = ".vscode/settings.json"
        if !inWorkspace {
            printLine("\(flows) is outside this folder; in the editor workspace that holds it, add to \(settings): "
                      + "\"yaml.schemas\": { \"\(Self.publishedSchema)\": \"**/*.flow.yaml\" }")
        } else if manager.fileExists(atPath: settings) {
            printLine("\(settings) exists; for completion in every flow file, add: \(setting)")
        } else {
            try manager.createDirectory(atPath: ".vscode", withIntermediateDirectories: true)
            try Data("{\n  \(setting)\n}\n".utf8).write(to: URL(fileURLWithPath: settings))
            printLine("created \(settings) (the YAML language server's schema for \(flows)/**/*.flow.yaml)")
        }
        let flowsOption = flows == "flows" ? "" : " --flows \(shellQuoted(flows))"
        printLine("next: flowc check \(shellQuoted(folder)) && flowc test \(app)\(flowsOption) && flowc run \(app)\(flowsOption)")
    }

    /// A small app that checks clean and whose one criterion passes.
    func appTemplate(schema: String) -> String {
        let title = name ?? (app.prefix(1).uppercased() + app.dropFirst()).replacingOccurrences(of: "_", with: " ")
        let criterion = "AC-\(app.uppercased().replacingOccurrences(of: "_", with: "-"))-01"
        return """
            # yaml-language-server: $schema=\(schema)
            #
            # \(title): a starting point made by 'flowc init'. docs/language.md describes every key;
            # split the app into files with 'include:' as it grows.

            app:
              name: \(yamlScalar(title))
              id: \(app)
              currency: GBP
              locale: en-GB
              start: main

            state:
              user_name:
                type: text
                initial: "''"
                description: The name the user gave on the welcome screen.

            flows:
              main:
                title: Main
                start: WEL-001
                screens:
                  WEL-001:
                    name: Welcome
                    analytics: welcome_view
                    fields:
                      name:
                        type: text
                        label: Your name
                        rules:
                          - required: true
                            message: Enter your name
                    on:
                      tap_continue:
                        validate: true
                        to: HOM-002
                        do:
                          - set: { user_name: form.name }
                  HOM-002:
                    name: Home
                    analytics: home_view
                    on:
                      tap_back: WEL-001

            criteria:
              \(criterion):
                text: "A user who enters a name reaches Home; without a name they stay on Welcome"
                screens: [WEL-001, HOM-002]
                transitions: ["WEL-001 tap_continue"]
                verified_by:
                  scenarios: [name_leads_home]

            scenarios:
              name_leads_home:
                description: Continue without a name is refused; with one, Home is shown and the name kept.
                steps:
                  - send: tap_continue
                  - expect:
                      screen: WEL-001
                      errors: { name: Enter your name }
                  - fill: { name: Ada }
                  - send: tap_continue
                  - expect:
                      screen: HOM-002
                      state: { user_name: "'Ada'" }

            """
    }

    private func yamlScalar(_ text: String) -> String {
        text.allSatisfy { $0.isLetter || $0.isNumber || $0 == " " } ? text : "\"" + text.replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
