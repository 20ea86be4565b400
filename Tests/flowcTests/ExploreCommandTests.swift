import FlowExplore
import Foundation
import FlowTestSupport
import Testing

/// `flowc explore` on the timer-and-failure fixture (`Tests/Fixtures/explore/timer-and-failure`), copied into a
/// scratch project: exit codes, what it prints, the files it writes, and the build's property evidence.
@Suite(.serialized) struct ExploreCommandTests {
    func project(_ file: String, fixture: String = "timer-and-failure", app id: String = "hold") throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-explore-\(UUID().uuidString)")
        let app = folder.appendingPathComponent("flows/\(id)")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixturesDirectory().appendingPathComponent("explore/\(fixture)/\(file)"),
                                         to: app.appendingPathComponent("app.flow.yaml"))
        return folder
    }

    /// A violation found from a scenario's state: the written scenario copies that scenario's start and steps from the
    /// project's own file, then the explored steps.
    @Test func aSeededCounterexampleCopiesTheScenarioFromItsFile() async throws {
        let folder = try project("app.flow.yaml", fixture: "seeded-restart", app: "reopen")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await runFlowc(["explore", "reopen", "--depth", "8", "--states", "30000", "--output", "out"], in: folder)
        #expect(result.status == 1)
        let expected = try String(contentsOf: fixturesDirectory().appendingPathComponent("explore/seeded-restart/expected-counterexamples.flow.yaml"), encoding: .utf8)
        #expect(read(folder, "out/reopen/counterexamples.flow.yaml") == expected)
        let launchOnly = try await runFlowc(["explore", "reopen", "--depth", "8", "--states", "30000", "--output", "out", "--launch-only"], in: folder)
        #expect(launchOnly.status == 0, "\(launchOnly.stdout)")
    }

    func read(_ folder: URL, _ path: String) -> String {
        (try? String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    @Test func aViolationExitsOneAndWritesTheCounterexample() async throws {
        let folder = try project("app.flow.yaml")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await runFlowc(["explore", "hold", "--depth", "8", "--output", "out"], in: folder)
        #expect(result.status == 1)
        let expected = try String(contentsOf: fixturesDirectory().appendingPathComponent("explore/timer-and-failure/expected-summary.txt"), encoding: .utf8)
        #expect(result.stdout == expected)
        #expect(result.stderr.isEmpty, "progress is shown on a terminal only")
        #expect(read(folder, "out/hold/counterexamples.flow.yaml").contains("      - advance: 30s\n      - outcome: { bank.debit: failed }\n"))
        // explore.json reads back as the document it was written from.
        let document = try JSONDecoder().decode(ExploreDocument.self, from: Data(read(folder, "out/hold/explore.json").utf8))
        #expect(document.stoppedBy == "depth" && document.violations.first?.scenario != nil)
        #expect(read(folder, "out/hold/explore.md").hasPrefix("# Exploration of Hold (hold)\n"))
    }

    @Test func noViolationExitsZeroAndShardsWriteApart() async throws {
        let folder = try project("fixed.flow.yaml")
        defer { try? FileManager.default.removeItem(at: folder) }
        let whole = try await runFlowc(["explore", "hold", "--depth", "8", "--output", "out", "--json"], in: folder)
        #expect(whole.status == 0, "\(whole.stdout)")
        #expect(whole.stdout == read(folder, "out/hold/explore.json"))
        let shard = try await runFlowc(["explore", "hold", "--depth", "8", "--output", "out", "--shard", "2/3"], in: folder)
        #expect(shard.status == 0)
        #expect(shard.stdout.hasPrefix("hold (shard 2/3): "))
        #expect(!read(folder, "out/hold/shard-2-of-3/explore.json").isEmpty)
    }

    @Test func aWrongShardIsRefusedWithTheReason() async throws {
        let folder = try project("fixed.flow.yaml")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await runFlowc(["explore", "hold", "--shard", "4/3"], in: folder)
        #expect(result.status == 64)
        #expect(result.stderr.contains("--shard must be 'i/n' with 1 <= i <= n, e.g. 2/4; found '4/3'"), "\(result.stderr)")
        let depth = try await runFlowc(["explore", "hold", "--depth", "0"], in: folder)
        #expect(depth.status == 64)
        #expect(depth.stderr.contains("--depth must be 1 or more; found 0"), "\(depth.stderr)")
    }

    /// A CI matrix: each runner explores one shard; one job merges their explore.json into the whole result.
    @Test func shardsMergeIntoOneResult() throws {
        let folder = try project("app.flow.yaml")
        defer { try? FileManager.default.removeItem(at: folder) }
        for index in 1...2 {
            let shard = try runFlowc(["explore", "hold", "--depth", "8", "--shard", "\(index)/2", "--output", "s\(index)"], in: folder)
            #expect(shard.status == 0 || shard.status == 1, "\(shard.stderr)")
        }
        let merged = try runFlowc(["explore", "hold", "--merge", "s2/hold/shard-2-of-2/explore.json", "s1/hold/shard-1-of-2/explore.json",
                                   "--output", "out"], in: folder)
        #expect(merged.status == 1, "the violation one shard found fails the merged run")
        #expect(merged.stdout.hasPrefix("hold (merged from 2 shards): "), "\(merged.stdout)")
        #expect(merged.stdout.contains("  ✗ property 'money_is_kept' broken: balance + held + spent == 100.00 GBP does not hold on failed\n"
                                       + "    path: send tap_pay → advance 30s → outcome bank.debit.failed\n"), "\(merged.stdout)")
        #expect(read(folder, "out/hold/explore.json").contains("\"shards\" : 2,"))
        let missing = try runFlowc(["explore", "hold", "--merge", "s1/hold/shard-1-of-2/explore.json", "--output", "out"], in: folder)
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("shard 2/2 is missing; merge the results of all 2 shards"), "\(missing.stderr)")
    }
}
