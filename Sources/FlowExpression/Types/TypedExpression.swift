import FlowSource
/// A type-checked expression: every node has its type and span.
///
/// A plain tree a later pass can compile to closures. Names the checker could resolve are
/// resolved: enum cases are ``Kind/enumCase(type:name:)``, macro variables are
/// ``Kind/local(_:)``, `int` operands promoted to `decimal` are wrapped in a
/// `call(function: .decimal, ...)`, literal dates and timestamps are folded to values, and a
/// literal `matches` pattern is compiled once into ``Kind/regexMatch(_:_:)``.
///
/// ```swift
/// let (typed, _) = checkExpression("balance + 1.50 GBP", expected: .money, in: environment)
/// typed?.type                 // .money
/// typed?.referencedVariables  // ["balance"]
/// ```
public struct TypedExpression: Hashable, Sendable {
    public indirect enum Kind: Hashable, Sendable {
        case literal(Value)
        /// A top-level variable of the environment.
        case variable(String)
        /// The element variable of an enclosing macro (`x` in `items.all(x, x > 0)`).
        case local(String)
        case member(TypedExpression, String)
        case index(TypedExpression, TypedExpression)
        case unary(UnaryOperator, TypedExpression)
        case binary(BinaryOperator, TypedExpression, TypedExpression)
        case conditional(TypedExpression, TypedExpression, TypedExpression)
        case list([TypedExpression])
        /// A record literal: every field of the record type in declaration order; fields the literal left
        /// out hold their empty value (`null`, `[]`, `''`, `false`) as literals.
        case record(type: String, fields: [TypedRecordField])
        case call(function: BuiltinFunction, arguments: [TypedExpression])
        /// `list.all(x, body)` and friends; `filter` is the predicate of three-argument `map`.
        case macro(MacroKind, list: TypedExpression, variable: String, body: TypedExpression, filter: TypedExpression?)
        case enumCase(type: String, name: String)
        /// `matches(text, 'literal pattern')`, with the pattern compiled at check time.
        case regexMatch(TypedExpression, CompiledRegex)
    }

    public var type: ValueType
    public var span: ExpressionSpan
    /// Where the whole expression was written (set on the root by the checker), so a run-time failure can
    /// name `file:line:col` of the subexpression that failed. Not part of equality: equal expressions
    /// written in many places share one compiled form.
    public var origin: ExpressionOrigin? {
        get { originBox?.origin }
        set { originBox = newValue.map(OriginBox.init) }
    }
    /// One reference rather than the origin inline: tree nodes stay small, which keeps deep recursion
    /// over them within a thread's stack.
    private var originBox: OriginBox?
    public var kind: Kind {
        didSet { referencedVariables = Self.variables(of: kind) }
    }
    /// Names of the top-level variables the expression reads (for unused-declaration analysis and
    /// for deciding what to recompute). Stored: computed once when the node is built.
    public private(set) var referencedVariables: Set<String>

    public init(type: ValueType, span: ExpressionSpan, kind: Kind) {
        self.type = type
        self.span = span
        self.kind = kind
        self.referencedVariables = Self.variables(of: kind)
    }

    private static func variables(of kind: Kind) -> Set<String> {
        switch kind {
        case .variable(let name): return [name]
        case .literal, .local, .enumCase: return []
        default:
            var names = Set<String>()
            for child in TypedExpression(kindOnly: kind).children where !child.referencedVariables.isEmpty {
                names.formUnion(child.referencedVariables)
            }
            return names
        }
    }

    /// A node used only to list a kind's children.
    private init(kindOnly kind: Kind) {
        self.type = .error
        self.span = 0..<0
        self.kind = kind
        self.referencedVariables = []
    }

    /// Equality and hashing cover the type, span and kind; `referencedVariables` is derived from the kind.
    public static func == (lhs: TypedExpression, rhs: TypedExpression) -> Bool {
        lhs.type == rhs.type && lhs.span == rhs.span && lhs.kind == rhs.kind
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(type)
        hasher.combine(span)
        hasher.combine(kind)
    }

    /// The direct subexpressions, in evaluation order.
    public var children: [TypedExpression] {
        switch kind {
        case .literal, .variable, .local, .enumCase: []
        case .member(let base, _): [base]
        case .index(let base, let index): [base, index]
        case .unary(_, let operand): [operand]
        case .binary(_, let lhs, let rhs): [lhs, rhs]
        case .conditional(let condition, let then, let otherwise): [condition, then, otherwise]
        case .list(let elements): elements
        case .record(_, let fields): fields.map(\.value)
        case .call(_, let arguments): arguments
        case .macro(_, let list, _, let body, let filter): [list] + (filter.map { [$0] } ?? []) + [body]
        case .regexMatch(let text, _): [text]
        }
    }
}

extension TypedExpression {
    /// How a run-time failure names this subexpression: `'applicant.dob'` for a path, `the value` otherwise.
    /// The interpreter and the generated code word their failures alike with it.
    public var failureName: String {
        func path(_ expression: TypedExpression) -> String? {
            switch expression.kind {
            case .variable(let name), .local(let name): name
            case .member(let base, let name): path(base).map { "\($0).\(name)" }
            default: nil
            }
        }
        return path(self).map { "'\($0)'" } ?? "the value"
    }
}

/// An ``ExpressionOrigin`` held by reference.
private final class OriginBox: Sendable {
    let origin: ExpressionOrigin
    init(_ origin: ExpressionOrigin) { self.origin = origin }
}

/// One field of a typed record literal.
public struct TypedRecordField: Hashable, Sendable {
    public var name: String
    public var value: TypedExpression
    /// Whether the field's declared type is optional; a null for any other field is a run-time failure.
    public var allowsNull: Bool

    public init(name: String, value: TypedExpression, allowsNull: Bool) {
        self.name = name
        self.value = value
        self.allowsNull = allowsNull
    }
}
