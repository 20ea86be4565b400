import Foundation
import Testing

/// The `Tests/Fixtures` folder, found from the calling test file's path.
public func fixturesDirectory(filePath: String = #filePath) -> URL {
    var url = URL(fileURLWithPath: filePath)
    while url.pathComponents.count > 1 {
        url.deleteLastPathComponent()
        let candidate = url.appendingPathComponent("Fixtures")
        if url.lastPathComponent == "Tests", FileManager.default.fileExists(atPath: candidate.path) { return candidate }
    }
    return URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("../Fixtures").standardizedFileURL
}

/// The package root (the folder holding Package.swift), found from the calling test file's path.
public func packageRoot(filePath: String = #filePath) -> URL {
    fixturesDirectory(filePath: filePath).deletingLastPathComponent().deletingLastPathComponent()
}

/// Whether this run rewrites golden files (`RECORD_GOLDENS=1 swift test`).
public var isRecordingGoldens: Bool { ProcessInfo.processInfo.environment["RECORD_GOLDENS"] == "1" }

/// Compares `actual` with the golden file's bytes; on a difference, records an issue with a line diff.
///
/// With `RECORD_GOLDENS=1` the golden file is rewritten and the test fails with
/// "recorded new baseline", so a recording run is never mistaken for a passing one.
public func assertMatchesGolden(_ actual: String, golden: URL, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    if isRecordingGoldens {
        try? FileManager.default.createDirectory(at: golden.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? Data(actual.utf8).write(to: golden)
        Issue.record("recorded new baseline: \(golden.path)", sourceLocation: sourceLocation)
        return
    }
    guard let data = FileManager.default.contents(atPath: golden.path) else {
        Issue.record("missing golden file \(golden.path); run RECORD_GOLDENS=1 swift test", sourceLocation: sourceLocation)
        return
    }
    let expected = String(decoding: data, as: UTF8.self)
    guard expected != actual else { return }
    Issue.record("output differs from \(golden.lastPathComponent):\n\(lineDiff(expected: expected, actual: actual))", sourceLocation: sourceLocation)
}

/// A short diff: the first differing lines, marked `-` (expected) and `+` (actual).
public func lineDiff(expected: String, actual: String) -> String {
    let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
    let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
    var out: [String] = []
    for index in 0..<max(a.count, b.count) {
        let left = index < a.count ? String(a[index]) : nil
        let right = index < b.count ? String(b[index]) : nil
        if left != right {
            if let left { out.append("- \(index + 1): \(left)") }
            if let right { out.append("+ \(index + 1): \(right)") }
        }
        if out.count > 40 { out.append("..."); break }
    }
    return out.joined(separator: "\n")
}
