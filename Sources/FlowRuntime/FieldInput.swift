import Foundation
import FlowExpression
import FlowIR
import FlowMachine

/// What a person typed or picked in a field: FlowMachine's, which the engine keeps.
public typealias FieldInput = FlowMachine.FieldInput

extension FieldInput {
    var isEmpty: Bool {
        switch self {
        case .text(let text): text.allSatisfy(\.isWhitespace) || text == "false"
        case .list(let items): items.isEmpty
        }
    }
}

extension FieldInput {
    /// What a person would have typed to give `value` (a field's `default:`); nil for null.
    init?(prefilling value: Value) {
        switch value {
        case .null: return nil
        case .text(let text): self = .text(text)
        case .bool(let flag): self = .text(flag ? "true" : "false")
        case .money(let money): self = .text(money.amount.description)
        case .enumCase(_, let name): self = .text(name)
        case .list(let items):
            self = .list(items.compactMap { item -> String? in
                switch item {
                case .text(let text): text
                case .enumCase(_, let name): name
                default: item.description
                }
            })
        default: self = .text(value.description)
        }
    }
}

extension Field {
    /// The field's value in expressions, converted from what was typed; nil when the text cannot be
    /// read as the field's type (a date that is not a date), which validation reports.
    func value(of input: FieldInput?, appCurrency: String) -> Value? {
        guard let input else { return emptyValue }
        switch (kind, input) {
        case (.multiChoice, .list(let items)): return .list(items.map(Value.text))
        case (.multiChoice, .text(let text)): return .list(text.isEmpty ? [] : [.text(text)])
        case (.choiceOf(let type), .text(let text)):
            if text.isEmpty { return .null }
            return options.contains { $0.value == text } ? .enumCase(type: type, name: text) : nil
        case (.multiChoiceOf(let type), _):
            let picked: [String] = switch input {
            case .list(let items): items
            case .text(let text): text.isEmpty ? [] : [text]
            }
            guard picked.allSatisfy({ item in options.contains { $0.value == item } }) else { return nil }
            return .list(picked.map { .enumCase(type: type, name: $0) })
        case (_, .list(let items)): return .text(items.joined(separator: ","))
        case (.checkbox, .text(let text)): return .bool(text == "true")
        case (.date, .text(let text)):
            if text.isEmpty { return .null }
            return parseDate(text).map(Value.date)
        case (.money, .text(let text)):
            if text.isEmpty { return .null }
            return Decimal(string: text.replacingOccurrences(of: ",", with: ""), locale: Locale(identifier: "en_US_POSIX"))
                .map { .money(Money(amount: $0, currency: currency ?? appCurrency)) }
        case (.decimal, .text(let text)):
            if text.isEmpty { return .null }
            return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")).map(Value.decimal)
        case (.int, .text(let text)):
            if text.isEmpty { return .null }
            return Int(text).map(Value.int)
        case (_, .text(let text)):
            return .text(text)
        }
    }

    /// The value of a field nobody has filled yet.
    var emptyValue: Value {
        switch kind {
        case .multiChoice, .multiChoiceOf: .list([])
        case .choiceOf: .null
        case .checkbox: .bool(false)
        case .date, .money, .decimal, .int: .null
        default: .text("")
        }
    }
}

/// Reads `DD/MM/YYYY` (as the seeds' forms show dates) or `YYYY-MM-DD`.
func parseDate(_ text: String) -> CalendarDate? {
    let parts = text.split(separator: "/")
    if parts.count == 3, let day = Int(parts[0]), let month = Int(parts[1]), let year = Int(parts[2]), parts[2].count == 4 {
        return CalendarDate(year: year, month: month, day: day)
    }
    return CalendarDate(parsing: text)
}
