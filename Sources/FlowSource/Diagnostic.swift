/// A problem found in the input, with where it is and what to do about it.
///
/// Recoverable problems are values sent to a ``DiagnosticCollector``; `throw` is kept for
/// I/O failures and internal bugs. Codes are stable kebab-case names (`unknown-target`),
/// listed in docs/diagnostics.md, so CI and editors can key on them.
public struct Diagnostic: Hashable, Sendable, Codable {
    public enum Severity: String, Sendable, Codable, Comparable {
        case note, warning, error

        private var rank: Int {
            switch self {
            case .note: 0
            case .warning: 1
            case .error: 2
            }
        }

        public static func < (lhs: Severity, rhs: Severity) -> Bool { lhs.rank < rhs.rank }
    }

    /// Extra context: a did-you-mean, or where a clashing name was first declared.
    public struct Note: Hashable, Sendable, Codable {
        public var message: String
        public var range: SourceRange?

        public init(_ message: String, at range: SourceRange? = nil) {
            self.message = message
            self.range = range
        }
    }

    public var severity: Severity
    public var code: String
    public var message: String
    public var range: SourceRange
    public var notes: [Note]

    public init(_ severity: Severity, _ code: String, _ message: String, at range: SourceRange, notes: [Note] = []) {
        self.severity = severity
        self.code = code
        self.message = message
        self.range = range
        self.notes = notes
    }

    public static func error(_ code: String, _ message: String, at range: SourceRange, notes: [Note] = []) -> Diagnostic {
        Diagnostic(.error, code, message, at: range, notes: notes)
    }

    public static func warning(_ code: String, _ message: String, at range: SourceRange, notes: [Note] = []) -> Diagnostic {
        Diagnostic(.warning, code, message, at: range, notes: notes)
    }

    /// Orders diagnostics by file, line, column, code and message: the order users read them in.
    public static func presentationOrder(_ lhs: Diagnostic, _ rhs: Diagnostic) -> Bool {
        if lhs.range.file != rhs.range.file { return lhs.range.file < rhs.range.file }
        if lhs.range.start != rhs.range.start { return lhs.range.start < rhs.range.start }
        if lhs.code != rhs.code { return lhs.code < rhs.code }
        return lhs.message < rhs.message
    }
}
