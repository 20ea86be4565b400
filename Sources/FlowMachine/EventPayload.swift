import Foundation

/// Why an event could not be built from its name and a payload written as text (`TempoEvent(name:payload:)`, for
/// scripts, deep links and replays): a name the flows do not know, or a payload field missing or not of its type.
///
/// ```swift
/// do {
///     let event = try TempoEvent(name: "card_payment_requested", payload: ["merchant": "Pret", "amount": "4.35"])
/// } catch {
///     print(error)   // event 'card_payment_requested' needs 'amount' in its payload (money, e.g. 4.35)
/// }
/// ```
public struct FlowEventError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        /// No event of this name in the flows.
        case unknownEvent
        /// The flows raise the event themselves (`raise:`); the app cannot send it.
        case raisedByFlows
        /// A payload field the event needs is not in the payload.
        case missingPayload(field: String, expected: String)
        /// A payload field's text is not a value of its type.
        case mistypedPayload(field: String, expected: String, text: String)
    }

    /// The event's name as given.
    public var event: String
    public var reason: Reason

    public init(event: String, reason: Reason) {
        self.event = event; self.reason = reason
    }

    public var description: String {
        switch reason {
        case .unknownEvent: "the flows have no event '\(event)'"
        case .raisedByFlows: "event '\(event)' is raised by the flows themselves; the app cannot send it"
        case .missingPayload(let field, let expected): "event '\(event)' needs '\(field)' in its payload (\(expected))"
        case .mistypedPayload(let field, let expected, let text): "event '\(event)': '\(field)' must be \(expected), not '\(text)'"
        }
    }
}

/// Reads the payload fields of an event built by name: each field's text as its type, or a `FlowEventError`.
/// Fields the event does not have are ignored (a payload may be shared by several events in a script).
///
/// The text forms: text as it is; money as an amount in the app's currency or with its code (`4.35`, `4.35 GBP`),
/// decimals as a number (`1.25`); whole
/// numbers and durations (milliseconds) as digits; `true` or `false`; dates `2026-01-31`; timestamps
/// `2026-01-31T09:30Z`; an enum value by its name in the flows (`gold`); lists and records as JSON in the layout of
/// the generated types (their `Codable` form: `["a","b"]`, `{"given_name":"Ada"}`).
@_spi(Generated) public struct EventPayload {
    public let event: String
    public let payload: [String: String]

    @inlinable public init(_ event: String, _ payload: [String: String]) {
        self.event = event; self.payload = payload
    }

    @usableFromInline func given(_ field: String, _ expected: String) throws(FlowEventError) -> String {
        guard let text = payload[field] else { throw FlowEventError(event: event, reason: .missingPayload(field: field, expected: expected)) }
        return text
    }

    @usableFromInline func mistyped(_ field: String, _ expected: String, _ text: String) -> FlowEventError {
        FlowEventError(event: event, reason: .mistypedPayload(field: field, expected: expected, text: text))
    }

    public func text(_ field: String) throws(FlowEventError) -> String { try given(field, "text") }

    /// An optional text: absent is nil.
    public func optionalText(_ field: String) -> String? { payload[field] }

    /// An amount in the app's `currency` (`4.35`), or an amount and a currency code (`4.35 GBP`, as scenarios write it).
    public func money(_ field: String, currency: String) throws(FlowEventError) -> Money {
        let text = try given(field, "money, e.g. 4.35 or 4.35 \(currency)")
        let parts = text.split(separator: " ", omittingEmptySubsequences: false)
        let code = parts.count == 2 ? String(parts[1]) : currency
        guard parts.count <= 2, code.count == 3, code.allSatisfy({ $0.isASCII && $0.isUppercase }),
              let amount = strictDecimal(String(parts[0])) else { throw mistyped(field, "money, e.g. 4.35 or 4.35 \(currency)", text) }
        return Money(amount: amount, currency: code)
    }

    public func decimal(_ field: String) throws(FlowEventError) -> Decimal {
        let text = try given(field, "a number, e.g. 1.25")
        guard let value = strictDecimal(text) else { throw mistyped(field, "a number, e.g. 1.25", text) }
        return value
    }

    public func int(_ field: String) throws(FlowEventError) -> Int {
        let text = try given(field, "a whole number")
        guard let value = Int(text) else { throw mistyped(field, "a whole number", text) }
        return value
    }

    public func bool(_ field: String) throws(FlowEventError) -> Bool {
        let text = try given(field, "true or false")
        switch text {
        case "true": return true
        case "false": return false
        default: throw mistyped(field, "true or false", text)
        }
    }

    public func date(_ field: String) throws(FlowEventError) -> CalendarDate {
        let text = try given(field, "a date, e.g. 2026-01-31")
        guard let value = CalendarDate(parsing: text) else { throw mistyped(field, "a date, e.g. 2026-01-31", text) }
        return value
    }

    public func timestamp(_ field: String) throws(FlowEventError) -> Timestamp {
        let text = try given(field, "a time, e.g. 2026-01-31T09:30Z")
        guard let value = Timestamp(parsing: text) else { throw mistyped(field, "a time, e.g. 2026-01-31T09:30Z", text) }
        return value
    }

    /// An enum value by its name in the flows.
    public func name<T: RawRepresentable>(_ field: String, _: T.Type) throws(FlowEventError) -> T where T.RawValue == String {
        let text = try given(field, "one of the names of \(T.self)")
        guard let value = T(rawValue: text) else { throw mistyped(field, "one of the names of \(T.self)", text) }
        return value
    }

    /// A list or a record, as JSON in the generated type's `Codable` layout.
    public func json<T: Decodable>(_ field: String, _: T.Type) throws(FlowEventError) -> T {
        let text = try given(field, "JSON of \(T.self)")
        do {
            return try JSONDecoder().decode(T.self, from: Data(text.utf8))
        } catch {
            throw mistyped(field, "JSON of \(T.self)", text)
        }
    }
}

/// `4.35`, `-1`, `0.5`: digits with an optional sign and fraction, nothing else (`Decimal(string:)` alone reads
/// `4.35abc` as 4.35).
func strictDecimal(_ text: String) -> Decimal? {
    var digits = 0
    var point = false
    for (index, character) in text.enumerated() {
        if character == "-" || character == "+" {
            guard index == 0 else { return nil }
        } else if character == "." {
            guard !point else { return nil }
            point = true
        } else if character.isASCII, character.isNumber {
            digits += 1
        } else {
            return nil
        }
    }
    guard digits > 0 else { return nil }
    return Decimal(string: text, locale: posixLocale)
}
