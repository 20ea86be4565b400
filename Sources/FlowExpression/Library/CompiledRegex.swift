import Foundation

/// A regular expression compiled once, shared by every evaluation.
///
/// The syntax is ICU's (NSRegularExpression), which accepts everything RE2 (CEL's engine)
/// does for ordinary patterns, plus backreferences and lookaround. `matches` has CEL's
/// *search* semantics: it holds when the pattern matches anywhere in the text, so anchor with
/// `^...$` to match the whole value. Equality and hashing use the pattern text.
public struct CompiledRegex: Hashable, Sendable, CustomStringConvertible {
    public let pattern: String
    let regex: NSRegularExpression

    /// Compiles `pattern`; the error text is the engine's reason.
    static func compile(_ pattern: String) -> Result<CompiledRegex, RegexSyntaxError> {
        do {
            // The empty pattern matches everywhere (CEL, RE2); ICU refuses it, so it is written as an empty group.
            return .success(CompiledRegex(pattern: pattern, regex: try NSRegularExpression(pattern: pattern.isEmpty ? "(?:)" : pattern)))
        } catch {
            return .failure(RegexSyntaxError())
        }
    }

    /// Whether the pattern matches somewhere in `text`.
    package func search(_ text: String) -> Bool {
        regex.firstMatch(in: text, range: NSRange(text.startIndex..<text.endIndex, in: text)) != nil
    }

    public var description: String { pattern }

    public static func == (lhs: CompiledRegex, rhs: CompiledRegex) -> Bool { lhs.pattern == rhs.pattern }
    public func hash(into hasher: inout Hasher) { hasher.combine(pattern) }
}

/// The pattern did not compile.
struct RegexSyntaxError: Error {}
