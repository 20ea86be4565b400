import Foundation

/// One token of an expression, with its span in Unicode scalars.
struct ExpressionToken: Sendable {
    enum Kind: Equatable, Sendable {
        case int(Int)
        case decimal(Decimal)
        case money(Money)
        /// Milliseconds.
        case duration(Int)
        case text(String)
        case identifier(String)
        case symbol(Symbol)
        /// Text the lexer could not read; its diagnostic is already reported.
        case invalid
        case end
    }

    enum Symbol: String, Sendable {
        case leftParen = "(", rightParen = ")", leftBracket = "[", rightBracket = "]"
        case leftBrace = "{", rightBrace = "}", comma = ",", dot = ".", question = "?", colon = ":"
        case or = "||", and = "&&", equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<="
        case greater = ">", greaterOrEqual = ">=", plus = "+", minus = "-", star = "*", slash = "/"
        case percent = "%", bang = "!", coalesce = "??"
    }

    var kind: Kind
    var span: ExpressionSpan
}
