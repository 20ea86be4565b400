#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Reads command lines from a person at a terminal, with the editing keys shells have: ← → Home End (Ctrl-A,
/// Ctrl-E), Backspace, Delete, Ctrl-U, Ctrl-K, Ctrl-W, ↑ ↓ through the history of this session, Tab to
/// complete, Ctrl-C to drop the line, Ctrl-D on an empty line to end.
///
/// No maintained Swift line-editing package is available to the project (the package mirror has none; libedit
/// would add a C library to install), so this is the small subset of linenoise that `flowc run` needs. When
/// standard input or output is not a terminal (a pipe, a file, `TERM=dumb`) it reads plain lines and echoes
/// nothing, so scripts and tests see exactly what they sent.
struct LineEditor {
    var history: [String] = []
    /// Candidates for the word being completed, given the line up to the cursor.
    var complete: (String) -> [String] = { _ in [] }

    static var isInteractive: Bool {
        isatty(STDIN_FILENO) != 0 && isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }

    /// The next line, or nil at the end of input.
    mutating func readLine(prompt: String) -> String? {
        guard Self.isInteractive, var saved = RawMode() else {
            write(prompt)
            return Swift.readLine()
        }
        defer { saved.restore() }
        write(prompt)
        var buffer: [Character] = []
        var cursor = 0
        var recall = history.count
        var draft: [Character] = []
        func redraw() {
            // Return to the start of the line, print the prompt and the text, clear what is left, put the cursor back.
            var out = "\r" + prompt + String(buffer) + "\u{1B}[K"
            let back = buffer.count - cursor
            if back > 0 { out += "\u{1B}[\(back)D" }
            write(out)
        }
        while true {
            guard let byte = readByte() else { return buffer.isEmpty ? nil : String(buffer) }
            switch byte {
            case 13, 10:   // Enter
                write("\r\n")
                let line = String(buffer)
                if !line.allSatisfy(\.isWhitespace), history.last != line { history.append(line) }
                return line
            case 4:        // Ctrl-D
                if buffer.isEmpty { write("\r\n"); return nil }
                if cursor < buffer.count { buffer.remove(at: cursor); redraw() }
            case 3:        // Ctrl-C: drop the line
                write("^C\r\n")
                buffer = []; cursor = 0; recall = history.count
                write(prompt)
            case 127, 8:   // Backspace
                if cursor > 0 { cursor -= 1; buffer.remove(at: cursor); redraw() }
            case 1: cursor = 0; redraw()                                   // Ctrl-A
            case 5: cursor = buffer.count; redraw()                        // Ctrl-E
            case 21: buffer.removeFirst(cursor); cursor = 0; redraw()     // Ctrl-U
            case 11: buffer.removeLast(buffer.count - cursor); redraw()   // Ctrl-K
            case 23:                                                        // Ctrl-W: the word before the cursor
                var start = cursor
                while start > 0, buffer[start - 1] == " " { start -= 1 }
                while start > 0, buffer[start - 1] != " " { start -= 1 }
                buffer.removeSubrange(start..<cursor); cursor = start; redraw()
            case 9:        // Tab
                let before = String(buffer[..<cursor])
                let word = String(before.split(separator: " ", omittingEmptySubsequences: false).last ?? "")
                let matches = complete(before).filter { $0.hasPrefix(word) }
                let unique = Array(Set(matches)).sorted()
                if let common = commonPrefix(unique), common.count > word.count {
                    let added = Array(common.dropFirst(word.count)) + (unique.count == 1 ? [" "] : [])
                    buffer.insert(contentsOf: added, at: cursor); cursor += added.count; redraw()
                } else if unique.count > 1 {
                    write("\r\n" + unique.joined(separator: "  ") + "\r\n")
                    redraw()
                }
            case 27:       // Escape sequences: arrows, Home, End, Delete; the rest (PgUp, F-keys...) read whole and ignored
                switch Self.escapeKey(readByte) {
                case .up:
                    guard recall > 0 else { continue }
                    if recall == history.count { draft = buffer }
                    recall -= 1; buffer = Array(history[recall]); cursor = buffer.count; redraw()
                case .down:
                    guard recall < history.count else { continue }
                    recall += 1
                    buffer = recall == history.count ? draft : Array(history[recall]); cursor = buffer.count; redraw()
                case .right: if cursor < buffer.count { cursor += 1; redraw() }
                case .left: if cursor > 0 { cursor -= 1; redraw() }
                case .home: cursor = 0; redraw()
                case .end: cursor = buffer.count; redraw()
                case .delete: if cursor < buffer.count { buffer.remove(at: cursor); redraw() }
                case .other: continue
                }
            default:
                guard byte >= 32 else { continue }
                // A UTF-8 sequence: its first byte says how many follow.
                var bytes = [byte]
                let extra = byte >= 0xF0 ? 3 : byte >= 0xE0 ? 2 : byte >= 0xC0 ? 1 : 0
                for _ in 0..<extra { if let more = readByte() { bytes.append(more) } }
                let text = String(decoding: bytes, as: UTF8.self)
                buffer.insert(contentsOf: Array(text), at: cursor); cursor += text.count
                if cursor == buffer.count { write(text) } else { redraw() }
            }
        }
    }

    /// A key sent as an escape sequence.
    enum EscapeKey: Equatable { case up, down, right, left, home, end, delete, other }

    /// Reads the rest of an escape sequence after ESC, whole: a CSI (`ESC [`, parameter bytes 0x30–0x3F,
    /// intermediate bytes 0x20–0x2F, one final byte 0x40–0x7E: `ESC [ 5 ~` PgUp, `ESC [ 1 5 ~` F5,
    /// `ESC [ 1 ; 5 C` Ctrl-→) or an SS3 (`ESC O` and one byte: `ESC O P` F1), so no part of a key the editor
    /// does not use is left to be typed into the line (`~~4~`).
    static func escapeKey(_ next: () -> UInt8?) -> EscapeKey {
        guard let introducer = next() else { return .other }
        if introducer == 79 {   // SS3
            switch next() {
            case 65: return .up
            case 66: return .down
            case 67: return .right
            case 68: return .left
            case 72: return .home
            case 70: return .end
            default: return .other
            }
        }
        guard introducer == 91 else { return .other }   // ESC and another key (Alt-x): dropped
        var parameters: [UInt8] = []
        var final: UInt8 = 0
        for _ in 0..<32 {   // a sequence longer than any terminal sends ends here rather than eating the line
            guard let byte = next() else { return .other }
            if (0x30...0x3F).contains(byte) || (0x20...0x2F).contains(byte) { parameters.append(byte); continue }
            final = byte
            break
        }
        let first = String(decoding: parameters.prefix { $0 != 59 }, as: UTF8.self)   // before any ';' modifier
        switch final {
        case 65: return .up
        case 66: return .down
        case 67: return .right
        case 68: return .left
        case 72: return .home
        case 70: return .end
        case 126:   // `~`
            switch first {
            case "1", "7": return .home
            case "4", "8": return .end
            case "3": return .delete
            default: return .other
            }
        default: return .other
        }
    }

    private func readByte() -> UInt8? {
        var byte: UInt8 = 0
        while true {
            let count = read(STDIN_FILENO, &byte, 1)
            if count == 1 { return byte }
            if count < 0 && errno == EINTR { continue }
            return nil
        }
    }

    private func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    private func commonPrefix(_ words: [String]) -> String? {
        guard var prefix = words.first else { return nil }
        for word in words.dropFirst() {
            while !word.hasPrefix(prefix) { prefix.removeLast() }
        }
        return prefix
    }
}

/// The terminal in raw mode (no echo, no line buffering, no signals from Ctrl-C) until `restore()`.
private struct RawMode {
    private var original = termios()

    init?() {
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { return nil }
        var raw = original
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        raw.c_cflag |= tcflag_t(CS8)
        // Each read returns as soon as one byte is there; TCSADRAIN (not TCSAFLUSH) keeps what was typed ahead.
        withUnsafeMutableBytes(of: &raw.c_cc) { characters in
            characters[Int(VMIN)] = 1
            characters[Int(VTIME)] = 0
        }
        guard tcsetattr(STDIN_FILENO, TCSADRAIN, &raw) == 0 else { return nil }
    }

    mutating func restore() {
        _ = tcsetattr(STDIN_FILENO, TCSADRAIN, &original)
    }
}
