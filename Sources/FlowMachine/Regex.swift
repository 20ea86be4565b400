// Part of FlowMachine, the runtime library every generated module imports.

@_spi(Generated) import FlowValues
import Foundation

/// Compiled patterns, shared by every evaluation; NSRegularExpression is safe to use from any thread.
@_spi(Generated) public final class RegexCache: @unchecked Sendable {
    public static let shared = RegexCache()
    private let lock = NSLock()
    private var entries: [String: NSRegularExpression] = [:]

    public func regex(for pattern: String) -> NSRegularExpression? {
        lock.lock()
        defer { lock.unlock() }
        if let cached = entries[pattern] { return cached }
        guard let compiled = compilePattern(pattern) else { return nil }
        if entries.count >= 256 { entries.removeAll(keepingCapacity: true) }
        entries[pattern] = compiled
        return compiled
    }
}

/// CEL `matches`: whether the pattern matches anywhere in `text`.
@_spi(Generated) public func matches(_ text: String, _ pattern: String) throws -> Bool {
    guard let regex = RegexCache.shared.regex(for: pattern) else { throw FlowFailure("invalid regular expression '\(pattern)'") }
    return searches(regex, text)
}

/// A validation `pattern:`: the whole text must match.
@_spi(Generated) public func matchesWhole(_ text: String, _ pattern: String) -> Bool {
    guard let regex = RegexCache.shared.regex(for: pattern) else { return false }
    let range = NSRange(text.startIndex..., in: text)
    guard let match = regex.firstMatch(in: text, options: [.anchored], range: range) else { return false }
    return match.range.location == 0 && match.range.length == range.length
}
