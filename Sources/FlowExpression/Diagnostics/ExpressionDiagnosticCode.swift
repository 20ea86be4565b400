/// The stable diagnostic codes of the expression language.
public enum ExpressionDiagnosticCode {
    public static let syntax = "expression-syntax"
    public static let tooComplex = "expression-too-complex"
    public static let invalidLiteral = "invalid-literal"
    public static let invalidType = "invalid-type"
    public static let invalidMacro = "invalid-macro"
    public static let typeMismatch = "type-mismatch"
    public static let unknownName = "unknown-name"
    public static let unknownMember = "unknown-member"
    public static let unknownFunction = "unknown-function"
    public static let unknownEnumCase = "unknown-enum-case"
    public static let textForEnum = "text-for-enum"
    public static let wrongArgumentCount = "wrong-argument-count"
    public static let unroundedMoney = "unrounded-money"
    public static let optionalToRequired = "optional-to-required"
}
