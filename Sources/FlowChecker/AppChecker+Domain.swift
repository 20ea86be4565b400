import FlowExpression
import FlowIR
import FlowSource
import FlowSyntax

extension AppChecker {
    func resolveTypes() {
        // Enum names first, so record fields can refer to any type in any order.
        for entry in types.entries {
            switch entry.value.kind {
            case .enumeration(let cases):
                var seen: [String: SourceRange] = [:]
                for item in cases {
                    if !NamePattern.snakeCase.matches(item.value) {
                        error("invalid-name", "enum case '\(item.value)' must be \(NamePattern.snakeCase.description)", at: item.range)
                    }
                    if let first = seen[item.value] {
                        error("duplicate-declaration", "enum case '\(item.value)' is listed twice in '\(entry.name)'", at: item.range,
                              notes: [.init("first listed here", at: first)])
                    }
                    seen[item.value] = item.range
                }
                if cases.isEmpty {
                    error("empty-enum", "enum '\(entry.name)' has no cases", at: entry.range)
                }
                enums[entry.name] = cases.map(\.value)
            case .record:
                records[entry.name] = []
            }
        }
        for entry in types.entries {
            switch entry.value.kind {
            case .enumeration(let cases):
                app.types.append(DomainType(name: entry.name, kind: .enumeration(cases.map(\.value)),
                                            description: entry.value.description?.value, range: entry.range))
            case .record(let fields):
                var resolved: [(name: String, type: ValueType)] = []
                for field in fields {
                    checkSnakeCase(field.name, "record field")
                    if resolved.contains(where: { $0.name == field.name.value }) {
                        error("duplicate-declaration", "record '\(entry.name)' declares field '\(field.name.value)' twice", at: field.name.range)
                        continue
                    }
                    resolved.append((field.name.value, resolveType(field.type)))
                }
                records[entry.name] = resolved
                app.types.append(DomainType(name: entry.name, kind: .record(resolved.map { .init(name: $0.name, type: $0.type) }),
                                            description: entry.value.description?.value, range: entry.range))
            }
        }
    }

    func resolveDomain() {
        var stateTypes: [ValueType] = []
        for entry in stateTable.entries {
            let type = entry.value.type.map(resolveType) ?? .error
            stateTypes.append(type)
            baseVariables[entry.name] = type
        }
        var derivedTypes: [ValueType] = []
        for entry in derivedTable.entries {
            let type = entry.value.type.map(resolveType) ?? .error
            derivedTypes.append(type)
            baseVariables[entry.name] = type
        }
        let environment = domainEnvironment()
        for (index, entry) in stateTable.entries.enumerated() {
            let type = stateTypes[index]
            var initial: TypedExpression?
            if let source = entry.value.initial {
                initial = check(source, expected: type, in: environment, role: "initial value of '\(entry.name)'")
            } else if !hasZeroValue(type) {
                error("missing-initial", "state value '\(entry.name)' of type '\(type)' needs an 'initial' value (only optional, list, text, bool, int, decimal and record values start empty)",
                      at: entry.range)
            }
            var variable = StateVariable(name: entry.name, type: type, initial: initial,
                                         description: entry.value.description?.value, range: entry.range)
            variable.persisted = entry.value.persist?.value ?? false
            variable.personal = entry.value.personal?.value ?? false
            app.state.append(variable)
        }
        for (index, entry) in derivedTable.entries.enumerated() {
            let value = entry.value.value.flatMap { check($0, expected: derivedTypes[index], in: environment, role: "value of '\(entry.name)'") }
            app.derived.append(DerivedValue(name: entry.name, type: derivedTypes[index], value: value,
                                            description: entry.value.description?.value, range: entry.range))
        }
        for entry in invariantTable.entries {
            let check = entry.value.check.flatMap { self.check($0, expected: .bool, in: environment, role: "invariant check") }
            app.invariants.append(Invariant(name: entry.name, text: entry.value.text?.value, source: entry.value.check?.text ?? "",
                                            check: check, range: entry.range))
        }
    }

    /// Whether a state value of this type can start without an explicit initial value.
    func hasZeroValue(_ type: ValueType) -> Bool {
        switch type {
        case .optional, .list, .text, .bool, .error: return true
        case .int, .decimal: return true
        case .record(let name): return (records[name] ?? []).allSatisfy { hasZeroValue($0.type) }
        default: return false
        }
    }

    func resolveFields(_ list: [TypedNameSyntax], _ what: String) -> [DomainType.RecordField] {
        var result: [DomainType.RecordField] = []
        for item in list {
            checkSnakeCase(item.name, "\(what) field")
            if result.contains(where: { $0.name == item.name.value }) {
                error("duplicate-declaration", "\(what) declares '\(item.name.value)' twice", at: item.name.range)
                continue
            }
            result.append(.init(name: item.name.value, type: resolveType(item.type)))
        }
        return result
    }

    func resolveServicesAndEvents() {
        for entry in eventTable.entries {
            eventIndex[entry.name] = app.events.count
            app.events.append(EventDeclaration(name: entry.name, payload: resolveFields(entry.value.payload, "the payload of '\(entry.name)'"),
                                               description: entry.value.description?.value, range: entry.range))
        }
        for entry in serviceTable.entries {
            var operations: [Service.Operation] = []
            var seen: Set<String> = []
            for operation in entry.value.operations {
                checkSnakeCase(operation.name, "operation")
                guard seen.insert(operation.name.value).inserted else { continue }
                var outcomes: [Service.Operation.Outcome] = []
                var outcomeNames: Set<String> = []
                for outcome in operation.outcomes {
                    checkSnakeCase(outcome.name, "outcome")
                    guard outcomeNames.insert(outcome.name.value).inserted else { continue }
                    let output = resolveFields(outcome.output, "the output of '\(outcome.name.value)'")
                    outcomes.append(.init(name: outcome.name.value, output: output, description: outcome.description?.value))
                    let eventName = "\(entry.name).\(operation.name.value).\(outcome.name.value)"
                    eventIndex[eventName] = app.events.count
                    app.events.append(EventDeclaration(name: eventName, payload: output,
                                                       description: outcome.description?.value, range: outcome.name.range))
                }
                if outcomes.isEmpty {
                    error("missing-outcomes", "operation '\(entry.name).\(operation.name.value)' has no outcomes; list what can come back, e.g. success and failure",
                          at: operation.name.range)
                }
                let policy = resolveCallPolicy(operation, of: entry.name, outcomes: outcomes)
                operations.append(.init(name: operation.name.value, description: operation.description?.value,
                                        input: resolveFields(operation.input, "the input of '\(operation.name.value)'"), outcomes: outcomes,
                                        timeout: policy.timeout, cancelsWhenLeft: policy.cancelsWhenLeft))
            }
            app.services.append(Service(name: entry.name, displayName: entry.value.displayName?.value,
                                        description: entry.value.description?.value, operations: operations, range: entry.range))
        }
    }

    /// Resolves `service.operation` to indices.
    func resolveOperation(_ name: Located<String>) -> (service: Int, operation: Int)? {
        let parts = name.value.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2 else {
            error("unknown-operation", "'\(name.value)' must name a service operation as 'service.operation', e.g. 'equals.create_account'", at: name.range)
            return nil
        }
        guard let serviceIndex = serviceTable[parts[0]] else {
            error("unknown-service", "unknown service '\(parts[0])'; declare it under 'services:'", at: name.range, notes: serviceTable.suggestion(for: parts[0]))
            return nil
        }
        let service = app.services[serviceIndex]
        guard let operationIndex = service.operations.firstIndex(where: { $0.name == parts[1] }) else {
            var notes: [Diagnostic.Note] = []
            if let match = closestMatch(to: parts[1], among: service.operations.map(\.name)) {
                notes.append(.init("did you mean '\(match)'?"))
                calledOperations.insert("\(parts[0]).\(match)")
            }
            error("unknown-operation", "service '\(parts[0])' has no operation '\(parts[1])'",
                  at: name.range.sub(offset: parts[0].unicodeScalars.count + 1, length: parts[1].unicodeScalars.count), notes: notes)
            return nil
        }
        calledOperations.insert("\(parts[0]).\(parts[1])")
        return (serviceIndex, operationIndex)
    }

    /// Resolves an event name used in an `on:` map; `service.operation.outcome` names are checked part by part.
    func resolveEventName(_ name: Located<String>) -> Bool {
        if eventIndex[name.value] != nil { return true }
        let parts = name.value.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        if parts.count == 1 {
            if !NamePattern.eventName.matches(name.value) {
                error("invalid-name", "event name '\(name.value)' must be \(NamePattern.eventName.description)", at: name.range)
                return false
            }
            eventIndex[name.value] = app.events.count
            app.events.append(EventDeclaration(name: name.value, payload: [], description: nil, range: name.range))
            return true
        }
        guard parts.count == 3 else {
            error("unknown-event", "'\(name.value)' is not an event: service results are written 'service.operation.outcome'", at: name.range)
            return false
        }
        guard let (serviceIndex, operationIndex) = resolveOperation(Located("\(parts[0]).\(parts[1])", at: name.range)) else { return false }
        let operation = app.services[serviceIndex].operations[operationIndex]
        // An operation without outcomes is already reported where it is declared.
        if operation.outcomes.isEmpty { return false }
        var notes: [Diagnostic.Note] = []
        if let match = closestMatch(to: parts[2], among: operation.outcomes.map(\.name)) { notes.append(.init("did you mean '\(match)'?")) }
        error("unknown-outcome", "operation '\(parts[0]).\(parts[1])' has no outcome '\(parts[2])'; its outcomes are \(operation.outcomes.map { "'\($0.name)'" }.joined(separator: ", "))",
              at: name.range.sub(offset: parts[0].unicodeScalars.count + parts[1].unicodeScalars.count + 2, length: parts[2].unicodeScalars.count), notes: notes)
        return false
    }
}
