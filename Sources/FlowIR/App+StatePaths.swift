import FlowExpression

extension App {
    /// The type stored at a state path (`["profile", "address", "city"]`): the state value's type, then each record
    /// member's, through optionals. Nil when a part names nothing. `set:`, `append:` and `clear:` write there, and
    /// both back ends read the type from here: whether a null may go in, and what `clear` puts back.
    public func type(ofStatePath path: [String]) -> ValueType? {
        guard let head = path.first, var type = state.first(where: { $0.name == head })?.type else { return nil }
        for member in path.dropFirst() {
            guard case .record(let name) = type.nonOptional, let declaration = types.first(where: { $0.name == name }),
                  case .record(let fields) = declaration.kind, let field = fields.first(where: { $0.name == member }) else { return nil }
            type = field.type
        }
        return type
    }
}
