#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlowTestSupport
import Foundation
import Testing

/// What a busy CI, an editor saving on every key and a person at the prompt do to flowc (issue 26): builds side
/// by side into one folder, includes of things that are not files, a refused script line, a bad payload, a
/// state value the language would refuse. Every message is a golden in `Fixtures/reliability/`.
@Suite struct ReliabilityTests {
    static let folder = fixturesDirectory().appendingPathComponent("reliability")

    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-reliability-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// Starts `count` `flowc build`s of the small app into one empty folder at once; every one must succeed, and
    /// the folder must hold every file the manifest lists with nothing half-written or left over.
    static func concurrentBuilds(_ count: Int) async throws -> [ProcessResult] {
        let project = try smallProject()
        defer { try? FileManager.default.removeItem(at: project) }
        let output = project.appendingPathComponent("generated")
        // All at once, each on a thread of its own (runFlowc's), while this test waits without holding one.
        let started = await withTaskGroup(of: ProcessResult?.self) { group in
            for _ in 0..<count { group.addTask { try? await runFlowc(["build"], in: project) } }
            var finished: [ProcessResult] = []
            for await result in group { if let result { finished.append(result) } }
            return finished
        }
        let manifest = try String(contentsOf: output.appendingPathComponent("flowc-outputs.txt"), encoding: .utf8)
        let listed = manifest.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(listed.count > 3)
        for path in listed { #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent(String(path)).path), "\(path) missing") }
        let leftovers = (FileManager.default.enumerator(atPath: output.path)?.allObjects as? [String] ?? []).filter { $0.contains(".flowc-") }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
        return started
    }

    /// A project folder holding a small app as `flows/small/` (a timer, a form, a criterion its scenario passes),
    /// with no output folder yet.
    static func smallProject() throws -> URL {
        let project = try temporaryFolder()
        let app = project.appendingPathComponent("flows/small")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        let text = """
            app: { name: Small, id: small, currency: GBP, locale: en-GB, start: main }
            flows:
              main:
                start: SPL-001
                screens:
                  SPL-001:
                    name: Splash
                    after: { 2s: LOG-002 }
                  LOG-002:
                    name: Log In
                    fields:
                      email: { type: email, rules: [{ required: true, message: Enter your email }] }
                    on:
                      submit: { to: HOM-003, validate: true }
                  HOM-003: { name: Home, terminal: true }
            criteria:
              AC-1:
                text: "The splash moves on to Log In"
                screens: [SPL-001, LOG-002]
                verified_by: { scenarios: [splash] }
            scenarios:
              splash:
                steps:
                  - advance: 2s
                  - expect: { screen: LOG-002 }

            """
        try Data(text.utf8).write(to: app.appendingPathComponent("app.flow.yaml"))
        return project
    }

    @Test func severalBuildsIntoOneFolderAtOnceAllSucceed() async throws {
        let results = try await Self.concurrentBuilds(4)
        #expect(results.count == 4)
        for result in results {
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            #expect(!result.stderr.contains("NSCocoaErrorDomain") && !result.stderr.contains("Error Domain"), "\(result.stderr)")
            // A build that waited says so, and nothing else on standard error.
            let other = result.stderr.split(separator: "\n").filter { !$0.hasPrefix("waiting for another flowc writing to '") }
            #expect(other.isEmpty, "\(result.stderr)")
        }
    }

    /// 20 rounds of two builds into an empty folder (issue 26 saw one fail in 12 of 20 rounds), in every
    /// `swift test` (about 15 s); `CONCURRENT_BUILD_ROUNDS` sets another count.
    @Test func roundsOfTwoBuildsIntoAnEmptyFolderAllSucceed() async throws {
        let rounds = Int(ProcessInfo.processInfo.environment["CONCURRENT_BUILD_ROUNDS"] ?? "") ?? 20
        var failedRounds = 0
        var waited = 0
        for _ in 0..<rounds {
            let results = try await Self.concurrentBuilds(2)
            if results.count != 2 || results.contains(where: { $0.status != 0 }) { failedRounds += 1 }
            waited += results.filter { $0.stderr.contains("waiting for another flowc") }.count
        }
        print("concurrent builds: \(rounds) rounds of two builds into an empty folder, \(failedRounds) rounds with a failure, \(waited) builds waited for the other")
        #expect(failedRounds == 0)
    }

    /// A write that fails says which file and why, in one line, never a raw Foundation error.
    @Test func aBuildThatCannotWriteSaysWhy() async throws {
        let project = try Self.smallProject()
        defer { try? FileManager.default.removeItem(at: project) }
        // A file where the output folder's `Sources` folder must go.
        try FileManager.default.createDirectory(at: project.appendingPathComponent("generated"), withIntermediateDirectories: true)
        try Data("not a folder".utf8).write(to: project.appendingPathComponent("generated/Sources"))
        let result = try await runFlowc(["build"], in: project)
        #expect(result.status == 1)
        let text = result.stderr.replacingOccurrences(of: project.path, with: "<project>")
        assertMatchesGolden(text, golden: Self.folder.appendingPathComponent("unwritable-output.stderr"))
    }

    /// An include of a folder, a FIFO or a device says what it is, not "does not exist".
    @Test func anIncludeOfSomethingThatIsNotAFileSaysWhatItIs() async throws {
        let app = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: app) }
        try FileManager.default.createDirectory(at: app.appendingPathComponent("folder.flow.yaml"), withIntermediateDirectories: true)
        #expect(mkfifo(app.appendingPathComponent("pipe.flow.yaml").path, 0o644) == 0)
        try FileManager.default.createSymbolicLink(atPath: app.appendingPathComponent("device.flow.yaml").path, withDestinationPath: "/dev/null")
        let root = """
            app: { name: Tempo, id: tempo, currency: GBP, locale: en-GB, start: main }
            include:
              - folder.flow.yaml
              - pipe.flow.yaml
              - device.flow.yaml
              - missing.flow.yaml
            flows:
              main:
                start: A-1
                screens:
                  A-1: { name: Start, terminal: true }

            """
        try Data(root.utf8).write(to: app.appendingPathComponent("app.flow.yaml"))
        let result = try await runFlowc(["check", "."], in: app)
        #expect(result.status == 1)
        assertMatchesGolden(result.stdout + result.stderr, golden: Self.folder.appendingPathComponent("include-not-a-file.txt"))
    }

    /// A folder reached through a symbolic link is not read: a link to another app, or to `/`.
    @Test func discoveryDoesNotFollowALinkedFolder() async throws {
        let flows = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: flows) }
        let app = flows.appendingPathComponent("a")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Data("app: { name: A, id: a, currency: GBP, locale: en-GB, start: main }\nflows:\n  main:\n    start: A-1\n    screens:\n      A-1: { name: Start, terminal: true }\n".utf8)
            .write(to: app.appendingPathComponent("app.flow.yaml"))
        try FileManager.default.createSymbolicLink(atPath: app.appendingPathComponent("everything").path, withDestinationPath: "/")
        try FileManager.default.createSymbolicLink(atPath: app.appendingPathComponent("tempo").path,
                                                   withDestinationPath: packageRoot().appendingPathComponent("flows/tempo").path)
        let result = try await runFlowc(["check", "."], in: flows)
        #expect(result.status == 1)
        assertMatchesGolden(result.stdout + result.stderr, golden: Self.folder.appendingPathComponent("linked-folders.txt"))
    }

    /// A refused script line took no step: its answer shows no transition or effect (the line before had some).
    @Test func aRefusedScriptLineRepeatsNoEffects() async throws {
        let script = "{\"advance\": \"2s\"}\n{\"send\": \"tap_nothing\"}\n{\"send\": \"tap_log_in\"}\n{\"fill\": {\"nosuchfield\": \"1\"}}\n"
        let result = try await runFlowc(["run", "tempo", "--script", "-"], in: packageRoot(), input: script)
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").compactMap { line -> String? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            let effects = (object["effects"] as? [[String: Any]] ?? []).map { "\($0["kind"] ?? "") \($0["value"] ?? "")" }
            let transitions = object["transitions"] as? [String] ?? []
            return "\(object["status"] ?? "?") \(object["screen"] ?? ""): transitions \(transitions), effects \(effects)"
        }
        assertMatchesGolden(lines.joined(separator: "\n") + "\n", golden: Self.folder.appendingPathComponent("refused-script-line.txt"))
    }

    /// A payload or outputs that are not JSON, typed at the prompt, get a sentence, not NSCocoaErrorDomain 3840.
    @Test func aBadPayloadAtThePromptIsExplained() async throws {
        let input = "advance 2s\nsend tap_log_in {keycode: 1}\noutcome equals.log_in success {user_id\nquit\n"
        let result = try await runFlowc(["run", "tempo"], in: packageRoot(), input: input)
        #expect(!result.stdout.contains("3840") && !result.stdout.contains("NSCocoaErrorDomain"), "\(result.stdout)")
        assertMatchesGolden(result.stdout, golden: Self.folder.appendingPathComponent("bad-payload.stdout"))
    }

    /// The firing cap of one advance holds for an app's recurring timer as for a screen's: `every: 1s` over three
    /// days of virtual time (259,200 firings) stops with the cap's message instead of running on.
    @Test func aRecurringTimerIsCappedLikeEveryOther() async throws {
        let project = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: project) }
        let app = project.appendingPathComponent("flows/poll")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Data("""
            app:
              name: Poll
              id: poll
              currency: GBP
              locale: en-GB
              start: main
              every:
                1s:
                  do: [{ toast: Refreshed }]
            flows:
              main:
                start: HOME
                screens:
                  HOME: { name: Home, terminal: true }

            """.utf8).write(to: app.appendingPathComponent("app.flow.yaml"))
        let result = try await runFlowc(["run", "poll", "--script", "-"], in: project, input: "{\"advance\": \"3d\"}\n")
        #expect(result.status == 1)
        let error = result.stdout.split(separator: "\n").compactMap { line in
            (try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])?["error"] as? String
        }
        assertMatchesGolden(error.joined(separator: "\n") + "\n", golden: Self.folder.appendingPathComponent("recurring-timer-cap.txt"))
    }

    /// `--state` reads a value as the language reads a literal: `12.345 GBP` is finer than GBP allows.
    @Test func aStateValueTheLanguageRefusesIsRefused() async throws {
        var texts: [String] = []
        for value in ["\"12.345 GBP\"", "12.345", "\"12.5 GBP\"", "\"1e3\"", "\"12.50 XYZ\""] {
            let result = try await runFlowc(["run", "tempo", "--start", "WAL-001", "--state", "{\"balance\": \(value)}"], in: packageRoot(), input: "quit\n")
            texts.append("--state {\"balance\": \(value)} → exit \(result.status)\n\(result.stderr)")
        }
        assertMatchesGolden(texts.joined(separator: "\n"), golden: Self.folder.appendingPathComponent("state-values.txt"))
    }
}
