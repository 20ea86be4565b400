import FlowTestSupport
import Foundation
import Testing

/// Issue 31, as its users met each friction: one scenario at a time, flowc in a folder of its own and in CI's
/// temporary folders, messages that said the wrong thing. Each test plants the situation and reads the exact text.
@Suite(.serialized) struct EverydayUseTests {
    static let fixture = fixturesDirectory().appendingPathComponent("ok/minimal-app")

    /// An empty scratch folder.
    func scratch(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    // MARK: one scenario

    @Test func oneScenarioRunsAloneByNameOrGlob() async throws {
        let one = try await runFlowc(["test", "tempo", "--scenario", "plan_must_be_chosen"], in: packageRoot())
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout == "PASS tempo/plan_must_be_chosen\n1 passed, 0 failed\n")
        #expect(one.stderr.isEmpty, "a filtered run says nothing of the criteria it did not run: \(one.stderr)")
        let globbed = try await runFlowc(["test", "tempo", "--scenario", "plan_*", "--scenario", "your_name_rules"], in: packageRoot())
        let names = globbed.stdout.split(separator: "\n").filter { $0.hasPrefix("PASS ") || $0.hasPrefix("FAIL ") }
        #expect(names.contains("PASS tempo/plan_must_be_chosen") && names.contains("PASS tempo/your_name_rules"), "\(globbed.stdout)")
        #expect(names.allSatisfy { $0.hasPrefix("PASS tempo/plan_") || $0 == "PASS tempo/your_name_rules" }, "\(globbed.stdout)")
    }

    /// Durations are asked for (`--durations`) and go to the terminal only: the reports stay byte-identical.
    @Test func durationsAreOptInAndPrintedOnly() async throws {
        let plain = try await runFlowc(["test", "tempo", "--scenario", "plan_must_be_chosen"], in: packageRoot())
        #expect(!plain.stdout.contains(" ms"))
        let timed = try await runFlowc(["test", "tempo", "--scenario", "plan_must_be_chosen", "--durations"], in: packageRoot())
        let lines = timed.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(timed.stdout)")
        #expect(lines.first?.wholeMatch(of: /PASS tempo\/plan_must_be_chosen \((\d+\.\d ms|\d+ ms|\d+\.\d s)\)/) != nil, "\(timed.stdout)")
        #expect(lines.last?.hasPrefix("scenarios took ") == true && lines.last?.contains("the slowest: tempo/plan_must_be_chosen ") == true, "\(timed.stdout)")
        // A whole run prints the times the acceptance stage took (the scenarios run once, for the verdicts too).
        let whole = try await runFlowc(["test", "--flows", "Tests/Fixtures/mutation/small-app", "--durations"], in: packageRoot())
        let scenarioLines = whole.stdout.split(separator: "\n").map(String.init).filter { $0.hasPrefix("PASS ") || $0.hasPrefix("FAIL ") }
        #expect(scenarioLines.count >= 2, "\(whole.stdout)")
        for line in scenarioLines {
            #expect(line.wholeMatch(of: /(PASS|FAIL) [a-z_]+\/[a-z0-9_]+ \((\d+\.\d ms|\d+ ms|\d+\.\d s)\)/) != nil, "\(line)")
        }
        #expect(whole.stdout.contains("\nscenarios took "), "\(whole.stdout)")
    }

    @Test func aScenarioThatIsNotThereIsSaidWithTheNearestName() async throws {
        let typo = try await runFlowc(["test", "tempo", "--scenario", "plan_must_be_chosn"], in: packageRoot())
        #expect(typo.status == 64)
        #expect(typo.stderr == "Error: no scenario of 'tempo' matches 'plan_must_be_chosn'; did you mean 'plan_must_be_chosen'?\n")
        let glob = try await runFlowc(["test", "tempo", "--scenario", "zzz_*"], in: packageRoot())
        #expect(glob.stderr == "Error: no scenario of 'tempo' matches 'zzz_*'; 'flowc test tempo' lists them all\n")
        // The scenario's name where the app id goes: the answer says how to run it.
        let positional = try await runFlowc(["test", "tempo", "plan_must_be_chosen"], in: packageRoot())
        #expect(positional.status == 64)
        #expect(positional.stderr == "Error: no app 'plan_must_be_chosen'; apps: rail, regent, tempo, yole; 'plan_must_be_chosen' is a scenario of 'tempo': flowc test tempo --scenario plan_must_be_chosen\n")
    }

    @Test func mutateTakesTheSameFilter() async throws {
        let output = try scratch("mutate-filter")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try await runFlowc(["mutate", "tempo", "--scenario", "plan_must_be_chosen", "--limit", "5", "--output", output.path], in: packageRoot())
        #expect(result.status == 0, "\(result.stderr)")
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: output.appendingPathComponent("reports/tempo/mutation.json"))) as? [String: Any]
        #expect(document?["complete"] as? Bool == false, "a run of some scenarios is not the complete score")
        #expect((document?["selection"] as? [String: Any])?["scenarios"] as? [String] == ["plan_must_be_chosen"])
        let killers = Set(((document?["mutants"] as? [[String: Any]]) ?? []).flatMap { (($0["killedBy"] as? [[String: Any]]) ?? []).filter { $0["kind"] as? String == "scenario" }.compactMap { $0["name"] as? String } })
        #expect(killers.isSubset(of: ["plan_must_be_chosen"]), "\(killers)")
        let typo = try await runFlowc(["mutate", "tempo", "--scenario", "nope", "--output", output.path], in: packageRoot())
        #expect(typo.status == 64)
        #expect(typo.stderr.hasPrefix("Error: no scenario of 'tempo' matches 'nope'"), "\(typo.stderr)")
    }

    // MARK: a folder without flows/, a mistyped command

    @Test func aFolderWithoutFlowsIsSaidHonestly() async throws {
        let folder = try scratch("no-flows")
        defer { try? FileManager.default.removeItem(at: folder) }
        for arguments in [["test"], ["check"]] {
            let result = try await runFlowc(arguments, in: folder)
            #expect(result.status == 1)
            #expect(result.stderr == """
                flows: error: no file or folder at 'flows' [input-not-found]
                  = note: flowc reads flows/ in the current folder; run it where flows/ is, or name the folder: flowc check <folder>, flowc test --flows <folder>
                1 error and 0 warnings generated.

                """, "\(arguments): \(result.stderr)")
        }
    }

    @Test func aMistypedCommandPrintsNoOtherCommandsUsage() async throws {
        let result = try await runFlowc(["chek"], in: FileManager.default.temporaryDirectory)
        #expect(result.status == 64)
        #expect(result.stderr == "Error: 'chek' is not a flowc command, nor a file or folder. Did you mean 'check'? The commands are build, check, test, run, mutate, explore, generate-swift, init, compare, studio.\nHelp: flowc --help\n")
    }

    // MARK: outputs anywhere, flows anywhere

    @Test func anExplicitOutputMayBeAnywhereAndOnlyWhatFlowcWroteIsDeleted() async throws {
        let project = try scratch("project")
        let ci = try scratch("ci-output")
        defer { try? FileManager.default.removeItem(at: project); try? FileManager.default.removeItem(at: ci) }
        try FileManager.default.copyItem(at: Self.fixture, to: project.appendingPathComponent("flows/minimal_app"))
        let mine = ci.appendingPathComponent("reports/minimal_app/notes.txt")
        let first = try await runFlowc(["build", "--output", ci.path], in: project)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(FileManager.default.fileExists(atPath: ci.appendingPathComponent("reports/minimal_app/acceptance.html").path))
        try Data("kept".utf8).write(to: mine)
        // The app goes: flowc removes what it wrote for it, and nothing else.
        try FileManager.default.moveItem(at: project.appendingPathComponent("flows/minimal_app"), to: project.appendingPathComponent("flows/renamed_app"))
        let second = try await runFlowc(["build", "--output", ci.path], in: project)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(!FileManager.default.fileExists(atPath: ci.appendingPathComponent("reports/minimal_app/acceptance.html").path))
        #expect(try String(contentsOf: mine, encoding: .utf8) == "kept")
        // An output that is a file is refused.
        let file = try await runFlowc(["build", "--output", mine.path], in: project)
        #expect(file.status == 64)
        #expect(file.stderr.hasPrefix("Error: --output must be a folder; '\(mine.path)' is a file"), "\(file.stderr)")
    }

    @Test func initTakesAnAbsoluteFlowsFolder() async throws {
        let here = try scratch("init-here")
        let elsewhere = try scratch("init-elsewhere")
        defer { try? FileManager.default.removeItem(at: here); try? FileManager.default.removeItem(at: elsewhere) }
        let flows = elsewhere.appendingPathComponent("flows").path
        let created = try await runFlowc(["init", "shop", "--flows", flows], in: here)
        #expect(created.status == 0, "\(created.stderr)")
        #expect(created.stdout.hasSuffix("next: flowc check \(flows)/shop && flowc test shop --flows \(flows) && flowc run shop --flows \(flows)\n"), "\(created.stdout)")
        #expect(!FileManager.default.fileExists(atPath: here.appendingPathComponent(".vscode").path), "no workspace setting for flows elsewhere")
        let test = try await runFlowc(["test", "shop", "--flows", flows, "--no-reports"], in: here)
        #expect(test.status == 0, "\(test.stdout)\(test.stderr)")
    }

    /// The same flows built from two places, into outputs in two places, give the same bytes: no report names a
    /// path of the machine.
    @Test func reportsDoNotDependOnWhereTheFlowsSit() async throws {
        let a = try scratch("where-a"), b = try scratch("where-b"), runner = try scratch("runner")
        defer { for folder in [a, b, runner] { try? FileManager.default.removeItem(at: folder) } }
        let failing = fixturesDirectory().appendingPathComponent("projects/failing-acceptance/flows")
        try FileManager.default.copyItem(at: failing, to: a.appendingPathComponent("flows"))
        try FileManager.default.createDirectory(at: b.appendingPathComponent("deeper/still"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: failing, to: b.appendingPathComponent("deeper/still/flows"))
        let first = try await runFlowc(["test", "--flows", a.appendingPathComponent("flows").path, "--output", runner.appendingPathComponent("one").path], in: runner)
        let second = try await runFlowc(["test", "--flows", "../" + b.lastPathComponent + "/deeper/still/flows", "--output", "../" + runner.lastPathComponent + "/two/x"], in: runner)
        #expect(first.stdout == second.stdout)
        for file in ["acceptance.md", "acceptance.json", "acceptance.html", "junit.xml", "coverage.md", "coverage.json", "coverage.html"] {
            let one = try Data(contentsOf: runner.appendingPathComponent("one/reports/shop/\(file)"))
            let two = try Data(contentsOf: runner.appendingPathComponent("two/x/reports/shop/\(file)"))
            #expect(one == two, "\(file) differs between the two places")
            let text = String(decoding: one, as: UTF8.self)
            #expect(!text.contains(FileManager.default.temporaryDirectory.path), "\(file) holds a machine path")
            #expect(!text.contains(a.lastPathComponent) && !text.contains(runner.lastPathComponent), "\(file) holds a machine path")
        }
        // The terminal still names the files where they are, so they can be opened.
        let check = try await runFlowc(["check", a.appendingPathComponent("flows").path], in: runner)
        #expect(check.stderr.hasPrefix(a.appendingPathComponent("flows/shop/app.flow.yaml").path + ":22:3: warning:"), "\(check.stderr)")
    }

    // MARK: messages

    @Test func theAcceptanceHintKeepsFlowsAndDoesNotRepeatTheCommand() async throws {
        let runner = try scratch("hint")
        defer { try? FileManager.default.removeItem(at: runner) }
        try FileManager.default.copyItem(at: fixturesDirectory().appendingPathComponent("projects/failing-acceptance/flows"), to: runner.appendingPathComponent("elsewhere"))
        let build = try await runFlowc(["build", "elsewhere", "--output", "out", "--color", "never"], in: runner)
        #expect(build.stderr.hasSuffix("""
            error: acceptance failed:
              shop: 1 of 1 scenario failed (pay_shows_confirmation); 1 criterion failed (AC-1); 1 criterion uncovered (AC-2)
              hint: 'flowc test shop --flows elsewhere' shows each failed scenario with its trace
              hint: an uncovered criterion has no evidence yet: name the scenarios that prove it under its 'verified_by:' (acceptance.md in the reports says what each one lacks)

            """), "\(build.stderr)")
        let test = try await runFlowc(["test", "--flows", "elsewhere", "--no-reports"], in: runner)
        #expect(!test.stderr.contains("hint: 'flowc test"), "flowc test has printed the traces already: \(test.stderr)")
        #expect(test.stderr.contains("hint: an uncovered criterion has no evidence yet"), "\(test.stderr)")
    }

    /// `check --watch`: lines added above an error move it; the error is printed again with its new line.
    @Test func watchReprintsAnErrorThatMoved() throws {
        let project = try scratch("watch-move")
        defer { try? FileManager.default.removeItem(at: project) }
        let app = project.appendingPathComponent("flows/shop/app.flow.yaml")
        try FileManager.default.createDirectory(at: app.deletingLastPathComponent(), withIntermediateDirectories: true)
        let broken = try String(contentsOf: fixturesDirectory().appendingPathComponent("diagnostics/unknown-target/app.flow.yaml"), encoding: .utf8)
        try Data(broken.utf8).write(to: app)
        let watch = Process()
        guard let executable = flowcExecutable() else { Issue.record("no flowc"); return }
        watch.executableURL = executable
        watch.arguments = ["check", "--watch", "flows"]
        watch.currentDirectoryURL = project
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        watch.environment = environment
        let output = Pipe()
        watch.standardOutput = output
        // Nothing of the test runner's own: a watcher left running would hold its pipes open and hang `swift test`.
        watch.standardError = FileHandle.nullDevice
        watch.standardInput = FileHandle.nullDevice
        try watch.run()
        // SIGKILL, not terminate(): the test runner's threads block SIGTERM, and a child inherits the mask.
        defer { if watch.isRunning { kill(watch.processIdentifier, SIGKILL); watch.waitUntilExit() } }
        let reader = LineCollector(output.fileHandleForReading)
        try reader.waitFor("[watch] checked flows")
        Thread.sleep(forTimeInterval: 1.1)   // a new modification time, whatever the file system's resolution
        try Data(("# two lines\n# added above\n" + broken).utf8).write(to: app, options: .atomic)   // a save in one step, as editors do
        // The summary line comes before the moved diagnostic's own lines, and the first check's note is already on
        // screen: wait for the reprinted diagnostic itself, down to its note, or the test reads a half-written block.
        try reader.waitFor("[watch] moved from line 13:\nflows/shop/app.flow.yaml:15:28: error: transition target 'PAY-0O2'")
        try reader.waitFor("declared here (flows/shop/app.flow.yaml:16:7)")
        let text = reader.text
        #expect(text.contains("(0 new, 0 fixed, 1 moved)"), "\(text)")
        #expect(text.contains("[watch] moved from line 13:\nflows/shop/app.flow.yaml:15:28: error: transition target 'PAY-0O2'"), "\(text)")
    }
}

/// Reads a pipe on another thread; `waitFor` returns once a text has appeared (a minute at most: a guard against a hang).
final class LineCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var collected = ""

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while true {
                let data = handle.availableData
                if data.isEmpty { return }
                lock.lock(); collected += String(decoding: data, as: UTF8.self); lock.unlock()
            }
        }
    }

    var text: String { lock.lock(); defer { lock.unlock() }; return collected }

    func waitFor(_ needle: String) throws {
        let deadline = Date().addingTimeInterval(60)
        while !text.contains(needle) {
            guard Date() < deadline else {
                Issue.record("timed out waiting for \"\(needle)\"; output:\n\(text)")
                throw POSIXError(.ETIMEDOUT)
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }
}
