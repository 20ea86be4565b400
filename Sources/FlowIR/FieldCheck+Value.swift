extension FieldCheck.Test {
    /// Whether the test reads the field's value as its type (`value`) rather than only the text typed: a bound, an
    /// expression that names `value`, the options picked in a multiple choice. A back end reads the value from the
    /// input before such a test, and only then.
    public func readsValue(of field: Field) -> Bool {
        switch self {
        case .atLeast, .atMost: true
        case .holds(let expression): expression.referencedVariables.contains("value")
        case .oneOf, .noneOf: field.kind.isMultiple
        case .filled, .textLength, .pattern, .sameInput: false
        }
    }
}
