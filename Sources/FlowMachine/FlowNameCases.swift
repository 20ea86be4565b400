// A generated enum of names (screens, fields, variants, operations, a domain type's values) as plain cases plus one
// table of their names, instead of an enum with a `String` raw type. With a raw type, Swift derives `rawValue` and
// `init?(rawValue:)` as a `switch` over every case's string, and the standard library's `Hashable` and `Equatable`
// for raw-representable types hash and compare that string, so each of an enum's witnesses inlined the whole
// `switch` in the app's module (Tempo: about 80 enums, the largest lump of optimisation time left). Here the
// generated enum writes one `switch` from case to number and one multi-line string of names; everything else is
// the code below, compiled once with FlowMachine (measured in Benchmarks/README.md, "Session 14 (branch nametables)").

/// A generated enum whose raw values are the flows' names, kept in one table (`rawValues`) in case order.
///
/// To an app it is a `FlowName` like any other: `rawValue` is the name in the flows (`"ONB-000"`, `"everyday"`),
/// `init?(rawValue:)` refuses a name the flows do not have, `Codable` writes the name as a JSON string and refuses an
/// unknown one, and `==` and `hash(into:)` look at the case alone.
public protocol FlowNameCases: FlowName where AllCases == [Self] {
    /// The case's position in `allCases` (the order the flows declare the cases in).
    var caseNumber: Int { get }
    /// The cases' raw values, by case number.
    static var rawValues: FlowNameTable { get }
}

/// The raw values of a `FlowNameCases` enum, in case order, looked up both ways.
public struct FlowNameTable: Sendable {
    private let names: NameTable

    /// The table of `lines`, one raw value per line (a multi-line string literal in the generated code).
    public init(lines: String) { names = NameTable(lines: lines) }

    /// The raw value of case number `number` (empty text outside the table).
    public func name(_ number: Int) -> String { names[Int32(clamping: number)] }

    /// The case number of the raw value `name`, or nil when the table does not have it.
    public func number(of name: String) -> Int? {
        let number = names.number(of: name)
        return number < 0 ? nil : Int(number)
    }

    /// How many names the table holds.
    public var count: Int { names.names.count }
}

// Neither inlined nor specialised: each generated enum would otherwise get its own copy of each of these in the
// app's module (Swift's cross-module optimisation serialises small generic functions, and the witnesses inlined
// them with the enum's `caseNumber` switch), which is the per-enum cost this protocol exists to remove. The price
// is a call through the enum's witnesses, some nanoseconds (measured in Benchmarks/README.md, "Session 14").
extension FlowNameCases {
    @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public var rawValue: String { Self.rawValues.name(caseNumber) }

    @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public init?(rawValue: String) {
        let cases = Self.allCases
        guard let number = Self.rawValues.number(of: rawValue), cases.indices.contains(number) else { return nil }
        self = cases[number]
    }

    // Written here because the standard library's versions for a `RawRepresentable` type compare and hash the raw
    // value, which is what this protocol exists to avoid; the case number identifies the case as well.
    @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public static func == (left: Self, right: Self) -> Bool { left.caseNumber == right.caseNumber }

    @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func hash(into hasher: inout Hasher) { hasher.combine(caseNumber) }

    @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public var hashValue: Int { caseNumber.hashValue }

    @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func _rawHashValue(seed: Int) -> Int { caseNumber._rawHashValue(seed: seed) }

    /// Decodes the case from its raw value, a JSON string; a name the flows do not have is refused.
    @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public init(from decoder: any Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard let value = Self(rawValue: name) else {
            // The standard library's wording for a raw-representable enum, so snapshots' errors read as before.
            throw DecodingError.dataCorrupted(DecodingError.Context(codingPath: decoder.codingPath,
                                                                    debugDescription: "Cannot initialize \(Self.self) from invalid String value \(name)"))
        }
        self = value
    }

    /// Encodes the case as its raw value, a JSON string.
    @inline(never) @_semantics("optimize.sil.specialize.generic.never")
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
