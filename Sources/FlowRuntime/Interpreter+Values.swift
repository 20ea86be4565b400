import Foundation
import FlowExpression
import FlowIR

extension Value {
    /// The value of a guard or check; anything but `true` counts as false.
    var asBool: Bool {
        if case .bool(true) = self { return true }
        return false
    }
}

extension Interpreter {
    /// Evaluates a checked expression with the domain, the current screen's form and the event payload in scope.
    func evaluateExpression(_ expression: TypedExpression, event payload: [String: Value], value: Value? = nil) throws -> Value {
        var variables = state
        // Derived values are computed only when the expression reads one (in declaration order,
        // so one derived value may use an earlier one).
        let needsDerived = !app.derived.isEmpty && app.derived.contains { expression.referencedVariables.contains($0.name) }
        for derived in app.derived where needsDerived {
            if let expression = derived.value {
                let context = EvaluationContext(variables: variables, now: now, defaultCurrency: app.currency)
                do {
                    variables[derived.name] = try evaluate(expression, in: context)
                } catch {
                    throw RuntimeFailure(message: "derived value '\(derived.name)' failed: \(error.message)", step: trace.steps.count)
                }
            }
        }
        if app.screens.indices.contains(screen) {
            var fields: [String: Value] = [:]
            let inputs = forms[screen] ?? [:]
            for field in app.screens[screen].fields {
                fields[field.name] = field.value(of: inputs[field.name], appCurrency: app.currency) ?? .null
            }
            variables["form"] = .record(fields)
        }
        if !payload.isEmpty { variables["event"] = .record(payload) }
        if let value { variables["value"] = value }
        do {
            return try evaluate(expression, in: EvaluationContext(variables: variables, now: now, defaultCurrency: app.currency))
        } catch {
            throw RuntimeFailure(message: "evaluation failed on '\(app.screens[screen].id)': \(error.message)", step: trace.steps.count)
        }
    }

    /// Each invalid field of screen `index` with its first failing rule's message.
    mutating func validate(_ index: Int) throws -> [String: String] {
        let screen = app.screens[index]
        let inputs = forms[index] ?? [:]
        var invalid: [String: String] = [:]
        for field in screen.fields {
            guard let compiled = rules[index]?[field.name], !compiled.isEmpty else { continue }
            let input = inputs[field.name]
            let isEmpty = input?.isEmpty ?? true
            let value = field.value(of: input, appCurrency: app.currency)
            for rule in compiled {
                if let condition = rule.condition, !(try evaluateExpression(condition, event: [:], value: value ?? .null).asBool) {
                    continue
                }
                let passed: Bool
                if case .required = rule.check {
                    passed = !isEmpty
                } else if isEmpty {
                    break
                } else if let value, value != .null {
                    passed = try passes(rule, value: value, input: input, inputs: inputs)
                } else {
                    // Text that cannot be read as the field's type fails the first rule that needs a value.
                    passed = false
                }
                ruleResults.append(RuleResult(screen: screen.id, field: field.name, rule: rule.name, passed: passed))
                if !passed {
                    invalid[field.name] = rule.message
                    break
                }
            }
        }
        return invalid
    }

    func passes(_ rule: CompiledRule, value: Value, input: FieldInput?, inputs: [String: FieldInput]) throws -> Bool {
        let text: String = if case .text(let t) = input { t } else { "" }
        switch rule.check {
        case .required:
            return true
        case .length(let minimum, let maximum):
            let count = text.count
            return count >= (minimum ?? 0) && count <= (maximum ?? Int.max)
        case .pattern(let regex):
            return regex.matchesWhole(text)
        case .expression(let expression):
            return try evaluateExpression(expression, event: [:], value: value).asBool
        case .bound(let expression, let isMinimum):
            let bound = try evaluateExpression(expression, event: [:], value: value)
            guard let order = compare(value, bound) else { return false }
            return isMinimum ? order != .orderedAscending : order != .orderedDescending
        case .oneOf(let allowed):
            if case .list(let items) = value { return items.allSatisfy { allowed.contains($0.description) } }
            return allowed.contains(text)
        case .notIn(let forbidden):
            if case .list(let items) = value { return !items.contains { forbidden.contains($0.description) } }
            return !forbidden.contains(text)
        case .equalsField(let other):
            return inputs[other] == input
        }
    }

    /// The name of the first variant whose condition holds (a variant without one always holds).
    public func currentVariant() throws -> String? {
        for variant in currentScreen.variants {
            guard let condition = variant.condition else { return variant.name }
            if try evaluateExpression(condition, event: [:]).asBool { return variant.name }
        }
        return nil
    }

    func checkInvariants() throws {
        for invariant in app.invariants {
            guard let check = invariant.check else { continue }
            let holds = try evaluateExpression(check, event: [:]).asBool
            if !holds {
                let names = check.referencedVariables.sorted().filter { state[$0] != nil }
                let values = names.map { "\($0) = \(state[$0]?.description ?? "null")" }.joined(separator: ", ")
                throw RuntimeFailure(message: "invariant '\(invariant.name)' (\(invariant.source)) broken after step \(trace.steps.count - 1) on '\(currentScreen.id)'" + (values.isEmpty ? "" : ": \(values)"),
                                     step: trace.steps.count - 1)
            }
        }
    }

    // MARK: State paths

    /// The value at a state or derived path (`applicant.given_name`, `net_worth`), or null.
    public func read(_ path: [String]) -> Value {
        guard let head = path.first else { return .null }
        var value: Value
        if let stored = state[head] {
            value = stored
        } else if let derived = app.derived.first(where: { $0.name == head }), let expression = derived.value {
            value = (try? evaluateExpression(expression, event: [:])) ?? .null
        } else {
            return .null
        }
        for member in path.dropFirst() {
            guard case .record(let fields) = value else { return .null }
            value = fields[member] ?? .null
        }
        return value
    }

    mutating func assign(_ value: Value, to path: [String]) {
        guard let head = path.first else { return }
        state[head] = replacing(state[head] ?? .null, at: path.dropFirst(), with: value)
    }

    private func replacing(_ base: Value, at path: ArraySlice<String>, with value: Value) -> Value {
        guard let member = path.first else { return value }
        var fields: [String: Value] = if case .record(let existing) = base { existing } else { [:] }
        fields[member] = replacing(fields[member] ?? .null, at: path.dropFirst(), with: value)
        return .record(fields)
    }

    func pathType(_ path: [String]) -> ValueType? {
        guard let head = path.first, var type = app.state.first(where: { $0.name == head })?.type else { return nil }
        for member in path.dropFirst() {
            var base = type
            if case .optional(let wrapped) = base { base = wrapped }
            guard case .record(let name) = base, let declaration = app.types.first(where: { $0.name == name }),
                  case .record(let fields) = declaration.kind, let field = fields.first(where: { $0.name == member }) else { return nil }
            type = field.type
        }
        return type
    }

    /// The value a state value of `type` starts with when no initial value is written.
    func zeroValue(_ type: ValueType) -> Value {
        switch type {
        case .bool: return .bool(false)
        case .int: return .int(0)
        case .decimal: return .decimal(0)
        case .money: return .money(Money(amount: 0, currency: app.currency))
        case .text: return .text("")
        case .list: return .list([])
        case .duration: return .duration(0)
        case .record(let name):
            guard let declaration = app.types.first(where: { $0.name == name }), case .record(let fields) = declaration.kind else { return .null }
            var values: [String: Value] = [:]
            for field in fields { values[field.name] = zeroValue(field.type) }
            return .record(values)
        case .enumeration(let name):
            if let declaration = app.types.first(where: { $0.name == name }), case .enumeration(let cases) = declaration.kind, let first = cases.first {
                return .enumCase(type: name, name: first)
            }
            return .null
        default: return .null
        }
    }
}
