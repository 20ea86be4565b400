import FlowTestSupport
import Foundation
import Testing

/// The editor loop and CI switches: `check --watch`, `init`, `--max-warnings` / `--warnings-as-errors`, help that
/// wraps at the terminal's width.
@Suite struct EditorLoopTests {
    /// A fresh folder for a case (a project of its own: flowc writes only inside the current folder).
    static func scratch(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    // MARK: --max-warnings, --warnings-as-errors

    @Test func warningsFailOnlyWhenAsked() async throws {
        let fixtures = fixturesDirectory()
        let plain = try await runFlowc(["check", "diagnostics/ignored-key"], in: fixtures)
        #expect(plain.status == 0)
        let strict = try await runFlowc(["check", "diagnostics/ignored-key", "--warnings-as-errors"], in: fixtures)
        #expect(strict.status == 1)
        #expect(strict.stderr.hasSuffix("0 errors and 1 warning generated.\nerror: 1 warning where --warnings-as-errors allows 0\n"), "\(strict.stderr)")
        let allowed = try await runFlowc(["check", "diagnostics/ignored-key", "--max-warnings", "1"], in: fixtures)
        #expect(allowed.status == 0)
        let tooMany = try await runFlowc(["check", "diagnostics/ignored-key", "--max-warnings", "0"], in: fixtures)
        #expect(tooMany.status == 1)
        #expect(tooMany.stderr.hasSuffix("error: 1 warning where --max-warnings 0 allows 0\n"), "\(tooMany.stderr)")
        let negative = try await runFlowc(["check", "diagnostics/ignored-key", "--max-warnings=-2"], in: fixtures)
        #expect(negative.status == 64)
        #expect(negative.stderr.hasPrefix("Error: --max-warnings takes a number of warnings, 0 or more, not -2\n"), "\(negative.stderr)")
        let build = try await runFlowc(["build", "diagnostics/ignored-key", "--warnings-as-errors", "--output", "out"], in: fixtures)
        #expect(build.status == 1, "build honours it too")
    }

    // MARK: init

    @Test func initCreatesAnAppThatChecksCleanAndPasses() async throws {
        let project = try Self.scratch("init")
        defer { try? FileManager.default.removeItem(at: project) }
        let created = try await runFlowc(["init", "corner_shop"], in: project)
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stdout == """
            created flows/corner_shop/app.flow.yaml
            created .vscode/settings.json (the YAML language server's schema for flows/**/*.flow.yaml)
            next: flowc check flows/corner_shop && flowc test corner_shop && flowc run corner_shop

            """)
        let file = try String(contentsOf: project.appendingPathComponent("flows/corner_shop/app.flow.yaml"), encoding: .utf8)
        #expect(file.hasPrefix("# yaml-language-server: $schema=https://raw.githubusercontent.com/flowc/flowc/main/docs/flow.schema.json\n"))
        #expect(file.contains("  name: Corner shop\n  id: corner_shop\n"))
        let settings = try String(contentsOf: project.appendingPathComponent(".vscode/settings.json"), encoding: .utf8)
        #expect(settings == "{\n  \"yaml.schemas\": { \"https://raw.githubusercontent.com/flowc/flowc/main/docs/flow.schema.json\": \"flows/**/*.flow.yaml\" }\n}\n")
        let check = try await runFlowc(["check", "--warnings-as-errors"], in: project)
        #expect(check.status == 0 && check.stderr.isEmpty, "a new app checks clean: \(check.stderr)")
        let test = try await runFlowc(["test", "corner_shop", "--no-reports"], in: project)
        #expect(test.status == 0)
        #expect(test.stdout.contains("PASS corner_shop/name_leads_home"))
        // A second init never overwrites; the settings file, once there, is left alone.
        let again = try await runFlowc(["init", "corner_shop"], in: project)
        #expect(again.status == 64)
        #expect(again.stderr.hasPrefix("Error: flows/corner_shop already exists; choose another id or remove it\n"))
        let second = try await runFlowc(["init", "kiosk"], in: project)
        #expect(second.stdout.contains(".vscode/settings.json exists; for completion in every flow file, add: \"yaml.schemas\": "))
        let bad = try await runFlowc(["init", "Corner-Shop"], in: project)
        #expect(bad.status == 64)
        #expect(bad.stderr.hasPrefix("Error: 'Corner-Shop' is not an app id: use lowercase letters, digits and underscores, starting with a letter (e.g. shop)\n"))
    }

    @Test func initInsideFlowcsOwnRepositoryPointsAtItsSchema() async throws {
        let project = try Self.scratch("init-local")
        defer { try? FileManager.default.removeItem(at: project) }
        try FileManager.default.createDirectory(at: project.appendingPathComponent("docs"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: packageRoot().appendingPathComponent("docs/flow.schema.json"),
                                         to: project.appendingPathComponent("docs/flow.schema.json"))
        _ = try await runFlowc(["init", "shop"], in: project)
        let file = try String(contentsOf: project.appendingPathComponent("flows/shop/app.flow.yaml"), encoding: .utf8)
        #expect(file.hasPrefix("# yaml-language-server: $schema=../../docs/flow.schema.json\n"))
    }

    // MARK: --watch

    /// Tempo copied to a scratch project; a planted typo is reported after the save, and reported fixed after the undo.
    @Test func watchReportsWhatASaveChanged() throws {
        let project = try Self.scratch("watch")
        defer { try? FileManager.default.removeItem(at: project) }
        try FileManager.default.createDirectory(at: project.appendingPathComponent("flows"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: packageRoot().appendingPathComponent("flows/tempo"), to: project.appendingPathComponent("flows/tempo"))
        let terminal = try PseudoTerminal(arguments: ["check", "--watch", "flows/tempo", "--color", "never"], in: project)
        defer { terminal.close() }
        try terminal.waitFor("0 errors, ")
        let flowFiles = try FileManager.default.contentsOfDirectory(atPath: project.appendingPathComponent("flows/tempo").path)
            .filter { $0.hasSuffix(".yaml") }.count
        try terminal.waitFor(" warnings; watching \(flowFiles) files (Ctrl-C to stop)")
        let file = project.appendingPathComponent("flows/tempo/onboarding.flow.yaml")
        let original = try String(contentsOf: file, encoding: .utf8)
        // The edit keeps the file's size, so only its date tells the watcher: move the date on by whole seconds, or a
        // save within the file system's clock tick could go unseen. (How fast the re-check comes is not timed here:
        // the watcher polls every 100 ms, and a timed assertion fails on a loaded machine; see Benchmarks/.)
        let dated = (try FileManager.default.attributesOfItem(atPath: file.path)[.modificationDate] as? Date) ?? Date()
        try Self.save(original.replacingOccurrences(of: "to: ONB-001", with: "to: ONB-0O1"), to: file, dated: dated.addingTimeInterval(5))
        try terminal.waitFor("[watch] flows/tempo/onboarding.flow.yaml changed; checked in ")
        try terminal.waitFor(" ms: 1 error, ")
        try terminal.waitFor(" warnings (1 new, 0 fixed)")
        try terminal.waitFor("error: transition target 'ONB-0O1' is not a screen of app 'tempo' [unknown-target]")
        try Self.save(original, to: file, dated: dated.addingTimeInterval(10))
        try terminal.waitFor(" ms: 0 errors, ")
        try terminal.waitFor(" warnings (0 new, 1 fixed)")
        try terminal.waitFor("[watch] fixed: flows/tempo/onboarding.flow.yaml:28: error: transition target 'ONB-0O1' is not a screen of app 'tempo' [unknown-target]")
    }

    /// Saves `text` dated `date` in one step, as editors do: written and dated beside the file, then renamed over it, so the
    /// watcher never sees a half-written file or one with its old date.
    static func save(_ text: String, to file: URL, dated date: Date) throws {
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".\(file.lastPathComponent).saving")
        try text.write(to: temporary, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: temporary.path)
        guard rename(temporary.path, file.path) == 0 else { throw POSIXError(.EIO) }
    }

    @Test func watchTakesTextOnly() async throws {
        let result = try await runFlowc(["check", "--watch", "--format", "json"], in: packageRoot())
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: --watch prints text; drop --format json\n"))
    }

    // MARK: --help

    @Test(arguments: ["build", "check", "test", "run", "mutate", "init"])
    func helpProseWrapsAtTheTerminalWidth(command: String) async throws {
        let narrow = try await runFlowc([command, "--help"], in: packageRoot(), environment: ["COLUMNS": "60"])
        #expect(narrow.status == 0)
        for line in narrow.stdout.split(separator: "\n") where !line.hasPrefix(" ") && !line.hasPrefix("USAGE:") {
            #expect(line.count <= 60, "\(command) --help at 60 columns: \(line)")
        }
        // At 200 columns a prose paragraph is not broken where a hand once broke it at 100.
        let wide = try await runFlowc([command, "--help"], in: packageRoot(), environment: ["COLUMNS": "200"])
        let prose = wide.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") && !$0.hasPrefix("USAGE:") && !$0.hasPrefix("OVERVIEW:") }
        let ragged = zip(prose, prose.dropFirst()).filter { $0.0.count < 110 && !$0.0.hasSuffix(":") && !$0.0.hasSuffix(".") && !$0.1.isEmpty && $0.1.first?.isLowercase == true }
        #expect(ragged.isEmpty, "\(command) --help breaks prose early: \(ragged.map { "\($0.0) / \($0.1)" })")
    }
}

/// `flowc compare` at the command line: exit status by regression, refusals with their reason.
@Suite struct CompareCommandTests {
    @Test func theSameReportsCompareClean() async throws {
        let result = try await runFlowc(["compare", "generated/reports/tempo", "generated/reports/tempo"], in: packageRoot())
        #expect(result.status == 0)
        #expect(result.stdout == "# Changes in the reports of `tempo`\n\nNo change: every criterion has the status it had and coverage is the same.\n")
    }

    @Test func reportsOfTwoAppsOrNoneAreRefused() async throws {
        let apps = try await runFlowc(["compare", "generated/reports/tempo", "generated/reports/yole"], in: packageRoot())
        #expect(apps.status == 64)
        #expect(apps.stderr.hasPrefix("Error: the reports are of different apps: 'tempo' and 'yole'\n"), "\(apps.stderr)")
        let missing = try await runFlowc(["compare", "no/such/folder", "generated/reports/tempo"], in: packageRoot())
        #expect(missing.status == 64)
        #expect(missing.stderr.hasPrefix("Error: cannot read no/such/folder/acceptance.json\n"), "\(missing.stderr)")
    }
}
