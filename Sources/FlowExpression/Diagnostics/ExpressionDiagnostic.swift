/// A span of an expression's text: Unicode-scalar offsets from its start, 0-based and half-open.
///
/// The compiler shifts it into file coordinates (a guard inside a YAML string) with
/// `SourceRange.sub(offset:length:)`.
public typealias ExpressionSpan = Range<Int>

/// A problem found while parsing or type-checking one expression.
///
/// Messages start lowercase, quote user names with `'...'` and say what was expected and
/// what was found; `notes` carry did-you-mean suggestions and hints. Codes are stable:
///
/// | code | example message |
/// |---|---|
/// | `expression-syntax` | `expected expression, found ')'` |
/// | `expression-too-complex` | `expression nests more than 200 levels deep` |
/// | `invalid-literal` | `unknown currency code 'GPB'` |
/// | `invalid-type` | `unknown type 'string'` (from ``parseTypeName(_:)``) |
/// | `invalid-macro` | `the first argument of 'all' must be a name for each element, found '1'` |
/// | `type-mismatch` | `operator '+' cannot combine 'money' and 'decimal'` |
/// | `unknown-name` | `unknown name 'balanse'` |
/// | `unknown-member` | `type 'Applicant' has no member 'surnme'` |
/// | `unknown-function` | `unknown function 'lenght'` |
/// | `unknown-enum-case` | `'plsu' is not a case of enum 'Plan'` |
/// | `wrong-argument-count` | `wrong number of arguments to 'is_phone(number: text, country: text) -> bool': expected 2, found 1` |
///
/// ```swift
/// let (_, diagnostics) = checkExpression("balanse > 0", expected: .bool, in: environment)
/// // diagnostics[0].message == "unknown name 'balanse'", notes == ["did you mean 'balance'?"]
/// ```
public struct ExpressionDiagnostic: Hashable, Sendable, Error, CustomStringConvertible {
    public var code: String
    public var message: String
    public var span: ExpressionSpan
    public var notes: [String]

    public init(code: String, message: String, span: ExpressionSpan, notes: [String] = []) {
        self.code = code
        self.message = message
        self.span = span
        self.notes = notes
    }

    /// `0..<7: error: unknown name 'balanse' [unknown-name]`, then one `note:` line per note; for logs and tests.
    public var description: String {
        var text = "\(span.lowerBound)..<\(span.upperBound): error: \(message) [\(code)]"
        for note in notes { text += "\n  note: \(note)" }
        return text
    }
}
