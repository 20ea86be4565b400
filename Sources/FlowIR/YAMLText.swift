/// Text as a YAML double-quoted scalar, for the scenarios flowc writes (`flowc run`'s `save`, the studio's recording,
/// `flowc explore`'s counterexamples): quotes, backslashes, line breaks and tabs escaped, so any text reads back
/// as itself.
public func yamlQuoted(_ text: String) -> String {
    doubleQuoted(text)
}

/// `text` between double quotes, with quotes, backslashes, line breaks and tabs escaped and every other control
/// character (C0, DEL, C1) written by `control` from its code: the one escaping of the YAML scenarios, the JSON and
/// the Swift string literals flowc writes, which differ only in how a control character is spelt (`\u0007` in JSON
/// and YAML, the default; `\u{7}` in Swift).
public func doubleQuoted(_ text: String, control: (UInt32) -> String = { code in
    let hex = String(code, radix: 16)
    return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                out += control(scalar.value)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
    }
    return out + "\""
}
