import Foundation
import FlowTestSupport
import Testing

/// The README's 30-second example must stay true: its YAML, run through `flowc check`, prints
/// exactly the diagnostic the README shows, and the fixed YAML builds.
@Suite(.serialized) struct ReadmeExampleTests {
    func blocks(_ language: String, in text: String) -> [String] {
        var result: [String] = []
        var current: [String]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```\(language)" {
                current = []
            } else if current != nil, line == "```" {
                result.append(current!.joined(separator: "\n") + "\n")
                current = nil
            } else {
                current?.append(String(line))
            }
        }
        return result
    }

    @Test func theExampleDiagnosticIsWhatFlowcPrints() async throws {
        let readme = try String(contentsOf: packageRoot().appendingPathComponent("README.md"), encoding: .utf8)
        let yaml = try #require(blocks("yaml", in: readme).first)
        let outputs = blocks("text", in: readme)
        let check = try #require(outputs.first { $0.hasPrefix("$ swift run flowc check\n") })
        let build = try #require(outputs.first { $0.hasPrefix("$ swift run flowc build\n") })

        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-readme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("flows/tempo")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Data("app:\n  name: Tempo\n  currency: GBP\n  locale: en-GB\n  start: onboarding\ninclude:\n  - onboarding.flow.yaml\n".utf8)
            .write(to: app.appendingPathComponent("app.flow.yaml"))
        try Data(yaml.utf8).write(to: app.appendingPathComponent("onboarding.flow.yaml"))

        let broken = try await runFlowc(["check"], in: folder)
        #expect(broken.status == 1)
        #expect(broken.stderr == String(check.dropFirst("$ swift run flowc check\n".count)))

        try Data(yaml.replacingOccurrences(of: "ONB-0O5", with: "ONB-005").utf8).write(to: app.appendingPathComponent("onboarding.flow.yaml"))
        let fixed = try await runFlowc(["build"], in: folder)
        #expect(fixed.status == 0)
        #expect(fixed.stdout == String(build.dropFirst("$ swift run flowc build\n".count)))
    }

    /// "In your own repository", followed from an empty folder: each `$ flowc …` line runs there and prints exactly
    /// what the README shows (standard output and error together, as a terminal shows them), exiting 0.
    @Test func inYourOwnRepositoryIsWhatFlowcDoes() async throws {
        let readme = try String(contentsOf: packageRoot().appendingPathComponent("README.md"), encoding: .utf8)
        let section = try #require(readme.components(separatedBy: "## In your own repository").dropFirst().first)
        let session = try #require(blocks("text", in: section).first)
        var commands: [(arguments: [String], expected: String)] = []
        for line in session.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("$ flowc ") {
                commands.append((line.dropFirst("$ flowc ".count).split(separator: " ").map(String.init), ""))
            } else if !line.isEmpty, !commands.isEmpty {
                commands[commands.count - 1].expected += line + "\n"
            }
        }
        #expect(commands.map { $0.arguments.first ?? "" } == ["init", "check", "test", "build", "build"])
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-own-repo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for command in commands {
            let result = try await runFlowc(command.arguments, in: folder)
            #expect(result.status == 0, "flowc \(command.arguments.joined(separator: " ")): \(result.stderr)")
            #expect(result.stdout + result.stderr == command.expected, "flowc \(command.arguments.joined(separator: " "))")
        }
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("generated/Sources/ShopFlow/Machine.swift").path))
    }
}
