import FlowSource

/// Changing part of a value without writing the rest again:
///
/// - `asset with {name: 'ISA'}`: the record with the fields written changed, the others kept;
/// - `assets.update(a, a.id == editing_id, a with {name: 'ISA'})`: the list with each element the condition holds
///   for replaced (update by key);
/// - `assets.update_at(i, a, a with {name: 'ISA'})`: the list with its element at `i` replaced (nothing changes when
///   there is no element `i`).
///
/// Each is lowered here to what the language already has (a record literal reading the kept fields from the base, a
/// `map` with a condition, `take`/`drop`), so both back ends run them with no code of their own.
extension ExpressionChecker {
    /// The typed expression of a `with`, `update` or `update_at` call; nil when `name` is none of them.
    mutating func checkListUpdate(_ name: String, receiver: ExpressionSyntax?, arguments: [ExpressionSyntax],
                                  span: ExpressionSpan) -> TypedExpression? {
        switch name {
        case "with":
            guard let receiver, arguments.count == 1, case .record(_, _, let fields) = arguments[0].kind else { return nil }
            return checkWith(receiver, fields: fields, span: span)
        case "update":
            guard let receiver else {
                report(ExpressionDiagnosticCode.invalidMacro,
                       "'update' must be called on a list, as in 'assets.update(a, a.id == editing_id, a with {name: form.name})'", at: span)
                return errorNode(span)
            }
            return checkUpdate(receiver, arguments: arguments, span: span)
        case "update_at":
            guard let receiver else {
                report(ExpressionDiagnosticCode.invalidMacro,
                       "'update_at' must be called on a list, as in 'assets.update_at(0, a, a with {name: form.name})'", at: span)
                return errorNode(span)
            }
            return checkUpdateAt(receiver, arguments: arguments, span: span)
        default:
            return nil
        }
    }

    /// `base with {field: value, ...}` → `Record{field: value, other: base.other, ...}`.
    @inline(never)
    private mutating func checkWith(_ receiver: ExpressionSyntax, fields written: [RecordFieldSyntax], span: ExpressionSpan) -> TypedExpression {
        let base = check(receiver, hint: nil)
        if base.type == .error {
            for field in written { _ = check(field.value, hint: nil) }
            return errorNode(span)
        }
        guard case .record(let recordName) = base.type.nonOptional, let declared = environment.records[recordName] else {
            report(ExpressionDiagnosticCode.typeMismatch, "'with' changes fields of a record, but '\(quotable(receiver.span))' is '\(base.type)'",
                   at: receiver.span, notes: ["as in 'asset with {name: form.name}'"])
            for field in written { _ = check(field.value, hint: nil) }
            return errorNode(span)
        }
        if base.type.isNullable {
            let text = quotable(receiver.span)
            report(ExpressionDiagnosticCode.optionalToRequired, "'\(text)' may be null, so it has no fields to change",
                   at: receiver.span, notes: ["check it first, as in '\(text) == null ? ... : \(text) with {...}'"])
            for field in written { _ = check(field.value, hint: nil) }
            return errorNode(span)
        }
        var values: [String: TypedExpression] = [:]
        var failed = false
        for field in written {
            guard let fieldType = environment.memberType(field.name, of: recordName) else {
                report(ExpressionDiagnosticCode.unknownMember, "record '\(recordName)' has no field '\(field.name)'", at: field.nameSpan,
                       notes: didYouMean(field.name, among: declared.map(\.name)))
                _ = check(field.value, hint: nil)
                failed = true
                continue
            }
            guard values[field.name] == nil else {
                report(ExpressionDiagnosticCode.typeMismatch, "field '\(field.name)' is changed twice in this 'with'", at: field.nameSpan)
                failed = true
                continue
            }
            values[field.name] = conform(check(field.value, hint: fieldType), to: fieldType, role: "field '\(field.name)' of '\(recordName)'")
        }
        if failed { return errorNode(span) }
        // A kept field is not written: it gets an empty span at the end of the `with`, so nothing (a mutant, a
        // failure's caret) points at it as if it were.
        let unwritten = span.upperBound..<span.upperBound
        let fields = declared.map { member -> TypedRecordField in
            let type = environment.resolved(member.type)
            let kept = TypedExpression(type: type, span: unwritten, kind: .member(base, member.name))
            return TypedRecordField(name: member.name, value: values[member.name] ?? kept, allowsNull: type.isNullable)
        }
        return TypedExpression(type: .record(recordName), span: span, kind: .record(type: recordName, fields: fields))
    }

    /// `list.update(x, condition, replacement)` → `list.map(x, condition ? replacement : x)`.
    @inline(never)
    private mutating func checkUpdate(_ receiver: ExpressionSyntax, arguments: [ExpressionSyntax], span: ExpressionSpan) -> TypedExpression {
        guard arguments.count == 3 else {
            report(ExpressionDiagnosticCode.wrongArgumentCount,
                   "wrong number of arguments to 'list.update(x, condition, replacement)': expected 3, found \(arguments.count)", at: span,
                   notes: ["as in 'assets.update(a, a.id == editing_id, a with {name: form.name})'"])
            return errorNode(span)
        }
        guard case .name(let variable) = arguments[0].kind else {
            report(ExpressionDiagnosticCode.invalidMacro,
                   "the first argument of 'update' must be a name for each element, found '\(quotable(arguments[0].span))'",
                   at: arguments[0].span, notes: ["as in 'assets.update(a, a.id == editing_id, a with {name: form.name})'"])
            return errorNode(span)
        }
        let list = check(receiver, hint: nil)
        let element = updatedElement(list, what: "update")
        let (condition, replacement) = withElement(variable, element) {
            ($0.check(arguments[1], hint: nil), $0.check(arguments[2], hint: element))
        }
        requireBool(condition, "the condition of 'update' must be 'bool', found '\(condition.type)'")
        guard let element else { return errorNode(span) }
        let replaced = conform(replacement, to: element, role: "the replacement in 'update'")
        if condition.type == .error || replaced.type == .error { return errorNode(span) }
        let same = TypedExpression(type: element, span: arguments[0].span, kind: .local(variable))
        let body = TypedExpression(type: element, span: arguments[2].span, kind: .conditional(condition, replaced, same))
        return TypedExpression(type: .list(element), span: span, kind: .macro(.map, list: list, variable: variable, body: body, filter: nil))
    }

    /// `list.update_at(i, x, replacement)` → `take(list, i) + take(drop(list, i), 1).map(x, replacement) + drop(list, i + 1)`.
    @inline(never)
    private mutating func checkUpdateAt(_ receiver: ExpressionSyntax, arguments: [ExpressionSyntax], span: ExpressionSpan) -> TypedExpression {
        guard arguments.count == 3 else {
            report(ExpressionDiagnosticCode.wrongArgumentCount,
                   "wrong number of arguments to 'list.update_at(index, x, replacement)': expected 3, found \(arguments.count)", at: span,
                   notes: ["as in 'assets.update_at(0, a, a with {name: form.name})'"])
            return errorNode(span)
        }
        guard case .name(let variable) = arguments[1].kind else {
            report(ExpressionDiagnosticCode.invalidMacro,
                   "the second argument of 'update_at' must be a name for the element, found '\(quotable(arguments[1].span))'",
                   at: arguments[1].span, notes: ["as in 'assets.update_at(0, a, a with {name: form.name})'"])
            return errorNode(span)
        }
        let list = check(receiver, hint: nil)
        let index = conform(check(arguments[0], hint: .int), to: .int, role: "the index of 'update_at'")
        let element = updatedElement(list, what: "update_at")
        let replacement = withElement(variable, element) { $0.check(arguments[2], hint: element) }
        guard let element else { return errorNode(span) }
        let replaced = conform(replacement, to: element, role: "the replacement in 'update_at'")
        if index.type == .error || replaced.type == .error { return errorNode(span) }
        let listType = ValueType.list(element)
        let one = TypedExpression(type: .int, span: arguments[0].span, kind: .literal(.int(1)))
        let before = TypedExpression(type: listType, span: span, kind: .call(function: .take, arguments: [list, index]))
        let rest = TypedExpression(type: listType, span: span, kind: .call(function: .drop, arguments: [list, index]))
        let at = TypedExpression(type: listType, span: span, kind: .call(function: .take, arguments: [rest, one]))
        let changed = TypedExpression(type: listType, span: span, kind: .macro(.map, list: at, variable: variable, body: replaced, filter: nil))
        let next = TypedExpression(type: .int, span: arguments[0].span, kind: .binary(.add, index, one))
        let after = TypedExpression(type: listType, span: span, kind: .call(function: .drop, arguments: [list, next]))
        let head = TypedExpression(type: listType, span: span, kind: .binary(.add, before, changed))
        return TypedExpression(type: listType, span: span, kind: .binary(.add, head, after))
    }

    /// The element type of the list an update changes; nil (after reporting one that is not a list) when unknown.
    private mutating func updatedElement(_ list: TypedExpression, what: String) -> ValueType? {
        switch list.type {
        case .list(let element) where element != .error: return element
        case .error, .list: return nil
        default:
            report(ExpressionDiagnosticCode.typeMismatch, "'\(what)' changes elements of a list, found '\(list.type)'", at: list.span)
            return nil
        }
    }

    /// Checks with `variable` naming the element (of an unknown type when `element` is nil).
    private mutating func withElement<T>(_ variable: String, _ element: ValueType?, _ body: (inout ExpressionChecker) -> T) -> T {
        locals.append((name: variable, type: element ?? .error))
        let outer = nonNull
        nonNull = nonNull.filter { $0 != variable && !$0.hasPrefix(variable + ".") }
        let result = body(&self)
        nonNull = outer
        locals.removeLast()
        return result
    }
}
