#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlowTestSupport
import Foundation
import Testing

/// `flowc run` for a person: each case of `Tests/Fixtures/run-sessions/<case>/` runs `flowc` with the lines of
/// `arguments`, types `input`, and compares standard output and error with `expected.stdout` / `expected.stderr`
/// (the change line after each command, `state`, replays, refusals: every message, exactly).
@Suite struct PersonAtTerminalTests {
    static let folder = fixturesDirectory().appendingPathComponent("run-sessions")
    static let cases = ["bad-options", "change-lines", "engine-decisions", "raised-event", "refusals-and-help", "replay-scenario", "start-with-state"]

    @Test func everyCaseFolderIsListed() throws {
        let found = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).sorted()
        #expect(found == Self.cases)
    }

    @Test(arguments: cases)
    func sessionMatchesGolden(name: String) async throws {
        let folder = Self.folder.appendingPathComponent(name)
        let arguments = try String(contentsOf: folder.appendingPathComponent("arguments"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let input = try String(contentsOf: folder.appendingPathComponent("input"), encoding: .utf8)
        let result = try await runFlowc(arguments, in: packageRoot(), input: input)
        assertMatchesGolden(result.stdout, golden: folder.appendingPathComponent("expected.stdout"))
        assertMatchesGolden(result.stderr + "exit status \(result.status)\n", golden: folder.appendingPathComponent("expected.stderr"))
    }

    /// In a pseudo-terminal, as a person types: the line editor takes Backspace, ↑ (the last command again),
    /// ← and Tab (completion of the screen's events), and never echoes an escape sequence as `^[[A`.
    @Test func aPersonAtATerminalEditsRecallsAndCompletes() throws {
        let terminal = try PseudoTerminal(arguments: ["run", "tempo"], in: packageRoot())
        defer { terminal.close() }
        try terminal.waitFor("tempo> ")
        try terminal.type("advance 2s\r")
        try terminal.waitFor("→ ONB-001 · Welcome")
        try terminal.waitFor("tempo> ")
        try terminal.type("tap_log_inx\u{7F}\r")                  // a typo taken back with Backspace
        try terminal.waitFor("→ ONB-002 · Log In")
        try terminal.waitFor("tempo> ")
        try terminal.type("tap_b\t\r")                            // Tab completes the only event starting so
        try terminal.waitFor("tap_back: ONB-002 → ONB-001")
        try terminal.waitFor("tempo> ")
        try terminal.type("\u{1B}[A\u{1B}[A\r")                   // ↑ ↑: the command before the last, tap_log_in
        try terminal.waitFor("tap_log_in: ONB-001 → ONB-002")
        try terminal.waitFor("tempo> ")
        try terminal.type("fill keycod 480317\u{1B}[D\u{1B}[D\u{1B}[D\u{1B}[D\u{1B}[D\u{1B}[D\u{1B}[De\r")   // ← seven times, insert the missing e
        try terminal.waitFor("field keycode: (empty) → \"480317\"")
        try terminal.waitFor("tempo> ")
        try terminal.type("quit\r")
        let output = try terminal.waitForExit()
        #expect(!output.contains("^[[A") && !output.contains("^[[D"), "escape sequences echoed:\n\(output)")
        #expect(!output.contains("error:"), "\(output)")
    }

    /// `show` at a terminal: the screen's texts with their values filled in, and the state one variable a line, a
    /// record field by field (it used to be one line of about 2,900 characters, wrapped by the terminal).
    @Test func showReadsAsLinesWithTheScreensTexts() throws {
        let terminal = try PseudoTerminal(arguments: ["run", "tempo", "--start", "WAL-001", "--state", "{\"balance\": \"120.00 GBP\", \"logged_in\": true}"],
                                          in: packageRoot())
        defer { terminal.close() }
        try terminal.waitFor("tempo> ")
        try terminal.type("show\r")
        try terminal.waitFor("  texts:\r\n    last_updated: \"Last updated 0 min ago\"\r\n")
        try terminal.waitFor("  state:\r\n    plan = null\r\n    applicant:\r\n      address = null\r\n")
        try terminal.waitFor("    balance = 120.00 GBP\r\n")
        try terminal.waitFor("tempo> ")
        try terminal.type("quit\r")
        let output = try terminal.waitForExit()
        let longest = output.components(separatedBy: "\r\n").filter { !$0.hasPrefix("  events:") && !$0.hasPrefix("  next:") && !$0.hasPrefix("  anywhere in") }
            .map(\.count).max() ?? 0
        #expect(longest <= 160, "a line of \(longest) characters:\n\(output)")
    }

    /// The script's JSON carries the screen's texts, as `show` does.
    @Test func theScriptsJSONCarriesTheScreensTexts() async throws {
        let result = try await runFlowc(["run", "tempo", "--start", "WAL-001", "--state", "{\"logged_in\": true}", "--script", "-"], in: packageRoot(),
                                  input: "{\"advance\": \"1s\"}\n")
        let objects = result.stdout.split(separator: "\n").compactMap { try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        #expect(objects.count == 2, "\(result.stdout)\(result.stderr)")
        #expect((objects.last?["texts"] as? [String: String])?["last_updated"] == "Last updated 0 min ago", "\(result.stdout)")
    }
}

/// Keys the editor does not use (PgUp, PgDn, F1, F5, Ctrl-→, Insert) send escape sequences of several bytes;
/// each is read whole and dropped, so none leaves `~`, `5~` or `P` in the line (`advance 2s` still runs).
@Suite struct EscapeSequenceTests {
    @Test func keysTheEditorDoesNotUseLeaveNothingOnTheLine() throws {
        let terminal = try PseudoTerminal(arguments: ["run", "tempo"], in: packageRoot())
        defer { terminal.close() }
        try terminal.waitFor("tempo> ")
        // PgUp, F5, F1 (SS3), Ctrl-→, Insert, PgDn, then the command, then Home and End (ESC [ 1 ~, ESC [ 4 ~).
        try terminal.type("\u{1B}[5~\u{1B}[15~\u{1B}OP\u{1B}[1;5C\u{1B}[2~\u{1B}[6~advance 2s\u{1B}[1~\u{1B}[4~\r")
        try terminal.waitFor("→ ONB-001 · Welcome")
        try terminal.waitFor("tempo> ")
        // Home then typing at the start: `x` lands before the command, so the line is refused as `xtap_log_in`.
        try terminal.type("tap_log_in\u{1B}[Hx\r")
        try terminal.waitFor("xtap_log_in")
        try terminal.waitFor("tempo> ")
        try terminal.type("quit\r")
        let output = try terminal.waitForExit()
        #expect(!output.contains("~"), "a part of an escape sequence reached the line:\n\(output)")
        #expect(!output.contains("5;"), "\(output)")
    }
}

/// A `flowc` process on a pseudo-terminal: `type` writes as keys, `waitFor` reads until the text has appeared.
final class PseudoTerminal {
    let process = Process()
    private var master: Int32 = -1
    private var seen = ""
    private var consumed = 0

    init(arguments: [String], in directory: URL) throws {
        var slave: Int32 = -1
        guard openpty(&master, &slave, nil, nil, nil) == 0 else { throw POSIXError(.ENOTTY) }
        guard let executable = flowcExecutable() else { throw POSIXError(.ENOENT) }
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm"
        environment["NO_COLOR"] = "1"
        process.environment = environment
        let handle = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process.standardInput = handle
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
    }

    func type(_ keys: String) throws {
        let bytes = Array(keys.utf8)
        guard bytes.withUnsafeBytes({ write(master, $0.baseAddress, bytes.count) }) == bytes.count else { throw POSIXError(.EIO) }
    }

    /// Reads until `text` appears after what earlier waits consumed: `defaultProcessTimeout` at most, a guard against a
    /// hang (the wait ends as soon as the text is there; a minute was not enough for Tempo's first prompt at load 30).
    func waitFor(_ text: String) throws {
        let deadline = Date().addingTimeInterval(defaultProcessTimeout)
        while true {
            if let range = seen.range(of: text, range: seen.index(seen.startIndex, offsetBy: consumed)..<seen.endIndex) {
                consumed = seen.distance(from: seen.startIndex, to: range.upperBound)
                return
            }
            guard Date() < deadline, readSome(timeout: 200) || process.isRunning else {
                Issue.record("timed out waiting for \"\(text)\"; the terminal shows:\n\(seen)")
                throw POSIXError(.ETIMEDOUT)
            }
        }
    }

    func waitForExit() throws -> String {
        let deadline = Date().addingTimeInterval(defaultProcessTimeout)
        while process.isRunning && Date() < deadline { _ = readSome(timeout: 100) }
        while readSome(timeout: 50) {}
        return seen
    }

    @discardableResult
    private func readSome(timeout milliseconds: Int32) -> Bool {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = read(master, &buffer, buffer.count)
        guard count > 0 else { return false }
        seen += String(decoding: buffer[0..<count], as: UTF8.self)
        return true
    }

    func close() {
        // SIGKILL, not terminate(): the test runner's threads block SIGTERM, and a child inherits the mask.
        if process.isRunning { kill(process.processIdentifier, SIGKILL); process.waitUntilExit() }
        #if canImport(Glibc)
        if master >= 0 { Glibc.close(master); master = -1 }
        #else
        if master >= 0 { Darwin.close(master); master = -1 }
        #endif
    }
}
