import FlowExpression
import FlowIR
@_spi(Generated) import FlowMachine

/// Lowers a checked app to the engine's tables (see ``LoweredApp``).
///
/// Screens come first (own rows, timers, fields, variants), then flows (global rows and timers), then the
/// app's recurring timers, so each screen's rows are contiguous. Identical guards and action lists are
/// numbered once: a 10,000-screen ring whose screens share one guard has one guard, not 10,000. Two
/// guards are identical when their expressions are, and, where they read them, their events and forms.
public func lowerApp(_ app: App) -> LoweredApp {
    var lowering = TableLowering(app: app)
    lowering.build()
    return lowering.result()
}

struct TableLowering {
    let app: App
    var strings: [String] = []
    var stringIndex: [String: Int32] = [:]
    var eventNumbers: [String: Int] = [:]
    var screenIDs: [Int32] = []
    var screens: [ScreenEntry] = []
    var rows: [TransitionRow] = []
    var flows: [FlowEntry] = []
    var timers: [TimerEntry] = []
    var recurringTimers: [Int32] = []
    /// Screens' `every:` timers, armed again each time they fire.
    var repeatingTimers: [Int32] = []
    var subflows: [SubflowEntry] = []
    var returns: [ReturnEntry] = []
    var fields: [FieldEntry] = []
    var variants: [VariantEntry] = []
    /// The numbers of the events that are services' answers (`bank.transfer.sent`), in event order.
    var serviceAnswerEvents: [Int32] = []
    var callPolicies: [CallPolicyEntry] = []
    /// By service and operation number, the operation's call policy number (-1: none).
    var callPolicyNumbers: [[Int32]] = []

    var guards = Numbering<LoweredGuard>()
    var actions = Numbering<LoweredActions>()
    var validators = Numbering<LoweredValidator>()
    var rowOrigins: [RowOrigin] = []
    var timerOrigins: [TimerOrigin] = []
    var screenComments: [String] = []
    var fieldComments: [String] = []
    var variantComments: [String] = []
    /// Per screen, what its form looks like to code that reads it (names, kinds, currencies in order).
    private var formSignatures: [[String]] = []
    /// Sub-flow calls whose return routes' rows are still to be added: (sub-flow number, flow, routes, screen, place).
    private var pendingRoutes: [(subflow: Int, flow: Int, routes: [SubflowReturn], screen: Int?, place: String, event: String?)] = []

    init(app: App) {
        self.app = app
        for (index, event) in app.events.enumerated() where eventNumbers[event.name] == nil { eventNumbers[event.name] = index }
        var answers = Set<String>()
        for service in app.services {
            for operation in service.operations {
                for outcome in operation.outcomes { answers.insert("\(service.name).\(operation.name).\(outcome.name)") }
            }
        }
        serviceAnswerEvents = app.events.indices.filter { answers.contains(app.events[$0].name) }.map { Int32(truncatingIfNeeded: $0) }
        formSignatures = app.screens.map { screen in screen.fields.map { "\($0.name):\($0.kind.name):\($0.currency ?? "")" } }
    }

    mutating func string(_ text: String) -> Int32 {
        if let index = stringIndex[text] { return index }
        strings.append(text)
        let index = Int32(truncatingIfNeeded: strings.count - 1)
        stringIndex[text] = index
        return index
    }

    func result() -> LoweredApp {
        let tables = FlowTables(strings: strings, screenIDs: screenIDs, screens: screens, rows: rows, flows: flows, timers: timers,
                                subflows: subflows, returns: returns, fields: fields, variants: variants,
                                recurringTimers: recurringTimers, startFlow: Int32(truncatingIfNeeded: app.startFlow),
                                serviceAnswerEvents: serviceAnswerEvents, callPolicies: callPolicies, repeatingTimers: repeatingTimers)
        var lowered = LoweredApp(app: app, tables: tables)
        lowered.callPolicyNumbers = callPolicyNumbers
        let raisesEvents = actions.entries.contains { list in
            list.actions.contains { if case .raise = $0.kind { true } else { false } }
        }
        lowered.features = EngineFeatures(tables: tables, raisesEvents: raisesEvents, checksInvariants: app.invariants.contains { $0.check != nil })
        lowered.guards = guards.entries
        lowered.actions = actions.entries
        lowered.validators = validators.entries
        lowered.rows = rowOrigins
        lowered.timers = timerOrigins
        lowered.screenComments = screenComments
        lowered.fieldComments = fieldComments
        lowered.variantComments = variantComments
        return lowered
    }

    // MARK: Building

    mutating func build() {
        for screen in app.screens { screenIDs.append(string(screen.id)) }
        for (index, screen) in app.screens.enumerated() {
            let rowStart = rows.count
            addRows(screen.transitions, screen: index, event: \.event, group: "\(screen.id)", global: false)
            let rowEnd = rows.count
            addPendingRoutes()
            let timerStart = timers.count
            for timer in screen.timers {
                // A variant's timer names its variant by its index in the variants table (filled just below).
                let variant = timer.variant.map { variants.count + $0 } ?? -1
                let place = timer.variant.map { "\(screen.id) \(screen.variants[$0].name) after \(timer.delaySource)" } ?? "\(screen.id) after \(timer.delaySource)"
                addTimer(timer, variant: variant, comment: place, recurring: false)
            }
            let timerEnd = timers.count
            let fieldStart = fields.count
            for (offset, field) in screen.fields.enumerated() {
                let validator = addValidator(field, offset: offset, screen: index)
                let shownWhen = field.shownWhen.map { addGuard($0, screen: index, event: nil, place: "\(screen.id) \(field.name) shown") } ?? 0
                let shownWhenSource = field.shownWhen.map { string($0.origin?.text ?? "its condition holds") } ?? 0
                fields.append(FieldEntry(name: string(field.name), validator: validator, shownWhen: shownWhen, shownWhenSource: shownWhenSource,
                                         secret: field.secret))
                fieldComments.append("\(screen.id) \(field.name)")
            }
            let fieldEnd = fields.count
            let variantStart = variants.count
            for variant in screen.variants {
                let condition = variant.condition.map { addGuard($0, screen: index, event: nil, place: "\(screen.id) variant \(variant.name)") } ?? 0
                variants.append(VariantEntry(name: string(variant.name), condition: condition))
                variantComments.append("\(screen.id) \(variant.name)")
            }
            let variantEnd = variants.count
            let enter = addActions(screen.enter, screen: index, event: nil, place: "\(screen.id) enter")
            let exit = addActions(screen.exit, screen: index, event: nil, place: "\(screen.id) exit")
            let analytics = screen.analytics.map { string($0) } ?? -1
            screens.append(ScreenEntry(flow: int32(screen.flow), rowStart: int32(rowStart), rowEnd: int32(rowEnd), fieldStart: int32(fieldStart),
                                       fieldEnd: int32(fieldEnd), timerStart: int32(timerStart), timerEnd: int32(timerEnd),
                                       variantStart: int32(variantStart), variantEnd: int32(variantEnd), enterActions: enter, exitActions: exit,
                                       analytics: analytics, backBlocked: screen.backBlocked))
            screenComments.append("\(index): \(screen.id) \(screen.name)")
            for (offset, timer) in screen.timers.enumerated() {
                addTimerRows(timerStart + offset, timer, screen: index, place: "\(screen.id) after \(timer.delaySource)", global: false)
                addPendingRoutes()
            }
        }
        for flow in app.flows {
            let rowStart = rows.count
            addRows(flow.globalTransitions, screen: nil, event: \.event, group: "\(flow.name) (global)", global: true)
            let rowEnd = rows.count
            addPendingRoutes()
            let timerStart = timers.count
            for timer in flow.globalTimers {
                addTimer(timer, variant: -1, comment: "\(flow.name) (global) after \(timer.delaySource)", recurring: false)
            }
            for (offset, timer) in flow.globalTimers.enumerated() {
                addTimerRows(timerStart + offset, timer, screen: nil, place: "\(flow.name) (global) after \(timer.delaySource)", global: true)
                addPendingRoutes()
            }
            flows.append(FlowEntry(start: int32(flow.start), rowStart: int32(rowStart), rowEnd: int32(rowEnd), timerStart: int32(timerStart),
                                   timerEnd: int32(timers.count), name: string(flow.name)))
        }
        addCallPolicies()
        for timer in app.recurringTimers {
            recurringTimers.append(int32(timers.count))
            addTimer(timer, variant: -1, comment: "app every \(timer.delaySource)", recurring: true)
            addTimerRows(timers.count - 1, timer, screen: nil, place: "app every \(timer.delaySource)", global: true)
            addPendingRoutes()
        }
    }

    private func int32(_ value: Int) -> Int32 { Int32(truncatingIfNeeded: value) }

    /// One call policy per operation with a `timeout:` or `when_left: cancel`, its deadline a timer without rows
    /// (when it fires, the engine answers the call with the timeout outcome on whatever screen shows).
    private mutating func addCallPolicies() {
        callPolicyNumbers = app.services.map { Array(repeating: -1, count: $0.operations.count) }
        for (serviceNumber, service) in app.services.enumerated() {
            for (operationNumber, operation) in service.operations.enumerated() where operation.hasCallPolicy {
                let name = "\(service.name).\(operation.name)"
                var timer: Int32 = -1
                var timeoutEvent: Int32 = -1
                if let timeout = operation.timeout {
                    timer = int32(timers.count)
                    timers.append(TimerEntry(milliseconds: timeout.milliseconds, rowStart: int32(rows.count), rowEnd: int32(rows.count)))
                    timerOrigins.append(TimerOrigin(delay: "\(timeout.source) (\(name) timeout)", event: "timeout \(name) after \(timeout.source)", length: nil,
                                                    lengthName: "after \(timeout.source)", comment: "\(name) times out after \(timeout.source)"))
                    timeoutEvent = int32(eventNumbers["\(name).\(timeout.outcome)"] ?? -1)
                }
                let answers = operation.outcomes.compactMap { eventNumbers["\(name).\($0.name)"].map(int32) }
                callPolicyNumbers[serviceNumber][operationNumber] = int32(callPolicies.count)
                callPolicies.append(CallPolicyEntry(operation: string(name), timer: timer, timeoutEvent: timeoutEvent,
                                                    cancelsOnLeave: operation.cancelsWhenLeft, answers: answers))
            }
        }
    }

    /// Adds the rows of the return routes met so far (and of those their rows call), each route's rows together.
    private mutating func addPendingRoutes() {
        while !pendingRoutes.isEmpty {
            let call = pendingRoutes.removeFirst()
            let returnStart = Int(subflows[call.subflow].returnStart)
            for (offset, route) in call.routes.enumerated() {
                let start = rows.count
                let event = "\(app.flows[call.flow].name).\(route.outcome)"
                for (alternative, inner) in route.transitions.enumerated() {
                    // A route belongs to the transition that started the sub-flow: it reads that event's payload.
                    addRow(inner, screen: call.screen, event: nil, payloadEvent: call.event,
                           origin: RowOrigin(transition: inner, event: event, alternative: alternative, global: false, comment: "\(call.place) → \(event)"))
                }
                returns[returnStart + offset].rowStart = int32(start)
                returns[returnStart + offset].rowEnd = int32(rows.count)
            }
        }
    }

    private mutating func addTimer(_ timer: FlowIR.Timer, variant: Int, comment: String, recurring: Bool) {
        let recurring = recurring || timer.repeats
        if timer.repeats { repeatingTimers.append(int32(timers.count)) }
        timers.append(TimerEntry(milliseconds: timer.delayMilliseconds, rowStart: 0, rowEnd: 0, variant: int32(variant)))
        let atTime = timer.delaySource.hasPrefix("at ")
        // A failure to read the length names the timer by what it waits for, the same way for every kind of timer.
        let lengthName = "after " + (atTime ? String(timer.delaySource.dropFirst(3)) : timer.delaySource)
        timerOrigins.append(TimerOrigin(delay: recurring ? "every \(timer.delaySource)" : timer.delaySource,
                                        event: recurring ? "every \(timer.delaySource)" : atTime ? timer.delaySource : "after \(timer.delaySource)",
                                        length: timer.length, lengthName: lengthName, comment: comment))
    }

    private mutating func addTimerRows(_ number: Int, _ timer: FlowIR.Timer, screen: Int?, place: String, global: Bool) {
        let start = rows.count
        let event = timerOrigins[number].event
        for (alternative, transition) in timer.transitions.enumerated() {
            addRow(transition, screen: screen, event: nil, origin: RowOrigin(transition: transition, event: event, alternative: alternative, global: global, comment: place))
        }
        timers[number].rowStart = int32(start)
        timers[number].rowEnd = int32(rows.count)
    }

    /// Adds a group of rows for events, numbering the alternatives of each event in the order written.
    private mutating func addRows(_ transitions: [Transition], screen: Int?, event: KeyPath<Transition, String>, group: String, global: Bool) {
        var alternatives: [String: Int] = [:]
        for transition in transitions {
            let name = transition[keyPath: event]
            let alternative = alternatives[name, default: 0]
            alternatives[name] = alternative + 1
            addRow(transition, screen: screen, event: name,
                   origin: RowOrigin(transition: transition, event: name, alternative: alternative, global: global, comment: "\(group) \(name)"))
        }
    }

    /// - Parameter payloadEvent: The event whose payload `event.<field>` reads when the row has no event of its
    ///   own (a sub-flow's return route reads the event that started the sub-flow).
    mutating func addRow(_ transition: Transition, screen: Int?, event: String?, payloadEvent: String? = nil, origin: RowOrigin) {
        let place = origin.comment
        let eventNumber = event.flatMap { eventNumbers[$0] }
        let payloadNumber = (event ?? payloadEvent).flatMap { eventNumbers[$0] }
        let guardID = transition.condition.map { addGuard($0, screen: screen, event: payloadNumber, place: place) } ?? 0
        let actionsID = addActions(transition.actions, screen: screen, event: payloadNumber, place: place)
        var target = TargetKind.stay
        var argument: Int32 = 0
        var description = "stays"
        // The row is appended before the rows of its return routes are.
        let rowIndex = rows.count
        rows.append(TransitionRow(event: int32(eventNumber ?? -1), guardID: guardID, actionsID: actionsID, target: .stay, argument: 0,
                                  validates: transition.validates))
        rowOrigins.append(origin)
        switch transition.target {
        case .stay: break
        case .screen(let screen):
            target = .screen; argument = int32(screen); description = "→ \(app.screens[screen].id)"
        case .overlay(let screen):
            target = .overlay; argument = int32(screen); description = "→ \(app.screens[screen].id) (overlay)"
        case .back:
            target = .back; description = "→ back"
        case .subflow(let flow, let routes):
            target = .subflow
            argument = int32(subflows.count)
            description = "→ sub-flow \(app.flows[flow].name)"
            subflows.append(SubflowEntry(flow: int32(flow), returnStart: int32(returns.count), returnEnd: int32(returns.count + routes.count)))
            for route in routes { returns.append(ReturnEntry(outcome: string(route.outcome), rowStart: 0, rowEnd: 0)) }
            // The return routes' rows go after the group this row is in, so a group's range holds only its own alternatives.
            pendingRoutes.append((Int(argument), flow, routes, screen, place, event))
        case .end(let outcome):
            target = .end; argument = string(outcome); description = "→ end \(outcome)"
        }
        rows[rowIndex].target = target
        rows[rowIndex].argument = argument
        let condition = transition.conditionSource.map { " if \($0)" } ?? ""
        rowOrigins[rowIndex].comment = "\(place)\(condition) \(description)"
    }

    // MARK: Numbering

    /// What a piece of code depends on besides its own text: the event when it reads `event`, the form
    /// when it reads `form` (or types into it).
    private func context(readsEvent: Bool, readsForm: Bool, event: Int?, screen: Int?) -> [AnyHashable?] {
        [readsEvent ? event.map { app.events[$0].name } : nil, readsForm ? screen.map { formSignatures[$0] } : nil]
    }

    mutating func addGuard(_ condition: TypedExpression, screen: Int?, event: Int?, place: String) -> Int32 {
        let names = condition.referencedVariables
        let key: [AnyHashable?] = [condition] + context(readsEvent: names.contains("event"), readsForm: names.contains("form"), event: event, screen: screen)
        return guards.number(key, place: place) { LoweredGuard(condition: condition, event: event, screen: screen, usedBy: $0) }
    }

    mutating func addActions(_ list: [Action], screen: Int?, event: Int?, place: String) -> Int32 {
        guard !list.isEmpty else { return 0 }
        var names = Set<String>()
        var fills = false
        for action in list {
            for expression in action.evaluatedExpressions { names.formUnion(expression.referencedVariables) }
            if case .fillField = action.kind { fills = true }
        }
        let key: [AnyHashable?] = [list.map(Self.actionKey)] + context(readsEvent: names.contains("event"), readsForm: fills || names.contains("form"),
                                                                      event: event, screen: screen)
        return actions.number(key, place: place) { LoweredActions(actions: list, event: event, screen: screen, usedBy: $0) }
    }

    /// A field's checks (its rules as `lowerFieldRules` lowered them) numbered by what they test: fields with
    /// equal checks (on any screen) share a validator, unless they read other fields of their form.
    mutating func addValidator(_ field: Field, offset: Int, screen: Int) -> Int32 {
        guard !field.checks.isEmpty else { return 0 }
        let place = "\(app.screens[screen].id) \(field.name)"
        var readsForm = false
        var readsValue = false
        for check in field.checks {
            var expressions = check.condition.map { [$0] } ?? []
            switch check.test {
            case .filled: break
            case .atLeast(let bound), .atMost(let bound), .holds(let bound): expressions.append(bound); readsValue = true
            case .sameInput: readsForm = true; readsValue = true
            case .textLength, .pattern, .oneOf, .noneOf: readsValue = true
            }
            if expressions.contains(where: { $0.referencedVariables.contains("form") }) { readsForm = true }
        }
        // Checks that only ask for something to be typed do not read the value, so its kind does not matter.
        let valueKey: [AnyHashable?] = readsValue ? [field.kind, field.currency] : []
        let key: [AnyHashable?] = valueKey + [field.checks, readsForm ? formSignatures[screen] : nil]
        return validators.number(key, place: place) { LoweredValidator(screen: screen, field: offset, usedBy: $0) }
    }

    /// An action's content without its source position.
    static func actionKey(_ action: Action) -> [AnyHashable] {
        switch action.kind {
        case .set(let path, let value): ["set", path, value]
        case .append(let path, let value): ["append", path, value]
        case .clearFields: ["clearFields"]
        case .fillField(let field, let value, let onlyWhenEmpty): ["fillField", field, value.map { [$0] } ?? [], onlyWhenEmpty]
        case .clear(let path): ["clear", path]
        case .call(let service, let operation, let arguments): ["call", service, operation, arguments.map(\.name), arguments.map(\.value)]
        case .analytics(let event, let properties): ["analytics", event, properties.map(\.name), properties.map(\.value)]
        case .push(let text): ["push", text.source, text.value]
        case .toast(let text): ["toast", text.source, text.value]
        case .raise(let event): ["raise", event]
        }
    }
}

/// Numbered code (guards, action lists, validators), from 1: code equal to some met before (by `key`: its content
/// and what it reads besides) gets that number, and the new place is added to the places that use it.
struct Numbering<Entry: NumberedCode> {
    private(set) var entries: [Entry] = []
    private var numbers: [[AnyHashable?]: Int32] = [:]

    /// The number of the code `key` describes; `make` builds the entry, given its first place, when it is new.
    mutating func number(_ key: [AnyHashable?], place: String, make: ([String]) -> Entry) -> Int32 {
        if let known = numbers[key] {
            entries[Int(known) - 1].usedBy.append(place)
            return known
        }
        entries.append(make([place]))
        let number = Int32(truncatingIfNeeded: entries.count)
        numbers[key] = number
        return number
    }
}

/// Code the tables number, with the places it is written.
protocol NumberedCode {
    var usedBy: [String] { get set }
}

extension LoweredGuard: NumberedCode {}
extension LoweredActions: NumberedCode {}
extension LoweredValidator: NumberedCode {}
