import FlowSource

/// Parses a type as flows write it: `money`, `list<Transaction>`, `Plan?`, `list<text>?`.
///
/// Names that are not built-in come back unresolved as `.record(name)`; the checker re-maps the
/// ones that name enums. Built-in names are lowercase, declared names UpperCamelCase; anything
/// else is an `invalid-type` diagnostic whose span points into `text`.
///
/// ```swift
/// parseTypeName("list<Plan>?")   // .success(.optional(.list(.record("Plan"))))
/// parseTypeName("string")        // .failure: unknown type 'string', note: did you mean 'text'?
/// ```
public func parseTypeName(_ text: String) -> Result<ValueType, ExpressionDiagnostic> {
    var parser = TypeNameParser(scalars: Array(text.unicodeScalars))
    return parser.parseWhole()
}

/// A tiny recursive-descent parser for type strings; spans are Unicode-scalar offsets.
struct TypeNameParser {
    let scalars: [Unicode.Scalar]
    var position = 0
    var depth = 0

    /// Common names from other languages, mapped to the flow type a user most likely meant.
    static let aliases: [String: String] = [
        "string": "text", "str": "text", "String": "text", "boolean": "bool", "Bool": "bool",
        "integer": "int", "Int": "int", "long": "int", "number": "decimal", "float": "decimal",
        "double": "decimal", "Decimal": "decimal", "Money": "money", "datetime": "timestamp",
        "Date": "date", "instant": "timestamp", "interval": "duration", "array": "list<...>",
        "List": "list<...>", "Array": "list<...>",
    ]

    init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

    mutating func parseWhole() -> Result<ValueType, ExpressionDiagnostic> {
        skipSpaces()
        if position == scalars.count {
            return .failure(failure("expected a type, found nothing", at: position..<position))
        }
        let result = parseType()
        guard case .success = result else { return result }
        skipSpaces()
        if position < scalars.count {
            let rest = String(String.UnicodeScalarView(scalars[position...]))
            return .failure(failure("unexpected '\(rest)' after the type", at: position..<scalars.count))
        }
        return result
    }

    mutating func parseType() -> Result<ValueType, ExpressionDiagnostic> {
        depth += 1
        defer { depth -= 1 }
        if depth > 32 {
            return .failure(failure("type nests too deeply", at: position..<scalars.count))
        }
        skipSpaces()
        let start = position
        while position < scalars.count, isIdentifierScalar(scalars[position]) { position += 1 }
        let name = String(String.UnicodeScalarView(scalars[start..<position]))
        if name.isEmpty {
            let found = position < scalars.count ? "'\(scalars[position])'" : "end of type"
            return .failure(failure("expected a type name, found \(found)", at: position..<min(position + 1, scalars.count)))
        }
        var type: ValueType
        if name == "list" {
            skipSpaces()
            guard position < scalars.count, scalars[position] == "<" else {
                return .failure(failure("expected '<' after 'list', as in 'list<text>'", at: start..<position))
            }
            position += 1
            switch parseType() {
            case .failure(let diagnostic): return .failure(diagnostic)
            case .success(let element): type = .list(element)
            }
            skipSpaces()
            guard position < scalars.count, scalars[position] == ">" else {
                let found = position < scalars.count ? "'\(scalars[position])'" : "end of type"
                return .failure(failure("expected '>' to close 'list<', found \(found)", at: position..<min(position + 1, scalars.count)))
            }
            position += 1
        } else if let builtin = ValueType.builtinNames[name] {
            type = builtin
        } else if let first = name.unicodeScalars.first, first.properties.isUppercase, isASCIIName(name) {
            type = .record(name)
        } else {
            var notes: [String] = []
            if let alias = Self.aliases[name] {
                notes.append("did you mean '\(alias)'?")
            } else if let close = closestMatchName(name) {
                notes.append("did you mean '\(close)'?")
            } else {
                notes.append("types are bool, int, decimal, money, text, date, timestamp, duration, list<T>, T? or a declared UpperCamelCase type")
            }
            return .failure(failure("unknown type '\(name)'", at: start..<position, notes: notes))
        }
        skipSpaces()
        if position < scalars.count, scalars[position] == "?" {
            position += 1
            type = .optional(type)
            skipSpaces()
            if position < scalars.count, scalars[position] == "?" {
                return .failure(failure("type '\(type)' is already optional", at: position..<position + 1))
            }
        }
        return .success(type)
    }

    private func closestMatchName(_ name: String) -> String? {
        closestMatch(to: name, among: ValueType.builtinNames.keys.sorted() + ["list"])
    }

    private func isASCIIName(_ name: String) -> Bool {
        name.unicodeScalars.allSatisfy { $0.isASCII && isIdentifierScalar($0) }
    }

    private mutating func skipSpaces() {
        while position < scalars.count, scalars[position] == " " || scalars[position] == "\t" { position += 1 }
    }

    private func failure(_ message: String, at span: ExpressionSpan, notes: [String] = []) -> ExpressionDiagnostic {
        ExpressionDiagnostic(code: ExpressionDiagnosticCode.invalidType, message: message, span: span, notes: notes)
    }
}

/// `[A-Za-z0-9_]`: a scalar that may continue an identifier.
func isIdentifierScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x5F: true
    default: false
    }
}

/// `[A-Za-z_]`: a scalar that may start an identifier.
func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x41...0x5A, 0x61...0x7A, 0x5F: true
    default: false
    }
}

/// `[0-9]`.
func isDigit(_ scalar: Unicode.Scalar) -> Bool { (0x30...0x39).contains(scalar.value) }
