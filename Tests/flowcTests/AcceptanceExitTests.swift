import Foundation
import FlowTestSupport
import Testing

/// `flowc build`, `build --check` and `test` fail when acceptance fails: a failing scenario, a failed or an
/// uncovered criterion. The reports are still written, and a summary says what failed.
@Suite struct AcceptanceExitTests {
    static let project = fixturesDirectory().appendingPathComponent("projects/failing-acceptance")

    /// A scratch copy of the fixture project (flowc writes generated/ next to flows/).
    func scratchProject() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-acceptance-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Self.project.appendingPathComponent("flows"), to: folder.appendingPathComponent("flows"))
        return folder
    }

    @Test func buildWritesTheReportsThenFailsWithASummary() async throws {
        let folder = try scratchProject()
        defer { try? FileManager.default.removeItem(at: folder) }
        let build = try await runFlowc(["build", "--color", "never"], in: folder)
        #expect(build.status == 1)
        assertMatchesGolden(build.stderr, golden: Self.project.appendingPathComponent("build.stderr"))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("generated/reports/shop/acceptance.md").path))

        let check = try await runFlowc(["build", "--check", "--color", "never"], in: folder)
        #expect(check.status == 1, "an up-to-date generated/ must not hide a failed acceptance")
        #expect(check.stdout == "generated/ is up to date (16 files).\n")
        #expect(check.stderr == build.stderr)
    }

    @Test func testFailsOnAnUncoveredCriterionToo() async throws {
        let folder = try scratchProject()
        defer { try? FileManager.default.removeItem(at: folder) }
        let test = try await runFlowc(["test", "--no-reports"], in: folder)
        #expect(test.status == 1)
        #expect(test.stderr.hasSuffix("error: acceptance failed:\n  shop: 1 of 1 scenario failed (pay_shows_confirmation); 1 criterion failed (AC-1); 1 criterion uncovered (AC-2)\n"
                                      + "  hint: an uncovered criterion has no evidence yet: name the scenarios that prove it under its 'verified_by:' (acceptance.md in the reports says what each one lacks)\n"),
                "\(test.stderr)")
    }
}

/// `build` is the default command, so a mistyped command word must not be read as a folder name.
@Suite struct MistypedCommandTests {
    @Test func aMistypedCommandIsSaidToBeOne() async throws {
        let result = try await runFlowc(["chek"], in: FileManager.default.temporaryDirectory)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: 'chek' is not a flowc command, nor a file or folder. Did you mean 'check'? The commands are build, check, test, run, mutate, explore, generate-swift, init, compare, studio.\n"), "\(result.stderr)")
    }
}

/// `flowc run` keeps working through undo, and a long script runs with a bounded trace.
@Suite(.serialized) struct RunSessionTests {
    @Test func undoingPastWhatAFailedCommandLeftDoesNotCrash() async throws {
        for input in ["advance 2s\ntap_im_new\nundo\nundo\nquit\n", "advance 2s\nfill nosuchfield x\nundo\nundo\nquit\n"] {
            let result = try await runFlowc(["run", "tempo"], in: packageRoot(), input: input)
            #expect(result.status == 0, "\(input): \(result.stderr)")
            #expect(result.stdout.contains("ONB-000"), "\(result.stdout.suffix(500))")
        }
        let nothing = try await runFlowc(["run", "tempo"], in: packageRoot(), input: "undo\nquit\n")
        #expect(nothing.stdout.contains("error: nothing to undo"))
    }

    @Test func aLongScriptKeepsNumberingStepsPastWhatTheTraceRetains() async throws {
        let lines = ["{\"advance\": \"2s\"}"] + Array(repeating: ["{\"send\": \"tap_im_new\"}", "{\"back\": true}"], count: 300).flatMap { $0 }
        let script = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-long-\(UUID().uuidString).jsonl")
        defer { try? FileManager.default.removeItem(at: script) }
        try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: script)
        let result = try await runFlowc(["run", "tempo", "--script", script.path], in: packageRoot())
        #expect(result.status == 0, "\(result.stderr)")
        let objects = result.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(objects.count == lines.count + 1)
        #expect(objects.last?["screen"] as? String == "ONB-001")
        #expect((objects.last?["transitions"] as? [String])?.isEmpty == false, "the last step is still reported after older ones were let go")
    }
}

/// `flowc run --script` refuses what it cannot take exactly, line by line, with the line number.
@Suite struct ScriptStrictnessTests {
    @Test func everyRefusalSaysWhichLineAndWhy() async throws {
        let folder = fixturesDirectory().appendingPathComponent("script-errors")
        let result = try await runFlowc(["run", "tempo", "--script", folder.appendingPathComponent("script.jsonl").path], in: packageRoot())
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").compactMap { line -> String? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return "\(object["status"] as? String ?? "?")\((object["error"] as? String).map { ": " + $0 } ?? "")"
        }
        assertMatchesGolden(lines.joined(separator: "\n") + "\n", golden: folder.appendingPathComponent("expected.txt"))
    }

}
