import FlowSource

/// One node of a YAML document, with where it starts and ends in the file.
///
/// Scalars keep their source text untouched: whether `NO`, `on` or `0012` is a country code,
/// an event name or a number is decided by the field that reads it, never by the loader.
public struct YAMLNode: Sendable {
    public enum ScalarStyle: Sendable, Hashable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    public struct Pair: Sendable {
        public var key: YAMLNode
        public var value: YAMLNode
    }

    /// Not `indirect`: the arrays already hold children out of line, and a box per node would cost
    /// one allocation for every scalar of the file.
    public enum Content: Sendable {
        case scalar(String, ScalarStyle)
        case sequence([YAMLNode])
        case mapping([Pair])
    }

    public var content: Content
    public var range: SourceRange
    /// An explicit tag such as `!!str`, kept so that a stray `!` at the start of an
    /// unquoted expression can be reported instead of silently swallowed.
    public var tag: String?

    public init(_ content: Content, range: SourceRange, tag: String? = nil) {
        self.content = content
        self.range = range
        self.tag = tag
    }

    /// The scalar's text, or nil for collections.
    public var scalar: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// A plain `null`, `~` or empty scalar: YAML's ways of writing "nothing".
    public var isNull: Bool {
        guard case .scalar(let text, .plain) = content, tag == nil else { return false }
        return text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
    }

    /// What kind of node this is, as a user would name it in a message.
    public var kindDescription: String {
        switch content {
        case .scalar: isNull ? "nothing" : "a scalar"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }
}
