/// A recursive-descent parser for the CEL-syntax expression language.
///
/// Precedence, loosest first: `? :`, `||`, `&&`, `== != < <= > >= in`, `+ -`, `* / %`,
/// unary `! -`, then postfix `.name`, `.name(args)`, `[index]`; binary operators use
/// precedence climbing. Errors are reported at the offending token, at most one per token, and
/// parsing resumes at the next `,` or closing bracket, so one mistake is one diagnostic.
///
/// Nesting beyond ``ExpressionLimits/maximumDepth`` stops the parse with
/// `expression-too-complex` instead of overflowing the stack. The functions on the recursive
/// path (`parseConditional` → `parseBinary` → `parseUnary` → `parsePostfix` → `parsePrimary`)
/// are kept small; messages are built in separate functions so their temporaries do not
/// enlarge every recursive frame.
struct ExpressionParser {
    private let scalars: [Unicode.Scalar]
    private let tokens: [ExpressionToken]
    private var index = 0
    private var depth = 0
    private var lastErrorToken = -1
    private var aborted = false
    private(set) var diagnostics: [ExpressionDiagnostic] = []

    init(scalars: [Unicode.Scalar], tokens: [ExpressionToken]) {
        self.scalars = scalars
        self.tokens = tokens
    }

    /// Parses the whole token stream as one expression.
    mutating func parseRoot() -> ExpressionSyntax {
        let expression = parseConditional()
        if !aborted, current.kind != .end { reportTrailing(after: expression) }
        return expression
    }

    // MARK: Tokens

    private var current: ExpressionToken { tokens[index] }

    private func isSymbol(_ symbol: ExpressionToken.Symbol) -> Bool { current.kind == .symbol(symbol) }

    private mutating func advance() {
        if index < tokens.count - 1 { index += 1 }
    }

    /// Consumes `symbol` if it is next.
    private mutating func accept(_ symbol: ExpressionToken.Symbol) -> Bool {
        guard isSymbol(symbol) else { return false }
        advance()
        return true
    }

    /// The current token as a message shows it: `'foo'`, `"text"`, `end of expression`.
    private func describeCurrent() -> String {
        let token = current
        if token.kind == .end { return "end of expression" }
        var text = String(String.UnicodeScalarView(scalars[token.span]))
        if text.unicodeScalars.count > 24 { text = String(String.UnicodeScalarView(scalars[token.span].prefix(24))) + "..." }
        if case .text = token.kind { return text }
        return "'\(text)'"
    }

    // MARK: Diagnostics (kept off the recursive path)

    /// Reports a syntax error at the current token unless one was already reported there.
    @inline(never)
    private mutating func error(_ message: String, notes: [String] = []) {
        guard !aborted, index != lastErrorToken else { return }
        lastErrorToken = index
        if current.kind == .invalid { return }
        diagnostics.append(ExpressionDiagnostic(code: ExpressionDiagnosticCode.syntax, message: message, span: current.span, notes: notes))
    }

    /// `expected <what>, found <current token>`.
    @inline(never)
    private mutating func expected(_ what: String, notes: [String] = []) {
        error("expected \(what), found \(describeCurrent())", notes: notes)
    }

    @inline(never)
    private mutating func reportTrailing(after expression: ExpressionSyntax) {
        var notes: [String] = []
        if case .identifier(let word) = current.kind {
            switch word {
            case "and": notes = ["use '&&' for 'and'"]
            case "or": notes = ["use '||' for 'or'"]
            default:
                if case .name("not") = expression.kind { notes = ["use '!' for 'not'"] }
            }
        } else if current.kind == .symbol(.leftParen) {
            notes = ["only named functions can be called, as in 'size(x)' or 'x.size()'"]
        }
        expected("end of expression", notes: notes)
    }

    /// Stops the parse: the rest of the input is skipped and no further error is reported.
    @inline(never)
    private mutating func abortTooComplex(at span: ExpressionSpan) -> ExpressionSyntax {
        if !aborted {
            diagnostics.append(ExpressionDiagnostic(
                code: ExpressionDiagnosticCode.tooComplex,
                message: "expression nests more than \(ExpressionLimits.maximumDepth) levels deep",
                span: span, notes: ["split it into derived values"]))
            aborted = true
            index = tokens.count - 1
        }
        return ExpressionSyntax(kind: .invalid, span: span)
    }

    /// Skips to the next of `stops` (or a closing bracket) outside any brackets opened meanwhile.
    private mutating func recover(to stops: Set<ExpressionToken.Symbol>) {
        var nesting = 0
        while current.kind != .end {
            if case .symbol(let symbol) = current.kind {
                switch symbol {
                case .leftParen, .leftBracket, .leftBrace:
                    nesting += 1
                case .rightParen, .rightBracket, .rightBrace:
                    if nesting == 0 { return }
                    nesting -= 1
                default:
                    if nesting == 0, stops.contains(symbol) { return }
                }
            }
            advance()
        }
    }

    /// A node, unless it makes the tree deeper than the limit.
    private mutating func make(_ kind: ExpressionSyntax.Kind, _ span: ExpressionSpan) -> ExpressionSyntax {
        let node = ExpressionSyntax(kind: kind, span: span)
        return node.height > ExpressionLimits.maximumDepth ? abortTooComplex(at: span) : node
    }

    // MARK: Grammar

    /// `binary ['?' conditional ':' conditional]`; every nesting level passes through here once.
    private mutating func parseConditional() -> ExpressionSyntax {
        depth += 1
        defer { depth -= 1 }
        if depth > ExpressionLimits.maximumDepth { return abortTooComplex(at: current.span) }
        let condition = parseBinary(level: 0)
        guard !aborted, isSymbol(.question) else { return condition }
        return parseBranches(of: condition)
    }

    /// `'?' conditional ':' conditional`, after its condition.
    private mutating func parseBranches(of condition: ExpressionSyntax) -> ExpressionSyntax {
        advance()
        let then = parseConditional()
        guard accept(.colon) else {
            expected("':' after the '?' branch")
            let missing = ExpressionSyntax(kind: .invalid, span: current.span)
            return make(.conditional(condition, then, missing), condition.span.lowerBound..<then.span.upperBound)
        }
        let otherwise = parseConditional()
        return make(.conditional(condition, then, otherwise), condition.span.lowerBound..<otherwise.span.upperBound)
    }

    /// The binary operator at the current token and its level (0 `||`, 1 `&&`, 2 relations, 3 `??`, 4 `+ -`, 5 `* / %`).
    private func binaryOperator() -> (BinaryOperator, Int)? {
        switch current.kind {
        case .symbol(let symbol):
            switch symbol {
            case .or: return (.or, 0)
            case .and: return (.and, 1)
            case .equal: return (.equal, 2)
            case .notEqual: return (.notEqual, 2)
            case .less: return (.less, 2)
            case .lessOrEqual: return (.lessOrEqual, 2)
            case .greater: return (.greater, 2)
            case .greaterOrEqual: return (.greaterOrEqual, 2)
            case .coalesce: return (.coalesce, 3)
            case .plus: return (.add, 4)
            case .minus: return (.subtract, 4)
            case .star: return (.multiply, 5)
            case .slash: return (.divide, 5)
            case .percent: return (.remainder, 5)
            default: return nil
            }
        case .identifier("in"): return (.in, 2)
        default: return nil
        }
    }

    /// Left-associative binary operators of `level` and tighter, by precedence climbing.
    private mutating func parseBinary(level: Int) -> ExpressionSyntax {
        var lhs = isSymbol(.bang) || isSymbol(.minus) ? parseUnary() : parsePostfix()
        while !aborted, let (op, operatorLevel) = binaryOperator(), operatorLevel >= level {
            lhs = parseRightOperand(of: lhs, op, level: operatorLevel)
        }
        return lhs
    }

    /// `op rhs` after `lhs`, with the right operand binding tighter than `level`.
    private mutating func parseRightOperand(of lhs: ExpressionSyntax, _ op: BinaryOperator, level: Int) -> ExpressionSyntax {
        advance()
        let rhs = parseBinary(level: level + 1)
        return make(.binary(op, lhs, rhs), lhs.span.lowerBound..<max(lhs.span.upperBound, rhs.span.upperBound))
    }

    /// `('!' | '-')+ postfix`.
    private mutating func parseUnary() -> ExpressionSyntax {
        var operators: [(UnaryOperator, Int)] = []
        while isSymbol(.bang) || isSymbol(.minus) {
            operators.append((isSymbol(.bang) ? .not : .negate, current.span.lowerBound))
            advance()
        }
        var operand: ExpressionSyntax
        if case .int(Int.min) = current.kind, operators.last?.0 == .negate, let (_, start) = operators.popLast() {
            // -9223372036854775808: the minus and the magnitude are one literal, the smallest int.
            operand = ExpressionSyntax(kind: .literal(.int(Int.min)), span: start..<current.span.upperBound)
            advance()
            while !aborted, isSymbol(.dot) || isSymbol(.leftBracket) {
                operand = isSymbol(.dot) ? parseMember(of: operand) : parseIndex(of: operand)
            }
        } else {
            operand = parsePostfix()
        }
        for (op, start) in operators.reversed() where !aborted {
            operand = make(.unary(op, operand), start..<operand.span.upperBound)
        }
        return operand
    }

    /// `primary ('.' name ['(' arguments ')'] | '[' expression ']')*`.
    private mutating func parsePostfix() -> ExpressionSyntax {
        var base: ExpressionSyntax
        switch current.kind {
        case .identifier: base = isCallAhead ? parseCall() : isRecordAhead ? parseRecord() : parseName()
        case .symbol(.leftParen): base = parseParenthesized()
        case .symbol(.leftBracket): base = parseList()
        default: base = parseLiteral()
        }
        while !aborted {
            if isSymbol(.dot) {
                base = parseMember(of: base)
            } else if isSymbol(.leftBracket) {
                base = parseIndex(of: base)
            } else if isWithAhead {
                base = parseWith(of: base)
            } else {
                break
            }
        }
        return base
    }

    /// `'.' name ['(' arguments ')']`, after its base.
    private mutating func parseMember(of base: ExpressionSyntax) -> ExpressionSyntax {
        advance()
        guard case .identifier(let name) = current.kind, !["true", "false", "null", "in"].contains(name) else {
            return missingMemberName(after: base)
        }
        let nameSpan = current.span
        advance()
        if isSymbol(.leftParen) {
            let (arguments, end) = parseArguments()
            return make(.call(name: name, nameSpan: nameSpan, receiver: base, arguments: arguments), base.span.lowerBound..<end)
        }
        return make(.member(base, name: name, nameSpan: nameSpan), base.span.lowerBound..<nameSpan.upperBound)
    }

    @inline(never)
    private mutating func missingMemberName(after base: ExpressionSyntax) -> ExpressionSyntax {
        expected("a member name after '.'")
        return make(.member(base, name: "", nameSpan: current.span), base.span)
    }

    /// `'[' expression ']'`, after its base.
    private mutating func parseIndex(of base: ExpressionSyntax) -> ExpressionSyntax {
        advance()
        return closeIndex(base, parseConditional())
    }

    /// Consumes the closing `]` (reporting it if missing) and builds the index node.
    @inline(never)
    private mutating func closeIndex(_ base: ExpressionSyntax, _ subscriptExpression: ExpressionSyntax) -> ExpressionSyntax {
        var end = subscriptExpression.span.upperBound
        if !isSymbol(.rightBracket) {
            expected("']'")
            recover(to: [])
        }
        if isSymbol(.rightBracket) {
            end = current.span.upperBound
            advance()
        }
        return make(.index(base, subscriptExpression), base.span.lowerBound..<end)
    }

    /// `'(' [expression (',' expression)*] ')'`, from the opening parenthesis; returns the end offset.
    private mutating func parseArguments() -> ([ExpressionSyntax], Int) {
        advance()
        var arguments: [ExpressionSyntax] = []
        while !aborted, !(arguments.isEmpty && isSymbol(.rightParen)) {
            arguments.append(parseConditional())
            if accept(.comma) { continue }
            if isSymbol(.rightParen) || !recoverArgument() { break }
        }
        return (arguments, closeArguments(after: arguments))
    }

    /// Reports a missing `,` or `)` and skips to the next argument; true when one follows.
    @inline(never)
    private mutating func recoverArgument() -> Bool {
        expected("',' or ')' after an argument")
        recover(to: [.comma])
        return accept(.comma)
    }

    /// Consumes the closing `)` if present; returns the end offset of the call.
    @inline(never)
    private mutating func closeArguments(after arguments: [ExpressionSyntax]) -> Int {
        guard isSymbol(.rightParen) else { return arguments.last?.span.upperBound ?? current.span.lowerBound }
        let end = current.span.upperBound
        advance()
        return end
    }

    /// A keyword literal or a bare name.
    @inline(never)
    private mutating func parseName() -> ExpressionSyntax {
        guard case .identifier(let name) = current.kind else { return parseLiteral() }
        let span = current.span
        switch name {
        case "true", "false":
            advance()
            return ExpressionSyntax(kind: .literal(.bool(name == "true")), span: span)
        case "null":
            advance()
            return ExpressionSyntax(kind: .literal(.null), span: span)
        case "in":
            expected("expression")
            return ExpressionSyntax(kind: .invalid, span: span)
        default:
            advance()
            return ExpressionSyntax(kind: .name(name), span: span)
        }
    }

    /// Whether the current token is a name directly followed by `(`.
    private var isCallAhead: Bool {
        guard case .identifier(let name) = current.kind, index + 1 < tokens.count,
              tokens[index + 1].kind == .symbol(.leftParen) else { return false }
        return !["true", "false", "null", "in"].contains(name)
    }

    /// Whether the current token is a type name directly followed by `{` (a record literal).
    private var isRecordAhead: Bool {
        guard case .identifier(let name) = current.kind, index + 1 < tokens.count,
              tokens[index + 1].kind == .symbol(.leftBrace) else { return false }
        return !["true", "false", "null", "in"].contains(name)
    }

    /// Whether the current token is `with` directly followed by `{` (a record with some fields changed).
    private var isWithAhead: Bool {
        guard case .identifier("with") = current.kind, index + 1 < tokens.count else { return false }
        return tokens[index + 1].kind == .symbol(.leftBrace)
    }

    /// `base 'with' '{' name ':' expression, ... '}'`: the record `base` with the fields written changed. Read as the
    /// call `base.with(<fields>)`, its one argument a record literal whose type is `with` (see `checkWith`).
    private mutating func parseWith(of base: ExpressionSyntax) -> ExpressionSyntax {
        let nameSpan = current.span
        let fields = parseRecord()
        return make(.call(name: "with", nameSpan: nameSpan, receiver: base, arguments: [fields]), base.span.lowerBound..<fields.span.upperBound)
    }

    /// `Type '{' [name ':' expression (',' name ':' expression)* [',']] '}'`.
    @inline(never)
    private mutating func parseRecord() -> ExpressionSyntax {
        guard case .identifier(let type) = current.kind else { return parseLiteral() }
        let typeSpan = current.span
        advance()
        advance()
        var fields: [RecordFieldSyntax] = []
        while !aborted, !isSymbol(.rightBrace) {
            guard case .identifier(let name) = current.kind, index + 1 < tokens.count,
                  tokens[index + 1].kind == .symbol(.colon) else {
                expected("a field name and ':' in the record", notes: ["write the fields as name: value, e.g. \(type){name: 'ISA'}"])
                recover(to: [])
                break
            }
            let nameSpan = current.span
            advance()
            advance()
            fields.append(RecordFieldSyntax(name: name, nameSpan: nameSpan, value: parseConditional()))
            if accept(.comma) || isSymbol(.rightBrace) { continue }
            expected("',' or '}' in the record")
            recover(to: [])
            break
        }
        var end = fields.last?.value.span.upperBound ?? typeSpan.upperBound
        if isSymbol(.rightBrace) {
            end = current.span.upperBound
            advance()
        }
        return make(.record(type: type, typeSpan: typeSpan, fields: fields), typeSpan.lowerBound..<end)
    }

    /// `name(arguments)`.
    private mutating func parseCall() -> ExpressionSyntax {
        guard case .identifier(let name) = current.kind else { return parseLiteral() }
        let span = current.span
        advance()
        let (arguments, end) = parseArguments()
        return make(.call(name: name, nameSpan: span, receiver: nil, arguments: arguments), span.lowerBound..<end)
    }

    /// `'(' expression ')'`; the node's span includes the parentheses.
    private mutating func parseParenthesized() -> ExpressionSyntax {
        let start = current.span.lowerBound
        advance()
        return closeParenthesis(parseConditional(), start: start)
    }

    /// Consumes the closing `)` (reporting it if missing) and widens the span over the parentheses.
    @inline(never)
    private mutating func closeParenthesis(_ expression: ExpressionSyntax, start: Int) -> ExpressionSyntax {
        var inner = expression
        if isSymbol(.rightParen) {
            inner.span = start..<current.span.upperBound
            advance()
        } else {
            expected("')'")
            recover(to: [])
            if isSymbol(.rightParen) { advance() }
        }
        return inner
    }

    /// `'[' [expression (',' expression)* [',']] ']'`.
    private mutating func parseList() -> ExpressionSyntax {
        let start = current.span.lowerBound
        advance()
        var elements: [ExpressionSyntax] = []
        while !aborted, !isSymbol(.rightBracket) {
            elements.append(parseConditional())
            if accept(.comma) || isSymbol(.rightBracket) { continue }
            if !recoverElement() { break }
        }
        return closeList(elements, start: start)
    }

    /// Reports a missing `,` or `]` and skips to the next element; true when one follows.
    @inline(never)
    private mutating func recoverElement() -> Bool {
        expected("',' or ']' in the list")
        recover(to: [.comma])
        return accept(.comma)
    }

    /// Consumes the closing `]` if present and builds the list.
    @inline(never)
    private mutating func closeList(_ elements: [ExpressionSyntax], start: Int) -> ExpressionSyntax {
        guard isSymbol(.rightBracket) else { return make(.list(elements), start..<(elements.last?.span.upperBound ?? start + 1)) }
        let end = current.span.upperBound
        advance()
        return make(.list(elements), start..<end)
    }

    /// A literal token, a lexer error (already reported), or a syntax error.
    @inline(never)
    private mutating func parseLiteral() -> ExpressionSyntax {
        let span = current.span
        let literal: ExpressionSyntax.Literal
        switch current.kind {
        case .int(Int.min):
            diagnostics.append(ExpressionDiagnostic(code: ExpressionDiagnosticCode.invalidLiteral, message: "integer '9223372036854775808' does not fit in 64 bits",
                                                    span: span, notes: ["the largest int is \(Int.max); write a decimal for larger numbers"]))
            advance()
            return ExpressionSyntax(kind: .invalid, span: span)
        case .int(let value): literal = .int(value)
        case .decimal(let value): literal = .decimal(value)
        case .money(let value): literal = .money(value)
        case .duration(let value): literal = .duration(value)
        case .text(let value): literal = .text(value)
        case .invalid:
            advance()
            return ExpressionSyntax(kind: .invalid, span: span)
        case .symbol(.leftBrace):
            expected("expression", notes: ["maps are not supported; use a list such as [a, b]"])
            advance()
            recover(to: [])
            if isSymbol(.rightBrace) { advance() }
            return ExpressionSyntax(kind: .invalid, span: span)
        default:
            expected("expression")
            return ExpressionSyntax(kind: .invalid, span: span)
        }
        advance()
        return ExpressionSyntax(kind: .literal(literal), span: span)
    }
}
