/// Which scenarios a run takes, by name or glob (`--scenario login_*`, repeatable): `*` stands for any run of
/// characters, `?` for one, anything else for itself. `flowc test` and `flowc mutate` share it, so a pattern
/// means the same in both.
public struct ScenarioFilter: Sendable, Equatable {
    public var patterns: [String]

    public init(_ patterns: [String]) {
        self.patterns = patterns
    }

    /// Whether `name` matches one of the patterns.
    public func matches(_ name: String) -> Bool {
        patterns.contains { Self.glob(Array($0), matches: Array(name)) }
    }

    /// The patterns that match none of `names`: each is a mistake worth saying.
    public func unmatched(among names: [String]) -> [String] {
        patterns.filter { pattern in !names.contains { Self.glob(Array(pattern), matches: Array($0)) } }
    }

    /// Glob matching with `*` and `?`, iterative (backtracks only to the last `*`), so a long name cannot blow up.
    static func glob(_ pattern: [Character], matches name: [Character]) -> Bool {
        var p = 0, n = 0
        var star: Int? = nil, resume = 0
        while n < name.count {
            if p < pattern.count, pattern[p] == "?" || pattern[p] == name[n] {
                p += 1; n += 1
            } else if p < pattern.count, pattern[p] == "*" {
                star = p; resume = n; p += 1
            } else if let star {
                p = star + 1; resume += 1; n = resume
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == "*" { p += 1 }
        return p == pattern.count
    }
}
