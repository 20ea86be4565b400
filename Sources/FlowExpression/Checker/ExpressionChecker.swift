import FlowSource
import Foundation

/// Types an ``ExpressionSyntax`` against a ``TypeEnvironment``.
///
/// Checking is bidirectional in one small way: a `hint` (the type the surrounding place wants)
/// lets text literals and bare names become enum cases and lets `[]` take an element type.
/// Anything wrong is reported once and typed `.error`, which every later rule accepts silently.
struct ExpressionChecker {
    let environment: TypeEnvironment
    let scalars: [Unicode.Scalar]
    /// Macro variables in scope, innermost last.
    var locals: [(name: String, type: ValueType)] = []
    var diagnostics: [ExpressionDiagnostic] = []
    /// Paths a surrounding condition has shown not to be null (`x != null ? x : 0`, `x != null && x > 0`).
    var nonNull: Set<String>

    init(environment: TypeEnvironment, source: String) {
        self.environment = environment
        self.scalars = Array(source.unicodeScalars)
        self.nonNull = environment.nonNullPaths
    }

    // MARK: Helpers

    /// The dotted path a name or member chain reads (`transfer.amount`, `t.day` for a macro's element), or nil.
    /// A macro that binds a name drops what was known about that name (see `checkMacro`).
    func path(of syntax: ExpressionSyntax) -> String? {
        readPath(syntax, isLocal: { _ in false })
    }

    /// The paths `condition` shows not to be null when it is `outcome` (see ``nonNullPaths(in:when:isLocal:)``).
    func nonNullPaths(_ condition: ExpressionSyntax, when outcome: Bool) -> Set<String> {
        FlowExpression.nonNullPaths(in: condition, when: outcome)
    }

    mutating func report(_ code: String, _ message: String, at span: ExpressionSpan, notes: [String] = []) {
        diagnostics.append(ExpressionDiagnostic(code: code, message: message, span: span, notes: notes))
    }

    /// The source text of `span`, for hints that quote the user's expression.
    func source(_ span: ExpressionSpan) -> String {
        guard span.lowerBound >= 0, span.upperBound <= scalars.count else { return "x" }
        return String(String.UnicodeScalarView(scalars[span]))
    }

    /// The source of `span` if it is short enough to quote in a hint, else `x`.
    func quotable(_ span: ExpressionSpan) -> String {
        span.count <= 40 ? source(span) : "x"
    }

    var defaultCurrency: String { environment.currency ?? "GBP" }

    func errorNode(_ span: ExpressionSpan) -> TypedExpression {
        TypedExpression(type: .error, span: span, kind: .literal(.null))
    }

    func isLocalOrVariable(_ name: String) -> Bool {
        locals.contains { $0.name == name } || environment.variables[name] != nil
    }

    /// The enum a hint asks for, if any.
    func enumHint(_ hint: ValueType?) -> String? {
        if case .enumeration(let name) = hint?.nonOptional { return name }
        return nil
    }

    /// Whether the syntax only gets a type from its context: a text literal or an unresolved bare name.
    func needsHint(_ syntax: ExpressionSyntax) -> Bool {
        switch syntax.kind {
        case .literal(.text), .literal(.null): true
        case .name(let name): !isLocalOrVariable(name)
        case .list(let elements): elements.isEmpty || elements.allSatisfy(needsHint)
        default: false
        }
    }

    /// "did you mean 'x'?" when a candidate is close to `name`.
    func didYouMean(_ name: String, among candidates: some Sequence<String>) -> [String] {
        closestMatch(to: name, among: candidates).map { ["did you mean '\($0)'?"] } ?? []
    }

    /// A note listing an enum's cases, or a did-you-mean when one is close.
    func caseNotes(_ name: String, of enumName: String) -> [String] {
        let cases = environment.enums[enumName] ?? []
        let suggestion = didYouMean(name, among: cases)
        if !suggestion.isEmpty { return suggestion }
        if cases.isEmpty { return [] }
        let shown = cases.prefix(12).map { "'\($0)'" }.joined(separator: ", ")
        return ["the cases of '\(enumName)' are \(shown)\(cases.count > 12 ? ", ..." : "")"]
    }

    // MARK: Expressions

    /// Dispatches on the node kind. Kept small: this function is on every recursive path,
    /// so its frame is paid once per tree level.
    @inline(never)
    mutating func check(_ syntax: ExpressionSyntax, hint: ValueType?) -> TypedExpression {
        switch syntax.kind {
        case .literal, .name: return checkLeaf(syntax, hint: hint)
        case .member: return checkMember(syntax)
        case .index: return checkIndex(syntax)
        case .call: return checkCall(syntax, hint: hint)
        case .unary: return checkUnary(syntax)
        case .binary: return checkBinary(syntax)
        case .conditional: return checkConditional(syntax, hint: hint)
        case .list: return checkList(syntax, hint: hint)
        case .record: return checkRecord(syntax)
        case .invalid: return errorNode(syntax.span)
        }
    }

    /// `Asset{name: 'ISA', value: 100.00 GBP}`: the type must be a declared record, each written field one of
    /// its fields (once) with a value of the field's type; a field left out must have an empty value
    /// (optional → `null`, list → `[]`, text → `''`, bool → `false`), anything else must be written.
    @inline(never)
    private mutating func checkRecord(_ syntax: ExpressionSyntax) -> TypedExpression {
        guard case .record(let typeName, let typeSpan, let written) = syntax.kind else { return errorNode(syntax.span) }
        guard let declared = environment.records[typeName] else {
            let candidates = environment.records.keys.filter { !$0.hasPrefix("form") && $0 != "event" }
            report(ExpressionDiagnosticCode.unknownName, "unknown record type '\(typeName)'", at: typeSpan,
                   notes: didYouMean(typeName, among: candidates.sorted()))
            for field in written { _ = check(field.value, hint: nil) }
            return errorNode(syntax.span)
        }
        var values: [String: TypedExpression] = [:]
        for field in written {
            guard let fieldType = environment.memberType(field.name, of: typeName) else {
                report(ExpressionDiagnosticCode.unknownMember, "record '\(typeName)' has no field '\(field.name)'", at: field.nameSpan,
                       notes: didYouMean(field.name, among: declared.map(\.name)))
                _ = check(field.value, hint: nil)
                continue
            }
            guard values[field.name] == nil else {
                report(ExpressionDiagnosticCode.typeMismatch, "field '\(field.name)' is written twice in this '\(typeName)'", at: field.nameSpan)
                continue
            }
            values[field.name] = conform(check(field.value, hint: fieldType), to: fieldType, role: "field '\(field.name)' of '\(typeName)'")
        }
        var fields: [TypedRecordField] = []
        var missing: [String] = []
        for member in declared {
            let type = environment.resolved(member.type)
            if let value = values[member.name] {
                fields.append(TypedRecordField(name: member.name, value: value, allowsNull: type.isNullable))
            } else if let empty = Self.emptyValue(of: type) {
                fields.append(TypedRecordField(name: member.name, value: TypedExpression(type: type, span: syntax.span, kind: .literal(empty)),
                                                allowsNull: type.isNullable))
            } else {
                missing.append(member.name)
            }
        }
        if !missing.isEmpty {
            report(ExpressionDiagnosticCode.typeMismatch,
                   "this '\(typeName)' leaves out \(missing.map { "'\($0)'" }.joined(separator: ", ")), which \(missing.count == 1 ? "has" : "have") no empty value",
                   at: typeSpan, notes: ["only optional, list, text and bool fields may be left out (they start as null, [], '' and false)"])
            return errorNode(syntax.span)
        }
        return TypedExpression(type: .record(typeName), span: syntax.span, kind: .record(type: typeName, fields: fields))
    }

    /// The value a record field left out of a literal holds, or nil when it must be written.
    static func emptyValue(of type: ValueType) -> Value? {
        switch type {
        case .optional: .null
        case .list: .list([])
        case .text: .text("")
        case .bool: .bool(false)
        default: nil
        }
    }

    @inline(never)
    private mutating func checkLeaf(_ syntax: ExpressionSyntax, hint: ValueType?) -> TypedExpression {
        switch syntax.kind {
        case .literal(let literal): return checkLiteral(literal, span: syntax.span, hint: hint)
        case .name(let name): return checkName(name, span: syntax.span, hint: hint)
        default: return errorNode(syntax.span)
        }
    }

    @inline(never)
    private mutating func checkMember(_ syntax: ExpressionSyntax) -> TypedExpression {
        guard case .member(let base, let name, let nameSpan) = syntax.kind else { return errorNode(syntax.span) }
        if let enumCase = checkQualifiedCase(base, name: name, nameSpan: nameSpan, span: syntax.span) { return enumCase }
        var member = typeMember(check(base, hint: nil), name: name, nameSpan: nameSpan, span: syntax.span)
        if !nonNull.isEmpty, let path = path(of: syntax), nonNull.contains(path) { member.type = member.type.nonOptional }
        return member
    }

    @inline(never)
    private mutating func checkIndex(_ syntax: ExpressionSyntax) -> TypedExpression {
        guard case .index(let baseSyntax, let indexSyntax) = syntax.kind else { return errorNode(syntax.span) }
        let base = check(baseSyntax, hint: nil)
        return typeIndex(base, check(indexSyntax, hint: nil), span: syntax.span)
    }

    @inline(never)
    private mutating func checkCall(_ syntax: ExpressionSyntax, hint: ValueType?) -> TypedExpression {
        guard case .call(let name, let nameSpan, let receiver, let arguments) = syntax.kind else { return errorNode(syntax.span) }
        return checkCall(name, nameSpan: nameSpan, receiver: receiver, arguments: arguments, span: syntax.span, hint: hint)
    }

    @inline(never)
    private mutating func checkUnary(_ syntax: ExpressionSyntax) -> TypedExpression {
        guard case .unary(let op, let operand) = syntax.kind else { return errorNode(syntax.span) }
        return typeUnary(op, check(operand, hint: nil), span: syntax.span)
    }

    @inline(never)
    private mutating func checkConditional(_ syntax: ExpressionSyntax, hint: ValueType?) -> TypedExpression {
        guard case .conditional(let conditionSyntax, let thenSyntax, let otherwiseSyntax) = syntax.kind else { return errorNode(syntax.span) }
        let condition = check(conditionSyntax, hint: nil)
        let outer = nonNull
        let whenTrue = nonNullPaths(conditionSyntax, when: true)
        let whenFalse = nonNullPaths(conditionSyntax, when: false)
        guard !whenTrue.isEmpty || !whenFalse.isEmpty else {
            let (then, otherwise) = checkPair(thenSyntax, otherwiseSyntax, hint: hint)
            return typeConditional(condition, then, otherwise, span: syntax.span)
        }
        // Each branch is checked knowing what the condition says about null; one gives the other its hint.
        let then: TypedExpression
        let otherwise: TypedExpression
        if hint == nil, needsHint(thenSyntax), !needsHint(otherwiseSyntax) {
            nonNull = outer.union(whenFalse)
            otherwise = check(otherwiseSyntax, hint: nil)
            nonNull = outer.union(whenTrue)
            then = check(thenSyntax, hint: otherwise.type)
        } else {
            nonNull = outer.union(whenTrue)
            then = check(thenSyntax, hint: hint)
            nonNull = outer.union(whenFalse)
            otherwise = check(otherwiseSyntax, hint: hint ?? then.type)
        }
        nonNull = outer
        return typeConditional(condition, then, otherwise, span: syntax.span)
    }

    @inline(never)
    private mutating func checkList(_ syntax: ExpressionSyntax, hint: ValueType?) -> TypedExpression {
        guard case .list(let elementSyntaxes) = syntax.kind else { return errorNode(syntax.span) }
        var elementHint: ValueType?
        if case .list(let element) = hint?.nonOptional { elementHint = element }
        var elements: [TypedExpression] = []
        elements.reserveCapacity(elementSyntaxes.count)
        for element in elementSyntaxes { elements.append(check(element, hint: elementHint)) }
        return typeList(elements, elementHint: elementHint, span: syntax.span)
    }

    @inline(never)
    private mutating func checkLiteral(_ literal: ExpressionSyntax.Literal, span: ExpressionSpan, hint: ValueType?) -> TypedExpression {
        switch literal {
        case .bool(let value): return TypedExpression(type: .bool, span: span, kind: .literal(.bool(value)))
        case .int(let value): return TypedExpression(type: .int, span: span, kind: .literal(.int(value)))
        case .decimal(let value): return TypedExpression(type: .decimal, span: span, kind: .literal(.decimal(value)))
        case .money(let value): return TypedExpression(type: .money, span: span, kind: .literal(.money(value)))
        case .duration(let value): return TypedExpression(type: .duration, span: span, kind: .literal(.duration(value)))
        case .null: return TypedExpression(type: .null, span: span, kind: .literal(.null))
        case .text(let value):
            guard let enumName = enumHint(hint) else {
                return TypedExpression(type: .text, span: span, kind: .literal(.text(value)))
            }
            // Text is never quietly read as a case: 'premium' and Plan.premium differ in the flows' own types.
            guard environment.enums[enumName]?.contains(value) == true else {
                report(ExpressionDiagnosticCode.unknownEnumCase, "'\(value)' is not a case of enum '\(enumName)'",
                       at: span, notes: caseNotes(value, of: enumName))
                return errorNode(span)
            }
            report(ExpressionDiagnosticCode.textForEnum, "text '\(value)' where enum '\(enumName)' is expected",
                   at: span, notes: ["write the case: '\(enumName).\(value)'"])
            return errorNode(span)
        }
    }

    @inline(never)
    private mutating func checkName(_ name: String, span: ExpressionSpan, hint: ValueType?) -> TypedExpression {
        if let local = locals.last(where: { $0.name == name }) {
            // A macro's element itself is not narrowed (the generated code keeps its Swift type); its members are.
            return TypedExpression(type: local.type, span: span, kind: .local(name))
        }
        let enumName = enumHint(hint)
        if let enumName, environment.enums[enumName]?.contains(name) == true {
            return TypedExpression(type: .enumeration(enumName), span: span, kind: .enumCase(type: enumName, name: name))
        }
        if let type = environment.variables[name] {
            let resolved = environment.resolved(type)
            return TypedExpression(type: nonNull.contains(name) ? resolved.nonOptional : resolved, span: span, kind: .variable(name))
        }
        // Where the place's own type is already wrong (an unknown type), a bare name is most likely one of its
        // cases: that mistake is reported where the type is written.
        if hint == .error { return errorNode(span) }
        if let enumName, closestMatch(to: name, among: environment.enums[enumName] ?? []) != nil {
            report(ExpressionDiagnosticCode.unknownEnumCase, "'\(name)' is not a case of enum '\(enumName)'",
                   at: span, notes: caseNotes(name, of: enumName))
            return errorNode(span)
        }
        if let cases = environment.enums[name] {
            let example = cases.first.map { "'\(name).\($0)'" } ?? "'\(name).<case>'"
            report(ExpressionDiagnosticCode.typeMismatch, "enum type '\(name)' is not a value",
                   at: span, notes: ["write one of its cases, as in \(example)"])
            return errorNode(span)
        }
        var notes: [String] = []
        let owners = environment.enums.keys.sorted().filter { environment.enums[$0]?.contains(name) == true }
        if let owner = owners.first {
            notes.append("'\(name)' is a case of enum '\(owner)'; write '\(owner).\(name)'")
        } else if BuiltinFunction.byName[name] != nil || MacroKind(rawValue: name) != nil {
            notes.append("'\(name)' is a function; call it, as in '\(name)(...)'")
        } else {
            let candidates = Set(locals.map(\.name)).union(environment.variables.keys).sorted()
            notes = didYouMean(name, among: candidates)
        }
        report(ExpressionDiagnosticCode.unknownName, "unknown name '\(name)'", at: span, notes: notes)
        return errorNode(span)
    }

    /// `Type.case` when the base names an enum type (and no variable): the case, or a diagnostic.
    @inline(never)
    private mutating func checkQualifiedCase(_ baseSyntax: ExpressionSyntax, name: String, nameSpan: ExpressionSpan,
                                             span: ExpressionSpan) -> TypedExpression? {
        guard case .name(let typeName) = baseSyntax.kind, !isLocalOrVariable(typeName),
              let cases = environment.enums[typeName] else { return nil }
        guard cases.contains(name) else {
            report(ExpressionDiagnosticCode.unknownEnumCase, "'\(name)' is not a case of enum '\(typeName)'",
                   at: nameSpan, notes: caseNotes(name, of: typeName))
            return errorNode(span)
        }
        return TypedExpression(type: .enumeration(typeName), span: span, kind: .enumCase(type: typeName, name: name))
    }

    @inline(never)
    private mutating func typeMember(_ base: TypedExpression, name: String, nameSpan: ExpressionSpan,
                                     span: ExpressionSpan) -> TypedExpression {
        let baseType = base.type.nonOptional
        if baseType == .error { return errorNode(span) }
        if case .record(let recordName) = baseType, let fields = environment.records[recordName] {
            if let type = environment.memberType(name, of: recordName) {
                return TypedExpression(type: type, span: span, kind: .member(base, name))
            }
            report(ExpressionDiagnosticCode.unknownMember, "type '\(recordName)' has no member '\(name)'",
                   at: nameSpan, notes: memberNotes(name, fields: fields.map(\.name), base: base))
            return errorNode(span)
        }
        report(ExpressionDiagnosticCode.unknownMember, "type '\(base.type)' has no member '\(name)'",
               at: nameSpan, notes: memberNotes(name, fields: [], base: base))
        return errorNode(span)
    }

    private func memberNotes(_ name: String, fields: [String], base: TypedExpression) -> [String] {
        let suggestion = didYouMean(name, among: fields)
        if !suggestion.isEmpty { return suggestion }
        if BuiltinFunction.byName[name] != nil || MacroKind(rawValue: name) != nil {
            return ["'\(name)' is a function; call it, as in '\(quotable(base.span)).\(name)()'"]
        }
        return []
    }

    @inline(never)
    private mutating func typeIndex(_ base: TypedExpression, _ index: TypedExpression, span: ExpressionSpan) -> TypedExpression {
        let indexType = index.type.nonOptional
        switch base.type.nonOptional {
        case .error:
            return errorNode(span)
        case .list(let element):
            guard indexType == .int || indexType == .error else {
                report(ExpressionDiagnosticCode.typeMismatch, "list index must be 'int', found '\(index.type)'", at: index.span)
                return errorNode(span)
            }
            return TypedExpression(type: element, span: span, kind: .index(base, index))
        default:
            report(ExpressionDiagnosticCode.typeMismatch, "only lists can be indexed, found '\(base.type)'", at: base.span)
            return errorNode(span)
        }
    }

    @inline(never)
    private mutating func typeConditional(_ condition: TypedExpression, _ then: TypedExpression, _ otherwise: TypedExpression,
                                          span: ExpressionSpan) -> TypedExpression {
        requireBool(condition, "condition of '?:' must be 'bool', found '\(condition.type)'")
        guard let (type, unifiedThen, unifiedOtherwise) = unify(then, otherwise) else {
            report(ExpressionDiagnosticCode.typeMismatch,
                   "branches of '?:' have different types '\(then.type)' and '\(otherwise.type)'", at: span)
            return errorNode(span)
        }
        return TypedExpression(type: type, span: span, kind: .conditional(condition, unifiedThen, unifiedOtherwise))
    }

    @inline(never)
    private mutating func typeList(_ checked: [TypedExpression], elementHint: ValueType?, span: ExpressionSpan) -> TypedExpression {
        var elements = checked
        var elementType: ValueType?
        for element in elements {
            guard let previous = elementType else {
                elementType = element.type
                continue
            }
            guard let merged = unifyTypes(previous, element.type) else {
                report(ExpressionDiagnosticCode.typeMismatch,
                       "list elements must have one type, found '\(previous)' and '\(element.type)'", at: element.span)
                return TypedExpression(type: .list(.error), span: span, kind: .list(elements))
            }
            elementType = merged
        }
        var finalType = elementType ?? elementHint ?? .error
        if elementHint?.nonOptional == .decimal, finalType.nonOptional == .int {
            finalType = finalType.isNullable ? .optional(.decimal) : .decimal
        }
        if finalType.nonOptional == .decimal {
            elements = elements.map(promoted)
        }
        return TypedExpression(type: .list(finalType), span: span, kind: .list(elements))
    }

    /// Checks two operands that should share a type, giving the one that needs context the other's type as hint.
    @inline(never)
    mutating func checkPair(_ first: ExpressionSyntax, _ second: ExpressionSyntax, hint: ValueType?) -> (TypedExpression, TypedExpression) {
        if let hint {
            return (check(first, hint: hint), check(second, hint: hint))
        }
        if needsHint(first), !needsHint(second) {
            let typedSecond = check(second, hint: nil)
            return (check(first, hint: typedSecond.type), typedSecond)
        }
        let typedFirst = check(first, hint: nil)
        return (typedFirst, check(second, hint: typedFirst.type))
    }

    /// Reports `message` unless `expression` is `bool` (or `bool?`, or already wrong).
    mutating func requireBool(_ expression: TypedExpression, _ message: @autoclosure () -> String) {
        let type = expression.type.nonOptional
        guard type != .bool, type != .error else { return }
        report(ExpressionDiagnosticCode.typeMismatch, message(), at: expression.span)
    }

    // MARK: Types

    /// The common type of two types, if they have one: `int`+`decimal` → `decimal`, `T`+`null` → `T?`,
    /// `list<unknown>`+`list<T>` → `list<T>`.
    func unifyTypes(_ a: ValueType, _ b: ValueType) -> ValueType? {
        if a == .error { return b }
        if b == .error || a == b { return a }
        if a == .null { return b.asOptional }
        if b == .null { return a.asOptional }
        let optional = a.isNullable || b.isNullable
        let (baseA, baseB) = (a.nonOptional, b.nonOptional)
        var base: ValueType?
        if baseA == baseB || baseB == .error {
            base = baseA
        } else if baseA == .error {
            base = baseB
        } else if baseA.isNumber, baseB.isNumber {
            base = .decimal
        } else if case .list(let elementA) = baseA, case .list(let elementB) = baseB,
                  let element = unifyTypes(elementA, elementB),
                  element.nonOptional != .decimal || elementA.nonOptional == elementB.nonOptional
                    || elementA == .error || elementB == .error {
            base = .list(element)
        }
        guard let base else { return nil }
        return optional ? base.asOptional : base
    }

    /// Both expressions converted to their common type, promoting `int` to `decimal` where needed.
    @inline(never)
    func unify(_ a: TypedExpression, _ b: TypedExpression) -> (ValueType, TypedExpression, TypedExpression)? {
        guard let type = unifyTypes(a.type, b.type) else { return nil }
        if type.nonOptional == .decimal { return (type, promoted(a), promoted(b)) }
        return (type, a, b)
    }

    /// An `int` (or `int?`) expression as a `decimal`; anything else unchanged. Int literals are folded.
    @inline(never)
    func promoted(_ expression: TypedExpression) -> TypedExpression {
        switch expression.type {
        case .int:
            if case .literal(.int(let value)) = expression.kind {
                return TypedExpression(type: .decimal, span: expression.span, kind: .literal(.decimal(Decimal(value))))
            }
            return TypedExpression(type: .decimal, span: expression.span, kind: .call(function: .decimal, arguments: [expression]))
        case .optional(.int):
            return TypedExpression(type: .optional(.decimal), span: expression.span, kind: .call(function: .decimal, arguments: [expression]))
        default:
            return expression
        }
    }

    /// The expression checked against the type its place expects.
    @inline(never)
    mutating func conform(_ expression: TypedExpression, to expected: ValueType, role: String) -> TypedExpression {
        let found = expression.type
        if found == .error || expected == .error || found == expected { return expression }
        if found == .null, expected.isNullable { return expression }
        let target = expected.nonOptional
        let source = found.nonOptional
        if found != .null, found.isNullable, !expected.isNullable,
           source == target || (source == .int && target == .decimal) || unifyTypes(source, target) == target {
            // At run time a null here would stop the app: the checker asks for the value to use instead.
            let text = quotable(expression.span)
            let subject = expression.span.count <= 40 ? "'\(text)'" : "it"
            var notes = ["\(subject) may be null; give the value to use then with '??': \(text) ?? \(fallbackExample(for: target))"]
            if target == .bool { notes.append("or compare it, as in '\(text) == true'") }
            report(ExpressionDiagnosticCode.optionalToRequired, "\(role) must be '\(expected)', but \(subject) is '\(found)' and may be null",
                   at: expression.span, notes: notes)
            return errorNode(expression.span)
        }
        if source == target { return expression }
        if source == .int, target == .decimal { return promoted(expression) }
        if let merged = unifyTypes(source, target), merged == target {
            var retyped = expression
            retyped.type = found.isNullable ? target.asOptional : target
            return retyped
        }
        var notes: [String] = []
        if target == .money, source.isNumber {
            notes.append(moneyHint(for: expression))
        } else if target == .bool, found.isNullable, found != .null {
            notes.append("compare it, as in '\(quotable(expression.span)) != null'")
        }
        report(ExpressionDiagnosticCode.typeMismatch, "\(role) must be '\(expected)', found '\(found)'",
               at: expression.span, notes: notes)
        return errorNode(expression.span)
    }

    /// A value of `type` to show after `??` in a hint: `0.00 GBP`, `''`, `false`, `[]`.
    func fallbackExample(for type: ValueType) -> String {
        switch type {
        case .bool: "false"
        case .int: "0"
        case .decimal: "0.0"
        case .money: "0.00 \(defaultCurrency)"
        case .text: "''"
        case .list: "[]"
        case .duration: "0s"
        case .date: "today()"
        case .timestamp: "now()"
        case .enumeration(let name): environment.enums[name]?.first.map { "\(name).\($0)" } ?? "a value"
        default: "a value"
        }
    }

    /// How to turn a number into money, quoting the user's text: `write '1.5' as money, as in '1.5 GBP'`.
    func moneyHint(for number: TypedExpression, currency: String? = nil) -> String {
        let currency = currency ?? defaultCurrency
        let text = quotable(number.span)
        if case .literal = number.kind {
            return "write '\(text)' as money, as in '\(text) \(currency)' or money(\(text), '\(currency)')"
        }
        return "convert '\(text)' to money with money(\(text), '\(currency)')"
    }
}
