import Foundation
import FlowTestSupport
import Testing

/// `flowc mutate` on the mutation fixture (`Tests/Fixtures/mutation/small-app`), copied into a scratch project.
@Suite(.serialized) struct MutateCommandTests {
    /// A scratch project with the fixture as `flows/mutants/app.flow.yaml`.
    func project() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-mutate-\(UUID().uuidString)")
        let app = folder.appendingPathComponent("flows/mutants")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixturesDirectory().appendingPathComponent("mutation/small-app/app.flow.yaml"),
                                         to: app.appendingPathComponent("app.flow.yaml"))
        return folder
    }

    func read(_ folder: URL, _ path: String) -> String {
        (try? String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    @Test func fullRunWritesTheReportsAndBuildKeepsTheScoresUntilAFlowChanges() async throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try await runFlowc(["build", "--output", "out"], in: folder).status == 0)
        #expect(!read(folder, "out/reports/mutants/acceptance.md").contains("Mutation score"))
        let result = try await runFlowc(["mutate", "mutants", "--output", "out"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == """
            mutants: 31 of 31 mutants ran; 14 of 31 (45%) killed, 17 survived.
              Welcome: 3 of 5 (60%)
              PIN: 10 of 24 (41%)
            Wrote 6 files in out/reports/mutants/.

            """)
        #expect(result.stderr.isEmpty, "progress is shown on a terminal only")
        let scoreLine = "- **Mutation score:** 3 of 5 mutants killed (60%); 0 of 2 survivors explained (see `mutation.md`)"
        #expect(read(folder, "out/reports/mutants/acceptance.md").contains(scoreLine))
        #expect(read(folder, "out/reports/mutants/mutation.md").contains("#3 `flows/mutants/app.flow.yaml:42:15` after: 3s → 2s (timer, WEL-001 `after 3s`)"))

        let check = try await runFlowc(["mutate", "mutants", "--output", "out", "--check"], in: folder)
        #expect(check.status == 0 && check.stdout == "out/reports/mutants/ is up to date (10 files).\n", "\(check.stdout)")

        // flowc build reads the stored result: the reports mutate rewrote are current.
        let build = try await runFlowc(["build", "--output", "out", "--check"], in: folder)
        #expect(build.status == 0, "\(build.stdout)")

        // A changed flow file makes the stored result stale: the scores leave the acceptance report.
        let file = folder.appendingPathComponent("flows/mutants/app.flow.yaml")
        try Data((read(folder, "flows/mutants/app.flow.yaml") + "# edited\n").utf8).write(to: file)
        _ = try await runFlowc(["build", "--output", "out"], in: folder)
        #expect(!read(folder, "out/reports/mutants/acceptance.md").contains("Mutation score"))
        let stale = try await runFlowc(["mutate", "mutants", "--output", "out", "--check"], in: folder)
        #expect(stale.status == 1)
        #expect(stale.stdout.hasPrefix("out/reports/mutants/ is out of date; run 'swift run flowc mutate mutants' and commit the result:\n"
                                       + "  out/reports/mutants/acceptance.html\n"), "\(stale.stdout)")
    }

    @Test func boundedRunWritesAPartialResultAndLeavesTheAcceptanceReportAlone() async throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await runFlowc(["mutate", "mutants", "--output", "out", "--shard", "2/3", "--limit", "2"], in: folder)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("mutants: 2 of 31 mutants ran; "))
        #expect(read(folder, "out/reports/mutants/mutation.json").contains("\"complete\" : false"))
        #expect(read(folder, "out/reports/mutants/mutation.md").contains("2 of 31 mutants ran (shard 2/3; limit 2)"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out/reports/mutants/acceptance.md").path))
    }

    @Test(arguments: [
        (["--shard", "3/2"], "Error: --shard must be 'i/n' with 1 <= i <= n, e.g. 2/4; found '3/2'"),
        (["--operators", "timer,nonsense"], "Error: unknown operator 'nonsense'; operators: timer, call-policy, guard-dropped, guard-negated, target-swapped, action-dropped, actions-swapped, rule-parameter, rule-message, rule-dropped, outcome-rerouted, back-allowed, screen-view-dropped, secret-dropped, relational-boundary, condition-negated, logical-replaced, arithmetic-replaced, constant, rounding, enum-swapped, list-reversed, argument-replaced, argument-dropped, argument-swapped, property-dropped, effect-text-changed, translation-dropped, persist-dropped, row-text-swapped, row-event-dropped, row-action-dropped, row-action-swapped, update-field-swapped, action-label-changed"),
        (["--limit=-1"], "Error: --limit must be 0 or more; found -1"),
    ])
    func badOptionsAreUsageErrors(arguments: [String], message: String) async throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await runFlowc(["mutate", "mutants"] + arguments, in: folder)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix(message + "\n"), "\(result.stderr)")
    }

    @Test func unknownAppIsAUsageError() async throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await runFlowc(["mutate", "nope"], in: folder)
        #expect(result.status == 64)
        #expect(result.stderr.hasPrefix("Error: no app 'nope'; apps: mutants\n"), "\(result.stderr)")
    }

    @Test func shardsRunApartMergeIntoTheFullRun() async throws {
        let folder = try project()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try await runFlowc(["mutate", "mutants", "--output", "full"], in: folder).status == 0)
        #expect(try await runFlowc(["mutate", "mutants", "--output", "s1", "--shard", "1/2"], in: folder).status == 0)
        #expect(try await runFlowc(["mutate", "mutants", "--output", "s2", "--shard", "2/2"], in: folder).status == 0)
        let merged = try await runFlowc(["mutate", "mutants", "--output", "merged", "--merge", "s1/reports/mutants/mutation.json",
                                   "s2/reports/mutants/mutation.json"], in: folder)
        #expect(merged.status == 0, "\(merged.stderr)")
        for file in ["mutation.json", "mutation.md", "acceptance.md"] {
            #expect(read(folder, "merged/reports/mutants/\(file)") == read(folder, "full/reports/mutants/\(file)"), "\(file)")
        }
        let partial = try await runFlowc(["mutate", "mutants", "--output", "merged", "--merge", "s1/reports/mutants/mutation.json"], in: folder)
        #expect(partial.status == 1)
        #expect(partial.stderr == "error: cannot merge: 15 of 31 mutants are in no shard (first: #2)\n")
    }
}
