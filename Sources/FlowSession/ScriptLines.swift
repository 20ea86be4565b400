import Foundation

/// The lines of a script, read as they are needed: a million-line script is never held in memory
/// (a line at a time from a file or from standard input). Lines end at `\n`; a final line without
/// one is still a line; a `\r` before the `\n` is dropped.
public struct ScriptLines: Sequence, IteratorProtocol {
    private let handle: FileHandle
    private var buffer: [UInt8] = []
    private var start = 0
    private var atEnd = false

    public init(handle: FileHandle) { self.handle = handle }

    public mutating func next() -> String? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                var end = newline
                if end > start, buffer[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                let line = String(decoding: buffer[start..<end], as: UTF8.self)
                start = newline + 1
                return line
            }
            if atEnd {
                guard start < buffer.count else { return nil }
                let line = String(decoding: buffer[start...], as: UTF8.self)
                start = buffer.count
                return line
            }
            // Keep only the unread part, then read the next chunk.
            buffer.removeFirst(start)
            start = 0
            let chunk = handle.readData(ofLength: 1 << 16)
            if chunk.isEmpty { atEnd = true } else { buffer.append(contentsOf: chunk) }
        }
    }
}
