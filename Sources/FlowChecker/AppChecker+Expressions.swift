import FlowExpression
import FlowIR
import FlowSource
import FlowSyntax

extension AppChecker {
    /// Resolves a type string such as `list<Transaction>` or `Plan?` against the declared types.
    func resolveType(_ source: ExpressionSource) -> ValueType {
        switch parseTypeName(source.text) {
        case .failure(let problem):
            report(problem, in: source)
            return .error
        case .success(let type):
            return resolveNames(in: type, source: source)
        }
    }

    private func resolveNames(in type: ValueType, source: ExpressionSource) -> ValueType {
        switch type {
        case .list(let element): return .list(resolveNames(in: element, source: source))
        case .optional(let wrapped): return .optional(resolveNames(in: wrapped, source: source))
        case .record(let name), .enumeration(let name):
            usedTypes.insert(name)
            if enums[name] != nil { return .enumeration(name) }
            if records[name] != nil || types[name] != nil {
                if let index = types[name], case .enumeration = types.entries[index].value.kind { return .enumeration(name) }
                return .record(name)
            }
            let offset = source.text.unicodeScalars.count - (source.text.unicodeScalars.split(separator: " ").last?.count ?? 0)
            let start = Array(source.text.unicodeScalars).firstRange(of: Array(name.unicodeScalars)).map { $0.lowerBound } ?? offset
            // The type the user probably meant counts as used, so the typo is reported once.
            if let match = closestMatch(to: name, among: types.names) { usedTypes.insert(match) }
            error("unknown-type", "unknown type '\(name)'; use bool, int, decimal, money, text, date, timestamp, duration, list<T>, T? or a declared type",
                  at: source.fileRange(of: start..<(start + name.unicodeScalars.count)), notes: types.suggestion(for: name))
            return .error
        default:
            return type
        }
    }

    /// The environment of expressions that see only the domain (state, derived values).
    func domainEnvironment(extra: [String: ValueType] = [:], extraRecords: [String: [(name: String, type: ValueType)]] = [:]) -> TypeEnvironment {
        var variables = baseVariables
        for (name, type) in extra { variables[name] = type }
        var allRecords = records
        for (name, fields) in extraRecords { allRecords[name] = fields }
        return TypeEnvironment(variables: variables, records: allRecords, enums: enums, currency: app.currency)
    }

    /// Type-checks one expression and reports its problems at their columns in the file.
    /// `content`: the number of the environment's content (`screenEnvironmentAndContent`); with it, the answer for
    /// an expression already checked with the same content, expectation and role is reused.
    func check(_ source: ExpressionSource, expected: ValueType?, in environment: TypeEnvironment, content: Int? = nil,
               role: String = "expression") -> TypedExpression? {
        // `initial: ''` is YAML's empty string, so the expression is empty: say that, not "found end of expression".
        if source.text.allSatisfy(\.isWhitespace) {
            error(ExpressionDiagnosticCode.syntax, expected?.nonOptional == .text
                      ? "the expression is empty; empty text is written \"''\" (the expression's quotes inside YAML's)"
                      : "the expression is empty; write a value or an expression here",
                  at: source.range)
            return nil
        }
        // Flows repeat the same guards and assignments on many screens; each text is parsed once.
        let parsed: (ExpressionSyntax?, [ExpressionDiagnostic])
        if let cached = parsedExpressions[source.text] {
            parsed = cached
        } else {
            parsed = parseExpression(source.text)
            parsedExpressions[source.text] = parsed
        }
        let (typed, problems): (TypedExpression?, [ExpressionDiagnostic])
        if let syntax = parsed.0, let content {
            let key = CheckedExpressionKey(text: source.text, expected: expected, role: role, environment: content,
                                           nonNullPaths: environment.nonNullPaths)
            if let known = checkedExpressions[key] {
                (typed, problems) = known
            } else {
                (typed, problems) = checkExpression(syntax, source: source.text, expected: expected, role: role, in: environment)
                checkedExpressions[key] = (typed, problems)
            }
        } else if let syntax = parsed.0 {
            (typed, problems) = checkExpression(syntax, source: source.text, expected: expected, role: role, in: environment)
        } else {
            (typed, problems) = (nil, parsed.1)
        }
        for problem in bareTextHinted(formHinted(problems, source: source, environment: environment), source: source, expected: expected) {
            report(problem, in: source)
        }
        if let typed {
            usedNames.formUnion(typed.referencedVariables)
        } else {
            // A broken expression still mentions names; counting them keeps one typo from also
            // reporting every name it touches as unused.
            usedNames.formUnion(identifiers(in: source.text))
        }
        guard problems.isEmpty, let checked = typed else { return nil }
        var localised = withLocale(checked)
        localised.origin = source.origin
        return localised
    }

    /// Where text is expected, words written without inner quotes (`Ada`, `ada@example.com`) read as an
    /// expression; the first problem then says so and shows the fix.
    /// A dotted name (`fields.email`, `applicant.nmae`) is a reference gone wrong, not words: it gets no quoting hint.
    func bareTextHinted(_ problems: [ExpressionDiagnostic], source: ExpressionSource, expected: ValueType?) -> [ExpressionDiagnostic] {
        guard expected?.nonOptional == .text, var first = problems.first,
              first.code == ExpressionDiagnosticCode.syntax || first.code == ExpressionDiagnosticCode.unknownName,
              !(first.code == ExpressionDiagnosticCode.unknownName && isDottedName(source.text)),
              let opening = source.text.unicodeScalars.first, opening != "'", opening != "\"" else { return problems }
        let escaped = source.text.replacingOccurrences(of: "'", with: "\\'")
        first.notes.append("text needs inner quotes: write \"'\(escaped)'\"")
        return [first] + problems.dropFirst()
    }

    /// `fields.email` and `field.email` (the words the YAML uses) read a screen's field, which expressions call
    /// `form.email`: the unknown name's note says so, with the field named.
    func formHinted(_ problems: [ExpressionDiagnostic], source: ExpressionSource, environment: TypeEnvironment) -> [ExpressionDiagnostic] {
        problems.map { problem in
            guard problem.code == ExpressionDiagnosticCode.unknownName,
                  problem.message == "unknown name 'fields'" || problem.message == "unknown name 'field'" else { return problem }
            var problem = problem
            let after = source.text.unicodeScalars.dropFirst(problem.span.upperBound)
            let member = after.first == "." ? String(String.UnicodeScalarView(after.dropFirst().prefix { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) })) : ""
            let written = "form." + (member.isEmpty ? "<field>" : member)
            problem.notes = environment.variables["form"] != nil
                ? ["the screen's fields are read through 'form': write '\(written)'"]
                : ["a screen's fields are read through 'form' ('\(written)'), in that screen's own guards, actions and texts"]
            return problem
        }
    }

    private func isDottedName(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count > 1 && parts.allSatisfy { part in
            guard let first = part.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
            return part.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
        }
    }

    func report(_ problem: ExpressionDiagnostic, in source: ExpressionSource) {
        error(problem.code, problem.message, at: source.fileRange(of: problem.span), notes: problem.notes.map { Diagnostic.Note($0) })
    }

    /// Resolves a dotted path (`applicant.given_name`) to a state value's type, reporting the first unknown part.
    func resolveStatePath(_ path: Located<String>, allowDerived: Bool = false) -> (components: [String], type: ValueType)? {
        let components = path.value.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let head = components.first, !head.isEmpty else {
            error("unknown-state", "empty state path", at: path.range)
            return nil
        }
        usedNames.insert(head)
        guard var type = baseVariables[head] else {
            error("unknown-state", "'\(head)' is not a state value; declare it under 'state:'", at: path.range,
                  notes: stateTable.suggestion(for: head))
            return nil
        }
        if derivedTable[head] != nil && !allowDerived {
            error("assign-to-derived", "'\(head)' is a derived value and is computed, not set; change the state it is computed from", at: path.range)
            return nil
        }
        var column = head.unicodeScalars.count
        for member in components.dropFirst() {
            column += 1
            var base = type
            if case .optional(let wrapped) = base { base = wrapped }
            guard case .record(let recordName) = base, let fields = records[recordName] else {
                if base != .error {
                    error("unknown-member", "'\(type)' has no member '\(member)'", at: path.range.sub(offset: column, length: member.unicodeScalars.count))
                }
                return nil
            }
            guard let field = fields.first(where: { $0.name == member }) else {
                var notes: [Diagnostic.Note] = []
                if let match = closestMatch(to: member, among: fields.map(\.name)) { notes.append(.init("did you mean '\(match)'?")) }
                error("unknown-member", "record '\(recordName)' has no field '\(member)'",
                      at: path.range.sub(offset: column, length: member.unicodeScalars.count), notes: notes)
                return nil
            }
            type = field.type
            column += member.unicodeScalars.count
        }
        return (components, type)
    }
}

/// The identifier-like words of an expression's text.
func identifiers(in text: String) -> Set<String> {
    var result: Set<String> = []
    var current = ""
    for scalar in text.unicodeScalars {
        if ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) || scalar == "_" {
            current.unicodeScalars.append(scalar)
        } else {
            if !current.isEmpty { result.insert(current) }
            current = ""
        }
    }
    if !current.isEmpty { result.insert(current) }
    return result
}
