import FlowExpression
import FlowIR
import FlowMachine
import FlowSource
import Foundation

/// One planted change inside an expression, PIT/Stryker style: the operator, how it reads (`>` → `>=` shown on the
/// sub-expression: `balance > fee → balance >= fee`), where the sub-expression is written, and the whole mutated
/// expression.
struct ExpressionEdit {
    var op: MutationOperator
    var change: String
    var range: SourceRange?
    var expression: TypedExpression
}

/// Every single-point change of `root`, in evaluation order: comparison boundaries and negations, `&&`/`||`, arithmetic
/// operators, each bool sub-condition negated (and each `!` removed), constants (±1, ×2, zero; money: another currency),
/// enum cases swapped for the next case, list literals reversed. Changes equivalent by construction are not planted:
/// a constant whose variants coincide is planted once, zero is not doubled, a list whose reverse is itself is kept.
func expressionEdits(of root: TypedExpression, enums: [String: [String]], currency: String) -> [ExpressionEdit] {
    let text = root.origin.map { Array($0.text.unicodeScalars) }
    func source(_ node: TypedExpression) -> String {
        guard let text, node.span.lowerBound >= 0, node.span.upperBound <= text.count, !node.span.isEmpty else { return "…" }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: text[node.span])
        return String(out)
    }
    func range(_ node: TypedExpression) -> SourceRange? { root.origin?.fileRange(of: node.span) }

    var edits: [ExpressionEdit] = []
    /// Walks `node`, reporting each edit as the whole root rebuilt through `rebuild`.
    func walk(_ node: TypedExpression, isRoot: Bool, underNot: Bool = false, rebuild: (TypedExpression) -> TypedExpression) {
        for (op, replacement, change) in localEdits(of: node, isRoot: isRoot, source: source, enums: enums, currency: currency)
            where replacement != node {
            // `!x` → `x` is planted at the `!`; negating `x` under it again would be the same change.
            if underNot && op == .conditionNegated { continue }
            edits.append(ExpressionEdit(op: op, change: change, range: range(node), expression: rebuild(replacement)))
        }
        let children = node.children
        for index in children.indices {
            let isNot = if case .unary(.not, _) = node.kind { true } else { false }
            walk(children[index], isRoot: false, underNot: isNot) { changed in
                var replaced = children
                replaced[index] = changed
                return rebuild(node.replacingChildren(replaced))
            }
        }
    }
    walk(root, isRoot: true) { $0 }
    return edits
}

/// The changes planted at one node (not its children).
private func localEdits(of node: TypedExpression, isRoot: Bool, source: (TypedExpression) -> String, enums: [String: [String]],
                        currency: String) -> [(MutationOperator, TypedExpression, String)] {
    var out: [(MutationOperator, TypedExpression, String)] = []
    func with(_ kind: TypedExpression.Kind) -> TypedExpression { TypedExpression(type: node.type, span: node.span, kind: kind) }
    switch node.kind {
    case .binary(let op, let lhs, let rhs):
        func written(_ other: BinaryOperator) -> String { "\(source(lhs)) \(other.rawValue) \(source(rhs))" }
        let boundary: [BinaryOperator: BinaryOperator] = [.less: .lessOrEqual, .lessOrEqual: .less, .greater: .greaterOrEqual, .greaterOrEqual: .greater]
        let negation: [BinaryOperator: BinaryOperator] = [.less: .greaterOrEqual, .lessOrEqual: .greater, .greater: .lessOrEqual,
                                                          .greaterOrEqual: .less, .equal: .notEqual, .notEqual: .equal]
        if let other = boundary[op] { out.append((.relationalBoundary, with(.binary(other, lhs, rhs)), "\(source(node)) → \(written(other))")) }
        // The root's negation is `guard-negated` already.
        if let other = negation[op], !isRoot { out.append((.conditionNegated, with(.binary(other, lhs, rhs)), "\(source(node)) → \(written(other))")) }
        if op == .and || op == .or {
            let other: BinaryOperator = op == .and ? .or : .and
            out.append((.logicalReplaced, with(.binary(other, lhs, rhs)), "\(source(node)) → \(written(other))"))
        }
        let numeric: Set<ValueType> = [.int, .decimal, .money]
        if numeric.contains(node.type) {
            let arithmetic: [BinaryOperator: BinaryOperator] = [.add: .subtract, .subtract: .add, .multiply: .divide, .divide: .multiply, .remainder: .multiply]
            if let other = arithmetic[op], lhs.type == rhs.type || op == .multiply || op == .divide {
                out.append((.arithmeticReplaced, with(.binary(other, lhs, rhs)), "\(source(node)) → \(written(other))"))
            }
        }
    case .unary(.not, let operand):
        out.append((.conditionNegated, operand, "\(source(node)) → \(source(operand))"))
    case .call(function: .round, let arguments) where arguments.count >= 2:
        // The rounding mode turned: half_even ↔ half_up, up ↔ down; `round(x, 2)` (half_even) rounded up instead.
        let opposite = ["half_even": "half_up", "half_up": "half_even", "up": "down", "down": "up"]
        if arguments.count == 3, case .literal(.text(let mode)) = arguments[2].kind, let other = opposite[mode] {
            var changed = arguments
            changed[2] = TypedExpression(type: .text, span: arguments[2].span, kind: .literal(.text(other)))
            out.append((.rounding, with(.call(function: .round, arguments: changed)), "\(source(node)) → mode '\(other)'"))
        } else if arguments.count == 2 {
            let mode = TypedExpression(type: .text, span: node.span.upperBound..<node.span.upperBound, kind: .literal(.text("up")))
            out.append((.rounding, with(.call(function: .round, arguments: arguments + [mode])), "\(source(node)) → mode 'up'"))
        }
    case .variable, .member, .call, .index:
        // A node with no text (a field `with` keeps) was not written: nothing to negate.
        if node.type == .bool && !isRoot && !node.span.isEmpty { out.append((.conditionNegated, with(.unary(.not, node)), "\(source(node)) → !\(source(node))")) }
    case .literal(let value):
        for (changed, label) in constantVariants(value, currency: currency) {
            out.append((.constant, with(.literal(changed)), "\(source(node)) → \(label)"))
        }
    case .enumCase(let type, let name):
        if let cases = enums[type], cases.count > 1, let position = cases.firstIndex(of: name) {
            let other = cases[(position + 1) % cases.count]
            out.append((.enumSwapped, with(.enumCase(type: type, name: other)), "\(source(node)) → \(type).\(other)"))
        }
    case .list(let elements) where elements.count > 1 && elements.reversed() != elements:
        out.append((.listReversed, with(.list(elements.reversed())), "\(source(node)) → reversed"))
    case .record:
        out += updateFieldEdits(of: node)
    default:
        break
    }
    return out
}

/// ±1, ×2 and zero for numbers (money too, in its major unit), and money in another currency; duplicates and no-ops left out.
func constantVariants(_ value: Value, currency: String) -> [(Value, String)] {
    func numbers(_ n: Decimal) -> [Decimal] {
        var result: [Decimal] = []
        for candidate in [n + 1, n - 1, n * 2, 0] where candidate != n && !result.contains(candidate) { result.append(candidate) }
        return result
    }
    switch value {
    case .int(let n):
        return numbers(Decimal(n)).compactMap { candidate in
            let int = NSDecimalNumber(decimal: candidate).intValue
            return (.int(int), String(int))
        }
    case .decimal(let n):
        return numbers(n).map { (.decimal($0), Value.decimal($0).description) }
    case .money(let money):
        var result = numbers(money.amount).map { amount -> (Value, String) in
            let changed = Money(amount: amount, currency: money.currency)
            return (.money(changed), changed.description)
        }
        let other = money.currency == "EUR" ? (currency == "EUR" ? "GBP" : currency) : "EUR"
        let moved = Money(amount: money.amount, currency: other)
        result.append((.money(moved), moved.description))
        return result
    default:
        return []
    }
}

