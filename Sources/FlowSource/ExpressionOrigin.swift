/// Where an expression's text sits in a flow file, with what is needed to turn a column inside the
/// text back into a file position: plain and quoted scalars on one line, literal blocks (`|`) and
/// folded blocks (`>`).
///
/// Kept with typed expressions so a failure at run time points at the subexpression that failed,
/// as the checker's diagnostics do (`wallet.flow.yaml:412:27`), not at the scenario step.
public struct ExpressionOrigin: Sendable, Hashable {
    /// One source line of a folded block: where its text starts and how long it is.
    public struct FoldedLine: Sendable, Hashable {
        public var line: Int
        public var column: Int
        public var length: Int
        public init(line: Int, column: Int, length: Int) { self.line = line; self.column = column; self.length = length }
    }

    public var text: String
    /// The whole scalar's range in the file.
    public var range: SourceRange
    /// Where the first character of `text` sits, when the scalar maps one-to-one onto one line.
    public var firstCharacter: SourceLocation?
    /// For literal blocks: the column at which each continuation line's text starts.
    public var blockIndentColumn: Int?
    /// For folded blocks: the source lines, which the folded text joins with one space each.
    public var foldedLines: [FoldedLine]

    public init(text: String, range: SourceRange, firstCharacter: SourceLocation?, blockIndentColumn: Int? = nil, foldedLines: [FoldedLine] = []) {
        self.text = text; self.range = range; self.firstCharacter = firstCharacter
        self.blockIndentColumn = blockIndentColumn; self.foldedLines = foldedLines
    }

    /// The file range of `span` (Unicode-scalar offsets into `text`).
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
