import FlowExpression
import FlowIR
import FlowSource
import FlowSyntax

extension AppChecker {
    /// Checks a text with values in it (`Switch to {currency}? All values will be converted.`) and lowers it to
    /// one text expression: the words as text literals, each `{expression}` through `string()`, joined with `+`.
    /// `{{` and `}}` write a brace. Both back ends then evaluate an ordinary expression.
    ///
    /// - Returns: The expression, or nil after reporting what is wrong (an unclosed `{`, a broken expression).
    func checkTemplate(_ source: ExpressionSource, in environment: TypeEnvironment, what: String) -> TypedExpression? {
        var pieces: [CheckedTextPiece] = []
        return checkTemplate(source, in: environment, what: what, pieces: &pieces)
    }

    /// As `checkTemplate(_:in:what:)`, also giving the text's words and values in order (for its key's formats).
    func checkTemplate(_ source: ExpressionSource, in environment: TypeEnvironment, what: String, pieces: inout [CheckedTextPiece]) -> TypedExpression? {
        var written: [(hole: String, value: TypedExpression)] = []
        return checkTemplate(source, in: environment, what: what, pieces: &pieces, written: &written)
    }

    /// As above, also giving each value as written, before it is put in words for people (`warnWordsInsideValues`).
    func checkTemplate(_ source: ExpressionSource, in environment: TypeEnvironment, what: String, pieces: inout [CheckedTextPiece],
                       written: inout [(hole: String, value: TypedExpression)]) -> TypedExpression? {
        let scalars = Array(source.text.unicodeScalars)
        var parts: [TypedExpression] = []
        var literal = String.UnicodeScalarView()
        var failed = false
        var index = 0
        func flushLiteral() {
            guard !literal.isEmpty else { return }
            pieces.append(.words(String(literal)))
            parts.append(TypedExpression(type: .text, span: 0..<0, kind: .literal(.text(String(literal)))))
            literal = String.UnicodeScalarView()
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if (scalar == "{" || scalar == "}"), index + 1 < scalars.count, scalars[index + 1] == scalar {
                literal.append(scalar)
                index += 2
                continue
            }
            if scalar == "}" {
                error("expression-syntax", "a '}' in \(what) closes nothing; write '}}' for a brace", at: source.fileRange(of: index..<(index + 1)))
                failed = true
                index += 1
                continue
            }
            guard scalar == "{" else {
                literal.append(scalar)
                index += 1
                continue
            }
            guard let close = closingBrace(in: scalars, from: index + 1) else {
                // Names in a broken text still count as used, so one mistake is one diagnostic.
                usedNames.formUnion(identifiers(in: source.text))
                error("expression-syntax", "the '{' in \(what) is not closed; end the value with '}', or write '{{' for a brace",
                      at: source.fileRange(of: index..<(index + 1)))
                return nil
            }
            let holeText = String(String.UnicodeScalarView(scalars[(index + 1)..<close]))
            let first = source.origin.firstCharacter.map { SourceLocation(line: $0.line, column: $0.column + index + 1) }
            let hole = ExpressionSource(text: holeText, range: source.range, firstCharacter: first)
            if holeText.allSatisfy(\.isWhitespace) {
                error("expression-syntax", "'{}' in \(what) holds no value; put an expression between the braces, or write '{{}}' for braces",
                      at: source.fileRange(of: index..<(close + 1)))
                failed = true
            } else if let typed = check(hole, expected: nil, in: environment, role: "value in \(what)") {
                flushLiteral()
                written.append((holeText.trimmingCharacters(in: .whitespaces), typed))
                let shown = displayed(typed)
                parts.append(shown)
                pieces.append(.value(written: holeText.trimmingCharacters(in: .whitespaces), shown))
            } else {
                failed = true
            }
            index = close + 1
        }
        flushLiteral()
        guard !failed else { return nil }
        guard var joined = parts.first else { return TypedExpression(type: .text, span: 0..<0, kind: .literal(.text(""))) }
        for part in parts.dropFirst() {
            joined = TypedExpression(type: .text, span: 0..<0, kind: .binary(.add, joined, part))
        }
        return joined
    }

    /// The index of the `}` that closes a value opened just before `start`, skipping quoted text and nested braces.
    private func closingBrace(in scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var depth = 0
        var quote: Unicode.Scalar?
        var index = start
        while index < scalars.count {
            let scalar = scalars[index]
            if let open = quote {
                if scalar == "\\" { index += 2; continue }
                if scalar == open { quote = nil }
            } else if scalar == "'" || scalar == "\"" {
                quote = scalar
            } else if scalar == "{" {
                depth += 1
            } else if scalar == "}" {
                if depth == 0 { return index }
                depth -= 1
            }
            index += 1
        }
        return nil
    }
}
