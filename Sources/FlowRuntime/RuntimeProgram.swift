import FlowSource
import Foundation
import FlowExpression
import FlowIR

/// A checked app made ready to run, once, and shared by every run of it: event names become
/// numbers, each screen gets a table from event number to its transitions (its own, else its
/// flow's global ones), state and derived values get slots, and every guard, action and rule
/// expression is compiled to closures over those slots.
///
/// ```swift
/// let program = RuntimeProgram(app: tempo)
/// for scenario in tempo.scenarios { results.append(runScenario(scenario, of: program)) }
/// ```
public final class RuntimeProgram: Sendable {
    public let app: App
    /// Interned names: events, guard sources, timer delays. Traces store their numbers.
    let names: [String]
    let nameNumbers: [String: Int]
    /// State values take slots `0..<stateCount`; derived values follow, in declaration order.
    let stateCount: Int
    let slots: [String: Int]
    let initialValues: [RuntimeExpression?]
    let derived: [(slot: Int, value: RuntimeExpression?)]
    let invariants: [CompiledInvariant]
    let screens: [ScreenProgram]
    let flows: [FlowProgram]
    /// `service.operation` for each service and operation number.
    let operationNames: [[String]]
    /// The payload of each service outcome event: its declared outputs at their zero values.
    let outcomePayloads: [String: [String: Value]]
    /// Effects known before the run (screen views, fixed pushes and toasts); traces store their numbers.
    let staticEffects: [Effect]
    /// Per flow: whether it has timers of its own (inactivity timeouts restart on every action).
    let flowHasTimers: [Bool]
    /// Per screen: whether it has variants to choose between after each step.
    let screenHasVariants: [Bool]
    /// `back: blocked`: the system back gesture does nothing on the screen.
    let screenBlocksBack: [Bool]
    /// The app's recurring timers (`app.every`), re-armed after each firing and never cancelled by navigation.
    let recurringTimers: [RuntimeTimer]
    /// Per state slot: whether the value survives a restart (`persist: true`).
    let persistedSlots: [Bool]
    /// Per screen: whether a variant of it has timers (checked at the end of every step).
    let screenHasVariantTimers: [Bool]

    public convenience init(app: App) {
        var interner = NameInterner()
        self.init(app: app, interner: &interner)
    }

    private init(app: App, interner: inout NameInterner) {
        self.app = app
        var slots: [String: Int] = [:]
        for (index, variable) in app.state.enumerated() { slots[variable.name] = index }
        for (offset, value) in app.derived.enumerated() { slots[value.name] = app.state.count + offset }
        let compiler = ExpressionCompiler(app: app, slots: slots, derivedStart: app.state.count)
        stateCount = app.state.count
        self.slots = slots
        initialValues = app.state.map { variable in variable.initial.map(compiler.compile) }
        derived = app.derived.enumerated().map { offset, value in (app.state.count + offset, value.value.map(compiler.compile)) }
        invariants = compileInvariants(app, slots: slots, compiler: compiler)
        operationNames = app.services.map { service in service.operations.map { "\(service.name).\($0.name)" } }

        var flows: [FlowProgram] = []
        for flow in app.flows {
            let global = flow.globalTransitions.map { compiler.transition($0, names: &interner) }
            let timers = flow.globalTimers.map { compiler.timer($0, names: &interner) }
            flows.append(FlowProgram(start: flow.start, name: flow.name, globalTransitions: global, timers: timers))
        }
        var screens: [ScreenProgram] = []
        for screen in app.screens {
            var handlers: [EventHandler] = []
            // Alternatives for one event stay together, in the order written.
            func add(_ transition: RuntimeTransition, global: Bool) {
                if let existing = handlers.firstIndex(where: { $0.event == transition.event }) {
                    handlers[existing].transitions.append(transition)
                } else {
                    handlers.append(EventHandler(event: transition.event, transitions: [transition], global: global))
                }
            }
            for transition in screen.transitions { add(compiler.transition(transition, names: &interner), global: false) }
            let ownEvents = Set(handlers.map(\.event))
            for transition in flows[screen.flow].globalTransitions where !ownEvents.contains(transition.event) { add(transition, global: true) }
            screens.append(ScreenProgram(
                flow: screen.flow, handlers: handlers,
                enterEffect: screen.analytics.map { compiler.staticEffect(.analytics(event: $0, properties: [:])) },
                enter: compiler.actions(screen.enter, names: &interner), exit: compiler.actions(screen.exit, names: &interner),
                timers: screen.timers.map { compiler.timer($0, names: &interner) },
                variants: screen.variants.map { (name: $0.name, condition: $0.condition.map(compiler.compile)) },
                rules: compileRules(for: screen, compiler: compiler)))
        }
        self.flows = flows
        self.screens = screens
        recurringTimers = app.recurringTimers.map { compiler.timer($0, names: &interner, recurring: true) }
        persistedSlots = app.state.map(\.persisted)
        flowHasTimers = flows.map { !$0.timers.isEmpty }
        screenHasVariants = screens.map { !$0.variants.isEmpty }
        screenBlocksBack = app.screens.map(\.backBlocked)
        screenHasVariantTimers = screens.map { $0.timers.contains { $0.variant != nil } }
        var payloads: [String: [String: Value]] = [:]
        for event in app.events where !event.payload.isEmpty {
            var payload: [String: Value] = [:]
            for field in event.payload { payload[field.name] = payloadZero(field.type, in: app) }
            payloads[event.name] = payload
        }
        outcomePayloads = payloads
        names = interner.names
        nameNumbers = interner.numbers
        staticEffects = compiler.staticEffects
    }

    /// Compiles an expression written against the app's state (scenario values and expectations).
    func compile(_ expression: TypedExpression) -> RuntimeExpression {
        ExpressionCompiler(app: app, slots: slots, derivedStart: stateCount).compile(expression)
    }
}

/// Numbers for names, in first-seen order.
struct NameInterner {
    var names: [String] = []
    var numbers: [String: Int] = [:]

    mutating func number(_ name: String) -> Int {
        if let known = numbers[name] { return known }
        names.append(name)
        numbers[name] = names.count - 1
        return names.count - 1
    }
}

/// A compiled expression and what it needs filled in before it runs. A class: actions and
/// guards hold it by one reference, so passing it around copies nothing.
final class RuntimeExpression: Sendable {
    let compiled: CompiledExpression
    let readsForm: Bool
    let readsEvent: Bool
    /// The derived values it needs, directly or through other derived values: indices into
    /// `RuntimeProgram.derived`, in declaration order (so each is computed after those it reads).
    let derivedNeeded: [Int]
    var expression: TypedExpression { compiled.expression }

    /// Whether anything besides the state must be filled in before it runs (the common guard needs nothing).
    let needsPreparation: Bool
    /// Where this use of the expression was written, for failures.
    let origin: ExpressionOrigin?

    init(compiled: CompiledExpression, readsForm: Bool, readsEvent: Bool, derivedNeeded: [Int], origin: ExpressionOrigin?) {
        self.compiled = compiled; self.readsForm = readsForm; self.readsEvent = readsEvent; self.derivedNeeded = derivedNeeded
        self.origin = origin
        needsPreparation = readsForm || readsEvent || !derivedNeeded.isEmpty
    }

    /// The same compiled form, used where `origin` says.
    func used(at origin: ExpressionOrigin?) -> RuntimeExpression {
        RuntimeExpression(compiled: compiled, readsForm: readsForm, readsEvent: readsEvent, derivedNeeded: derivedNeeded, origin: origin)
    }
}

/// A screen made ready to run. A class, so the hot path reaches its parts through one reference.
final class ScreenProgram: Sendable {
    let flow: Int
    /// Event number → transitions, the screen's own first; a small array searched in order.
    let handlers: [EventHandler]
    /// The screen-view analytics, as a static effect number.
    let enterEffect: Int?
    let enter: [RuntimeAction]
    let exit: [RuntimeAction]
    let timers: [RuntimeTimer]
    let variants: [(name: String, condition: RuntimeExpression?)]
    /// Each field's rules, in field order.
    let rules: [FieldRules]

    init(flow: Int, handlers: [EventHandler], enterEffect: Int?, enter: [RuntimeAction], exit: [RuntimeAction],
         timers: [RuntimeTimer], variants: [(name: String, condition: RuntimeExpression?)], rules: [FieldRules]) {
        self.flow = flow; self.handlers = handlers; self.enterEffect = enterEffect; self.enter = enter; self.exit = exit
        self.timers = timers; self.variants = variants; self.rules = rules
    }
}

struct EventHandler: Sendable {
    var event: Int
    var transitions: [RuntimeTransition]
    var global: Bool
}

final class FlowProgram: Sendable {
    let start: Int
    let name: String
    let globalTransitions: [RuntimeTransition]
    let timers: [RuntimeTimer]

    init(start: Int, name: String, globalTransitions: [RuntimeTransition], timers: [RuntimeTimer]) {
        self.start = start; self.name = name; self.globalTransitions = globalTransitions; self.timers = timers
    }
}

final class RuntimeTransition: Sendable {
    enum Target: Sendable {
        case screen(Int), back, overlay(Int), end(String), stay
        case subflow(Int, returns: [(outcome: String, transitions: [RuntimeTransition])])
    }
    let event: Int
    let condition: RuntimeExpression?
    /// The guard as written, interned: traces show it.
    let conditionSource: Int
    let target: Target
    let actions: [RuntimeAction]
    let validates: Bool

    init(event: Int, condition: RuntimeExpression?, conditionSource: Int, target: Target, actions: [RuntimeAction], validates: Bool) {
        self.event = event; self.condition = condition; self.conditionSource = conditionSource; self.target = target
        self.actions = actions; self.validates = validates
    }
}

struct RuntimeTimer: Sendable {
    var delayMilliseconds: Int
    /// The variant (index in the screen's variants) whose showing starts it; nil: the screen's or flow's own.
    var variant: Int?
    /// Interned `30s` (the trigger) and `after 30s` (the event in micro steps).
    var delay: Int
    var event: Int
    var transitions: [RuntimeTransition]
    /// The state value the length is read from when the timer starts (nil: `delayMilliseconds`).
    var length: RuntimeExpression?
}

enum RuntimeAction: Sendable {
    /// Assigns to a state slot, or to a member path inside it. `acceptsNull` is false where the place's type is not
    /// optional: a null there is a failure, never a silent null (as in the generated code).
    case set(slot: Int, members: [String], value: RuntimeExpression, acceptsNull: Bool)
    /// `set` of a whole state value (no member path): the common case, kept lean for the hot path.
    case setSlot(Int, RuntimeExpression, acceptsNull: Bool)
    case append(slot: Int, members: [String], value: RuntimeExpression)
    case clear(slot: Int, members: [String], zero: Value)
    case clearFields
    /// Types a value into a field of the current screen (nil: empties it); a default only when it is empty.
    case fillField(field: String, value: RuntimeExpression?, onlyWhenEmpty: Bool)
    case call(service: Int, operation: Int, arguments: [(name: String, value: RuntimeExpression, acceptsNull: Bool)])
    case analytics(event: String, properties: [(name: String, value: RuntimeExpression)])
    /// Fixed texts, as static effect numbers.
    case push(Int)
    case toast(Int)
    case raise(Int)
}

/// Resolves names to slots and compiles the IR's expressions, transitions and actions.
/// Equal expressions share one compiled form: a guard written on 10,000 screens is one closure
/// tree, which keeps a large app's hot path in the cache.
final class ExpressionCompiler {
    let app: App
    let slots: [String: Int]
    let derivedStart: Int
    private var compiled: [TypedExpression: RuntimeExpression] = [:]
    private(set) var staticEffects: [Effect] = []
    private var staticEffectNumbers: [Effect: Int] = [:]

    func staticEffect(_ effect: Effect) -> Int {
        if let known = staticEffectNumbers[effect] { return known }
        staticEffects.append(effect)
        staticEffectNumbers[effect] = staticEffects.count - 1
        return staticEffects.count - 1
    }

    init(app: App, slots: [String: Int], derivedStart: Int) {
        self.app = app; self.slots = slots; self.derivedStart = derivedStart
    }

    func binding(_ name: String) -> ExpressionBinding? {
        switch name {
        case "form": .form
        case "event": .event
        case "value": .value
        default: slots[name].map(ExpressionBinding.global)
        }
    }

    func compile(_ expression: TypedExpression) -> RuntimeExpression {
        if let known = compiled[expression] { return known.origin == expression.origin ? known : known.used(at: expression.origin) }
        let result = compileOnce(expression)
        compiled[expression] = result
        return result
    }

    private func compileOnce(_ expression: TypedExpression) -> RuntimeExpression {
        let compiled = CompiledExpression(expression, binding: binding)
        return RuntimeExpression(compiled: compiled, readsForm: compiled.bindings.contains(.form),
                                 readsEvent: compiled.bindings.contains(.event), derivedNeeded: derivedNeeded(by: expression),
                                 origin: expression.origin)
    }

    private func derivedNeeded(by expression: TypedExpression) -> [Int] {
        var needed = Set<Int>()
        var pending = Array(expression.referencedVariables)
        while let name = pending.popLast() {
            guard let slot = slots[name], slot >= derivedStart, needed.insert(slot - derivedStart).inserted else { continue }
            if let value = app.derived[slot - derivedStart].value { pending += value.referencedVariables }
        }
        return needed.sorted()
    }

    func transition(_ transition: Transition, names: inout NameInterner) -> RuntimeTransition {
        let target: RuntimeTransition.Target = switch transition.target {
        case .screen(let index): .screen(index)
        case .back: .back
        case .overlay(let index): .overlay(index)
        case .end(let outcome): .end(outcome)
        case .stay: .stay
        case .subflow(let flow, let returns):
            .subflow(flow, returns: returns.map { route in (route.outcome, route.transitions.map { self.transition($0, names: &names) }) })
        }
        return RuntimeTransition(event: names.number(transition.event), condition: transition.condition.map(compile),
                                 conditionSource: names.number(transition.conditionSource ?? ""), target: target,
                                 actions: actions(transition.actions, names: &names), validates: transition.validates)
    }

    /// A recurring timer's trigger and event read `every 15m`; a one-shot timer's read `15m` and `after 15m`.
    func timer(_ timer: FlowIR.Timer, names: inout NameInterner, recurring: Bool = false) -> RuntimeTimer {
        RuntimeTimer(delayMilliseconds: timer.delayMilliseconds, variant: timer.variant,
                     delay: names.number(recurring ? "every \(timer.delaySource)" : timer.delaySource),
                     event: names.number("\(recurring ? "every" : "after") \(timer.delaySource)"),
                     transitions: timer.transitions.map { transition($0, names: &names) },
                     length: timer.length.map(compile))
    }

    func actions(_ actions: [Action], names: inout NameInterner) -> [RuntimeAction] {
        actions.compactMap { action in
            switch action.kind {
            case .set(let path, let value):
                let acceptsNull = pathType(path)?.isNullable ?? true
                return place(path).map {
                    $0.members.isEmpty ? .setSlot($0.slot, compile(value), acceptsNull: acceptsNull)
                        : .set(slot: $0.slot, members: $0.members, value: compile(value), acceptsNull: acceptsNull)
                }
            case .append(let path, let value):
                return place(path).map { .append(slot: $0.slot, members: $0.members, value: compile(value)) }
            case .clear(let path):
                return place(path).map { .clear(slot: $0.slot, members: $0.members, zero: $0.zero) }
            case .clearFields:
                return .clearFields
            case .fillField(let field, let value, let onlyWhenEmpty):
                return .fillField(field: field, value: value.map(compile), onlyWhenEmpty: onlyWhenEmpty)
            case .call(let service, let operation, let arguments):
                let inputs = app.services[service].operations[operation].input
                return .call(service: service, operation: operation, arguments: arguments.map { argument in
                    (argument.name, compile(argument.value), inputs.first { $0.name == argument.name }?.type.isNullable ?? true)
                })
            case .analytics(let event, let properties):
                return .analytics(event: event, properties: properties.map { ($0.name, compile($0.value)) })
            case .push(let text): return .push(staticEffect(.push(text)))
            case .toast(let text): return .toast(staticEffect(.toast(text)))
            case .raise(let event): return .raise(names.number(event))
            }
        }
    }

    /// The slot and member path of a state path, with the zero value `clear` puts there.
    private func place(_ path: [String]) -> (slot: Int, members: [String], zero: Value)? {
        guard let head = path.first, let slot = slots[head], slot < derivedStart else { return nil }
        return (slot, Array(path.dropFirst()), pathType(path).map { zeroValue($0, in: app) } ?? .null)
    }

    private func pathType(_ path: [String]) -> ValueType? {
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
}

/// The value a state value of `type` starts with when no initial value is written.
/// What a payload or output field the sender left out holds: the zero value, and for a date or a timestamp
/// (which have none in state) 1970-01-01 and its midnight UTC, as the generated events start them.
func payloadZero(_ type: ValueType, in app: App) -> Value {
    switch type {
    case .date: CalendarDate(daysSince1970: 0).map(Value.date) ?? .null
    case .timestamp: .timestamp(Timestamp(millisecondsSince1970: 0))
    default: zeroValue(type, in: app)
    }
}

func zeroValue(_ type: ValueType, in app: App) -> Value {
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
        for field in fields { values[field.name] = zeroValue(field.type, in: app) }
        return .record(values)
    case .enumeration(let name):
        if let declaration = app.types.first(where: { $0.name == name }), case .enumeration(let cases) = declaration.kind, let first = cases.first {
            return .enumCase(type: name, name: first)
        }
        return .null
    default: return .null
    }
}

/// An invariant and what it depends on: it needs checking after a step only when one of its
/// state slots was written (or always, when it reads the clock).
struct CompiledInvariant: Sendable {
    let invariant: Invariant
    let check: RuntimeExpression
    let slots: [Int]
    let readsClock: Bool
}

/// Each invariant with the state slots it reads, directly or through derived values.
func compileInvariants(_ app: App, slots: [String: Int], compiler: ExpressionCompiler) -> [CompiledInvariant] {
    func reads(_ expression: TypedExpression) -> (names: Set<String>, clock: Bool) {
        var clock = false
        var stack = [expression]
        while let node = stack.popLast() {
            if case .call(let function, _) = node.kind, function == .now || function == .today || function == .age { clock = true }
            stack += node.children
        }
        return (expression.referencedVariables, clock)
    }
    var derivedReads: [String: (slots: Set<Int>, clock: Bool)] = [:]
    func dependencies(_ expression: TypedExpression) -> (slots: Set<Int>, clock: Bool) {
        let (names, clock) = reads(expression)
        var result: (slots: Set<Int>, clock: Bool) = ([], clock)
        for name in names {
            if let derived = derivedReads[name] {
                result.slots.formUnion(derived.slots)
                result.clock = result.clock || derived.clock
            } else if let slot = slots[name] {
                result.slots.insert(slot)
            }
        }
        return result
    }
    for value in app.derived {
        // Declaration order: a derived value reads only earlier ones, whose dependencies are known.
        derivedReads[value.name] = value.value.map(dependencies) ?? ([], false)
    }
    return app.invariants.compactMap { invariant in
        guard let check = invariant.check else { return nil }
        let (slots, clock) = dependencies(check)
        return CompiledInvariant(invariant: invariant, check: compiler.compile(check), slots: slots.sorted(), readsClock: clock)
    }
}
