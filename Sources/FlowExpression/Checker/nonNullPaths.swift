/// The paths (`fee`, `transfer.amount`) that `condition` shows not to be null when it evaluates to `outcome`:
/// `p != null` when true, `p == null` when false, through `&&`, `||` and `!`. A guard's paths read as not
/// null in its transition's actions, and a ternary's in its branches.
///
/// ```swift
/// let (syntax, _) = parseExpression("fee != null && rate != null")
/// nonNullPaths(in: syntax!, when: true)    // ["fee", "rate"]
/// ```
public func nonNullPaths(in condition: ExpressionSyntax, when outcome: Bool, isLocal: (String) -> Bool = { _ in false }) -> Set<String> {
    switch condition.kind {
    case .binary(let op, let lhs, let rhs) where op.isEquality:
        guard outcome == (op == .notEqual) else { return [] }
        if case .literal(.null) = rhs.kind, let path = readPath(lhs, isLocal: isLocal) { return [path] }
        if case .literal(.null) = lhs.kind, let path = readPath(rhs, isLocal: isLocal) { return [path] }
        return []
    case .binary(.and, let lhs, let rhs):
        return outcome ? nonNullPaths(in: lhs, when: true, isLocal: isLocal).union(nonNullPaths(in: rhs, when: true, isLocal: isLocal)) : []
    case .binary(.or, let lhs, let rhs):
        return outcome ? [] : nonNullPaths(in: lhs, when: false, isLocal: isLocal).union(nonNullPaths(in: rhs, when: false, isLocal: isLocal))
    case .unary(.not, let operand):
        return nonNullPaths(in: operand, when: !outcome, isLocal: isLocal)
    default:
        return []
    }
}

/// The dotted path a name or member chain reads (`transfer.amount`), or nil for anything else.
func readPath(_ syntax: ExpressionSyntax, isLocal: (String) -> Bool) -> String? {
    switch syntax.kind {
    case .name(let name): return isLocal(name) ? nil : name
    case .member(let base, let name, _): return readPath(base, isLocal: isLocal).map { $0 + "." + name }
    default: return nil
    }
}
