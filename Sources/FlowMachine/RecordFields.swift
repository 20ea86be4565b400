@_spi(Generated) import FlowValues
import Foundation

// A generated record's (the state's, a domain record's) fields as one table: its name in the flows and a key path
// per field. `Codable`, `==`, `hash(into:)` and `flowDescription` of every record are the generic code below, compiled
// once with FlowMachine and deliberately not `@inlinable`: what a generated module compiles per record is the table
// (one call per field), not five functions of one statement per field each (Tempo's state has 150 fields; measured in
// Benchmarks/README.md, "Session 13 (branch recordtables)").

/// A value a generated record can hold in a field: coded, compared and hashed by the table, and written as the
/// flows write it inside a record (`recordText`). Public, not SPI, because the generated types conform to it and
/// Swift allows no conformance of a public type to an SPI protocol.
public protocol FlowRecordValue: Codable, Hashable, Sendable {
    /// The value as the flows write it inside a record: text quoted, nil as `null`, a list as `[a, b]`.
    var recordText: String { get }
}

/// A generated record: a value whose fields are described by a `RecordFields` table.
public protocol FlowRecord: FlowRecordValue {
    /// The record as flows write it: `{name: value, ...}`.
    var flowDescription: String { get }
}

extension FlowRecord {
    public var recordText: String { flowDescription }
}

extension FlowRecordValue where Self: RawRepresentable, RawValue == String {
    public var recordText: String { rawValue }
}

extension Bool: FlowRecordValue {
    public var recordText: String { describe(self) }
}

extension Int: FlowRecordValue {
    public var recordText: String { describe(self) }
}

extension Decimal: FlowRecordValue {
    public var recordText: String { describe(self) }
}

extension String: FlowRecordValue {
    /// Text is quoted inside a record.
    public var recordText: String { quotedText(self) }
}

extension Money: FlowRecordValue {
    public var recordText: String { describe(self) }
}

extension CalendarDate: FlowRecordValue {
    public var recordText: String { describe(self) }
}

extension Timestamp: FlowRecordValue {
    public var recordText: String { describe(self) }
}

extension Optional: FlowRecordValue where Wrapped: FlowRecordValue {
    public var recordText: String { map(\.recordText) ?? "null" }
}

extension Array: FlowRecordValue where Element: FlowRecordValue {
    public var recordText: String { "[" + map(\.recordText).joined(separator: ", ") + "]" }
}

/// The fields of a generated record `Record`, in declaration order, and what its conformances do with them.
@_spi(Generated) public struct RecordFields<Record>: Sendable {
    private var fields: [any RecordField<Record>] = []
    /// The fields' indices sorted by name, the order of `flowDescription`.
    private var byName: [Int] = []

    public init() {}

    /// A field stored as `Value`, written as `Value` writes itself in a record.
    public mutating func value<Value: FlowRecordValue>(_ name: String, _ path: WritableKeyPath<Record, Value> & Sendable) {
        add(ValueField(key: FlowCodingKey(name), path: path, text: nil))
    }

    /// A field stored as `Value`, written as `text` writes it (a duration, the text of a null or an error).
    public mutating func value<Value: FlowRecordValue>(_ name: String, _ path: WritableKeyPath<Record, Value> & Sendable,
                                                       text: @escaping @Sendable (Value) -> String) {
        add(ValueField(key: FlowCodingKey(name), path: path, text: text))
    }

    /// A field stored as `Wrapped?`: left out of the coded object when nil (as Swift's synthesized `Codable`
    /// leaves it), `null` in the record's text.
    public mutating func optional<Wrapped: FlowRecordValue>(_ name: String, _ path: WritableKeyPath<Record, Wrapped?> & Sendable) {
        add(OptionalField(key: FlowCodingKey(name), path: path, text: nil))
    }

    /// A field stored as `Wrapped?`, written as `text` writes it.
    public mutating func optional<Wrapped: FlowRecordValue>(_ name: String, _ path: WritableKeyPath<Record, Wrapped?> & Sendable,
                                                            text: @escaping @Sendable (Wrapped?) -> String) {
        add(OptionalField(key: FlowCodingKey(name), path: path, text: text))
    }

    private mutating func add(_ field: any RecordField<Record>) {
        let name = field.key.stringValue
        byName.insert(fields.count, at: byName.firstIndex { fields[$0].key.stringValue > name } ?? byName.endIndex)
        fields.append(field)
    }

    /// Reads every field into `record` from an object keyed by the fields' names: a missing field that is not
    /// optional, or a value of the wrong type, throws the `DecodingError` Swift's synthesized `init(from:)` throws.
    public func decode(_ record: inout Record, from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: FlowCodingKey.self)
        for field in fields { try field.decode(into: &record, from: container) }
    }

    /// Writes `record` as an object keyed by the fields' names (a nil optional left out).
    public func encode(_ record: Record, to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: FlowCodingKey.self)
        for field in fields { try field.encode(record, to: &container) }
    }

    /// Whether every field of `lhs` equals the same field of `rhs`.
    public func equal(_ lhs: Record, _ rhs: Record) -> Bool {
        fields.allSatisfy { $0.equal(lhs, rhs) }
    }

    /// Hashes every field, in declaration order.
    public func hash(_ record: Record, into hasher: inout Hasher) {
        for field in fields { field.hash(record, into: &hasher) }
    }

    /// `{name: value, ...}`, the fields sorted by name, as the interpreter writes a record.
    public func description(of record: Record) -> String {
        var text = RecordDescription()
        for index in byName { text.add(fields[index].key.stringValue, fields[index].text(of: record)) }
        return text.written
    }
}

/// One field of a `RecordFields` table, its value's type hidden.
private protocol RecordField<Record>: Sendable {
    associatedtype Record
    var key: FlowCodingKey { get }
    func decode(into record: inout Record, from container: KeyedDecodingContainer<FlowCodingKey>) throws
    func encode(_ record: Record, to container: inout KeyedEncodingContainer<FlowCodingKey>) throws
    func equal(_ lhs: Record, _ rhs: Record) -> Bool
    func hash(_ record: Record, into hasher: inout Hasher)
    func text(of record: Record) -> String
}

private struct ValueField<Record, Value: FlowRecordValue>: RecordField {
    let key: FlowCodingKey
    let path: WritableKeyPath<Record, Value> & Sendable
    let text: (@Sendable (Value) -> String)?

    func decode(into record: inout Record, from container: KeyedDecodingContainer<FlowCodingKey>) throws {
        record[keyPath: path] = try container.decode(Value.self, forKey: key)
    }

    func encode(_ record: Record, to container: inout KeyedEncodingContainer<FlowCodingKey>) throws {
        try container.encode(record[keyPath: path], forKey: key)
    }

    func equal(_ lhs: Record, _ rhs: Record) -> Bool { lhs[keyPath: path] == rhs[keyPath: path] }

    func hash(_ record: Record, into hasher: inout Hasher) { hasher.combine(record[keyPath: path]) }

    func text(of record: Record) -> String {
        let value = record[keyPath: path]
        return text.map { $0(value) } ?? value.recordText
    }
}

private struct OptionalField<Record, Wrapped: FlowRecordValue>: RecordField {
    let key: FlowCodingKey
    let path: WritableKeyPath<Record, Wrapped?> & Sendable
    let text: (@Sendable (Wrapped?) -> String)?

    func decode(into record: inout Record, from container: KeyedDecodingContainer<FlowCodingKey>) throws {
        record[keyPath: path] = try container.decodeIfPresent(Wrapped.self, forKey: key)
    }

    func encode(_ record: Record, to container: inout KeyedEncodingContainer<FlowCodingKey>) throws {
        try container.encodeIfPresent(record[keyPath: path], forKey: key)
    }

    func equal(_ lhs: Record, _ rhs: Record) -> Bool { lhs[keyPath: path] == rhs[keyPath: path] }

    func hash(_ record: Record, into hasher: inout Hasher) { hasher.combine(record[keyPath: path]) }

    func text(of record: Record) -> String {
        let value = record[keyPath: path]
        return text.map { $0(value) } ?? value.recordText
    }
}
