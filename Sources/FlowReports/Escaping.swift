/// Escapes text for XML and HTML: element content and double- or single-quoted attribute values.
///
/// Characters XML 1.0 forbids (C0 controls other than tab, newline and carriage return) become
/// U+FFFD; in attributes, newlines and tabs are written as character references so parsers keep them.
/// - Parameters:
///   - text: Any text.
///   - attribute: Whether the result goes inside an attribute value.
func escapeMarkup(_ text: String, attribute: Bool = false) -> String {
    var out = ""
    out.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
        switch scalar {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&#39;"
        case "\n": out += attribute ? "&#10;" : "\n"
        case "\r": out += attribute ? "&#13;" : "\r"
        case "\t": out += attribute ? "&#9;" : "\t"
        default:
            if scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF {
                out.unicodeScalars.append("\u{FFFD}")
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out
}

/// Escapes text for Markdown inline content (a table cell, a list item, a blockquote line), so it renders verbatim.
///
/// ASCII punctuation Markdown could read as syntax is backslash-escaped (CommonMark allows a backslash
/// before any ASCII punctuation); newlines become spaces.
func escapeMarkdown(_ text: String) -> String {
    var out = ""
    for character in text {
        switch character {
        case "\\", "`", "*", "_", "[", "]", "<", ">", "#", "|", "~", "&":
            out.append("\\")
            out.append(character)
        case "\n", "\r\n", "\r":
            out.append(" ")
        default:
            out.append(character)
        }
    }
    return out
}

/// Text as a Markdown code span, with enough backticks to hold any backticks inside it.
func markdownCode(_ text: String) -> String {
    let flat = String(text.map { $0.isNewline ? " " : $0 })
    var longest = 0
    var run = 0
    for character in flat {
        if character == "`" { run += 1; longest = max(longest, run) } else { run = 0 }
    }
    let fence = String(repeating: "`", count: longest + 1)
    let pad = flat.hasPrefix("`") || flat.hasSuffix("`") ? " " : ""
    return fence + pad + flat + pad + fence
}

/// Text as a Markdown code span inside a table cell: `|` is escaped, as GitHub-flavoured tables require even in code.
func markdownCellCode(_ text: String) -> String {
    markdownCode(text).replacingPipes()
}

extension String {
    fileprivate func replacingPipes() -> String {
        var out = ""
        for character in self {
            if character == "|" { out += "\\|" } else { out.append(character) }
        }
        return out
    }
}

/// Escapes text for a double-quoted Graphviz DOT string.
func escapeDOT(_ text: String) -> String {
    var out = ""
    for character in text {
        switch character {
        case "\\": out += "\\\\"
        case "\"": out += "\\\""
        case "\n", "\r\n", "\r": out += "\\n"
        default: out.append(character)
        }
    }
    return out
}

/// Text safe inside a Mermaid state label or edge label: characters Mermaid reads as syntax are replaced.
func mermaidText(_ text: String) -> String {
    var out = ""
    for character in text {
        switch character {
        case "\"": out += "'"
        case ":", ";", "#", "\n", "\r\n", "\r": out += " "
        case "<": out += "‹"
        case ">": out += "›"
        case "{": out += "("
        case "}": out += ")"
        default: out.append(character)
        }
    }
    return out
}
