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
            case 27:       // Escape sequences: arrows, Home, End, Delete
                guard let next = readByte(), next == 91 || next == 79, let code = readByte() else { continue }
                switch code {
                case 65:   // ↑
                    guard recall > 0 else { continue }
                    if recall == history.count { draft = buffer }
                    recall -= 1; buffer = Array(history[recall]); cursor = buffer.count; redraw()
                case 66:   // ↓
                    guard recall < history.count else { continue }
                    recall += 1
                    buffer = recall == history.count ? draft : Array(history[recall]); cursor = buffer.count; redraw()
                case 67: if cursor < buffer.count { cursor += 1; redraw() }   // →
                case 68: if cursor > 0 { cursor -= 1; redraw() }             // ←
                case 72: cursor = 0; redraw()                                // Home
                case 70: cursor = buffer.count; redraw()                     // End
                case 49, 51, 52, 55, 56:                                     // ESC [ 1~ 3~ 4~ 7~ 8~
                    guard readByte() == 126 else { continue }
                    if code == 51 { if cursor < buffer.count { buffer.remove(at: cursor); redraw() } }
                    else if code == 49 || code == 55 { cursor = 0; redraw() }
                    else { cursor = buffer.count; redraw() }
                default: continue
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
