/// Reads a duration as flow files write it — `30s`, `5m`, `1h`, `500ms`, `2d` — in milliseconds.
///
/// Used for `after:` timers, scenario `advance:` steps and `flowc run`'s `advance` command.
/// - Returns: nil unless the text is a whole number (at most nine digits) followed by a unit.
public func parseDuration(_ text: String) -> Int? {
    let units: [(suffix: String, factor: Int)] = [("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000), ("d", 86_400_000)]
    for (suffix, factor) in units where text.hasSuffix(suffix) {
        let digits = text.dropLast(suffix.count)
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let value = Int(digits) else { return nil }
        return value * factor
    }
    return nil
}
