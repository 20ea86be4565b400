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
    public var text: String
    /// The whole scalar's range in the file.
    public var range: SourceRange
    /// Where the first character of `text` sits, when the scalar maps one-to-one onto one line
    /// (plain or quoted on one line); nil for multi-line scalars.
    var firstCharacter: SourceLocation?
    /// For literal blocks (`|`): the column at which each continuation line's text starts.
    var blockIndentColumn: Int?
    /// For folded blocks (`>`): where each source line's text starts and how long it is; the
    /// folded text joins them with one space each.
    var foldedLines: [(line: Int, column: Int, length: Int)] = []

    public init(text: String, range: SourceRange, firstCharacter: SourceLocation?, blockIndentColumn: Int? = nil) {
        self.text = text
        self.range = range
        self.firstCharacter = firstCharacter
        self.blockIndentColumn = blockIndentColumn
    }

    /// The file range of `span` (Unicode-scalar offsets into `text`).
    public static func == (lhs: ExpressionSource, rhs: ExpressionSource) -> Bool {
        lhs.text == rhs.text && lhs.range == rhs.range
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(range)
    }

    public func fileRange(of span: Range<Int>) -> SourceRange {
        if !foldedLines.isEmpty {
            var offset = span.lowerBound
            for part in foldedLines {
                if offset <= part.length {
                    let start = SourceLocation(line: part.line, column: part.column + offset)
                    return SourceRange(file: range.file, start: start,
                                       end: SourceLocation(line: part.line, column: start.column + max(1, min(span.count, part.length - offset))))
                }
                offset -= part.length + 1
            }
            return range
        }
        if let first = firstCharacter {
            return SourceRange(file: range.file,
                               start: SourceLocation(line: first.line, column: first.column + span.lowerBound),
                               end: SourceLocation(line: first.line, column: first.column + max(span.upperBound, span.lowerBound + 1)))
        }
        if let indent = blockIndentColumn {
            var line = range.start.line + 1
            var column = indent
            var offset = 0
            for scalar in text.unicodeScalars {
                if offset == span.lowerBound { break }
                if scalar == "\n" {
                    line += 1
                    column = indent
                } else {
                    column += 1
                }
                offset += 1
            }
            let length = max(1, span.count)
            return SourceRange(file: range.file, start: SourceLocation(line: line, column: column),
                               end: SourceLocation(line: line, column: column + length))
        }
        return range
    }
}
