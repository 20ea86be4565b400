import FlowExpression

extension Action {
    /// The expressions the action evaluates when it runs: what it sets or appends, a field's fill, a call's arguments,
    /// analytics properties, a push's or toast's text. What the lowering and the explorer ask of an action's reads.
    public var evaluatedExpressions: [TypedExpression] {
        switch kind {
        case .set(_, let value), .append(_, let value): [value]
        case .fillField(_, let value, _): value.map { [$0] } ?? []
        case .call(_, _, let arguments): arguments.map(\.value)
        case .analytics(_, let properties): properties.map(\.value)
        case .push(let text), .toast(let text): [text.value]
        case .clear, .clearFields, .raise: []
        }
    }
}
