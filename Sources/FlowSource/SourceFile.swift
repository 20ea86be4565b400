/// The text of one input file, kept so diagnostics can quote the offending line.
public struct SourceFile: Sendable, Hashable {
    /// The path shown to users: relative, with `/` separators.
    public var path: String
    /// The raw bytes as read from disk; they may not be valid UTF-8.
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    public init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// The 1-based `number`th line, without its line ending, decoded leniently
    /// (invalid UTF-8 shows as U+FFFD rather than failing the whole diagnostic).
    public func line(_ number: Int) -> String? {
        guard number >= 1 else { return nil }
        var current = 1
        var index = 0
        while current < number {
            guard let newline = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            index = newline + 1
            current += 1
        }
        guard index <= bytes.count else { return nil }
        var end = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
        if end > index, bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        if index == bytes.count && number > 1 && bytes.last == UInt8(ascii: "\n") { return nil }
        return String(decoding: bytes[index..<end], as: UTF8.self)
    }
}
