import FlowExpression
import FlowIR
@_spi(Generated) import FlowLowering
@_spi(Generated) import FlowMachine

/// Translates the numbered code of an app's lowered tables (`FlowLowering`) to Swift function bodies: each guard,
/// action list, validator and timer length, in the tables' numbering, and the state's initial values. The
/// tables themselves are written by `TablesTranslator`, as they were lowered: the interpreter runs the same rows.
struct LoweredCodeTranslator {
    /// A numbered function body and the places that use it (for its comment).
    struct Body {
        var statements: [SwiftStatement]
        var usedBy: [String]
    }

    let lowered: LoweredApp
    let names: AppNames
    var expressions: ExpressionTranslator
    /// The events the flows raise themselves: their cases carry a `RaisedByFlows`.
    let raisedEvents: Set<String>

    var app: App { lowered.app }
    /// Numbered from 1; 0 means none.
    var guards: [Body] = []
    var actions: [Body] = []
    var validators: [Body] = []
    /// Timers whose length is read from the state when they start, by timer number: the body returning it.
    var timerLengths: [(timer: Int, statements: [SwiftStatement], comment: String)] = []

    init(lowered: LoweredApp, names: AppNames) {
        self.lowered = lowered
        self.names = names
        expressions = ExpressionTranslator(app: lowered.app, names: names)
        raisedEvents = lowered.app.raisedEventNames
    }

    // MARK: Building

    mutating func build() {
        for lowered in lowered.guards {
            var scope = lowered.screen.map { formScope(app.screens[$0]) } ?? ExpressionScope()
            scope.event = lowered.event.map { app.events[$0] }
            expressions.readPayload = []
            expressions.readForm = [:]
            let value = expressions.value(lowered.condition, scope: scope)
            let body = payloadBinding(scope.event) + Self.namingFormFields([.return(ExpressionTranslator.wrap(value))], expressions.readForm)
            guards.append(Body(statements: body, usedBy: lowered.usedBy))
        }
        for lowered in lowered.actions {
            var scope = lowered.screen.map { formScope(app.screens[$0]) } ?? ExpressionScope()
            scope.event = lowered.event.map { app.events[$0] }
            expressions.readPayload = []
            var body: [SwiftStatement] = []
            for action in lowered.actions {
                expressions.readForm = [:]
                let statements = translateAction(action, scope: scope)
                body += Self.namingFormFields(statements, expressions.readForm)
            }
            actions.append(Body(statements: payloadBinding(scope.event) + body, usedBy: lowered.usedBy))
        }
        for lowered in lowered.validators {
            let screen = app.screens[lowered.screen]
            let body = translateValidator(screen.fields[lowered.field], screen: screen, scope: formScope(screen))
            // Rules the generated code cannot check (a pattern that does not compile) leave a validator that passes.
            validators.append(Body(statements: body.isEmpty ? [.return(.id("nil"))] : body, usedBy: lowered.usedBy))
        }
        for (number, timer) in lowered.timers.enumerated() {
            guard let length = timer.length else { continue }
            expressions.readPayload = []
            expressions.readForm = [:]
            let value = expressions.value(length, scope: ExpressionScope())
            let checked = SwiftExpression.call(.id("checkedTimerLength"), [SwiftArgument(nil, value.code), SwiftArgument(nil, .string(timer.lengthName))])
            timerLengths.append((number, [.return(.try(checked))], timer.comment))
        }
    }

    /// The state's initial values: those that cannot fail as the defaults of `<App>State`'s properties, the others
    /// as assignments in the machine's initializer and `restart`, where a failure can be thrown.
    mutating func stateInitialValues() -> StateInitialValues {
        var result = StateInitialValues()
        for variable in app.state {
            guard let initial = variable.initial else { continue }
            let value = expressions.value(initial, scope: ExpressionScope(), acceptsNull: names.isStoredOptional(variable.type))
            if value.throwing {
                result.assignments.append(.assign(.member(.id("state"), Naming.member(variable.name)), ExpressionTranslator.wrap(value)))
            } else {
                result.defaults[variable.name] = value.code
            }
        }
        return result
    }

    func formScope(_ screen: Screen) -> ExpressionScope {
        var scope = ExpressionScope()
        for (offset, field) in screen.fields.enumerated() { scope.form[field.name] = (offset, field) }
        return scope
    }

    /// The last statement commented with the form fields it reads by offset (`formInput(0)`).
    static func namingFormFields(_ statements: [SwiftStatement], _ fields: [Int: String]) -> [SwiftStatement] {
        guard !fields.isEmpty, let last = statements.last else { return statements }
        let names = fields.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        return statements.dropLast() + [.commented(last, "form " + names)]
    }

    /// `guard case .countrySelected(let eventCountry)? = event else { throw ... }` for the payload fields read.
    func payloadBinding(_ event: EventDeclaration?) -> [SwiftStatement] {
        guard let event, !expressions.readPayload.isEmpty else { return [] }
        let bindings = event.payload.map { field in
            expressions.readPayload.contains(field.name) ? "let " + ExpressionTranslator.payloadName(field.name) : "_"
        }
        let raisedBy = raisedEvents.contains(event.name) ? ["_"] : []
        let pattern = "." + names.eventCase(event.name) + "(" + (bindings + raisedBy).joined(separator: ", ") + ")?"
        return [.guard(conditions: [.pattern(pattern, .id("event"))],
                       otherwise: [.throw(.call(.id("FlowFailure"), [SwiftArgument(nil, .string("no value for 'event'"))]))])]
    }

    // MARK: Actions

    /// The Swift path of a state path and the type stored there.
    func statePath(_ path: [String]) -> (SwiftExpression, ValueType?) {
        let code = path.reduce(SwiftExpression.id("state")) { .member($0, Naming.member($1)) }
        return (code, app.type(ofStatePath: path))
    }

    mutating func translateAction(_ action: Action, scope: ExpressionScope) -> [SwiftStatement] {
        switch action.kind {
        case .set(let path, let value):
            let (target, type) = statePath(path)
            let acceptsNull = type.map(names.isStoredOptional) ?? true
            let translated = expressions.value(value, scope: scope, acceptsNull: acceptsNull)
            return [.assign(target, ExpressionTranslator.wrap(translated))]
        case .append(let path, let value):
            let (target, _) = statePath(path)
            let translated = expressions.value(value, scope: scope)
            return [.expression(ExpressionTranslator.wrap(TranslatedExpression(
                code: .call(.member(target, "append"), [SwiftArgument(nil, translated.code)]), throwing: translated.throwing, nullable: false, type: .error)))]
        case .clear(let path):
            let (target, type) = statePath(path)
            let zero = type.map { names.zeroValue($0, in: .stored) } ?? .id("nil")
            return [.assign(target, zero)]
        case .clearFields:
            return [.expression(.call(.id("clearForm"), []))]
        case .fillField(let field, let value, let onlyWhenEmpty):
            // Typed in as a person would; a default only while the field is empty (the interpreter's rule).
            guard let offset = scope.form[field]?.offset else { return [] }
            let translated = value.map { expressions.value($0, scope: scope, acceptsNull: true) }
            let input = translated.map { SwiftExpression.call(.id("fieldInput"), [SwiftArgument(nil, $0.code)]) } ?? .id("nil")
            let fill = SwiftExpression.call(.id("setInput"), [SwiftArgument(nil, .int(offset)), SwiftArgument(nil, input)])
            let statement = SwiftStatement.expression(translated?.throwing == true ? .try(fill) : fill)
            guard onlyWhenEmpty else { return [statement] }
            return [.if(conditions: [.expression(.binary("==", .call(.id("formInput"), [SwiftArgument(nil, .int(offset))]), .id("nil")))],
                        then: [statement], otherwise: nil)]
        case .call(let service, let operation, let arguments):
            let declaration = app.services[service].operations[operation]
            var values: [SwiftArgument] = []
            var throwing = false
            for input in declaration.input {
                if let argument = arguments.first(where: { $0.name == input.name }) {
                    let translated = expressions.value(argument.value, scope: scope, acceptsNull: input.type.isNullable)
                    throwing = throwing || translated.throwing
                    values.append(SwiftArgument(Naming.member(input.name).replacingOccurrences(of: "`", with: ""), translated.code))
                } else {
                    values.append(SwiftArgument(Naming.member(input.name).replacingOccurrences(of: "`", with: ""), names.zeroValue(input.type, in: .required)))
                }
            }
            let caseName = names.operationCase(service: service, operation: operation)
            let call: SwiftExpression = values.isEmpty ? .member(.id(names.serviceCall), caseName) : .call(.member(.id(names.serviceCall), caseName), values)
            let effect = SwiftExpression.call(.member(nil, "call"), [SwiftArgument(nil, call)])
            // An operation with a timeout or `when_left: cancel`: the engine waits for this call's answer.
            guard let policy = lowered.callPolicy(service: service, operation: operation) else { return [append(effect, throwing: throwing)] }
            let started = SwiftExpression.try(.call(.id("sharedEngineCallStarted"), [SwiftArgument(nil, .int(Int(policy))), SwiftArgument("into", .prefix("&", .id("effects")))]))
            return [append(effect, throwing: throwing), .expression(started)]
        case .analytics(let event, let properties):
            var list: [SwiftExpression] = []
            var throwing = false
            for property in properties {
                let translated = expressions.value(property.value, scope: scope, acceptsNull: true)
                throwing = throwing || translated.throwing
                let type = translated.nullable ? property.value.type.asOptional : property.value.type.nonOptional
                let rendered = expressions.names.describing(translated.code, type, quoted: false, stored: false)
                list.append(.call(.id("AnalyticsProperty"), [SwiftArgument("name", .string(property.name)), SwiftArgument("value", rendered)]))
            }
            var arguments = [SwiftArgument("name", .string(event))]
            if !list.isEmpty { arguments.append(SwiftArgument("properties", .array(list))) }
            let effect = SwiftExpression.call(.member(nil, "analytics"), [SwiftArgument(nil, .call(.id("AnalyticsEvent"), arguments))])
            return [append(effect, throwing: throwing)]
        case .push(let text), .toast(let text):
            let kind = if case .push = action.kind { "push" } else { "toast" }
            let translated: TranslatedExpression
            if let keyed = expressions.keyedText(text.localised, showing: text.value, scope: scope) {
                translated = keyed
            } else if let fixed = text.fixedText {
                return [append(.call(.member(nil, kind), [SwiftArgument(nil, .string(fixed))]), throwing: false)]
            } else {
                translated = expressions.value(text.value, scope: scope, acceptsNull: false)
            }
            return [append(.call(.member(nil, kind), [SwiftArgument(nil, translated.code)]), throwing: translated.throwing)]
        case .raise(let name):
            guard let declaration = app.events.first(where: { $0.name == name }) else { return [.comment("raise \(name): not an event")] }
            let event: SwiftExpression = .call(.member(nil, names.eventCase(name)), declaration.payload.map {
                SwiftArgument(Naming.member($0.name).replacingOccurrences(of: "`", with: ""), names.zeroValue($0.type, in: .required))
            } + [SwiftArgument("raisedBy", .call(.id("RaisedByFlows"), []))])
            return [.expression(.call(.member(.id("raised"), "append"), [SwiftArgument(nil, event)]))]
        }
    }

    private func append(_ effect: SwiftExpression, throwing: Bool) -> SwiftStatement {
        let call = SwiftExpression.call(.member(.id("effects"), "append"), [SwiftArgument(nil, effect)])
        return .expression(throwing ? .try(call) : call)
    }

    // MARK: Validators

    /// The checks of one field in order (the rules as the checker lowered them, `Field.checks`): the first
    /// failing check's message, or nil.
    mutating func translateValidator(_ field: Field, screen: Screen, scope: ExpressionScope) -> [SwiftStatement] {
        var body: [SwiftStatement] = []
        var checkedEmpty = false
        var boundValue = false
        let valueType = field.kind.valueType
        var valueScope = scope
        valueScope.valueType = valueType
        var nullableKind = [Field.Kind.date, .money, .decimal, .int].contains(field.kind)
        if case .choiceOf = field.kind { nullableKind = true }
        for check in field.checks {
            // A translated message is computed in the current locale; the others are written as they are.
            func message(_ text: String) -> [SwiftStatement] {
                if let keyed = expressions.keyedMessage(text) { return [.return(keyed)] }
                guard let localised = check.localisedMessage else { return [.return(.string(text))] }
                return [.return(ExpressionTranslator.wrap(expressions.value(localised, scope: scope)))]
            }
            // A check with `when:` runs inside `if <condition> { ... }`, with its own blank check and binding.
            let conditional = check.condition != nil
            var ruleBody: [SwiftStatement] = []
            var ruleCheckedEmpty = conditional ? false : checkedEmpty
            var ruleBoundValue = conditional ? false : boundValue
            defer {
                if let condition = check.condition, !ruleBody.isEmpty {
                    let test = ExpressionTranslator.wrap(expressions.value(condition, scope: valueScope))
                    body.append(.if(conditions: [.expression(test)], then: ruleBody, otherwise: nil))
                } else if !conditional {
                    body += ruleBody
                    checkedEmpty = ruleCheckedEmpty
                    boundValue = ruleBoundValue
                }
            }
            if case .filled = check.test {
                if !ruleCheckedEmpty {
                    ruleBody.append(.if(conditions: [.expression(.member(.id("input"), "isBlank"))], then: message(check.message), otherwise: nil))
                    // Past a required rule the input is not blank, so later rules need no blank check.
                    ruleCheckedEmpty = !conditional
                }
                continue
            }
            let typedText = SwiftExpression.member(.id("input"), "typedText")
            let condition: SwiftExpression
            switch check.test {
            case .filled: continue
            case .textLength(let minimum, let maximum):
                let count = SwiftExpression.member(typedText, "count")
                if let minimum, let maximum, minimum == maximum {
                    condition = .binary("==", count, .int(minimum))
                } else if let minimum, let maximum {
                    condition = .binary("&&", .binary(">=", count, .int(minimum)), .binary("<=", count, .int(maximum)))
                } else if let minimum {
                    condition = .binary(">=", count, .int(minimum))
                } else if let maximum {
                    condition = .binary("<=", count, .int(maximum))
                } else {
                    continue
                }
            case .pattern(let pattern):
                condition = .call(.id("matchesWhole"), [SwiftArgument(nil, typedText), SwiftArgument(nil, .string(pattern))])
            case .holds(let expression):
                expressions.readPayload = []
                condition = ExpressionTranslator.wrap(expressions.value(expression, scope: valueScope))
            case .atLeast(let bound):
                condition = boundCondition(bound, minimum: true, scope: valueScope)
            case .atMost(let bound):
                condition = boundCondition(bound, minimum: false, scope: valueScope)
            case .oneOf(let values):
                let allowed = SwiftExpression.array(values.map { .string($0) })
                condition = field.kind.isMultiple
                    ? .call(.member(.id("value"), "allSatisfy"), [], trailingClosure: SwiftClosure(parameters: [], body: [.expression(.call(.member(allowed, "contains"), [SwiftArgument(nil, optionText(field))]))]))
                    : .call(.member(allowed, "contains"), [SwiftArgument(nil, typedText)])
            case .noneOf(let values):
                let forbidden = SwiftExpression.array(values.map { .string($0) })
                condition = field.kind.isMultiple
                    ? .prefix("!", .call(.member(.id("value"), "contains"), [], trailingClosure: SwiftClosure(parameters: [], body: [.expression(.call(.member(forbidden, "contains"), [SwiftArgument(nil, optionText(field))]))])))
                    : .prefix("!", .call(.member(forbidden, "contains"), [SwiftArgument(nil, typedText)]))
            case .sameInput(let other):
                let otherInput: SwiftExpression = scope.form[other].map { .call(.id("formInput"), [SwiftArgument(nil, .int($0.offset))]) } ?? .id("nil")
                condition = .binary("==", .id("input"), otherInput)
            }
            if !ruleCheckedEmpty {
                ruleCheckedEmpty = true
                ruleBody.append(.if(conditions: [.expression(.member(.id("input"), "isBlank"))], then: [.return(.id("nil"))], otherwise: nil))
            }
            if !ruleBoundValue {
                ruleBoundValue = true
                let value = expressions.formValueOf(.id("input"), field)
                if nullableKind {
                    ruleBody.append(.guard(conditions: [.bind(name: "value", value: value)], otherwise: message(check.message)))
                } else if check.test.readsValue(of: field) {
                    ruleBody.append(.declare(isLet: true, name: "value", type: nil, value: value))
                } else {
                    ruleBoundValue = false
                }
            }
            ruleBody.append(.if(conditions: [.expression(negated(condition))], then: message(check.message), otherwise: nil))
        }
        guard !body.isEmpty else { return [] }
        return body + [.return(.id("nil"))]
    }

    /// An element of a multiple choice as the option text rules list (`$0`, or `$0.rawValue` for enum cases).
    private func optionText(_ field: Field) -> SwiftExpression {
        if case .multiChoiceOf = field.kind { return .member(.id("$0"), "rawValue") }
        return .id("$0")
    }

    /// `!condition`, written as a person would: `a != b` for `!(a == b)`, `x` for `!!x`, `!f(x)` for a call.
    func negated(_ condition: SwiftExpression) -> SwiftExpression {
        let flipped = ["==": "!=", "!=": "==", "<": ">=", ">=": "<", ">": "<=", "<=": ">"]
        switch condition {
        case .binary(let op, let lhs, let rhs):
            if let opposite = flipped[op] { return .binary(opposite, lhs, rhs) }
        case .prefix("!", let inner):
            if case .parenthesized(let unwrapped) = inner { return unwrapped }
            return inner
        case .call, .identifier, .member:
            return .prefix("!", condition)
        case .try(let inner):
            // `try` covers everything to its right, so it stays in front: `try age(...) < 18`.
            return .try(negated(inner))
        default:
            break
        }
        return .prefix("!", .parenthesized(condition))
    }

    /// `order(value, bound).map { $0 >= 0 } ?? false`: a bound that cannot be compared fails.
    mutating func boundCondition(_ bound: TypedExpression, minimum: Bool, scope: ExpressionScope) -> SwiftExpression {
        let translated = expressions.value(bound, scope: scope)
        let order = SwiftExpression.call(.id("order"), [SwiftArgument(nil, .id("value")), SwiftArgument(nil, translated.code)])
        let test = SwiftExpression.binary(minimum ? ">=" : "<=", .id("$0"), .int(0))
        let mapped = SwiftExpression.binary("??", .call(.member(order, "map"), [], trailingClosure: SwiftClosure(parameters: [], body: [.expression(test)])), .id("false"))
        return translated.throwing ? .try(mapped) : mapped
    }
}
