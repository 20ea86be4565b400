import Foundation
import FlowSource
import FlowSyntax

extension AppChecker {
    /// Checks the alternatives written for one event (or timer) of one screen or flow.
    ///
    /// Alternatives are tried in order, so only the last may go without a guard; two unguarded
    /// alternatives are ambiguous (`ambiguous-transition`), anything after an unguarded one can
    /// never be taken (`unreachable-transition`), and two guards that can both hold — the same
    /// guard twice, or comparisons of one value with constants whose ranges meet — are
    /// `overlapping-guards`.
    func checkAlternatives(_ alternatives: [TransitionSyntax], event: Located<String>) {
        var unguarded: TransitionSyntax?
        var guards: [(source: ExpressionSource, constraint: GuardConstraint?)] = []
        for alternative in alternatives {
            if let previous = unguarded {
                if alternative.guardExpression == nil {
                    error("ambiguous-transition", "'\(event.value)' has two transitions without a guard here; add an 'if:' to one of them",
                          at: alternative.range, notes: [.init("the other one is here", at: previous.range)])
                } else {
                    error("unreachable-transition", "this transition for '\(event.value)' can never be taken: the one before it has no guard",
                          at: alternative.range, notes: [.init("put the unguarded transition last", at: previous.range)])
                }
                continue
            }
            guard let guardSource = alternative.guardExpression else {
                unguarded = alternative
                continue
            }
            // Parsed only when there is something to compare with: most events have one guard.
            let constraint = guards.isEmpty ? nil : GuardConstraint(guardSource.text)
            if guards.count == 1, guards[0].constraint == nil {
                guards[0].constraint = GuardConstraint(guards[0].source.text)
            }
            for earlier in guards {
                if normalized(earlier.source.text) == normalized(guardSource.text) {
                    error("overlapping-guards", "'\(event.value)' has the same guard twice; the second transition can never be taken",
                          at: guardSource.range, notes: [.init("first written here", at: earlier.source.range)])
                } else if let a = earlier.constraint, let b = constraint, a.overlaps(b) {
                    error("overlapping-guards", "guards '\(earlier.source.text)' and '\(guardSource.text)' of '\(event.value)' can both hold; make them exclusive",
                          at: guardSource.range, notes: [.init("when both hold, the first is taken", at: earlier.source.range)])
                }
            }
            guards.append((guardSource, constraint))
        }
    }

    private func normalized(_ text: String) -> String {
        text.filter { !$0.isWhitespace }
    }
}

/// A guard of the form `path <op> constant`, which can be compared with another such guard.
struct GuardConstraint {
    enum Bound { case number(Decimal), text(String) }
    var path: String
    var op: String
    var bound: Bound

    init?(_ text: String) {
        let operators = ["==", "!=", "<=", ">=", "<", ">"]
        guard let op = operators.first(where: { text.contains($0) }) else { return nil }
        let parts = text.components(separatedBy: op)
        guard parts.count == 2 else { return nil }
        let left = parts[0].trimmingCharacters(in: .whitespaces)
        let right = parts[1].trimmingCharacters(in: .whitespaces)
        let isPath = { (s: String) in
            !s.isEmpty && s.first.map { $0.isLetter || $0 == "_" } == true && s.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }
        }
        let constant = { (s: String) -> Bound? in
            if (s.hasPrefix("'") && s.hasSuffix("'") || s.hasPrefix("\"") && s.hasSuffix("\"")) && s.count >= 2 {
                return .text(String(s.dropFirst().dropLast()))
            }
            let number = s.split(separator: " ").first.map(String.init) ?? s
            if let value = Decimal(string: number), number.allSatisfy({ $0.isNumber || $0 == "." || $0 == "-" }) { return .number(value) }
            return nil
        }
        if isPath(left), let bound = constant(right), !["true", "false", "null"].contains(left) {
            self.path = left; self.op = op; self.bound = bound
        } else if isPath(right), let bound = constant(left), !["true", "false", "null"].contains(right) {
            let mirrored = ["<": ">", ">": "<", "<=": ">=", ">=": "<=", "==": "==", "!=": "!="]
            self.path = right; self.op = mirrored[op] ?? op; self.bound = bound
        } else {
            return nil
        }
    }

    /// Whether some value of `path` satisfies both constraints.
    func overlaps(_ other: GuardConstraint) -> Bool {
        guard path == other.path else { return false }
        switch (bound, other.bound) {
        case (.text(let a), .text(let b)):
            switch (op, other.op) {
            case ("==", "=="): return a == b
            case ("==", "!="), ("!=", "=="): return a != b
            case ("!=", "!="): return true
            default: return false
            }
        case (.number(let a), .number(let b)):
            return NumberSet(op, a).intersects(NumberSet(other.op, b))
        default:
            return false
        }
    }
}

/// The set of numbers satisfying `x <op> c`, as an interval (or its complement for `!=`).
private struct NumberSet {
    var lower: (Decimal, inclusive: Bool)?
    var upper: (Decimal, inclusive: Bool)?
    var excluded: Decimal?

    init(_ op: String, _ c: Decimal) {
        switch op {
        case "==": lower = (c, true); upper = (c, true)
        case "<": upper = (c, false)
        case "<=": upper = (c, true)
        case ">": lower = (c, false)
        case ">=": lower = (c, true)
        default: excluded = c
        }
    }

    func intersects(_ other: NumberSet) -> Bool {
        if let excluded, other.lower != nil, other.upper != nil, other.lower?.0 == excluded, other.upper?.0 == excluded { return false }
        if let excluded = other.excluded, lower != nil, upper != nil, lower?.0 == excluded, upper?.0 == excluded { return false }
        let low = [lower, other.lower].compactMap { $0 }.max { a, b in a.0 < b.0 || (a.0 == b.0 && a.inclusive && !b.inclusive) }
        let high = [upper, other.upper].compactMap { $0 }.min { a, b in a.0 < b.0 || (a.0 == b.0 && !a.inclusive && b.inclusive) }
        guard let low, let high else { return true }
        if low.0 < high.0 { return true }
        return low.0 == high.0 && low.inclusive && high.inclusive
    }
}
