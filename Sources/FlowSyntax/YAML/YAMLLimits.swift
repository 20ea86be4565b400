/// Bounds that keep hostile or broken input from exhausting time or memory.
public struct YAMLLimits: Sendable, Hashable {
    /// Largest file read at all; bigger files are rejected before reading.
    public var maxFileBytes: Int
    /// Deepest nesting of collections.
    public var maxDepth: Int
    /// Most nodes a document may have once aliases are expanded (a billion-laughs guard).
    public var maxNodes: Int

    public init(maxFileBytes: Int = 16 * 1024 * 1024, maxDepth: Int = 64, maxNodes: Int = 2_000_000) {
        self.maxFileBytes = maxFileBytes
        self.maxDepth = maxDepth
        self.maxNodes = maxNodes
    }

    public static let `default` = YAMLLimits()
}
