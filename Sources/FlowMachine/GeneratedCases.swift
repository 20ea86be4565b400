import Foundation

// `Codable`, `Equatable`, `Hashable` and events by name for the generated enums with payloads (events, service
// calls, outcomes), written once here instead of once per case in every app's module. A generated enum keeps two
// small `switch`es of its own: `caseValue` (the value as its case's number and its payload's values) and
// `init(caseNumber:_:)` (the value from a case number, its payload read through a `CaseReader`); everything else is one
// call into FlowMachine, which is not `@inlinable` so the app's module compiles none of it. Tempo's events, calls
// and outcomes were a third of its module's IR written case by case (measured in Benchmarks/README.md, "Session
// 13 (branch eventtables)").

/// What a payload field of a generated enum is: every type the flows have (text, numbers, money, dates, enums,
/// records, lists, optionals) is all three.
@_spi(Generated) public typealias CasePayloadValue = Hashable & Codable & Sendable

/// A value of a generated enum with payloads as data: its case's number in the enum's `CaseTable` and its
/// payload's values in the order of the case's labels.
@_spi(Generated) public struct CaseValue: Hashable {
    public let number: Int32
    public let payload: [any CasePayloadValue]

    public init(_ number: Int32, _ payload: [any CasePayloadValue] = []) {
        self.number = number; self.payload = payload
    }

    public static func == (lhs: CaseValue, rhs: CaseValue) -> Bool {
        guard lhs.number == rhs.number, lhs.payload.count == rhs.payload.count else { return false }
        for (left, right) in zip(lhs.payload, rhs.payload) {
            let value: any Hashable = left
            guard isEqual(value, right) else { return false }
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(number)
        for value in payload { hasher.combine(value) }
    }
}

/// Whether `other` is a `Value` equal to `value` (the same field of two values of one case has one type).
private func isEqual<Value: Hashable>(_ value: Value, _ other: any Hashable) -> Bool {
    (other as? Value).map { $0 == value } ?? false
}

/// A generated enum's cases, by number: each one's name as `Codable` writes it and its payload's labels, and for
/// an event the payload fields' names in the flows. One line per case: the name, then one word per label,
/// `label=field` where the field's flow name is not the label (`ecosystemHighlightViewed slot campaignId=campaign_id`).
@_spi(Generated) public struct CaseTable: Sendable {
    /// The cases' names, by number.
    public let names: NameTable
    /// Each case's payload labels (the keys of its `Codable` form), by number.
    let labels: [[String]]
    /// Each case's payload fields by their names in the flows (the keys of an event's payload by name).
    let fields: [[String]]

    public init(lines: String) {
        var names: [String] = []
        var labels: [[String]] = []
        var fields: [[String]] = []
        for line in decodeLines(lines) {
            let words = line.split(separator: " ").map(String.init)
            names.append(words.first ?? "")
            let entries = words.dropFirst().map { word -> (String, String) in
                let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
                return (parts.first ?? word, parts.count == 2 ? parts[1] : (parts.first ?? word))
            }
            labels.append(entries.map(\.0))
            fields.append(entries.map(\.1))
        }
        self.names = NameTable(lines: names.joined(separator: "\n"))
        self.labels = labels
        self.fields = fields
    }

    func labels(of number: Int32) -> [String] { labels.indices.contains(Int(number)) ? labels[Int(number)] : [] }
    func fields(of number: Int32) -> [String] { fields.indices.contains(Int(number)) ? fields[Int(number)] : [] }
}

/// Reads the payload of one case, field by field in the order of its labels, for the generated `init(caseNumber:_:)`:
/// from the case's `Codable` form (`{"label": value}`) or from an event's payload written as text (`EventPayload`).
@_spi(Generated) public struct CaseReader {
    fileprivate enum Source {
        /// The object keyed by the case's name; the case's fields are read from it on the first field.
        case coded(KeyedDecodingContainer<FlowCodingKey>, key: FlowCodingKey, fields: KeyedDecodingContainer<FlowCodingKey>?)
        case text(EventPayload, currency: String)
    }

    private var source: Source
    private let keys: [String]
    private var next = 0
    private let typeName: String
    private let codingPath: [any CodingKey]

    fileprivate init(source: Source, keys: [String], typeName: String, codingPath: [any CodingKey]) {
        self.source = source; self.keys = keys; self.typeName = typeName; self.codingPath = codingPath
    }

    /// The next field of the case's payload, a `Value`.
    public mutating func callAsFunction<Value: Decodable>(_ type: Value.Type) throws -> Value {
        let index = next
        next += 1
        guard keys.indices.contains(index) else {
            throw DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "a \(typeName) case has no field \(index + 1)"))
        }
        switch source {
        case .coded(let container, let key, let opened):
            let fields = try opened ?? container.nestedContainer(keyedBy: FlowCodingKey.self, forKey: key)
            source = .coded(container, key: key, fields: fields)
            return try decodeField(type, from: fields, FlowCodingKey(keys[index]))
        case .text(let payload, let currency):
            return try readField(type, from: payload, keys[index], currency: currency)
        }
    }

    /// The error for a case the enum does not have.
    public func unknownCase() -> any Error {
        switch source {
        case .coded(_, let key, _):
            DecodingError.dataCorrupted(.init(codingPath: codingPath, debugDescription: "a \(typeName) has no case '\(key.stringValue)'"))
        case .text(let payload, _):
            FlowEventError(event: payload.event, reason: .unknownEvent)
        }
    }
}

/// An optional payload field: absent from the `Codable` form (and from an event's payload) when nil.
private protocol OptionalField {
    var isNone: Bool { get }
}

extension Optional: OptionalField {
    fileprivate var isNone: Bool { self == nil }
}

private protocol OptionalDecodable {
    static func decodeIfPresent(from fields: KeyedDecodingContainer<FlowCodingKey>, _ key: FlowCodingKey) throws -> Self
    static func read(from payload: EventPayload, _ field: String, currency: String) throws(FlowEventError) -> Self
}

extension Optional: OptionalDecodable where Wrapped: Decodable {
    fileprivate static func decodeIfPresent(from fields: KeyedDecodingContainer<FlowCodingKey>, _ key: FlowCodingKey) throws -> Self {
        try fields.decodeIfPresent(Wrapped.self, forKey: key)
    }

    fileprivate static func read(from payload: EventPayload, _ field: String, currency: String) throws(FlowEventError) -> Self {
        payload.payload[field] == nil ? nil : try readField(Wrapped.self, from: payload, field, currency: currency)
    }
}

private func decodeField<Value: Decodable>(_ type: Value.Type, from fields: KeyedDecodingContainer<FlowCodingKey>, _ key: FlowCodingKey) throws -> Value {
    guard let optional = type as? any OptionalDecodable.Type else { return try fields.decode(type, forKey: key) }
    // Always a `Value` (made from `Value`'s own type), but a failed cast is an error, not a trap.
    guard let value = try optional.decodeIfPresent(from: fields, key) as? Value else {
        throw DecodingError.typeMismatch(type, .init(codingPath: fields.codingPath + [key], debugDescription: "not a \(type)"))
    }
    return value
}

/// An event's payload field written as text, as `Value` (the forms `EventPayload` reads).
private func readField<Value: Decodable>(_ type: Value.Type, from payload: EventPayload, _ field: String, currency: String) throws(FlowEventError) -> Value {
    // Each reading below makes a `Value` (the branch is taken for `Value`'s own type), but a failed cast is an
    // error, not a trap.
    func cast(_ value: Any) throws(FlowEventError) -> Value {
        guard let typed = value as? Value else {
            throw FlowEventError(event: payload.event, reason: .mistypedPayload(field: field, expected: "\(type)", text: payload.payload[field] ?? ""))
        }
        return typed
    }
    if let optional = type as? any OptionalDecodable.Type {
        return try cast(optional.read(from: payload, field, currency: currency))
    }
    if type == RaisedByFlows.self { throw FlowEventError(event: payload.event, reason: .raisedByFlows) }
    if type == String.self { return try cast(payload.text(field)) }
    if type == Money.self { return try cast(payload.money(field, currency: currency)) }
    if type == Decimal.self { return try cast(payload.decimal(field)) }
    if type == Int.self { return try cast(payload.int(field)) }
    if type == Bool.self { return try cast(payload.bool(field)) }
    if type == CalendarDate.self { return try cast(payload.date(field)) }
    if type == Timestamp.self { return try cast(payload.timestamp(field)) }
    if let named = type as? any RawRepresentable<String>.Type { return try cast(payload.name(field, named)) }
    return try payload.json(field, type)
}

/// Decodes a generated enum from `{"case": {"label": value}}`, the layout Swift's own `Codable` gives an enum with
/// payloads: the one key, its number in `cases`, and `make` building the case with its fields read in order.
@_spi(Generated) public func decodeCase<Value>(_ decoder: any Decoder, _ cases: CaseTable, typeName: String,
                                               _ make: (Int32, inout CaseReader) throws -> Value) throws -> Value {
    let container = try decoder.container(keyedBy: FlowCodingKey.self)
    guard container.allKeys.count == 1, let key = container.allKeys.first else {
        throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "a \(typeName) is an object with one key, its case"))
    }
    let number = cases.names.number(of: key.stringValue)
    var reader = CaseReader(source: .coded(container, key: key, fields: nil), keys: cases.labels(of: number), typeName: typeName,
                            codingPath: decoder.codingPath)
    return try make(number, &reader)
}

/// Encodes `value` as `{"case": {"label": value}}` (see `decodeCase`), a nil optional field left out.
@_spi(Generated) public func encodeCase(_ value: CaseValue, _ cases: CaseTable, to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: FlowCodingKey.self)
    var fields = container.nestedContainer(keyedBy: FlowCodingKey.self, forKey: FlowCodingKey(cases.names[value.number]))
    for (label, field) in zip(cases.labels(of: value.number), value.payload) {
        if let optional = field as? any OptionalField, optional.isNone { continue }
        try fields.encode(field, forKey: FlowCodingKey(label))
    }
}

/// The event named `name` in the flows (its number in `names`), its payload fields read from text by their flow
/// names in `cases` (`TempoEvent(name:payload:)`): a name the flows lack, an event in `raised` (the flows raise
/// it; the app cannot send it), and a payload field missing or mistyped are a `FlowEventError`.
@_spi(Generated) public func eventNamed<Event>(_ name: String, _ payload: [String: String], names: NameTable, cases: CaseTable,
                                               raised: Set<Int32>, currency: String,
                                               _ make: (Int32, inout CaseReader) throws -> Event) throws(FlowEventError) -> Event {
    let number = names.number(of: name)
    guard number >= 0 else { throw FlowEventError(event: name, reason: .unknownEvent) }
    guard !raised.contains(number) else { throw FlowEventError(event: name, reason: .raisedByFlows) }
    var reader = CaseReader(source: .text(EventPayload(name, payload), currency: currency), keys: cases.fields(of: number), typeName: "event",
                            codingPath: [])
    do {
        return try make(number, &reader)
    } catch let error as FlowEventError {
        throw error
    } catch {
        // The text reader throws only `FlowEventError`s; anything else is a case the table does not describe.
        throw FlowEventError(event: name, reason: .unknownEvent)
    }
}
