import FlowExpression

/// What a value holds before anything is written to it: the one definition of every type's zero, which the
/// interpreter (`Value`) and the generated Swift (a literal) each render. Keeping the decision here, not in each
/// back end, is what makes them agree; `ZeroValueTests` renders both for every type and compares them.
public indirect enum ZeroValue: Hashable, Sendable {
    /// No value: `null` in the interpreter, `nil` in generated Swift.
    case none
    case bool(Bool)
    case int(Int)
    case decimal(Int)
    /// An amount of zero in the app's currency.
    case money(currency: String)
    case text(String)
    case emptyList
    /// Milliseconds.
    case duration(Int)
    /// 1970-01-01.
    case epochDate
    /// 1970-01-01T00:00Z.
    case epochTimestamp
    /// A record whose every field is at its stored zero (`StoredZero` of each field's type).
    case record(name: String, fields: [Field])
    /// The enum's first declared case.
    case enumCase(type: String, name: String)

    public struct Field: Hashable, Sendable {
        public var name: String
        public var zero: ZeroValue
    }
}

/// Where a zero value goes, which decides what a date or a timestamp starts as.
public enum ZeroPlace: Sendable {
    /// A state value, a record's field or a `clear`: a date or a timestamp has no natural zero, so it starts
    /// empty (generated Swift stores it optional), as does an optional or an enum with no cases.
    case stored
    /// Where a value must be present (generated Swift's type is not optional there): a payload or output field
    /// the sender left out, a call's input, what a derived value's reader returns when the flows cannot compute
    /// it. A date is 1970-01-01 and a timestamp its midnight UTC.
    case required
}

extension App {
    /// The zero value of `type` in `place`: what a state value without `initial`, a `clear`, or a payload field the
    /// sender left out holds.
    public func zeroValue(of type: ValueType, in place: ZeroPlace) -> ZeroValue {
        zeroValue(of: type, in: place, inside: [])
    }

    /// `inside`: the records being built, so a record that contains itself (which the checker reports) ends.
    private func zeroValue(of type: ValueType, in place: ZeroPlace, inside: Set<String>) -> ZeroValue {
        switch type {
        case .bool: return .bool(false)
        case .int: return .int(0)
        case .decimal: return .decimal(0)
        case .money: return .money(currency: currency)
        case .text: return .text("")
        case .list: return .emptyList
        case .duration: return .duration(0)
        case .date: return place == .required ? .epochDate : .none
        case .timestamp: return place == .required ? .epochTimestamp : .none
        case .record(let name):
            guard !inside.contains(name), let declaration = types.first(where: { $0.name == name }),
                  case .record(let fields) = declaration.kind else { return .none }
            let within = inside.union([name])
            return .record(name: name, fields: fields.map { ZeroValue.Field(name: $0.name, zero: zeroValue(of: $0.type, in: .stored, inside: within)) })
        case .enumeration(let name):
            guard let declaration = types.first(where: { $0.name == name }), case .enumeration(let cases) = declaration.kind,
                  let first = cases.first else { return .none }
            return .enumCase(type: name, name: first)
        case .optional, .null, .error: return .none
        }
    }
}
