import Foundation

/// Operator typing: numeric promotion, money, time and text rules.
extension ExpressionChecker {
    @inline(never)
    mutating func typeUnary(_ op: UnaryOperator, _ operand: TypedExpression, span: ExpressionSpan) -> TypedExpression {
        switch op {
        case .not:
            requireBool(operand, "operator '!' needs 'bool', found '\(operand.type)'")
            return TypedExpression(type: .bool, span: span, kind: .unary(.not, operand))
        case .negate:
            let type = operand.type.nonOptional
            switch type {
            case .error:
                return errorNode(span)
            case .int, .decimal, .money, .duration:
                if case .literal(let value) = operand.kind, let negated = negatedLiteral(value) {
                    return TypedExpression(type: type, span: span, kind: .literal(negated))
                }
                return TypedExpression(type: type, span: span, kind: .unary(.negate, operand))
            default:
                report(ExpressionDiagnosticCode.typeMismatch, "operator '-' cannot be applied to '\(operand.type)'", at: span)
                return errorNode(span)
            }
        }
    }

    private func negatedLiteral(_ value: Value) -> Value? {
        switch value {
        case .int(let int): int == Int.min ? nil : .int(-int)
        case .decimal(let decimal): .decimal(-decimal)
        case .money(let money): .money(Money(amount: -money.amount, currency: money.currency))
        case .duration(let milliseconds): milliseconds == Int.min ? nil : .duration(-milliseconds)
        default: nil
        }
    }

    /// Checks both operands (the one needing context second), then types the operator.
    @inline(never)
    mutating func checkBinary(_ syntax: ExpressionSyntax) -> TypedExpression {
        guard case .binary(let op, let lhsSyntax, let rhsSyntax) = syntax.kind else { return errorNode(syntax.span) }
        if op == .in { return checkMembership(lhsSyntax, rhsSyntax, span: syntax.span) }
        if op == .coalesce {
            let lhs = check(lhsSyntax, hint: nil)
            let hint: ValueType? = lhs.type == .error || lhs.type == .null ? nil : lhs.type.nonOptional
            return typeCoalesce(lhs, check(rhsSyntax, hint: hint), span: syntax.span)
        }
        if op.isEquality {
            let (lhs, rhs) = checkPair(lhsSyntax, rhsSyntax, hint: nil)
            return typeBinary(op, lhs, rhs, span: syntax.span)
        }
        let lhs = check(lhsSyntax, hint: nil)
        if op == .and || op == .or {
            // The right side runs only when the left did not decide: `x != null && x > 0` reads `x` as not null.
            let outer = nonNull
            nonNull.formUnion(nonNullPaths(lhsSyntax, when: op == .and))
            defer { nonNull = outer }
            return typeBinary(op, lhs, check(rhsSyntax, hint: nil), span: syntax.span)
        }
        return typeBinary(op, lhs, check(rhsSyntax, hint: nil), span: syntax.span)
    }

    @inline(never)
    private mutating func typeBinary(_ op: BinaryOperator, _ lhs: TypedExpression, _ rhs: TypedExpression,
                                     span: ExpressionSpan) -> TypedExpression {
        switch op {
        case .and, .or:
            requireBool(lhs, "operator '\(op.rawValue)' needs 'bool' operands, found '\(lhs.type)'")
            requireBool(rhs, "operator '\(op.rawValue)' needs 'bool' operands, found '\(rhs.type)'")
            return TypedExpression(type: .bool, span: span, kind: .binary(op, lhs, rhs))
        case .equal, .notEqual:
            return checkEquality(op, lhs, rhs, span: span)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            return checkOrdering(op, lhs, rhs, span: span)
        case .in, .add, .subtract, .multiply, .divide, .remainder:
            return checkArithmetic(op, lhs, rhs, span: span)
        case .coalesce:
            return typeCoalesce(lhs, rhs, span: span)
        }
    }

    /// `a ?? b`: `a` unless it is null, then `b`. The result is optional only when `b` is.
    @inline(never)
    private mutating func typeCoalesce(_ lhs: TypedExpression, _ rhs: TypedExpression, span: ExpressionSpan) -> TypedExpression {
        if lhs.type == .error || rhs.type == .error { return errorNode(span) }
        guard lhs.type.isNullable else {
            report(ExpressionDiagnosticCode.typeMismatch, "'\(quotable(lhs.span))' is never null: it is '\(lhs.type)', so '??' has nothing to replace",
                   at: lhs.span, notes: ["write '\(quotable(lhs.span))' alone"])
            return errorNode(span)
        }
        guard let type = unifyTypes(lhs.type.nonOptional, rhs.type) else {
            report(ExpressionDiagnosticCode.typeMismatch, "operator '??' cannot combine '\(lhs.type)' and '\(rhs.type)'",
                   at: span, notes: mismatchNotes(.coalesce, lhs, rhs))
            return errorNode(span)
        }
        let (left, right) = type.nonOptional == .decimal ? (promoted(lhs), promoted(rhs)) : (lhs, rhs)
        return TypedExpression(type: type, span: span, kind: .binary(.coalesce, left, right))
    }

    private func boolNode(_ op: BinaryOperator, _ lhs: TypedExpression, _ rhs: TypedExpression, _ span: ExpressionSpan) -> TypedExpression {
        TypedExpression(type: .bool, span: span, kind: .binary(op, lhs, rhs))
    }

    @inline(never)
    private mutating func checkEquality(_ op: BinaryOperator, _ lhs: TypedExpression, _ rhs: TypedExpression,
                                        span: ExpressionSpan) -> TypedExpression {
        let (left, right) = (lhs.type, rhs.type)
        if left == .error || right == .error { return boolNode(op, lhs, rhs, span) }
        if case .literal(.money(let a)) = lhs.kind, case .literal(.money(let b)) = rhs.kind, a.currency != b.currency {
            report(ExpressionDiagnosticCode.typeMismatch, "operator '\(op.rawValue)' cannot compare \(a) and \(b): the currencies differ",
                   at: span, notes: ["convert one first: convert(\(a), '\(b.currency)', rate)"])
            return boolNode(op, lhs, rhs, span)
        }
        if left == .null || right == .null {
            let other = left == .null ? right : left
            if other.isNullable { return boolNode(op, lhs, rhs, span) }
            report(ExpressionDiagnosticCode.typeMismatch, "operator '\(op.rawValue)' cannot compare '\(left)' and '\(right)'",
                   at: span, notes: ["a '\(other)' is never null"])
            return boolNode(op, lhs, rhs, span)
        }
        if let (_, unifiedLeft, unifiedRight) = unify(lhs, rhs) {
            return boolNode(op, unifiedLeft, unifiedRight, span)
        }
        report(ExpressionDiagnosticCode.typeMismatch, "operator '\(op.rawValue)' cannot compare '\(left)' and '\(right)'",
               at: span, notes: mismatchNotes(op, lhs, rhs))
        return boolNode(op, lhs, rhs, span)
    }

    @inline(never)
    private mutating func checkOrdering(_ op: BinaryOperator, _ lhs: TypedExpression, _ rhs: TypedExpression,
                                        span: ExpressionSpan) -> TypedExpression {
        let (left, right) = (lhs.type.nonOptional, rhs.type.nonOptional)
        if left == .error || right == .error { return boolNode(op, lhs, rhs, span) }
        if requirePresent(lhs, of: op) || requirePresent(rhs, of: op) { return boolNode(op, lhs, rhs, span) }
        if left.isNumber, right.isNumber {
            if left == right { return boolNode(op, lhs, rhs, span) }
            return boolNode(op, promoted(lhs), promoted(rhs), span)
        }
        if left == right, [.money, .text, .date, .timestamp, .duration].contains(left) {
            return boolNode(op, lhs, rhs, span)
        }
        report(ExpressionDiagnosticCode.typeMismatch, "operator '\(op.rawValue)' cannot compare '\(lhs.type)' and '\(rhs.type)'",
               at: span, notes: mismatchNotes(op, lhs, rhs))
        return boolNode(op, lhs, rhs, span)
    }

    @inline(never)
    private mutating func checkMembership(_ lhsSyntax: ExpressionSyntax, _ rhsSyntax: ExpressionSyntax,
                                          span: ExpressionSpan) -> TypedExpression {
        let lhs: TypedExpression
        let rhs: TypedExpression
        if needsHint(lhsSyntax), !needsHint(rhsSyntax) {
            rhs = check(rhsSyntax, hint: nil)
            var elementHint: ValueType?
            if case .list(let element) = rhs.type.nonOptional { elementHint = element }
            lhs = check(lhsSyntax, hint: elementHint)
        } else {
            lhs = check(lhsSyntax, hint: nil)
            rhs = check(rhsSyntax, hint: .list(lhs.type))
        }
        return typeMembership(lhs, rhs, span: span)
    }

    @inline(never)
    private mutating func typeMembership(_ typedLHS: TypedExpression, _ rhs: TypedExpression, span: ExpressionSpan) -> TypedExpression {
        var lhs = typedLHS
        let listType = rhs.type.nonOptional
        guard case .list(let element) = listType else {
            if listType != .error {
                var notes: [String] = []
                if listType == .text { notes.append("to look for text inside text, use contains(\(quotable(rhs.span)), \(quotable(lhs.span)))") }
                report(ExpressionDiagnosticCode.typeMismatch, "operator 'in' needs a list on the right, found '\(rhs.type)'",
                       at: rhs.span, notes: notes)
            }
            return boolNode(.in, lhs, rhs, span)
        }
        let needle = lhs.type
        if needle == .error || element == .error { return boolNode(.in, lhs, rhs, span) }
        if needle == .null, element.isNullable { return boolNode(.in, lhs, rhs, span) }
        if needle.nonOptional == element.nonOptional { return boolNode(.in, lhs, rhs, span) }
        if needle.nonOptional == .int, element.nonOptional == .decimal {
            lhs = promoted(lhs)
            return boolNode(.in, lhs, rhs, span)
        }
        if let merged = unifyTypes(needle.nonOptional, element.nonOptional), merged == element.nonOptional, !merged.isNumber {
            return boolNode(.in, lhs, rhs, span)
        }
        report(ExpressionDiagnosticCode.typeMismatch, "operator 'in' cannot look for '\(needle)' in '\(rhs.type)'", at: span)
        return boolNode(.in, lhs, rhs, span)
    }

    @inline(never)
    private mutating func checkArithmetic(_ op: BinaryOperator, _ lhs: TypedExpression, _ rhs: TypedExpression,
                                          span: ExpressionSpan) -> TypedExpression {
        let (left, right) = (lhs.type.nonOptional, rhs.type.nonOptional)
        if left == .error || right == .error { return errorNode(span) }
        if requirePresent(lhs, of: op) || requirePresent(rhs, of: op) { return errorNode(span) }
        func node(_ type: ValueType, _ l: TypedExpression = lhs, _ r: TypedExpression = rhs) -> TypedExpression {
            TypedExpression(type: type, span: span, kind: .binary(op, l, r))
        }
        if left.isNumber, right.isNumber, op != .remainder {
            if left == .int, right == .int { return node(.int) }
            return node(.decimal, promoted(lhs), promoted(rhs))
        }
        switch (op, left, right) {
        case (.remainder, .int, .int): return node(.int)
        case (.add, .money, .money), (.subtract, .money, .money): return node(.money)
        case (.add, .text, .text): return node(.text)
        case (.add, .list(let a), .list(let b)):
            if let element = unifyTypes(a, b), element.nonOptional != .decimal || a == b || a == .error || b == .error {
                return node(.list(element))
            }
        case (.add, .duration, .duration), (.subtract, .duration, .duration): return node(.duration)
        case (.add, .timestamp, .duration), (.add, .duration, .timestamp), (.subtract, .timestamp, .duration): return node(.timestamp)
        case (.subtract, .timestamp, .timestamp), (.subtract, .date, .date): return node(.duration)
        case (.add, .date, .duration), (.add, .duration, .date), (.subtract, .date, .duration):
            let duration = left == .duration ? lhs : rhs
            if case .literal(.duration(let milliseconds)) = duration.kind, milliseconds % Timestamp.millisecondsPerDay != 0 {
                report(ExpressionDiagnosticCode.typeMismatch,
                       "operator '\(op.rawValue)' can only move a 'date' by whole days, found '\(quotable(duration.span))'",
                       at: duration.span, notes: ["use a timestamp for times of day, as in 'now() + \(quotable(duration.span))'"])
                return errorNode(span)
            }
            return node(.date)
        case (.multiply, .money, .int), (.multiply, .money, .decimal), (.multiply, .int, .money), (.multiply, .decimal, .money),
             (.divide, .money, .int), (.divide, .money, .decimal):
            return node(.money)
        case (.divide, .money, .money): return node(.decimal)
        case (.multiply, .duration, .int), (.multiply, .int, .duration), (.divide, .duration, .int): return node(.duration)
        case (.divide, .duration, .duration): return node(.decimal)
        default: break
        }
        report(ExpressionDiagnosticCode.typeMismatch, "operator '\(op.rawValue)' cannot combine '\(lhs.type)' and '\(rhs.type)'",
               at: span, notes: mismatchNotes(op, lhs, rhs))
        return errorNode(span)
    }

    /// An operand that may be null where the operator needs a value: at run time the null would stop the app.
    /// Reports it (optional-to-required, with the '??' fix) and returns true.
    mutating func requirePresent(_ operand: TypedExpression, of op: BinaryOperator) -> Bool {
        guard operand.type != .null, operand.type.isNullable else { return false }
        let text = quotable(operand.span)
        let subject = operand.span.count <= 40 ? "'\(text)'" : "an operand"
        report(ExpressionDiagnosticCode.optionalToRequired,
               "operator '\(op.rawValue)' needs a value, but \(subject) is '\(operand.type)' and may be null",
               at: operand.span,
               notes: ["give the value to use when it is null with '??' (\(text) ?? \(fallbackExample(for: operand.type.nonOptional))), or rule null out first (\(text) != null && ...)"])
        return true
    }

    /// Hints for the common mistakes: a bare number next to money, text joined to a number, `%` on decimals.
    private func mismatchNotes(_ op: BinaryOperator, _ lhs: TypedExpression, _ rhs: TypedExpression) -> [String] {
        let (left, right) = (lhs.type.nonOptional, rhs.type.nonOptional)
        let moneyCurrency: (TypedExpression) -> String? = { expression in
            if case .literal(.money(let money)) = expression.kind { return money.currency }
            return nil
        }
        switch op {
        case .add, .subtract, .equal, .notEqual, .less, .lessOrEqual, .greater, .greaterOrEqual, .coalesce:
            if left == .money, right.isNumber { return [moneyHint(for: rhs, currency: moneyCurrency(lhs))] }
            if right == .money, left.isNumber { return [moneyHint(for: lhs, currency: moneyCurrency(rhs))] }
            if op == .add, left == .text || right == .text {
                let other = left == .text ? rhs : lhs
                return ["convert it to text first, as in string(\(quotable(other.span)))"]
            }
        case .multiply, .divide:
            if left == .money, right == .money, op == .multiply { return ["multiply money by a number, as in 'price * 2'"] }
            if right == .money, op == .divide { return ["divide money by a number or by money, as in 'total / 3'"] }
        case .remainder:
            if left.isNumber, right.isNumber { return ["'%' works on 'int' only"] }
        default:
            break
        }
        return []
    }
}
