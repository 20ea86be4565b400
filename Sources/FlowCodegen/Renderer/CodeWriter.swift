/// Accumulates lines with 4-space indentation; the only place generated text is laid out.
struct CodeWriter {
    private(set) var lines: [String] = []
    private var depth = 0

    mutating func line(_ text: String) {
        lines.append(text.isEmpty ? "" : String(repeating: "    ", count: depth) + text)
    }

    mutating func blank() {
        if let last = lines.last, !last.isEmpty, !last.hasSuffix("{") { lines.append("") }
    }

    mutating func indented(_ body: (inout CodeWriter) -> Void) {
        depth += 1
        body(&self)
        depth -= 1
    }

    /// `opening {`, the body indented, `}`.
    mutating func block(_ opening: String, _ body: (inout CodeWriter) -> Void) {
        line(opening + " {")
        indented(body)
        line("}")
    }

    /// The text with `\n` endings and a final newline.
    var text: String { lines.joined(separator: "\n") + "\n" }
}
