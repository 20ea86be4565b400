import FlowSource

extension TypedExpression {
    /// The same node with its direct subexpressions replaced (in the order `children` lists them).
    public func replacingChildren(_ new: [TypedExpression]) -> TypedExpression {
        guard new.count == children.count else { return self }
        var copy = self
        switch kind {
        case .literal, .variable, .local, .enumCase: return self
        case .member(_, let name): copy.kind = .member(new[0], name)
        case .index: copy.kind = .index(new[0], new[1])
        case .unary(let op, _): copy.kind = .unary(op, new[0])
        case .binary(let op, _, _): copy.kind = .binary(op, new[0], new[1])
        case .conditional: copy.kind = .conditional(new[0], new[1], new[2])
        case .list: copy.kind = .list(new)
        case .record(let type, let fields):
            copy.kind = .record(type: type, fields: zip(fields, new).map { field, value in
                var changed = field
                changed.value = value
                return changed
            })
        case .call(let function, _): copy.kind = .call(function: function, arguments: new)
        case .macro(let macro, _, let variable, _, let filter):
            copy.kind = .macro(macro, list: new[0], variable: variable, body: new[new.count - 1], filter: filter == nil ? nil : new[1])
        case .regexMatch(_, let regex): copy.kind = .regexMatch(new[0], regex)
        }
        return copy
    }

    /// The expression with the top-level variable `name` read as the element variable of an enclosing macro: a row's
    /// text checked with the row's name as a variable becomes the body of `rows.map(row, text)`. A macro inside that
    /// binds the same name keeps its own.
    public func localising(_ name: String) -> TypedExpression {
        guard referencedVariables.contains(name) else { return self }
        if case .variable(name) = kind {
            var copy = self
            copy.kind = .local(name)
            return copy
        }
        if case .macro(_, let list, let variable, _, _) = kind, variable == name {
            let children = self.children
            return replacingChildren([list.localising(name)] + children.dropFirst())
        }
        return replacingChildren(children.map { $0.localising(name) })
    }
}
