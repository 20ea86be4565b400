import FlowTestSupport
import Foundation
import Testing

/// Outputs are the same bytes on every run. Swift seeds its hash function afresh in each process (unless
/// SWIFT_DETERMINISTIC_HASHING is set, which `runProcess` takes out of the children's environment), so an output
/// that follows a Set's or a Dictionary's order passes a test comparing two runs in one process and differs
/// between two processes: these tests run `flowc` twice and compare what each run wrote, byte for byte.
@Suite(.serialized) struct CrossProcessDeterminismTests {
    /// A scratch project holding a copy of flows/ (two output folders of equal depth, so the reports' links
    /// climbing back to the flow files are the same text).
    static func project(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-determinism-\(name)-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: packageRoot().appendingPathComponent("flows"), to: folder.appendingPathComponent("flows"))
        return folder
    }

    /// Every file under `folder`, by path relative to it.
    static func files(under folder: URL) -> [String: Data] {
        var files: [String: Data] = [:]
        let prefix = folder.standardizedFileURL.path + "/"
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey]) else { return [:] }
        for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
            files[String(url.standardizedFileURL.path.dropFirst(prefix.count))] = FileManager.default.contents(atPath: url.path)
        }
        return files
    }

    /// The two runs wrote the same files with the same bytes; names the first lines that differ.
    static func expectSameFiles(_ first: URL, _ second: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let a = files(under: first)
        let b = files(under: second)
        #expect(!a.isEmpty, "the first run wrote nothing", sourceLocation: sourceLocation)
        #expect(a.keys.sorted() == b.keys.sorted(), "the two runs wrote different files", sourceLocation: sourceLocation)
        for (path, bytes) in a.sorted(by: { $0.key < $1.key }) where b[path] != bytes {
            Issue.record("\(path) differs between two processes:\n\(lineDiff(expected: String(decoding: bytes, as: UTF8.self), actual: String(decoding: b[path] ?? Data(), as: UTF8.self)))",
                         sourceLocation: sourceLocation)
        }
    }

    /// What the build test builds: Tempo by default (the largest app: lists, translations, sub-flows, timers, every
    /// report), all four with `DETERMINISM_APPS=all` (a long run: two debug builds of the four apps took over three
    /// minutes of a sequential test run on the loaded machine). CI's `flowc build --check` compares a fresh process's
    /// build of all four with the committed bytes as well.
    static let buildInput = ProcessInfo.processInfo.environment["DETERMINISM_APPS"] == "all" ? "flows" : "flows/tempo"

    /// `flowc build`: inventory, generated Swift, acceptance, coverage, JUnit and property reports.
    @Test func buildWritesTheSameBytesInTwoProcesses() async throws {
        let project = try Self.project("build")
        defer { try? FileManager.default.removeItem(at: project) }
        for output in ["out-a", "out-b"] {
            let build = try await runFlowc(["build", Self.buildInput, "--output", output], in: project)
            #expect(build.status == 0, "\(build.stderr)")
        }
        #expect(Self.files(under: project.appendingPathComponent("out-a")).keys.contains("reports/tempo/acceptance.json"))
        Self.expectSameFiles(project.appendingPathComponent("out-a"), project.appendingPathComponent("out-b"))
    }

    /// `flowc explore --json` (its standard output and the files it writes) and a bounded `flowc mutate`.
    @Test func exploreAndMutateWriteTheSameBytesInTwoProcesses() async throws {
        let project = try Self.project("explore")
        defer { try? FileManager.default.removeItem(at: project) }
        var printed: [String] = []
        for output in ["out-a", "out-b"] {
            let explore = try await runFlowc(["explore", "yole", "--depth", "5", "--states", "400", "--json", "--suite", "--output", "\(output)/explore"], in: project)
            #expect([0, 1].contains(explore.status), "\(explore.stderr)")
            printed.append(explore.stdout)
            let mutate = try await runFlowc(["mutate", "tempo", "--limit", "25", "--output", "\(output)/mutate"], in: project)
            #expect(mutate.status == 0, "\(mutate.stderr)")
        }
        #expect(printed[0].hasPrefix("{"), "\(printed[0].prefix(200))")
        #expect(printed[0] == printed[1], "explore --json printed different JSON:\n\(lineDiff(expected: printed[0], actual: printed[1]))")
        Self.expectSameFiles(project.appendingPathComponent("out-a"), project.appendingPathComponent("out-b"))
    }
}
