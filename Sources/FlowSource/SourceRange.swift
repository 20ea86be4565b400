import Foundation

/// A span of a source file, from `start` up to (not including) `end`.
///
/// Paths are the display paths the user gave (relative to the working directory, with `/`),
/// never absolute, so diagnostics and golden files are the same on every machine.
public struct SourceRange: Hashable, Sendable, Codable, CustomStringConvertible {
    /// Every node of a parsed file carries a range; storing the path as a small interned number
    /// instead of a `String` keeps copying ranges free of reference counting.
    private var fileID: UInt32
    public var start: SourceLocation
    public var end: SourceLocation

    public init(file: String, start: SourceLocation, end: SourceLocation) {
        fileID = FilePaths.shared.id(for: file)
        self.start = start
        self.end = max(start, end)
    }

    /// A range in the same file as `other`, without looking the path up again: a loader making
    /// one range per YAML node makes hundreds of thousands of them.
    public init(inFileOf other: SourceRange, start: SourceLocation, end: SourceLocation) {
        fileID = other.fileID
        self.start = start
        self.end = max(start, end)
    }

    /// The display path of the file.
    public var file: String {
        get { FilePaths.shared.path(for: fileID) }
        set { fileID = FilePaths.shared.id(for: newValue) }
    }

    /// A range for a whole file, used when a problem has no better place (an unreadable file).
    public static func wholeFile(_ file: String) -> SourceRange {
        SourceRange(file: file, start: SourceLocation(line: 1, column: 1), end: SourceLocation(line: 1, column: 1))
    }

    /// The part of this range starting `offset` columns after its start and `length` columns long,
    /// on the first line. Used to point inside a one-line scalar.
    public func sub(offset: Int, length: Int) -> SourceRange {
        var range = self
        range.start = SourceLocation(line: start.line, column: start.column + offset)
        range.end = SourceLocation(line: start.line, column: range.start.column + max(length, 1))
        return range
    }

    public var description: String { "\(file):\(start.line):\(start.column)" }

    private enum CodingKeys: String, CodingKey { case file, start, end }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(file: try container.decode(String.self, forKey: .file),
                  start: try container.decode(SourceLocation.self, forKey: .start),
                  end: try container.decode(SourceLocation.self, forKey: .end))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(file, forKey: .file)
        try container.encode(start, forKey: .start)
        try container.encode(end, forKey: .end)
    }
}

/// The process-wide table of display paths behind `SourceRange`'s interned file numbers.
final class FilePaths: @unchecked Sendable {
    static let shared = FilePaths()

    private let lock = NSLock()
    private var paths: [String] = []
    private var ids: [String: UInt32] = [:]

    func id(for path: String) -> UInt32 {
        lock.lock()
        defer { lock.unlock() }
        if let id = ids[path] { return id }
        let id = UInt32(paths.count)
        paths.append(path)
        ids[path] = id
        return id
    }

    func path(for id: UInt32) -> String {
        lock.lock()
        defer { lock.unlock() }
        return paths.indices.contains(Int(id)) ? paths[Int(id)] : ""
    }
}
