/// The binary operators, by precedence from loosest: `||`; `&&`; relations and `in`; `??` (not CEL: a value for
/// when the left side is null, as in Swift); `+ -`; `* / %`.
public enum BinaryOperator: String, Hashable, Sendable {
    case or = "||"
    case and = "&&"
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case `in` = "in"
    case coalesce = "??"
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case remainder = "%"

    var isOrdering: Bool { [.less, .lessOrEqual, .greater, .greaterOrEqual].contains(self) }
    var isEquality: Bool { self == .equal || self == .notEqual }
}
