import FlowSource

/// Encodes a report as JSON: sorted keys, pretty printed, unescaped slashes, and a final newline (FlowSource's
/// `sortedJSON`, which every JSON document flowc writes goes through).
func renderJSON(_ value: some Encodable) -> [UInt8] { sortedJSON(value) }
