/// `!` and unary `-`.
public enum UnaryOperator: String, Hashable, Sendable {
    case not = "!"
    case negate = "-"
}
