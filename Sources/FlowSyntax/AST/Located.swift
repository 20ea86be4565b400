import FlowSource

/// A value read from the source, with the range it was read from.
public struct Located<Value: Sendable>: Sendable {
    public var value: Value
    public var range: SourceRange

    public init(_ value: Value, at range: SourceRange) {
        self.value = value
        self.range = range
    }
}

extension Located: Equatable where Value: Equatable {}
extension Located: Hashable where Value: Hashable {}

/// The source text of an expression or type written in a YAML scalar, with what is needed to
/// turn a column inside the text back into a file position.
public struct ExpressionSource: Sendable, Hashable {
    /// The text and how it maps onto the file.
    public var origin: ExpressionOrigin
    public var text: String { origin.text }
    /// The whole scalar's range in the file.
    public var range: SourceRange { origin.range }

    public init(text: String, range: SourceRange, firstCharacter: SourceLocation?, blockIndentColumn: Int? = nil) {
        origin = ExpressionOrigin(text: text, range: range, firstCharacter: firstCharacter, blockIndentColumn: blockIndentColumn)
    }

    public static func == (lhs: ExpressionSource, rhs: ExpressionSource) -> Bool {
        lhs.text == rhs.text && lhs.range == rhs.range
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(range)
    }

    /// The file range of `span` (Unicode-scalar offsets into `text`).
    public func fileRange(of span: Range<Int>) -> SourceRange { origin.fileRange(of: span) }
}
