import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// The result of running a child process (the built `flowc`, swiftc, python).
public struct ProcessResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    public var seconds: Double
}

/// A child process that ran past its time limit: it was killed, and what it printed so far is kept.
public struct ProcessTimedOut: Error, CustomStringConvertible {
    public var command: String
    public var seconds: Double
    public var stdout: String
    public var stderr: String
    public var description: String {
        "\(command) did not finish within \(Int(seconds)) s and was killed; it printed:\n\(stdout)\n\(stderr)"
    }
}

/// How long a child process may run before it is killed and the test fails: a guard against hangs, far above any
/// honest run on a loaded machine (performance targets live in Benchmarks/, never in tests).
public let defaultProcessTimeout: Double = 300

/// The built `flowc` next to the test bundle (SwiftPM puts products in one folder).
public func flowcExecutable() -> URL? {
    var candidates: [URL] = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
    if let first = CommandLine.arguments.first {
        candidates.append(URL(fileURLWithPath: first).deletingLastPathComponent())
    }
    for folder in candidates {
        let url = folder.appendingPathComponent("flowc")
        if FileManager.default.isExecutableFile(atPath: url.path) { return url }
    }
    return nil
}

/// Runs `flowc` with `arguments` in `directory`, capturing both streams (see `runProcess`).
public func runFlowc(_ arguments: [String], in directory: URL, environment: [String: String] = [:], input: String? = nil,
                     timeout: Double = defaultProcessTimeout) throws -> ProcessResult {
    guard let executable = flowcExecutable() else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "flowc executable not found next to the tests"])
    }
    return try runProcess(executable, arguments, in: directory, environment: environment.merging(["NO_COLOR": "1"]) { mine, _ in mine },
                          input: input, timeout: timeout)
}

/// `runFlowc`, waiting without holding a thread: Swift Testing runs tests on as many threads as there are cores, and a
/// test blocked on a child process keeps every other test off that core until the child ends. The child runs on its
/// own thread; the test is suspended meanwhile.
public func runFlowc(_ arguments: [String], in directory: URL, environment: [String: String] = [:], input: String? = nil,
                     timeout: Double = defaultProcessTimeout) async throws -> ProcessResult {
    try await offTheTestThreads { try runFlowc(arguments, in: directory, environment: environment, input: input, timeout: timeout) }
}

/// `runProcess`, waiting without holding a thread (see the async `runFlowc`).
public func runProcess(_ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
                       input: String? = nil, timeout: Double = defaultProcessTimeout) async throws -> ProcessResult {
    try await offTheTestThreads { try runProcess(executable, arguments, in: directory, environment: environment, input: input, timeout: timeout) }
}

/// Runs blocking work on a thread of its own and suspends the caller until it ends. At most one child per core runs
/// at a time: with no thread held, every test that starts a child would otherwise start it at once, and a few dozen
/// children on two cores push honest runs past their time limits.
private func offTheTestThreads<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
    await ChildProcessSlots.shared.acquire()
    let result = await withCheckedContinuation { (continuation: CheckedContinuation<Swift.Result<Result, any Error>, Never>) in
        Thread.detachNewThread { continuation.resume(returning: Swift.Result { try work() }) }
    }
    await ChildProcessSlots.shared.release()
    return try result.get()
}

/// Places for child processes, waited for in turn.
private actor ChildProcessSlots {
    static let shared = ChildProcessSlots(count: max(2, ProcessInfo.processInfo.activeProcessorCount))
    private var free: Int
    private var waiting: [CheckedContinuation<Void, Never>] = []

    init(count: Int) { free = count }

    func acquire() async {
        if free > 0 {
            free -= 1
            return
        }
        await withCheckedContinuation { waiting.append($0) }
    }

    func release() {
        if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
    }
}

/// Runs a program to its end, capturing both streams.
///
/// The child gets nothing of the test runner's: its standard input is `input` (or /dev/null), its output goes to
/// pipes read at once on two threads (reading one to its end first would leave the child blocked on a full other
/// pipe), and the input is written on a third (a child that answers before reading all of it cannot block the
/// writer). A child still running after `timeout` seconds gets SIGKILL (the runner's threads block SIGTERM, and a
/// child inherits that mask) and the call throws `ProcessTimedOut`.
public func runProcess(_ executable: URL, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
                       input: String? = nil, timeout: Double = defaultProcessTimeout) throws -> ProcessResult {
    // A child that exits before reading all its input must not take the test runner down with SIGPIPE.
    signal(SIGPIPE, SIG_IGN)
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = directory }
    var env = ProcessInfo.processInfo.environment
    // Every child seeds its hash function afresh, as flowc does for its users: an output that follows a Set's or a
    // Dictionary's order then differs between two runs (see CrossProcessDeterminismTests).
    env["SWIFT_DETERMINISTIC_HASHING"] = nil
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let stdin = Pipe()
    process.standardInput = input == nil ? FileHandle.nullDevice : stdin
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    let start = Date()
    try process.run()
    let outputReader = PipeReader(out.fileHandleForReading)
    let errorReader = PipeReader(err.fileHandleForReading)
    if let input {
        let writing = stdin.fileHandleForWriting
        DispatchQueue.global().async {
            try? writing.write(contentsOf: Data(input.utf8))
            try? writing.close()
        }
    }
    if exited.wait(timeout: .now() + timeout) == .timedOut {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        throw ProcessTimedOut(command: ([executable.lastPathComponent] + arguments).joined(separator: " ").prefix(300).description, seconds: timeout,
                              stdout: String(decoding: outputReader.wait(seconds: 5), as: UTF8.self),
                              stderr: String(decoding: errorReader.wait(seconds: 5), as: UTF8.self))
    }
    process.waitUntilExit()
    // The pipes end when the child exits (it starts nothing that could hold them open); the wait is bounded anyway.
    let outData = outputReader.wait(seconds: 60)
    let errData = errorReader.wait(seconds: 60)
    return ProcessResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self), seconds: Date().timeIntervalSince(start))
}

/// Reads a pipe to its end on another thread.
private final class PipeReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var data = Data()

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                lock.lock(); data.append(chunk); lock.unlock()
            }
            done.signal()
        }
    }

    /// What was read once the pipe ended, or what was read so far after `seconds`.
    func wait(seconds: Double) -> Data {
        _ = done.wait(timeout: .now() + seconds)
        lock.lock()
        defer { lock.unlock() }
        return data
    }
}
