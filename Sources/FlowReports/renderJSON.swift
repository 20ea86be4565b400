import Foundation

/// Encodes a report as JSON: sorted keys, pretty printed, unescaped slashes, and a final newline.
func renderJSON(_ value: some Encodable) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    // The report types hold only strings, integers, booleans, arrays and optionals, which always encode.
    let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
    return Array(data) + Array("\n".utf8)
}
