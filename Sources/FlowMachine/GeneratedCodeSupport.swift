@_spi(Generated) import FlowValues
import Foundation

// Helpers that keep generated modules cheap to compile. Code the generator would otherwise write once per case
// (a `switch` over two hundred event names, a hundred `+` chains for a record's text) lives here once, compiled
// with FlowMachine, and the generated module calls it: what swiftc's optimizer then sees in the app's module is a
// call per case instead of inlined string comparisons and concatenations (measured in Benchmarks/README.md,
// "What an app pays to compile a generated module").

/// Names in number order (an app's events by their flow names), looked up both ways.
@_spi(Generated) public struct NameTable: Sendable {
    /// The names, by number.
    public let names: [String]
    private let numbers: [String: Int32]

    /// The table of `lines`, one name per line (a multi-line string literal in the generated code).
    public init(lines: String) {
        names = decodeLines(lines)
        var numbers: [String: Int32] = [:]
        numbers.reserveCapacity(names.count)
        // The first of a name written twice keeps it (the generator never writes one twice).
        for (number, name) in names.enumerated() where numbers[name] == nil { numbers[name] = Int32(number) }
        self.numbers = numbers
    }

    /// The number of `name`, or -1 when the table does not have it.
    public func number(of name: String) -> Int32 { numbers[name] ?? -1 }

    /// The name with number `number` (empty text outside the table).
    public subscript(number: Int32) -> String {
        names.indices.contains(Int(number)) ? names[Int(number)] : ""
    }
}

/// A record written as the flows write it, `{name: value, ...}`, one field at a time: `RecordFields` writes a generated
/// record's `flowDescription` with it, each value already written by its `FlowRecordValue.recordText`.
@_spi(Generated) public struct RecordDescription {
    private var text = "{"
    private var empty = true

    public init() {}

    /// Appends `name: value` (the value already written as the flows write it).
    public mutating func add(_ name: String, _ value: String) {
        if !empty { text += ", " }
        empty = false
        text += name
        text += ": "
        text += value
    }

    /// The record's text, closed.
    public var written: String { text + "}" }
}

/// A coding key that is any text: the case names of a generated enum with payloads, read from its `NameTable`
/// instead of a key enum of a few hundred cases (whose `rawValue` and `init(stringValue:)` are two more `switch`es
/// over as many string literals for the optimizer).
@_spi(Generated) public struct FlowCodingKey: CodingKey, Sendable {
    public let stringValue: String
    public var intValue: Int? { nil }
    public init(_ name: String) { stringValue = name }
    public init?(stringValue: String) { self.stringValue = stringValue }
    public init?(intValue: Int) { nil }
}
