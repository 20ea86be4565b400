/// What names mean in one place of a flow: a guard on a screen, a field rule, an invariant.
///
/// Record and enum names inside types may come straight from ``parseTypeName(_:)`` as
/// `.record(name)`; the checker treats such a name as an enum when `enums` declares it and
/// `records` does not.
///
/// ```swift
/// let environment = TypeEnvironment(
///     variables: ["balance": .money, "plan": .optional(.enumeration("Plan")), "applicant": .record("Applicant")],
///     records: ["Applicant": [(name: "given_name", type: .text), (name: "dob", type: .optional(.date))]],
///     enums: ["Plan": ["everyday", "plus", "premium"]])
/// ```
public struct TypeEnvironment: Sendable {
    /// Top-level names: state, derived values, `form`, `event`, `value`.
    public var variables: [String: ValueType]
    /// Record type name → its fields in declaration order.
    public var records: [String: [(name: String, type: ValueType)]]
    /// Enum type name → its cases in declaration order.
    public var enums: [String: [String]]
    /// The app's default currency (ISO 4217), used in suggestions such as `money(x, 'GBP')`;
    /// `GBP` when nil.
    public var currency: String?
    /// Paths known not to be null here (`fee`, `transfer.amount`), from a guard such as `fee != null`:
    /// a `T?` path in this set reads as `T`.
    public var nonNullPaths: Set<String> = []

    public init(
        variables: [String: ValueType] = [:],
        records: [String: [(name: String, type: ValueType)]] = [:],
        enums: [String: [String]] = [:],
        currency: String? = nil
    ) {
        self.variables = variables
        self.records = records
        self.enums = enums
        self.currency = currency
    }

    /// The type with every `.record(name)` that names an enum turned into `.enumeration(name)`.
    public func resolved(_ type: ValueType) -> ValueType {
        switch type {
        case .record(let name) where records[name] == nil && enums[name] != nil: .enumeration(name)
        case .list(let element): .list(resolved(element))
        case .optional(let wrapped): .optional(resolved(wrapped))
        default: type
        }
    }

    /// The declared type of `member` in record `record`, resolved, or nil.
    func memberType(_ member: String, of record: String) -> ValueType? {
        guard let fields = records[record] else { return nil }
        for field in fields where field.name == member { return resolved(field.type) }
        return nil
    }
}
