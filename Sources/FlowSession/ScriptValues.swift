import FlowEvaluation
import FlowExpression
import FlowIR
import Foundation

/// Reads the values a person or a script gives `flowc run` (JSON) as the types the app declares:
/// an event's payload, a service outcome's outputs. A value that does not fit is an error that
/// says what was expected, never a silent guess.
struct ScriptValues {
    let app: App

    struct Problem: Error, CustomStringConvertible {
        var description: String
    }

    /// The declared payload of `event`, or nil when the app does not declare the event.
    func payloadFields(of event: String) -> [DomainType.RecordField]? {
        app.events.first { $0.name == event }?.payload
    }

    /// `service.operation` and the outcome, checked against the app's services.
    func outcome(_ outcome: String, of operation: String) throws -> Service.Operation.Outcome {
        let parts = operation.split(separator: ".", maxSplits: 1).map(String.init)
        let known = app.services.flatMap { service in service.operations.map { "\(service.name).\($0.name)" } }
        guard parts.count == 2, let service = app.services.first(where: { $0.name == parts[0] }),
              let declared = service.operations.first(where: { $0.name == parts[1] }) else {
            throw Problem(description: "'\(operation)' is not a service operation of \(app.id); known: \(known.joined(separator: ", "))")
        }
        guard let match = declared.outcomes.first(where: { $0.name == outcome }) else {
            throw Problem(description: "'\(operation)' has no outcome '\(outcome)'; its outcomes: \(declared.outcomes.map(\.name).joined(separator: ", "))")
        }
        return match
    }

    /// JSON values for declared fields, converted to the fields' types; undeclared names are an error.
    func values(_ raw: [String: Any], for fields: [DomainType.RecordField], of what: String) throws -> [String: Value] {
        var values: [String: Value] = [:]
        for name in raw.keys.sorted() {
            guard let field = fields.first(where: { $0.name == name }) else {
                let declared = fields.isEmpty ? "none" : fields.map(\.name).joined(separator: ", ")
                throw Problem(description: "\(what) has no '\(name)'; it declares: \(declared)")
            }
            guard let item = raw[name] else { continue }
            values[name] = try value(item, as: field.type, for: "\(what) '\(name)'")
        }
        return values
    }

    /// One JSON value as `type`: numbers for int/decimal, "12.50" or "12.50 GBP" for money, ISO text for dates.
    func value(_ raw: Any, as type: ValueType, for what: String) throws -> Value {
        if raw is NSNull {
            guard type.isNullable else { throw Problem(description: "\(what) cannot be null (it is \(type))") }
            return .null
        }
        let text = (raw as? String) ?? (raw as? NSNumber).map { "\($0)" }
        func fail() -> Problem { Problem(description: "\(what) should be \(type), not \(json(raw))") }
        switch type.nonOptional {
        case .bool:
            guard let flag = raw as? Bool else { throw fail() }
            return .bool(flag)
        case .int, .decimal:
            guard let text, raw is NSNumber || raw is String, !(raw is Bool) else { throw fail() }
            return try literal(text, as: type.nonOptional, for: what, raw: raw)
        case .money:
            guard let text, !(raw is Bool) else { throw fail() }
            let parts = text.split(separator: " ")
            guard parts.count == 1 || parts.count == 2 else { throw fail() }
            let currency = parts.count == 2 ? String(parts[1]) : app.currency
            guard isKnownCurrency(currency) else {
                throw Problem(description: "\(what) is in '\(currency)', which is not an ISO 4217 currency" + (closestCurrencyCode(to: currency).map { "; did you mean '\($0)'?" } ?? ""))
            }
            // As the language writes money: `12.50 GBP`, never finer than the currency's minor unit.
            return try literal("\(parts[0]) \(currency)", as: .money, for: what, raw: raw)
        case .text:
            guard let text = raw as? String else { throw fail() }
            return .text(text)
        case .date:
            guard let text = raw as? String, let date = CalendarDate(parsing: text) else { throw fail() }
            return .date(date)
        case .timestamp:
            guard let text = raw as? String, let instant = Timestamp(parsing: text) else { throw fail() }
            return .timestamp(instant)
        case .duration:
            guard let text = raw as? String, let milliseconds = parseDuration(text) else { throw fail() }
            return .duration(milliseconds)
        case .enumeration(let name):
            guard let text = raw as? String, let declaration = app.types.first(where: { $0.name == name }),
                  case .enumeration(let cases) = declaration.kind, cases.contains(text) else { throw fail() }
            return .enumCase(type: name, name: text)
        case .list(let element):
            guard let items = raw as? [Any] else { throw fail() }
            return .list(try items.map { try value($0, as: element, for: what) })
        case .record(let name):
            guard let object = raw as? [String: Any], let declaration = app.types.first(where: { $0.name == name }),
                  case .record(let fields) = declaration.kind else { throw fail() }
            return .record(try values(object, for: fields, of: what))
        default:
            throw fail()
        }
    }
}

extension ScriptValues {
    /// `text` read as the flow language reads a literal of `type` (a number, a negative one, money with its
    /// currency), so a value the language refuses (`12.345 GBP`, `1e3` for an int) is refused here with the
    /// language's own reason.
    func literal(_ text: String, as type: ValueType, for what: String, raw: Any) throws -> Value {
        let unsigned = text.hasPrefix("-") ? String(text.dropFirst()) : text
        // Only a number (and a currency): never a name or a call, which would read the app's state.
        guard let first = unsigned.unicodeScalars.first, ("0"..."9").contains(first),
              unsigned.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) || $0 == "." || $0 == " " || ("A"..."Z").contains($0) }) else {
            throw Problem(description: "\(what) should be \(type), not \(json(raw))")
        }
        let (tree, problems) = checkExpression(text, expected: type, in: TypeEnvironment(currency: app.currency))
        if let problem = problems.first(where: { $0.code == "invalid-literal" }) {
            throw Problem(description: "\(what) should be \(type), not \(json(raw)): \(problem.message)")
        }
        // A literal reads no name, so it is evaluated with an empty scope.
        var scope = EvaluationScope(globals: [], now: .defaultClockStart, defaultCurrency: app.currency)
        guard problems.isEmpty, let tree, tree.type == type || (type == .decimal && tree.type == .int),
              let value = try? CompiledExpression(tree, binding: { _ in nil }).evaluate(&scope) else {
            throw Problem(description: "\(what) should be \(type), not \(json(raw))")
        }
        if type == .decimal, case .int(let whole) = value { return .decimal(Decimal(whole)) }
        return value
    }
}

/// `json(_:)`, for types that have a `json` member of their own.
func jsonShown(_ raw: Any) -> String { json(raw) }

/// A JSON value as it was written: text in quotes, numbers and booleans bare.
func json(_ raw: Any) -> String {
    if let text = raw as? String { return "\"\(text)\"" }
    if let data = try? JSONSerialization.data(withJSONObject: raw, options: [.fragmentsAllowed, .sortedKeys]) {
        return String(decoding: data, as: UTF8.self)
    }
    return "\(raw)"
}

extension Value {
    /// The value written in the expression language (`'Ayrton'`, `12.50 GBP`, `date('2026-01-05')`), for
    /// saving a session as a scenario; nil for records and enum cases, which have no literal form.
    public var expressionSource: String? {
        switch self {
        case .bool, .int, .decimal, .money, .duration, .null: return description
        case .text(let text): return "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
        case .date(let date): return "date('\(date)')"
        case .timestamp(let instant): return "timestamp('\(instant)')"
        case .list(let items):
            let parts = items.compactMap(\.expressionSource)
            return parts.count == items.count ? "[" + parts.joined(separator: ", ") + "]" : nil
        case .record, .enumCase: return nil
        }
    }

    /// A value as a literal expression, for the APIs that take chosen values as expressions.
    func asLiteral(of type: ValueType) -> TypedExpression {
        TypedExpression(type: type, span: 0..<0, kind: .literal(self))
    }
}
