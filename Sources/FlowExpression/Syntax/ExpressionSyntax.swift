import Foundation

/// An untyped expression tree, as parsed; every node carries its span.
///
/// Produced by ``parseExpression(_:)``; ``checkExpression(_:expected:in:)`` turns it into a
/// ``TypedExpression``.
///
/// ```swift
/// let (syntax, _) = parseExpression("a + b * c")
/// // syntax?.kind == .binary(.add, a, .binary(.multiply, b, c)); syntax?.span == 0..<9
/// ```
public struct ExpressionSyntax: Hashable, Sendable {
    public indirect enum Kind: Hashable, Sendable {
        case literal(Literal)
        /// A bare name: a variable, an enum type, a macro variable, or an enum case where one is expected.
        case name(String)
        /// `base.name`.
        case member(ExpressionSyntax, name: String, nameSpan: ExpressionSpan)
        /// `base[index]`.
        case index(ExpressionSyntax, ExpressionSyntax)
        /// `name(arguments)` or, with a receiver, `receiver.name(arguments)`.
        case call(name: String, nameSpan: ExpressionSpan, receiver: ExpressionSyntax?, arguments: [ExpressionSyntax])
        case unary(UnaryOperator, ExpressionSyntax)
        case binary(BinaryOperator, ExpressionSyntax, ExpressionSyntax)
        /// `condition ? then : else`.
        case conditional(ExpressionSyntax, ExpressionSyntax, ExpressionSyntax)
        /// `[a, b]`.
        case list([ExpressionSyntax])
        /// `Asset{name: 'ISA', value: 100.00 GBP}`: a value of a declared record type, written directly.
        case record(type: String, typeSpan: ExpressionSpan, fields: [RecordFieldSyntax])
        /// Where a syntax error was reported; never in a tree returned without diagnostics.
        case invalid
    }

    /// A literal as written; money and durations are already values.
    public enum Literal: Hashable, Sendable {
        case bool(Bool)
        case int(Int)
        case decimal(Decimal)
        case money(Money)
        /// Milliseconds.
        case duration(Int)
        case text(String)
        case null
    }

    public var kind: Kind
    public var span: ExpressionSpan
    /// Nodes on the longest path from here to a leaf (a leaf is 1).
    public let height: Int

    public init(kind: Kind, span: ExpressionSpan) {
        self.kind = kind
        self.span = span
        var childHeight = 0
        switch kind {
        case .literal, .name, .invalid: break
        case .member(let base, _, _): childHeight = base.height
        case .index(let base, let index): childHeight = max(base.height, index.height)
        case .call(_, _, let receiver, let arguments):
            childHeight = max(receiver?.height ?? 0, arguments.map(\.height).max() ?? 0)
        case .unary(_, let operand): childHeight = operand.height
        case .binary(_, let lhs, let rhs): childHeight = max(lhs.height, rhs.height)
        case .conditional(let condition, let then, let otherwise):
            childHeight = max(condition.height, then.height, otherwise.height)
        case .list(let elements): childHeight = elements.map(\.height).max() ?? 0
        case .record(_, _, let fields): childHeight = fields.map(\.value.height).max() ?? 0
        }
        self.height = childHeight + 1
    }
}

/// One `name: value` of a record literal.
public struct RecordFieldSyntax: Hashable, Sendable {
    public var name: String
    public var nameSpan: ExpressionSpan
    public var value: ExpressionSyntax

    public init(name: String, nameSpan: ExpressionSpan, value: ExpressionSyntax) {
        self.name = name
        self.nameSpan = nameSpan
        self.value = value
    }
}
