import FlowTestSupport
import Foundation
import Testing

/// What one swiftc run said.
struct SwiftcResult: Sendable {
    var status: Int32
    var output: String

    /// Each error's message, by the name of the file it is in (`Sends.swift: [...]`), in the order swiftc printed them.
    var errorsByFile: [String: [String]] {
        var errors: [String: [String]] = [:]
        for line in output.split(separator: "\n") {
            guard let marker = line.range(of: ": error: ") else { continue }
            // `/tmp/…/Sends.swift:3:50`: the path, then the line and column.
            let place = line[..<marker.lowerBound].split(separator: ":")
            guard let path = place.first else { continue }
            errors[URL(fileURLWithPath: String(path)).lastPathComponent, default: []].append(String(line[marker.upperBound...]))
        }
        return errors
    }
}

/// Runs swiftc without holding one of Swift Testing's threads; nil when it cannot be started.
func swiftc(_ arguments: [String]) async -> SwiftcResult? {
    guard let result = try? await runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["swiftc"] + arguments, timeout: 600) else { return nil }
    return SwiftcResult(status: result.status, output: result.stderr)
}

/// The modules SwiftPM built for the tests (FlowMachine, SmallFlow, TempoFlow...), beside the test bundle; nil, with
/// an issue recorded, when they are not there.
func builtTestModules() -> URL? {
    let modules = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("Modules")
    guard FileManager.default.fileExists(atPath: modules.appendingPathComponent("FlowMachine.swiftmodule").path) else {
        Issue.record("no FlowMachine.swiftmodule in \(modules.path)")
        return nil
    }
    return modules
}
