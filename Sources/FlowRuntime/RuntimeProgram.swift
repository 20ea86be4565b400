import FlowSource
import Foundation
import FlowEvaluation
import FlowExpression
import FlowIR
@_spi(Generated) import FlowLowering
@_spi(Generated) import FlowMachine

/// A lowered app made ready to run, once, and shared by every run of it: the tables FlowLowering built
/// (the same value the generated code is translated from) are kept as they are, event names become
/// numbers, state and derived values get slots, and every numbered guard and action list of the tables,
/// and every rule expression, is compiled to closures over those slots.
///
/// ```swift
/// let program = RuntimeProgram(lowered: lowerApp(tempo))   // the pipeline lowers once (`lowerApps`)
/// for scenario in tempo.scenarios { results.append(runScenario(scenario, of: program)) }
/// ```
public final class RuntimeProgram: Sendable {
    public let app: App
    /// The app as the engine's tables, shared with the generated code's translation (FlowLowering).
    let lowered: LoweredApp
    let tables: FlowTables
    /// Interned names: events (first, numbered as in the tables: event `n` of the app is name `n`), guard
    /// sources, timer delays, sub-flow outcomes. Traces store their numbers.
    let names: [String]
    let nameNumbers: [String: Int]
    /// State values take slots `0..<stateCount`; derived values follow, in declaration order.
    let stateCount: Int
    let slots: [String: Int]
    let initialValues: [RuntimeExpression?]
    let derived: [(slot: Int, value: RuntimeExpression?)]
    let invariants: [CompiledInvariant]
    /// Guard `n` of the tables is `guards[n - 1]`, action list `n` is `actionLists[n - 1]`.
    let guards: [RuntimeExpression]
    let actionLists: [[RuntimeAction]]
    /// Per guard of the tables, its fast form (``FastGuard``); per action list, where its actions' fast forms are
    /// in `fastActions` (``FastActionList``). The step reads these plain numbers before the closures.
    let fastGuards: [FastGuard]
    let fastActionLists: [FastActionList]
    let fastActions: [FastAction]
    /// Each field of the tables' fields table, in order, with its rules.
    let fieldRules: [FieldRules]
    /// Per timer of the tables: the state value its length is read from (nil: the table's milliseconds), the
    /// interned delay (`30s`, the trigger of its step), and its delay as written (for messages).
    let timerLengths: [RuntimeExpression?]
    let timerDelays: [Int]
    /// Per timer: how a failure to read its length names it (`after session_timeout`), as the generated code does.
    let timerLengthNames: [String]
    /// Per row of the tables: how its micro steps are recorded.
    let rowTraces: [RowTrace]
    /// Per screen: its screen-view analytics as a static effect number, or -1.
    let screenViews: [Int32]
    /// Per screen: its variants' names.
    let variantNames: [[String]]
    /// `service.operation` for each service and operation number.
    let operationNames: [[String]]
    /// By service and operation, the call policy number of operations with a timeout or `when_left: cancel` (-1: none).
    let callPolicies: [[Int32]]
    /// The payload of each event that has one, every field at its zero value (`ZeroPlace.required`): what a service
    /// outcome's outputs start at, and what an event the flows raise carries.
    let zeroPayloads: [String: [String: Value]]
    /// Effects known before the run (screen views, fixed pushes and toasts); traces store their numbers.
    let staticEffects: [Effect]
    /// Per state slot: whether the value survives a restart (`persist: true`).
    let persistedSlots: [Bool]
    /// The stages of the engine the app reaches, as its generated machine states them (FlowLowering derives them from
    /// the tables), with raised events when some action calls a service: the interpreter answers a call chosen in
    /// advance by raising its outcome. A run skips the other stages, as the generated machine does.
    @_spi(Generated) public let features: EngineFeatures

    public convenience init(lowered: LoweredApp) {
        var interner = NameInterner()
        self.init(lowered: lowered, interner: &interner, engineStages: nil)
    }

    /// Lowers `app` and prepares it: for an app no pipeline lowered (a mutant, a studio edit, a test's fixture).
    public convenience init(app: App) {
        self.init(lowered: lowerApp(app))
    }

    /// A program whose runs take exactly `engineStages` of the engine, whatever the app reaches: `.all` is the
    /// reference the stages FlowLowering derives are held to (the differential test runs it beside the generated
    /// machines; `EngineStagesTests` beside the derived stages).
    @_spi(Generated) public convenience init(app: App, engineStages: EngineFeatures) {
        var interner = NameInterner()
        self.init(lowered: lowerApp(app), interner: &interner, engineStages: engineStages)
    }

    private init(lowered: LoweredApp, interner: inout NameInterner, engineStages: EngineFeatures?) {
        let app = lowered.app
        self.app = app
        // Event `n` of the app is name `n`: the number a row of the tables matches is the event's name number.
        for event in app.events { _ = interner.number(event.name) }
        self.lowered = lowered
        tables = lowered.tables
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
        callPolicies = lowered.callPolicyNumbers

        guards = lowered.guards.map { compiler.compile($0.condition) }
        actionLists = lowered.actions.map { compiler.actions($0.actions, names: &interner) }
        let stateSlots = slots.filter { $0.value < app.state.count }
        fastGuards = lowered.guards.map { FastGuard($0.condition, stateSlots: stateSlots) }
        var fastActions: [FastAction] = []
        fastActionLists = actionLists.map { list in
            let forms = list.map { FastAction($0, stateSlots: stateSlots) }
            guard forms.allSatisfy({ $0.kind != .general }) else { return FastActionList(start: -1, end: -1) }
            fastActions += forms
            return FastActionList(start: Int32(truncatingIfNeeded: fastActions.count - forms.count), end: Int32(truncatingIfNeeded: fastActions.count))
        }
        self.fastActions = fastActions
        fieldRules = app.screens.flatMap { compileRules(for: $0, compiler: compiler) }
        timerLengths = lowered.timers.map { $0.length.map(compiler.compile) }
        timerDelays = lowered.timers.map { interner.number($0.delay) }
        timerLengthNames = lowered.timers.map(\.lengthName)
        rowTraces = lowered.rows.map { origin in
            RowTrace(event: interner.number(origin.event), conditionSource: interner.number(origin.transition.conditionSource ?? ""),
                     alternative: origin.alternative, global: origin.global)
        }
        screenViews = app.screens.map { screen in
            screen.analytics.map { Int32(truncatingIfNeeded: compiler.staticEffect(.analytics(event: $0, properties: [:]))) } ?? -1
        }
        variantNames = app.screens.map { $0.variants.map(\.name) }
        persistedSlots = app.state.map(\.persisted)
        let callsServices = actionLists.contains { list in list.contains { if case .call = $0 { true } else { false } } }
        features = engineStages ?? lowered.features.union(callsServices ? .raisedEvents : [])
        var payloads: [String: [String: Value]] = [:]
        for event in app.events where !event.payload.isEmpty {
            var payload: [String: Value] = [:]
            for field in event.payload { payload[field.name] = payloadZero(field.type, in: app) }
            payloads[event.name] = payload
        }
        zeroPayloads = payloads
        names = interner.names
        nameNumbers = interner.numbers
        staticEffects = compiler.staticEffects
    }

    /// Compiles an expression written against the app's state (scenario values and expectations).
    func compile(_ expression: TypedExpression) -> RuntimeExpression {
        ExpressionCompiler(app: app, slots: slots, derivedStart: stateCount).compile(expression)
    }
}

/// How the micro steps of one row of the tables are recorded: the event they show (an interned name), the
/// guard as written, the alternative's position and whether the row is a flow's.
struct RowTrace: Sendable {
    var event: Int
    var conditionSource: Int
    var alternative: Int
    var global: Bool
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
    /// Texts with values or translations, computed when the action runs.
    case pushText(RuntimeExpression)
    case toastText(RuntimeExpression)
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

    func actions(_ actions: [Action], names: inout NameInterner) -> [RuntimeAction] {
        actions.compactMap { action in
            switch action.kind {
            case .set(let path, let value):
                let acceptsNull = app.type(ofStatePath: path)?.isNullable ?? true
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
            case .push(let text):
                return text.fixedText.map { .push(staticEffect(.push($0))) } ?? .pushText(compile(text.value))
            case .toast(let text):
                return text.fixedText.map { .toast(staticEffect(.toast($0))) } ?? .toastText(compile(text.value))
            case .raise(let event): return .raise(names.number(event))
            }
        }
    }

    /// The slot and member path of a state path, with the zero value `clear` puts there.
    private func place(_ path: [String]) -> (slot: Int, members: [String], zero: Value)? {
        guard let head = path.first, let slot = slots[head], slot < derivedStart else { return nil }
        return (slot, Array(path.dropFirst()), app.type(ofStatePath: path).map { zeroValue($0, in: app) } ?? .null)
    }

}

/// What a payload or output field the sender left out holds (`App.zeroValue(of:in: .required)`).
func payloadZero(_ type: ValueType, in app: App) -> Value {
    Value(app.zeroValue(of: type, in: .required))
}

/// The value a state value of `type` starts with when no initial value is written, and what `clear` puts there
/// (`App.zeroValue(of:in: .stored)`).
func zeroValue(_ type: ValueType, in app: App) -> Value {
    Value(app.zeroValue(of: type, in: .stored))
}

extension Value {
    /// The interpreter's form of a zero value: the one rendering of `ZeroValue` on this side.
    public init(_ zero: ZeroValue) {
        switch zero {
        case .none: self = .null
        case .bool(let value): self = .bool(value)
        case .int(let value): self = .int(value)
        case .decimal(let value): self = .decimal(Decimal(value))
        case .money(let currency): self = .money(Money(amount: 0, currency: currency))
        case .text(let value): self = .text(value)
        case .emptyList: self = .list([])
        case .duration(let milliseconds): self = .duration(milliseconds)
        case .epochDate: self = CalendarDate(daysSince1970: 0).map(Value.date) ?? .null
        case .epochTimestamp: self = .timestamp(Timestamp(millisecondsSince1970: 0))
        case .record(_, let fields):
            self = .record(Dictionary(fields.map { ($0.name, Value($0.zero)) }, uniquingKeysWith: { first, _ in first }))
        case .enumCase(let type, let name): self = .enumCase(type: type, name: name)
        }
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
