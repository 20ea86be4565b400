/// The static type of an expression or a declared value.
///
/// `description` renders a type as flows write it: `money`, `list<text>`, `Plan?`, `Applicant`.
///
/// ```swift
/// ValueType.list(.optional(.enumeration("Plan"))).description   // "list<Plan?>"
/// ```
public indirect enum ValueType: Hashable, Sendable, CustomStringConvertible {
    case bool, int, decimal, money, text, date, timestamp, duration
    case list(ValueType)
    case optional(ValueType)
    /// A declared enum type, by name.
    case enumeration(String)
    /// A declared record type by name, or a synthetic one such as `form` or `event`.
    case record(String)
    /// The type of the literal `null`.
    case null
    /// The type of something already reported as wrong: compatible with everything, so one
    /// mistake yields one diagnostic. Rendered as `unknown` (the element type of `[]`).
    case error

    public var description: String {
        switch self {
        case .bool: "bool"
        case .int: "int"
        case .decimal: "decimal"
        case .money: "money"
        case .text: "text"
        case .date: "date"
        case .timestamp: "timestamp"
        case .duration: "duration"
        case .list(let element): "list<\(element)>"
        case .optional(let wrapped): "\(wrapped)?"
        case .enumeration(let name), .record(let name): name
        case .null: "null"
        case .error: "unknown"
        }
    }

    /// The type without one level of `?`: `money?` → `money`; other types unchanged.
    public var nonOptional: ValueType {
        if case .optional(let wrapped) = self { return wrapped }
        return self
    }

    /// Whether values of this type may be `null` (`T?` or the `null` literal's type).
    public var isNullable: Bool {
        switch self {
        case .optional, .null: true
        default: false
        }
    }

    /// `T?` for a non-optional `T`; an optional, `null` or `error` stays as it is.
    public var asOptional: ValueType {
        switch self {
        case .optional, .null, .error: self
        default: .optional(self)
        }
    }

    /// Whether this is `int` or `decimal`.
    var isNumber: Bool { self == .int || self == .decimal }

    /// The names of the built-in types, in the order `parseTypeName` documents them.
    static let builtinNames: [String: ValueType] = [
        "bool": .bool, "int": .int, "decimal": .decimal, "money": .money, "text": .text,
        "date": .date, "timestamp": .timestamp, "duration": .duration,
    ]
}
