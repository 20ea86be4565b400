/// A tiny structured model of the Swift that flowc generates, in the manner of
/// apple/swift-openapi-generator's `StructuredSwiftRepresentation`: the translator builds these
/// values and `TextRenderer` alone turns them into text, so spacing, indentation and ordering
/// are decided in one place.

/// A whole generated file.
public struct SwiftFileDescription: Equatable, Sendable {
    /// Relative path under the output folder (`Sources/TempoFlow/TempoMachine.swift`).
    public var path: String
    /// Comment lines at the top, without `//`.
    public var header: [String]
    public var imports: [String]
    public var declarations: [SwiftDeclaration]

    public init(path: String, header: [String], imports: [String], declarations: [SwiftDeclaration]) {
        self.path = path; self.header = header; self.imports = imports; self.declarations = declarations
    }
}

/// Access level of a declaration.
public enum SwiftAccess: String, Equatable, Sendable {
    case `public`, `package`, `internal`, `private`, `fileprivate`
    /// `public internal(set)`: readable by the host, written only by the module.
    case publicReadOnly = "public internal(set)"
    /// `package internal(set)`: as `publicReadOnly`, for code generated with `accessModifier: package`.
    case packageReadOnly = "package internal(set)"
}

/// A declaration with its doc comment.
public struct SwiftDeclaration: Equatable, Sendable {
    public indirect enum Kind: Equatable, Sendable {
        /// `struct Name: Conformances { members }`
        case `struct`(name: String, conformances: [String], members: [SwiftDeclaration])
        /// `enum Name: Conformances { cases; members }`
        case `enum`(name: String, conformances: [String], cases: [SwiftEnumCase], members: [SwiftDeclaration])
        /// `extension Name: Conformances { members }`
        case `extension`(name: String, conformances: [String], members: [SwiftDeclaration])
        /// `let`/`var` with an optional type and initial value, or a computed property (`getter`).
        case variable(isLet: Bool, isStatic: Bool, name: String, type: String?, value: SwiftExpression?, getter: [SwiftStatement]?)
        /// A function or method; `signature` holds the parameter list and effects as written after the name.
        case function(modifiers: [String], name: String, parameters: [SwiftParameter], effects: [String], returns: String?, body: [SwiftStatement])
        /// An initializer.
        case initializer(parameters: [SwiftParameter], effects: [String], body: [SwiftStatement])
        case `typealias`(name: String, type: String)
        /// `protocol Name: Conformances { requirements }`
        case `protocol`(name: String, conformances: [String], members: [SwiftDeclaration])
        /// A function requirement of a protocol: the signature alone.
        case requirement(name: String, parameters: [SwiftParameter], effects: [String], returns: String?)
        /// Fixed library code copied into the output as it is (the support file's helpers).
        case verbatim(String)
    }
    public var doc: [String]
    public var access: SwiftAccess?
    public var attributes: [String]
    /// Attributes of a computed property's getter (`var x: T { @_optimize(none) get { ... } }`).
    public var getterAttributes: [String] = []
    /// Whether the declaration stays optimised when the flows' logic is compiled for build time: a small accessor
    /// the engine calls on every step (`GeneratorOptions.Optimization`).
    public var staysOptimized = false
    public var kind: Kind

    public init(doc: [String] = [], access: SwiftAccess? = nil, attributes: [String] = [], _ kind: Kind) {
        self.doc = doc; self.access = access; self.attributes = attributes; self.kind = kind
    }
}

/// One case of an enum: `case name(label: Type) = raw`.
public struct SwiftEnumCase: Equatable, Sendable {
    public var doc: [String]
    public var name: String
    public var associated: [SwiftParameter]
    public var rawValue: SwiftExpression?

    public init(doc: [String] = [], name: String, associated: [SwiftParameter] = [], rawValue: SwiftExpression? = nil) {
        self.doc = doc; self.name = name; self.associated = associated; self.rawValue = rawValue
    }
}

/// A function parameter or an enum case's associated value.
public struct SwiftParameter: Equatable, Sendable {
    /// The argument label; `_` for none; nil when the label is the name.
    public var label: String?
    public var name: String
    public var type: String
    public var defaultValue: SwiftExpression?

    public init(label: String? = nil, name: String, type: String, defaultValue: SwiftExpression? = nil) {
        self.label = label; self.name = name; self.type = type; self.defaultValue = defaultValue
    }
}

/// A statement in a function body.
public indirect enum SwiftStatement: Equatable, Sendable {
    case expression(SwiftExpression)
    /// `let name: Type = value` / `var ...`
    case declare(isLet: Bool, name: String, type: String?, value: SwiftExpression?)
    /// `target = value` (or `+=` etc. with `op`).
    case assign(SwiftExpression, SwiftExpression, op: String = "=")
    /// `if condition { then } else { otherwise }`; conditions joined with `,` (may be `let x = y` bindings).
    case `if`(conditions: [SwiftCondition], then: [SwiftStatement], otherwise: [SwiftStatement]?)
    /// `guard conditions else { body }`
    case `guard`(conditions: [SwiftCondition], otherwise: [SwiftStatement])
    /// `switch subject { cases }`
    case `switch`(SwiftExpression, [SwiftSwitchCase])
    /// `for pattern in sequence { body }`
    case `for`(pattern: String, sequence: SwiftExpression, body: [SwiftStatement])
    /// `while condition { body }`
    case `while`(SwiftExpression, [SwiftStatement])
    case `return`(SwiftExpression?)
    case `throw`(SwiftExpression)
    case `break`
    case `continue`
    /// A `//` comment line.
    case comment(String)
    /// A statement with a trailing `// comment` on its last line.
    case commented(SwiftStatement, String)
}

/// A condition of `if`/`guard`.
public enum SwiftCondition: Equatable, Sendable {
    case expression(SwiftExpression)
    /// `let name = value` (optional binding).
    case bind(name: String, value: SwiftExpression)
    /// `case pattern = value`
    case pattern(String, SwiftExpression)
}

/// One `case` of a switch: patterns (empty means `default`) and a body.
public struct SwiftSwitchCase: Equatable, Sendable {
    public var patterns: [String]
    /// Values the case matches (`case "tap_continue":`), after `patterns`; the renderer writes them.
    public var values: [SwiftExpression] = []
    public var body: [SwiftStatement]
    public init(_ patterns: [String], _ body: [SwiftStatement]) { self.patterns = patterns; self.body = body }
    public init(values: [SwiftExpression], _ body: [SwiftStatement]) { self.patterns = []; self.values = values; self.body = body }
    public static func `default`(_ body: [SwiftStatement]) -> SwiftSwitchCase { SwiftSwitchCase([], body) }
}

/// An expression.
public indirect enum SwiftExpression: Equatable, Sendable {
    /// A name, a keyword (`self`, `nil`, `true`) or a number literal, written as it is.
    case identifier(String)
    /// A string literal; the renderer escapes it.
    case string(String)
    case int(Int)
    /// `base.name`; a nil base renders the implicit member `.name`.
    case member(SwiftExpression?, String)
    /// `callee(label: argument, ...)`, optionally with a trailing closure.
    case call(SwiftExpression, [SwiftArgument], trailingClosure: SwiftClosure? = nil)
    /// `base[index]`
    case `subscript`(SwiftExpression, SwiftExpression)
    /// `lhs op rhs`, parenthesised by the renderer when nested.
    case binary(String, SwiftExpression, SwiftExpression)
    /// `op operand`
    case prefix(String, SwiftExpression)
    /// `operand!`, `operand?` and similar postfix operators.
    case postfix(SwiftExpression, String)
    case `try`(SwiftExpression)
    /// `await expression`
    case await(SwiftExpression)
    /// `(a, b)`
    case tuple([SwiftExpression])
    case ternary(SwiftExpression, SwiftExpression, SwiftExpression)
    case array([SwiftExpression])
    case closure(SwiftClosure)
    /// `(expression)`
    case parenthesized(SwiftExpression)
    /// An array literal written one element per line, each with an optional trailing comment.
    case arrayLines([SwiftExpression], comments: [String?])
    /// An array of numbers written one row of numbers per line, each with an optional trailing comment: a table
    /// swiftc checks as fast as its text is read (an array of a thousand initializer calls is one expression the type
    /// checker solves in seconds and gigabytes).
    case numberRows([[Int]], comments: [String?])
    /// `[key: value, ...]`; an empty list renders `[:]`.
    case dictionary([SwiftDictionaryEntry])
    /// A raw multi-line string literal (`#"""`), one line per element.
    case multilineString([String])
}

/// One `key: value` of a dictionary literal.
public struct SwiftDictionaryEntry: Equatable, Sendable {
    public var key: SwiftExpression
    public var value: SwiftExpression
    public init(_ key: SwiftExpression, _ value: SwiftExpression) { self.key = key; self.value = value }
}

/// A labelled argument.
public struct SwiftArgument: Equatable, Sendable {
    public var label: String?
    public var value: SwiftExpression
    public init(_ label: String?, _ value: SwiftExpression) { self.label = label; self.value = value }
}

/// `{ parameters in body }`; a single expression body renders on one line.
public struct SwiftClosure: Equatable, Sendable {
    public var parameters: [String]
    public var body: [SwiftStatement]
    public init(parameters: [String], body: [SwiftStatement]) { self.parameters = parameters; self.body = body }
}

extension SwiftExpression {
    /// `name` as an identifier expression.
    public static func id(_ name: String) -> SwiftExpression { .identifier(name) }

    /// `self.member` written as `base.name` (chainable).
    public func dot(_ name: String) -> SwiftExpression { .member(self, name) }

    /// A call without labels.
    func callAsFunction(_ arguments: SwiftExpression...) -> SwiftExpression {
        .call(self, arguments.map { SwiftArgument(nil, $0) })
    }
}
