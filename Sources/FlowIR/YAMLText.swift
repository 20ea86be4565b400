/// Text as a YAML double-quoted scalar, for the scenarios flowc writes (`flowc run`'s `save`, the studio's recording,
/// `flowc explore`'s counterexamples): quotes, backslashes, line breaks and tabs escaped, so any text reads back
/// as itself.
public func yamlQuoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out + "\""
}
