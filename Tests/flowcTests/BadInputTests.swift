import Foundation
import FlowTestSupport
import Testing

/// The bad-input corpus: each case must end in diagnostics and exit status 1, quickly, with
/// nothing written to the output folder.
@Suite(.serialized) struct BadInputTests {
    static let header = "app:\n  name: Bad\n  currency: GBP\n  locale: en-GB\n  start: main\n"

    /// A fresh folder holding `flows/bad/` with the given root file bytes and extra files.
    func project(root: [UInt8], extra: [String: [UInt8]] = [:]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-bad-\(UUID().uuidString)")
        let app = folder.appendingPathComponent("flows/bad")
        try FileManager.default.createDirectory(at: app, withIntermediateDirectories: true)
        try Data(root).write(to: app.appendingPathComponent("app.flow.yaml"))
        for (name, bytes) in extra {
            try Data(bytes).write(to: app.appendingPathComponent(name))
        }
        return folder
    }

    func expectRejected(_ folder: URL, code: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        // A guard against hangs and quadratic blow-ups (the million-character name once took 155 s), not a
        // performance target (those live in Benchmarks/): flowc is killed and the test fails after a minute.
        let result = try await runFlowc(["build", "flows", "--output", "out"], in: folder, timeout: 60)
        #expect(result.status == 1, "exit status", sourceLocation: sourceLocation)
        #expect(result.stderr.contains("[\(code)]"), "stderr lacks [\(code)]:\n\(result.stderr.prefix(2000))", sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path), "something was written", sourceLocation: sourceLocation)
        print("bad input [\(code)]: exit \(result.status) in \(String(format: "%.3f", result.seconds)) s")
    }

    @Test func aMillionCharacterUnknownName() async throws {
        // The did-you-mean search once cost name length × candidates: 155 s for this name.
        let name = String(repeating: "X", count: 1_000_000)
        let yaml = Self.header + "flows:\n  main:\n    start: A-1\n    screens:\n      A-1: { name: A, on: { go: \(name) } }\n"
        try await expectRejected(project(root: Array(yaml.utf8)), code: "unknown-target")
    }

    @Test func namesTooLongForAFileName() async throws {
        // Once, check passed and build failed half-way with "File name too long" and no position.
        let long = String(repeating: "x", count: 300)
        let yaml = "app:\n  name: Bad\n  id: \(long)\n  currency: GBP\n  locale: en-GB\n  start: \(long)\nflows:\n  \(long):\n    start: A-1\n    screens:\n      A-1: { name: A, terminal: true }\n"
        try await expectRejected(project(root: Array(yaml.utf8)), code: "invalid-name")
    }

    @Test func bareTextInAnExpressionSaysToQuoteIt() async throws {
        let yaml = Self.header + "state:\n  email: { type: text, initial: ada@example.com }\nflows:\n  main:\n    start: A-1\n    screens:\n      A-1: { name: A, terminal: true }\n"
        let folder = try project(root: Array(yaml.utf8))
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await runFlowc(["check", "--color", "never"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr.contains("= note: text needs inner quotes: write \"'ada@example.com'\""), "\(result.stderr)")
    }

    @Test func malformedYAML() async throws {
        try await expectRejected(project(root: Array((Self.header + "flows: [main: {start\n").utf8)), code: "yaml-syntax")
    }

    @Test func tabIndentation() async throws {
        try await expectRejected(project(root: Array((Self.header + "flows:\n\tmain:\n\t\tstart: A-1\n").utf8)), code: "tab-indentation")
    }

    @Test func duplicateKeys() async throws {
        let text = Self.header + "flows:\n  main:\n    start: A-1\n    screens:\n      A-1:\n        name: A\n        name: B\n        terminal: true\n"
        try await expectRejected(project(root: Array(text.utf8)), code: "duplicate-key")
    }

    @Test func aliasBomb() async throws {
        var text = Self.header + "types:\n  T:\n    enum: &a0 [x, y]\n"
        text += "x0: &b0 [*a0, *a0]\n"
        for level in 1...40 {
            text += "x\(level): &b\(level) [*b\(level - 1), *b\(level - 1)]\n"
        }
        try await expectRejected(project(root: Array(text.utf8)), code: "alias-limit")
    }

    @Test func tenThousandDeepNesting() async throws {
        let text = Self.header + "flows: " + String(repeating: "[", count: 10_000) + String(repeating: "]", count: 10_000) + "\n"
        try await expectRejected(project(root: Array(text.utf8)), code: "nesting-too-deep")
    }

    @Test func fiftyMegabyteFile() async throws {
        var bytes = Array((Self.header + "questions:\n").utf8)
        let line = Array("  # padding padding padding padding padding padding padding padding padding padding\n".utf8)
        bytes.reserveCapacity(50 * 1024 * 1024 + line.count)
        while bytes.count < 50 * 1024 * 1024 { bytes += line }
        try await expectRejected(project(root: bytes), code: "file-too-large")
    }

    @Test func invalidUTF8() async throws {
        let bytes = Array((Self.header + "flows:\n  main:\n    title: caf").utf8) + [0xE9] + Array(" menu\n".utf8)
        try await expectRejected(project(root: bytes), code: "invalid-utf8")
    }

    @Test func includeReachingOutOfTheApp() async throws {
        let text = Self.header + "include:\n  - ../../etc/passwd\n"
        try await expectRejected(project(root: Array(text.utf8)), code: "include-outside-app")
    }

    @Test func includeThroughASymlinkOutOfTheApp() async throws {
        let folder = try project(root: Array((Self.header + "include:\n  - escape.flow.yaml\n").utf8))
        let outside = folder.appendingPathComponent("outside.flow.yaml")
        try Data("flows: {}\n".utf8).write(to: outside)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("flows/bad/escape.flow.yaml"), withDestinationURL: outside)
        try await expectRejected(folder, code: "include-outside-app")
    }

    @Test func binaryGarbage() async throws {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let folder = try project(root: bytes)
        defer { try? FileManager.default.removeItem(at: folder) }
        // A guard against hangs and quadratic blow-ups (the million-character name once took 155 s), not a
        // performance target (those live in Benchmarks/): flowc is killed and the test fails after a minute.
        let result = try await runFlowc(["build", "flows", "--output", "out"], in: folder, timeout: 60)
        #expect(result.status == 1)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("out").path))
    }
}
