/// Parses one expression.
///
/// Returns the tree only when the text is free of syntax errors (`expression-syntax`,
/// `invalid-literal`, `expression-too-complex`); otherwise nil and every diagnostic, at most
/// one per mistake. Spans are Unicode-scalar offsets into `text`.
///
/// ```swift
/// let (tree, diagnostics) = parseExpression("balance >= 4.99 GBP && !card_frozen")
/// let (_, errors) = parseExpression("size(name) >")
/// // errors[0].message == "expected expression, found end of expression", errors[0].span == 12..<12
/// ```
public func parseExpression(_ text: String) -> (ExpressionSyntax?, [ExpressionDiagnostic]) {
    let scalars = Array(text.unicodeScalars)
    guard scalars.count <= ExpressionLimits.maximumLength else {
        return (nil, [ExpressionDiagnostic(
            code: ExpressionDiagnosticCode.tooComplex,
            message: "expression is \(scalars.count) characters long, more than the \(ExpressionLimits.maximumLength) allowed",
            span: 0..<scalars.count, notes: ["split it into derived values"])])
    }
    var lexer = ExpressionLexer(scalars: scalars)
    let tokens = lexer.tokenize()
    var parser = ExpressionParser(scalars: scalars, tokens: tokens)
    let tree = parser.parseRoot()
    let diagnostics = (lexer.diagnostics + parser.diagnostics).sorted { ($0.span.lowerBound, $0.code) < ($1.span.lowerBound, $1.code) }
    return (diagnostics.isEmpty ? tree : nil, diagnostics)
}
