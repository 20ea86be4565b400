import FlowExpression
import FlowIR

/// Builds the engine's tables for one app and collects the distinct guards, action lists and
/// validators they number. Identical code is numbered once, so a 10,000-screen ring whose
/// screens share one guard compiles one guard function, not 10,000.
struct TableBuilder {
    struct Row {
        var event: Int
        var guardID: Int
        var actionsID: Int
        var target: String
        var argument: Int
        var validates: Bool
        var comment: String
    }

    /// A numbered function body and the places that use it (for its comment).
    struct Body {
        var statements: [SwiftStatement]
        var usedBy: [String]
    }

    let app: App
    let names: AppNames
    var expressions: ExpressionTranslator
    let renderer = TextRenderer()

    var strings: [String] = []
    var stringIndex: [String: Int] = [:]
    var rows: [Row] = []
    var screens: [[Int]] = []
    var screenComments: [String] = []
    var flows: [[Int]] = []
    var timers: [(milliseconds: Int, rowStart: Int, rowEnd: Int, variant: Int, comment: String)] = []
    /// Indices in `timers` of the app's recurring timers (`app.every`), after every screen's and flow's.
    var recurringTimers: [Int] = []
    var subflows: [(flow: Int, returnStart: Int, returnEnd: Int)] = []
    var returns: [(outcome: Int, rowStart: Int, rowEnd: Int)] = []
    var fields: [(name: Int, validator: Int, shownWhen: Int, shownWhenSource: Int, comment: String)] = []
    var variants: [(name: Int, condition: Int, comment: String)] = []
    var screenIDs: [Int] = []
    /// Timers whose length is read from the state when they start, by timer number: the body returning it.
    var timerLengths: [(timer: Int, statements: [SwiftStatement], comment: String)] = []

    /// Numbered from 1; 0 means none.
    var guards: [Body] = []
    var actions: [Body] = []
    var validators: [Body] = []
    private var guardNumbers: [String: Int] = [:]
    /// Guards and action lists already translated, by what they were translated from: a
    /// 10,000-screen ring repeats one guard 10,000 times, and translating and rendering it once
    /// keeps generation linear and cheap.
    private var guardMemo: [TranslationKey: Int] = [:]
    private var actionMemo: [TranslationKey: Int] = [:]
    private var actionNumbers: [String: Int] = [:]
    private var validatorNumbers: [String: Int] = [:]

    init(app: App, names: AppNames) {
        self.app = app
        self.names = names
        expressions = ExpressionTranslator(app: app, names: names)
    }

    mutating func string(_ text: String) -> Int {
        if let index = stringIndex[text] { return index }
        strings.append(text)
        stringIndex[text] = strings.count - 1
        return strings.count - 1
    }

    // MARK: Building

    mutating func build() {
        for screen in app.screens { screenIDs.append(string(screen.id)) }
        // Screens first (own rows, timers, fields, variants), then flows (global rows and timers), so
        // each screen's rows are contiguous.
        for (index, screen) in app.screens.enumerated() {
            let scope = formScope(screen)
            let rowStart = rows.count
            for transition in screen.transitions {
                addRow(transition, scope: scope, event: transition.event, place: "\(screen.id) \(transition.event)")
            }
            let rowEnd = rows.count
            let timerStart = timers.count
            var timerRowsToAdd: [(FlowIR.Timer, Int)] = []
            for timer in screen.timers {
                // A variant's timer names its variant by its index in the variants table (filled just below).
                let variant = timer.variant.map { variants.count + $0 } ?? -1
                let place = timer.variant.map { "\(screen.id) \(screen.variants[$0].name) after \(timer.delaySource)" } ?? "\(screen.id) after \(timer.delaySource)"
                timers.append((timer.delayMilliseconds, 0, 0, variant, place))
                timerRowsToAdd.append((timer, timers.count - 1))
                addTimerLength(timer, number: timers.count - 1, place: "\(screen.id) after \(timer.delaySource)")
            }
            let timerEnd = timers.count
            let fieldStart = fields.count
            for field in screen.fields {
                let validator = addValidator(field, screen: screen, scope: scope)
                let shownWhen = field.shownWhen.map { addGuard($0, scope: scope, event: nil, place: "\(screen.id) \(field.name) shown") } ?? 0
                let shownWhenSource = field.shownWhen.map { string($0.origin?.text ?? "its condition holds") } ?? 0
                fields.append((string(field.name), validator, shownWhen, shownWhenSource, "\(screen.id) \(field.name)"))
            }
            let fieldEnd = fields.count
            let variantStart = variants.count
            for variant in screen.variants {
                let condition = variant.condition.map { addGuard($0, scope: scope, event: nil, place: "\(screen.id) variant \(variant.name)") } ?? 0
                variants.append((string(variant.name), condition, "\(screen.id) \(variant.name)"))
            }
            let variantEnd = variants.count
            let enter = addActions(screen.enter, scope: scope, event: nil, place: "\(screen.id) enter")
            let exit = addActions(screen.exit, scope: scope, event: nil, place: "\(screen.id) exit")
            let analytics = screen.analytics.map { string($0) } ?? -1
            screens.append([screen.flow, rowStart, rowEnd, fieldStart, fieldEnd, timerStart, timerEnd, variantStart, variantEnd, enter, exit, analytics,
                            screen.backBlocked ? 1 : 0])
            screenComments.append("\(index): \(screen.id) \(screen.name)")
            for (timer, timerIndex) in timerRowsToAdd {
                let start = rows.count
                for transition in timer.transitions {
                    addRow(transition, scope: scope, event: nil, place: "\(screen.id) after \(timer.delaySource)")
                }
                timers[timerIndex].rowStart = start
                timers[timerIndex].rowEnd = rows.count
            }
        }
        for flow in app.flows {
            let rowStart = rows.count
            for transition in flow.globalTransitions {
                addRow(transition, scope: ExpressionScope(), event: transition.event, place: "\(flow.name) (global) \(transition.event)")
            }
            let rowEnd = rows.count
            let timerStart = timers.count
            for timer in flow.globalTimers {
                timers.append((timer.delayMilliseconds, 0, 0, -1, "\(flow.name) (global) after \(timer.delaySource)"))
                addTimerLength(timer, number: timers.count - 1, place: "\(flow.name) (global) after \(timer.delaySource)")
            }
            for (offset, timer) in flow.globalTimers.enumerated() {
                let start = rows.count
                for transition in timer.transitions {
                    addRow(transition, scope: ExpressionScope(), event: nil, place: "\(flow.name) (global) after \(timer.delaySource)")
                }
                timers[timerStart + offset].rowStart = start
                timers[timerStart + offset].rowEnd = rows.count
            }
            flows.append([flow.start, rowStart, rowEnd, timerStart, timers.count, string(flow.name)])
        }
        for timer in app.recurringTimers {
            let start = rows.count
            for transition in timer.transitions {
                addRow(transition, scope: ExpressionScope(), event: nil, place: "app every \(timer.delaySource)")
            }
            recurringTimers.append(timers.count)
            timers.append((timer.delayMilliseconds, start, rows.count, -1, "app every \(timer.delaySource)"))
        }
    }

    func formScope(_ screen: Screen) -> ExpressionScope {
        var scope = ExpressionScope()
        for (offset, field) in screen.fields.enumerated() { scope.form[field.name] = (offset, field) }
        return scope
    }

    mutating func addRow(_ transition: Transition, scope: ExpressionScope, event: String?, place: String) {
        var eventScope = scope
        eventScope.event = event.flatMap { name in app.events.first { $0.name == name } }
        let eventNumber = event.flatMap { name in app.events.firstIndex { $0.name == name } } ?? -1
        let guardID = transition.condition.map { addGuard($0, scope: eventScope, event: eventScope.event, place: place) } ?? 0
        let actionsID = addActions(transition.actions, scope: eventScope, event: eventScope.event, place: place)
        var target = "stay"
        var argument = 0
        var description = "stays"
        switch transition.target {
        case .stay: break
        case .screen(let screen):
            target = "screen"; argument = screen; description = "→ \(app.screens[screen].id)"
        case .overlay(let screen):
            target = "overlay"; argument = screen; description = "→ \(app.screens[screen].id) (overlay)"
        case .back:
            target = "back"; description = "→ back"
        case .subflow(let flow, let routes):
            target = "subflow"
            argument = subflows.count
            description = "→ sub-flow \(app.flows[flow].name)"
            subflows.append((flow, 0, 0))
            let returnStart = returns.count
            for route in routes { returns.append((string(route.outcome), 0, 0)) }
            for (offset, route) in routes.enumerated() {
                let start = rows.count
                for inner in route.transitions {
                    addRow(inner, scope: scope, event: nil, place: "\(place) → \(app.flows[flow].name).\(route.outcome)")
                }
                returns[returnStart + offset].rowStart = start
                returns[returnStart + offset].rowEnd = rows.count
            }
            subflows[argument].returnStart = returnStart
            subflows[argument].returnEnd = returns.count
        case .end(let outcome):
            target = "end"; argument = string(outcome); description = "→ end \(outcome)"
        }
        let condition = transition.conditionSource.map { " if \($0)" } ?? ""
        rows.append(Row(event: eventNumber, guardID: guardID, actionsID: actionsID, target: target, argument: argument,
                        validates: transition.validates, comment: "\(place)\(condition) \(description)"))
    }

    // MARK: Timer lengths from the state

    /// Translates the length of a timer written with a state name (`after: { session_timeout: ... }`), read when it starts.
    mutating func addTimerLength(_ timer: FlowIR.Timer, number: Int, place: String) {
        guard let length = timer.length else { return }
        expressions.readPayload = []
        expressions.readForm = [:]
        let value = expressions.value(length, scope: ExpressionScope())
        let checked = SwiftExpression.call(.id("checkedTimerLength"), [SwiftArgument(nil, value.code), SwiftArgument(nil, .string("after \(timer.delaySource)"))])
        timerLengths.append((number, [.return(.try(checked))], place))
    }

    // MARK: Guards, actions, validators

    /// Numbers the guard `condition`; identical guards share a number.
    mutating func addGuard(_ condition: TypedExpression, scope: ExpressionScope, event: EventDeclaration?, place: String) -> Int {
        let key = TranslationKey(parts: [condition, event?.name, formSignature(scope)])
        if let known = guardMemo[key] {
            guards[known - 1].usedBy.append(place)
            return known
        }
        expressions.readPayload = []
        expressions.readForm = [:]
        let value = expressions.value(condition, scope: scope)
        let body = payloadBinding(event) + Self.namingFormFields([.return(ExpressionTranslator.wrap(value))], expressions.readForm)
        var list = guards
        var numbers = guardNumbers
        let result = number(body, in: &list, numbers: &numbers, place: place)
        guards = list
        guardNumbers = numbers
        guardMemo[key] = result
        return result
    }

    mutating func addActions(_ actions: [Action], scope: ExpressionScope, event: EventDeclaration?, place: String) -> Int {
        guard !actions.isEmpty else { return 0 }
        let key = TranslationKey(parts: [actions.map(Self.actionKey), event?.name, formSignature(scope)])
        if let known = actionMemo[key] {
            self.actions[known - 1].usedBy.append(place)
            return known
        }
        expressions.readPayload = []
        var body: [SwiftStatement] = []
        for action in actions {
            expressions.readForm = [:]
            let statements = translateAction(action, scope: scope)
            body += Self.namingFormFields(statements, expressions.readForm)
        }
        body = payloadBinding(event) + body
        var list = self.actions
        var numbers = actionNumbers
        let result = number(body, in: &list, numbers: &numbers, place: place)
        self.actions = list
        actionNumbers = numbers
        actionMemo[key] = result
        return result
    }

    /// The last statement commented with the form fields it reads by offset (`formInput(0)`).
    static func namingFormFields(_ statements: [SwiftStatement], _ fields: [Int: String]) -> [SwiftStatement] {
        guard !fields.isEmpty, let last = statements.last else { return statements }
        let names = fields.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ")
        return statements.dropLast() + [.commented(last, "form " + names)]
    }

    /// What a translation depends on in a scope: the fields of the screen, in order.
    func formSignature(_ scope: ExpressionScope) -> [String] {
        scope.form.sorted { $0.value.offset < $1.value.offset }.map { "\($0.key):\($0.value.field.kind.name):\($0.value.field.currency ?? "")" }
    }

    /// An action's content without its source position, for the translation memo.
    static func actionKey(_ action: Action) -> [AnyHashable] {
        switch action.kind {
        case .set(let path, let value): ["set", path, value]
        case .append(let path, let value): ["append", path, value]
        case .clearFields: ["clearFields"]
        case .fillField(let field, let value, let onlyWhenEmpty): ["fillField", field, value.map { [$0] } ?? [], onlyWhenEmpty]
        case .clear(let path): ["clear", path]
        case .call(let service, let operation, let arguments): ["call", service, operation, arguments.map(\.name), arguments.map(\.value)]
        case .analytics(let event, let properties): ["analytics", event, properties.map(\.name), properties.map(\.value)]
        case .push(let text): ["push", text]
        case .toast(let text): ["toast", text]
        case .raise(let event): ["raise", event]
        }
    }

    mutating func addValidator(_ field: Field, screen: Screen, scope: ExpressionScope) -> Int {
        let body = translateValidator(field, screen: screen, scope: scope)
        guard !body.isEmpty else { return 0 }
        var list = validators
        var numbers = validatorNumbers
        defer { validators = list; validatorNumbers = numbers }
        return number(body, in: &list, numbers: &numbers, place: "\(screen.id) \(field.name)")
    }

    private func number(_ body: [SwiftStatement], in list: inout [Body], numbers: inout [String: Int], place: String) -> Int {
        var writer = CodeWriter()
        renderer.statements(body, into: &writer)
        let key = writer.text
        if let existing = numbers[key] {
            list[existing - 1].usedBy.append(place)
            return existing
        }
        list.append(Body(statements: body, usedBy: [place]))
        numbers[key] = list.count
        return list.count
    }

    /// `guard case .countrySelected(let eventCountry)? = event else { throw ... }` for the payload fields read.
    func payloadBinding(_ event: EventDeclaration?) -> [SwiftStatement] {
        guard let event, !expressions.readPayload.isEmpty else { return [] }
        let bindings = event.payload.map { field in
            expressions.readPayload.contains(field.name) ? "let " + ExpressionTranslator.payloadName(field.name) : "_"
        }
        let pattern = "." + names.eventCase(event.name) + "(" + bindings.joined(separator: ", ") + ")?"
        return [.guard(conditions: [.pattern(pattern, .id("event"))],
                       otherwise: [.throw(.call(.id("FlowFailure"), [SwiftArgument(nil, .string("no value for 'event'"))]))])]
    }

    // MARK: Actions

    /// The Swift path of a state path and the type stored there.
    func statePath(_ path: [String]) -> (SwiftExpression, ValueType?) {
        var code = SwiftExpression.id("state")
        var type: ValueType? = nil
        for (index, part) in path.enumerated() {
            code = .member(code, Naming.member(part))
            if index == 0 {
                type = app.state.first { $0.name == part }?.type
            } else if case .record(let name)? = type?.nonOptional,
                      let declaration = app.types.first(where: { $0.name == name }), case .record(let fields) = declaration.kind {
                type = fields.first { $0.name == part }?.type
            } else {
                type = nil
            }
        }
        return (code, type)
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
            let zero = type.map { names.isStoredOptional($0) ? .id("nil") : names.zeroValue($0) } ?? .id("nil")
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
                    values.append(SwiftArgument(Naming.member(input.name).replacingOccurrences(of: "`", with: ""), names.zeroValue(input.type)))
                }
            }
            let caseName = names.operationCase(service: service, operation: operation)
            let call: SwiftExpression = values.isEmpty ? .member(.id(names.serviceCall), caseName) : .call(.member(.id(names.serviceCall), caseName), values)
            let effect = SwiftExpression.call(.member(nil, "call"), [SwiftArgument(nil, call)])
            return [append(effect, throwing: throwing)]
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
        case .push(let text):
            return [append(.call(.member(nil, "push"), [SwiftArgument(nil, .string(text))]), throwing: false)]
        case .toast(let text):
            return [append(.call(.member(nil, "toast"), [SwiftArgument(nil, .string(text))]), throwing: false)]
        case .raise(let name):
            guard let declaration = app.events.first(where: { $0.name == name }) else { return [.comment("raise \(name): not an event")] }
            let event: SwiftExpression = declaration.payload.isEmpty
                ? .member(nil, names.eventCase(name))
                : .call(.member(nil, names.eventCase(name)), declaration.payload.map {
                    SwiftArgument(Naming.member($0.name).replacingOccurrences(of: "`", with: ""), names.zeroValue($0.type))
                })
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
        func message(_ text: String) -> [SwiftStatement] { [.return(.string(text))] }
        for check in field.checks {
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
                guard (try? NSRegularExpressionProbe.compiles(pattern)) == true else { continue }
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
                } else if usesValue(body: [condition]) {
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

    private func usesValue(body conditions: [SwiftExpression]) -> Bool {
        let renderer = TextRenderer()
        return conditions.contains { expression in
            let text = renderer.expression(expression)
            return text.range(of: #"(^|[^A-Za-z0-9_.])value([^A-Za-z0-9_]|$)"#, options: .regularExpression) != nil
        }
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

import Foundation

/// Whether a validation pattern compiles (the interpreter drops rules whose pattern does not).
enum NSRegularExpressionProbe {
    static func compiles(_ pattern: String) throws -> Bool {
        _ = try NSRegularExpression(pattern: pattern)
        return true
    }
}

/// A hashable description of what a guard or action list was translated from.
struct TranslationKey: Hashable {
    var parts: [AnyHashable?]
}
