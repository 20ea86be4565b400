import Foundation

/// The result of running the built `flowc` executable.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var stdout: String
    public var stderr: String
    public var seconds: Double
}

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

/// Runs `flowc` with `arguments` in `directory`, capturing both streams.
public func runFlowc(_ arguments: [String], in directory: URL, environment: [String: String] = [:], input: String? = nil) throws -> ProcessResult {
    guard let executable = flowcExecutable() else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSLocalizedDescriptionKey: "flowc executable not found next to the tests"])
    }
    let process = Process()
    process.executableURL = executable
    process.arguments = arguments
    process.currentDirectoryURL = directory
    var env = ProcessInfo.processInfo.environment
    env["NO_COLOR"] = "1"
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    let stdin = Pipe()
    if input != nil { process.standardInput = stdin }
    let start = Date()
    try process.run()
    if let input {
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
    }
    // Read both pipes at once, before waiting: reading one to its end first would leave the child blocked
    // on a full other pipe (64 KiB) when it writes a lot to both.
    let errorReader = PipeReader(err.fileHandleForReading)
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = errorReader.wait()
    process.waitUntilExit()
    return ProcessResult(status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
                         stderr: String(decoding: errData, as: UTF8.self), seconds: Date().timeIntervalSince(start))
}

/// Reads a pipe to its end on another thread.
private final class PipeReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var data = Data()

    init(_ handle: FileHandle) {
        DispatchQueue.global().async {
            self.data = handle.readDataToEndOfFile()
            self.done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

