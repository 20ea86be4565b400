@_spi(Generated) import FlowMachine
import FlowExpression

extension CompiledRegex {
    /// Whether the pattern matches somewhere in `text` (CEL's `matches`, as generated code's `matches` reads it).
    package func search(_ text: String) -> Bool { searches(regex, text) }
}
