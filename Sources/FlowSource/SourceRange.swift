/// A span of a source file, from `start` up to (not including) `end`.
///
/// Paths are the display paths the user gave (relative to the working directory, with `/`),
/// never absolute, so diagnostics and golden files are the same on every machine.
public struct SourceRange: Hashable, Sendable, Codable, CustomStringConvertible {
    public var file: String
    public var start: SourceLocation
    public var end: SourceLocation

    public init(file: String, start: SourceLocation, end: SourceLocation) {
        self.file = file
        self.start = start
        self.end = max(start, end)
    }

    /// A range for a whole file, used when a problem has no better place (an unreadable file).
    public static func wholeFile(_ file: String) -> SourceRange {
        SourceRange(file: file, start: SourceLocation(line: 1, column: 1), end: SourceLocation(line: 1, column: 1))
    }

    /// The part of this range starting `offset` columns after its start and `length` columns long,
    /// on the first line. Used to point inside a one-line scalar.
    public func sub(offset: Int, length: Int) -> SourceRange {
        let begin = SourceLocation(line: start.line, column: start.column + offset)
        return SourceRange(file: file, start: begin, end: SourceLocation(line: start.line, column: begin.column + max(length, 1)))
    }

    public var description: String { "\(file):\(start.line):\(start.column)" }
}
