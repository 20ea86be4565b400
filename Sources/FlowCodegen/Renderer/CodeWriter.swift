/// Accumulates lines with 4-space indentation; the only place generated text is laid out.
struct CodeWriter {
    private(set) var lines: [String] = []
    private var depth = 0

    /// The longest line generated code aims for, indentation included (a trailing comment may run past it).
    static let width = 120

    /// The longest line a generated file may have, indentation included: a line of a table or a text, which reads
    /// best whole, is cut only past it.
    static let longestLine = 160

    mutating func line(_ text: String) {
        lines.append(text.isEmpty ? "" : String(repeating: "    ", count: depth) + text)
    }

    /// Lines laid out for this depth, each indented.
    mutating func lines(_ texts: [String]) {
        for text in texts { line(text) }
    }

    /// Whether long lines are laid out over several (not inside a closure written on one line).
    var wraps = true

    /// What is left of `width` at the current depth.
    var available: Int { wraps ? max(40, Self.width - 4 * depth) : Int.max }

    /// What is left of `longestLine` at the current depth.
    var availableToLongestLine: Int { wraps ? max(40, Self.longestLine - 4 * depth) : Int.max }

    /// A `//` comment, wrapped at `width`.
    mutating func comment(_ text: String) {
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if !current.isEmpty, ("// " + current + " " + word).count > available {
                line("// " + current)
                current = String(word)
            } else {
                current = current.isEmpty ? String(word) : current + " " + word
            }
        }
        line("// " + current)
    }

    /// Writes a doc comment, wrapping lines longer than the page. A line the generator already wrapped for a
    /// shallower indent overflows here: the words it pushes over go to the start of the next line of the same
    /// paragraph, not onto a line of their own (which left one word alone between two long lines).
    mutating func doc(_ text: [String]) {
        var inCode = false
        var carried = ""
        func flushCarried(_ writer: inout CodeWriter) {
            if !carried.isEmpty { writer.line("/// " + carried) }
            carried = ""
        }
        for line in text {
            if line.hasPrefix("```") { inCode.toggle() }
            let continuesParagraph = !inCode && !line.hasPrefix("```") && !line.isEmpty && !line.hasPrefix("- ")
            var text = line
            if !carried.isEmpty {
                if continuesParagraph {
                    text = carried + " " + line.drop { $0 == " " }
                    carried = ""
                } else {
                    flushCarried(&self)
                }
            }
            guard !inCode, !text.hasPrefix("```"), ("/// " + text).count > available else {
                self.line(text.isEmpty ? "///" : "/// " + text)
                continue
            }
            let continuation = text.hasPrefix("- ") ? "  " : ""
            var current = ""
            for word in text.split(separator: " ", omittingEmptySubsequences: false) {
                if !current.isEmpty, ("/// " + current + " " + word).count > available {
                    self.line("/// " + current)
                    current = continuation + word
                } else {
                    current = current.isEmpty ? String(word) : current + " " + word
                }
            }
            carried = current
        }
        flushCarried(&self)
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
