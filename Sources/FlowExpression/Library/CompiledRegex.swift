@_spi(Generated) import FlowValues
import Foundation

/// A regular expression compiled once, shared by every evaluation.
///
/// The syntax is ICU's (NSRegularExpression), which accepts everything RE2 (CEL's engine)
/// does for ordinary patterns, plus backreferences and lookaround. `matches` has CEL's
/// *search* semantics: it holds when the pattern matches anywhere in the text, so anchor with
/// `^...$` to match the whole value. Equality and hashing use the pattern text.
public struct CompiledRegex: Hashable, Sendable, CustomStringConvertible {
    public let pattern: String
    package let regex: NSRegularExpression

    /// Compiles `pattern` as FlowValues' `compilePattern` does for every run and generated machine.
    static func compile(_ pattern: String) -> Result<CompiledRegex, RegexSyntaxError> {
        guard let regex = compilePattern(pattern) else { return .failure(RegexSyntaxError()) }
        return .success(CompiledRegex(pattern: pattern, regex: regex))
    }

    public var description: String { pattern }

    public static func == (lhs: CompiledRegex, rhs: CompiledRegex) -> Bool { lhs.pattern == rhs.pattern }
    public func hash(into hasher: inout Hasher) { hasher.combine(pattern) }
}

/// The pattern did not compile.
struct RegexSyntaxError: Error {}
