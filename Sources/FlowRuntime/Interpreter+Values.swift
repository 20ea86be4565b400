import FlowSource
import Foundation
import FlowEvaluation
import FlowExpression
import FlowIR
@_spi(Generated) import FlowMachine

extension Interpreter {
    /// Evaluates a compiled expression with the domain, the current screen's form and the event payload in scope.
    mutating func evaluate(_ expression: RuntimeExpression, payload: [String: Value] = [:]) throws -> Value {
        if expression.needsPreparation { try prepare(for: expression, payload: payload) }
        do {
            return try expression.compiled.evaluate(&scope)
        } catch {
            throw evaluationFailure(error, origin: expression.origin)
        }
    }

    /// The same, with `value` (the field value a rule judges) in scope.
    mutating func evaluate(_ expression: RuntimeExpression, value: Value) throws -> Value {
        scope.value = value
        return try evaluate(expression)
    }

    /// Fills in what the expression reads besides the state: derived values, the form, the event.
    private mutating func prepare(for expression: RuntimeExpression, payload: [String: Value]) throws {
        if !expression.derivedNeeded.isEmpty { try refreshDerived(expression.derivedNeeded) }
        if expression.readsForm { scope.form = formRecord() }
        if expression.readsEvent { scope.event = payload.isEmpty ? .null : .record(payload) }
    }

    /// The failure of an expression, pointing at the failing subexpression where the expression's origin is known.
    @inline(never)
    private func evaluationFailure(_ error: EvaluationError, origin: ExpressionOrigin?) -> RuntimeFailure {
        var message = "evaluation failed on '\(app.screens[screen].id)': \(error.message)"
        guard let origin else { return RuntimeFailure(message: message, step: stepCount) }
        let scalars = Array(origin.text.unicodeScalars)
        let span = max(0, min(error.span.lowerBound, scalars.count))..<max(0, min(error.span.upperBound, scalars.count))
        if !span.isEmpty, span.count < scalars.count {
            message += " in '\(String(String.UnicodeScalarView(scalars[span])))'"
        }
        return RuntimeFailure(message: message, step: stepCount, range: origin.fileRange(of: span))
    }

    /// Evaluates an expression written against the app's state that was not compiled with the
    /// program (a scenario's payload or expected value).
    mutating func evaluateExpression(_ expression: TypedExpression, event payload: [String: Value]) throws -> Value {
        try evaluate(program.compile(expression), payload: payload)
    }

    /// A null where the place's type is not optional: the value's expression, named as the generated code names it.
    @inline(never)
    func nullFailure(_ expression: RuntimeExpression) -> RuntimeFailure {
        let whole = expression.origin.map { $0.fileRange(of: 0..<$0.text.unicodeScalars.count) }
        return RuntimeFailure(message: "evaluation failed on '\(app.screens[screen].id)': \(expression.expression.failureName) is null", step: stepCount, range: whole)
    }

    /// What the current screen shows in words (`texts:`), with the values filled in.
    public func texts() throws -> [String: String] {
        var copy = self
        var shown: [String: String] = [:]
        for text in currentScreen.texts {
            let value = try copy.evaluateExpression(text.value, event: [:])
            if case .text(let words) = value { shown[text.name] = words } else { shown[text.name] = value.description }
        }
        return shown
    }

    /// The options of choice field `field` of the current screen as they read now, each value with its label in the
    /// current locale (the field's own label, translated; its enum's label; or the value itself). Empty for a field
    /// the screen does not have.
    public func options(of field: String) throws -> [(value: String, label: String)] {
        guard let declared = currentScreen.fields.first(where: { $0.name == field }) else { return [] }
        var copy = self
        return try declared.options.map { option in
            guard let localised = option.localised else { return (option.value, option.label ?? option.value) }
            let value = try copy.evaluateExpression(localised.value, event: [:])
            if case .text(let words) = value { return (option.value, words) }
            return (option.value, value.description)
        }
    }

    /// The value of a scenario's expression now, without touching the run (a copy evaluates it).
    func value(of expression: TypedExpression) throws -> Value {
        var copy = self
        return try copy.evaluateExpression(expression, event: [:])
    }

    /// Recomputes derived values (all, or those listed), in declaration order: one may use an earlier one.
    mutating func refreshDerived(_ indices: [Int]? = nil) throws {
        for index in indices ?? Array(program.derived.indices) {
            let derived = program.derived[index]
            guard let expression = derived.value else { continue }
            do {
                scope.globals[derived.slot] = try expression.compiled.evaluate(&scope)
            } catch {
                let name = app.derived[derived.slot - program.stateCount].name
                let source = expression.origin?.text ?? "its expression"
                let range = expression.origin?.fileRange(of: error.span)
                throw RuntimeFailure(message: "derived value '\(name)' (\(source)) cannot be computed on '\(currentScreen.id)': \(error.message)",
                                     step: stepCount, range: range)
            }
        }
    }

    /// The current screen's fields as the `form` record, converted from what was typed.
    func formRecord() -> Value {
        var fields: [String: Value] = [:]
        let start = Int(tables.screens[screen].fieldStart)
        for (offset, field) in app.screens[screen].fields.enumerated() {
            fields[field.name] = field.value(of: engine.inputs[start + offset], appCurrency: app.currency) ?? .null
        }
        return .record(fields)
    }

    /// What was typed into field `name` of the current screen.
    func input(named name: String) -> FieldInput? {
        guard let offset = app.screens[screen].fields.firstIndex(where: { $0.name == name }) else { return nil }
        return engine.inputs[Int(tables.screens[screen].fieldStart) + offset]
    }

    /// The message of the first rule of `fieldRules` that `input` fails on the current screen, or nil; each rule
    /// read is recorded in the trace. (The engine asks only for shown fields.)
    mutating func validate(_ fieldRules: FieldRules, input: FieldInput?) throws -> String? {
        let screenID = app.screens[screen].id
        let field = fieldRules.field
        let isEmpty = input?.isEmpty ?? true
        let value = field.value(of: input, appCurrency: app.currency)
        for rule in fieldRules.rules {
            if let condition = rule.condition, !(try evaluate(condition, value: value ?? .null).isTrue) {
                continue
            }
            let passed: Bool
            if case .required = rule.check {
                passed = !isEmpty
            } else if isEmpty {
                break
            } else if let value, value != .null {
                passed = try passes(rule, value: value, input: input)
            } else {
                // Text that cannot be read as the field's type fails the first rule that needs a value.
                passed = false
            }
            log.rules.append(RuleResult(screen: screenID, field: field.name, rule: rule.name, passed: passed))
            if !passed {
                guard let localised = rule.localisedMessage, case .text(let text) = try evaluate(localised, value: value ?? .null) else { return rule.message }
                return text
            }
        }
        return nil
    }

    mutating func passes(_ rule: CompiledRule, value: Value, input: FieldInput?) throws -> Bool {
        let text: String = if case .text(let t) = input { t } else { "" }
        switch rule.check {
        case .required:
            return true
        case .length(let minimum, let maximum):
            let count = text.count
            return count >= (minimum ?? 0) && count <= (maximum ?? Int.max)
        case .pattern(let pattern):
            return matchesWhole(text, pattern)
        case .expression(let expression):
            return try evaluate(expression, value: value).isTrue
        case .bound(let expression, let isMinimum):
            let bound = try evaluate(expression, value: value)
            guard let order = compare(value, bound) else { return false }
            return isMinimum ? order != .orderedAscending : order != .orderedDescending
        case .oneOf(let allowed):
            if case .list(let items) = value { return items.allSatisfy { allowed.contains($0.description) } }
            return allowed.contains(text)
        case .notIn(let forbidden):
            if case .list(let items) = value { return !items.contains { forbidden.contains($0.description) } }
            return !forbidden.contains(text)
        case .equalsField(let other):
            return self.input(named: other) == input
        }
    }

    /// The name of the first variant whose condition holds (a variant without one always holds).
    public func currentVariant() throws -> String? {
        var copy = self
        return try copy.currentVariantIndex().map { program.variantNames[screen][$0] }
    }

    /// The current variant's position among the screen's variants (the engine's choice), or nil.
    @inline(__always)
    mutating func currentVariantIndex() throws -> Int? {
        let entry = tables.screens[screen]
        guard entry.variantStart != entry.variantEnd else { return nil }
        let shown = try engineVariantNumber()
        return shown < 0 ? nil : Int(shown - entry.variantStart)
    }

    mutating func checkInvariantsAfterStep() throws {
        // Called after the step's record is appended: slots written in it carry its number.
        let step = stepCount - 1
        for compiled in program.invariants {
            let invariant = compiled.invariant
            let check = compiled.check
            guard step == 0 || compiled.readsClock || compiled.slots.contains(where: { log.wasWritten(slot: $0, inStep: step) }) else { continue }
            let holds = try evaluate(check).isTrue
            if !holds {
                let current = state
                let names = check.expression.referencedVariables.sorted().filter { current[$0] != nil }
                let values = names.map { "\($0) = \(current[$0]?.description ?? "null")" }.joined(separator: ", ")
                throw RuntimeFailure(message: "invariant '\(invariant.name)' (\(invariant.source)) broken on '\(currentScreen.id)'" + (values.isEmpty ? "" : ": \(values)"),
                                     step: stepCount - 1)
            }
        }
    }

    // MARK: State paths

    /// The value at a state or derived path (`applicant.given_name`, `net_worth`); null for a member a
    /// record does not have. A derived value is computed with only the derived values it reads, and one
    /// that cannot be computed is an error naming it, never a null.
    public func read(_ path: [String]) throws -> Value {
        guard let head = path.first, let slot = program.slots[head] else { return .null }
        if slot < program.stateCount { return read(slot: slot, members: path.dropFirst()) }
        let index = slot - program.stateCount
        var copy = self
        try copy.refreshDerived(((program.derived[index].value?.derivedNeeded ?? []) + [index]).sorted())
        return copy.read(slot: slot, members: path.dropFirst())
    }

    func read(slot: Int, members: ArraySlice<String>) -> Value {
        var value = scope.globals[slot]
        for member in members {
            guard case .record(let fields) = value else { return .null }
            value = fields[member] ?? .null
        }
        return value
    }

    mutating func assign(_ value: Value, to path: [String]) {
        guard let head = path.first, let slot = program.slots[head], slot < program.stateCount else { return }
        assign(value, slot: slot, members: path.dropFirst())
    }

    mutating func assign(_ value: Value, slot: Int, members: ArraySlice<String>) {
        log.willWrite(slot: slot, in: scope.globals)
        if members.isEmpty {
            scope.globals[slot] = value
        } else {
            scope.globals[slot] = replacing(scope.globals[slot], at: members, with: value)
        }
    }

    private func replacing(_ base: Value, at path: ArraySlice<String>, with value: Value) -> Value {
        guard let member = path.first else { return value }
        var fields: [String: Value] = if case .record(let existing) = base { existing } else { [:] }
        fields[member] = replacing(fields[member] ?? .null, at: path.dropFirst(), with: value)
        return .record(fields)
    }
}
