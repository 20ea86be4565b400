/// The binary operators, by CEL precedence from loosest: `||`; `&&`; relations and `in`; `+ -`; `* / %`.
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
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case remainder = "%"

    var isOrdering: Bool { [.less, .lessOrEqual, .greater, .greaterOrEqual].contains(self) }
    var isEquality: Bool { self == .equal || self == .notEqual }
}
