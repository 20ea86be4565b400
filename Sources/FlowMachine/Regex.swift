// Part of FlowMachine, the runtime library every generated module imports.

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
        // The empty pattern matches everywhere, as in the interpreter (CEL, RE2); ICU refuses it.
        guard let compiled = try? NSRegularExpression(pattern: pattern.isEmpty ? "(?:)" : pattern) else { return nil }
        if entries.count >= 256 { entries.removeAll(keepingCapacity: true) }
        entries[pattern] = compiled
        return compiled
    }
}

/// CEL `matches`: whether the pattern matches anywhere in `text`.
@_spi(Generated) public func matches(_ text: String, _ pattern: String) throws -> Bool {
    guard let regex = RegexCache.shared.regex(for: pattern) else { throw FlowFailure("invalid regular expression '\(pattern)'") }
    return regex.firstMatch(in: text, range: NSRange(text.startIndex..<text.endIndex, in: text)) != nil
}

/// A validation `pattern:`: the whole text must match.
@_spi(Generated) public func matchesWhole(_ text: String, _ pattern: String) -> Bool {
    guard let regex = RegexCache.shared.regex(for: pattern) else { return false }
    let range = NSRange(text.startIndex..., in: text)
    guard let match = regex.firstMatch(in: text, options: [.anchored], range: range) else { return false }
    return match.range.location == 0 && match.range.length == range.length
}
