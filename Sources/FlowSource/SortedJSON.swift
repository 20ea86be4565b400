import Foundation

/// A document as flowc writes JSON files: sorted keys, pretty printed, unescaped slashes, and a final newline, so
/// the same value always gives the same bytes.
public func sortedJSON(_ value: some Encodable) -> [UInt8] {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    // flowc's documents hold only strings, integers, booleans, arrays, records and optionals, which always encode.
    let data = (try? encoder.encode(value)) ?? Data("{}".utf8)
    return Array(data) + Array("\n".utf8)
}
