import FlowExpression
import FlowIR

/// The Swift names of one app's generated declarations.
struct AppNames {
    let app: App
    /// `Tempo`: the prefix of every public type.
    let prefix: String

    /// Case names, made unique within their enum and kept clear of the enum's own members
    /// (`name`, `number`, `timerFired`...), so any flow names give code that compiles.
    let screenCases: [String]
    private let eventCases: [String: String]
    private let operationCases: [[String]]
    private let enumCases: [String: [String: String]]
    /// Every field name of the app, in order of first appearance, with its Swift case.
    let fieldCases: [(name: String, swift: String)]
    /// Every screen variant name of the app, in order of first appearance, with its Swift case.
    let variantCases: [(name: String, swift: String)]
    /// Every outcome a flow can end with, in flow order, with its Swift case.
    let endingCases: [(name: String, swift: String)]
    /// Every name of a screen text (`texts:`), in order of first appearance, with its Swift case.
    let textCases: [(name: String, swift: String)]
    /// Every name of a screen's list (`lists:`), in order of first appearance, with its Swift case.
    let listCases: [(name: String, swift: String)]
    /// Every row action name of the app's lists (`swipe:`, `long_press:`), in declaration order, with its Swift case.
    let rowActionCases: [(name: String, swift: String)]
    /// Every flow some transition calls as a sub-flow, in flow order, with its Swift case.
    let subflowCases: [(name: String, swift: String)]
    /// Each operation's outcome cases, by service and operation.
    private let outcomeCases: [[[String]]]
    /// Each declared domain type's Swift name: the prefix and the flow name (`TempoTransaction`), kept clear of the
    /// app's other types (a domain type `screen` becomes `TempoScreenType`, not a second `TempoScreen`).
    private let domainTypeNames: [String: String]
    /// Each service's protocol name (`TempoEqualsService`), clear of the other generated types.
    private let serviceProtocols: [String]

    /// The members every name enum has as a `FlowNameCases` (`TypesTranslator.nameTableEnum`), which no case may be named.
    static let nameTableMembers: Set<String> = ["caseNumber", "rawValues", "rawValuesData", "hashValue"]

    init(app: App, typePrefix: String? = nil) {
        self.app = app
        prefix = typePrefix ?? Naming.type(app.name)
        var taken: Set<String> = []
        screenCases = app.screens.map { Self.unique(Naming.member($0.id), &taken, reserved: Self.nameTableMembers.union(["name", "number", "ordered", "allCases", "rawValue", "init"])) }
        taken = []
        var events: [String: String] = [:]
        for event in app.events {
            events[event.name] = Self.unique(Naming.member(event.name), &taken, reserved: ["name", "number", "timerFired", "init"])
        }
        eventCases = events
        taken = []
        operationCases = app.services.map { service in
            service.operations.map { Self.unique(Naming.member(service.name + "_" + $0.name), &taken, reserved: Self.nameTableMembers.union(["operation"])) }
        }
        var enums: [String: [String: String]] = [:]
        for type in app.types {
            guard case .enumeration(let values) = type.kind else { continue }
            taken = []
            var cases: [String: String] = [:]
            for value in values { cases[value] = Self.unique(Naming.member(value), &taken, reserved: Self.nameTableMembers.union(["rawValue", "allCases", "init"])) }
            enums[type.name] = cases
        }
        enumCases = enums
        let nameReserved = Self.nameTableMembers.union(["rawValue", "allCases", "init", "hashValue"])
        func cases(_ names: [String]) -> [(name: String, swift: String)] {
            var taken: Set<String> = []
            var seen: Set<String> = []
            var result: [(name: String, swift: String)] = []
            for name in names where seen.insert(name).inserted {
                result.append((name, Self.unique(Naming.member(name), &taken, reserved: nameReserved)))
            }
            return result
        }
        fieldCases = cases(app.screens.flatMap { $0.fields.map(\.name) })
        variantCases = cases(app.screens.flatMap { $0.variants.map(\.name) })
        endingCases = cases(app.flows.flatMap { flow in flow.outcomes + Self.endTargets(of: flow, in: app) })
        textCases = cases(app.screens.flatMap { $0.texts.map(\.name) + $0.lists.flatMap { $0.texts.map(\.name) } })
        listCases = cases(app.screens.flatMap { $0.lists.map(\.name) })
        rowActionCases = cases(app.screens.flatMap { $0.lists.flatMap { $0.actions.map(\.name) } })
        let called = Self.calledFlows(in: app)
        subflowCases = cases(app.flows.indices.filter(called.contains).map { app.flows[$0].name })
        let typePrefix = prefix
        var takenTypes = Set(Self.fixedTypeSuffixes.map { typePrefix + $0 })
        var domain: [String: String] = [:]
        for type in app.types {
            var name = typePrefix + Naming.type(type.name)
            while takenTypes.contains(name) { name += "Type" }
            takenTypes.insert(name)
            domain[type.name] = name
        }
        domainTypeNames = domain
        serviceProtocols = app.services.map { service in
            var name = typePrefix + Naming.type(service.name) + "Service"
            while takenTypes.contains(name) { name += "Protocol" }
            takenTypes.insert(name)
            return name
        }
        outcomeCases = app.services.map { service in
            service.operations.map { operation in
                var taken: Set<String> = []
                return operation.outcomes.map { Self.unique(Naming.member($0.name), &taken, reserved: ["event", "init"]) }
            }
        }
    }

    /// The numbers of the flows some transition calls as a sub-flow.
    private static func calledFlows(in app: App) -> Set<Int> {
        var called: Set<Int> = []
        func visit(_ transitions: [Transition]) {
            for transition in transitions {
                if case .subflow(let flow, let returns) = transition.target {
                    called.insert(flow)
                    visit(returns.flatMap(\.transitions))
                }
            }
        }
        for screen in app.screens { visit(screen.transitions + screen.timers.flatMap(\.transitions)) }
        for flow in app.flows { visit(flow.globalTransitions + flow.globalTimers.flatMap(\.transitions)) }
        return called
    }

    /// The outcomes `flow`'s transitions end it with, in declaration order.
    private static func endTargets(of flow: Flow, in app: App) -> [String] {
        var transitions = flow.globalTransitions + flow.globalTimers.flatMap(\.transitions)
        for screen in flow.screens.map({ app.screens[$0] }) {
            transitions += screen.transitions + screen.timers.flatMap(\.transitions)
        }
        var names: [String] = []
        func visit(_ transitions: [Transition]) {
            for transition in transitions {
                switch transition.target {
                case .end(let name): names.append(name)
                case .subflow(_, let returns): visit(returns.flatMap(\.transitions))
                default: break
                }
            }
        }
        visit(transitions)
        return names
    }

    /// The Swift case of outcome `outcome` of an operation, in its outcome enum.
    func outcomeCase(service: Int, operation: Int, outcome: Int) -> String { outcomeCases[service][operation][outcome] }

    /// The Swift case of text `name`.
    func textCase(_ name: String) -> String { textCases.first { $0.name == name }?.swift ?? Naming.member(name) }

    /// The Swift case of field `name`.
    func fieldCase(_ name: String) -> String { fieldCases.first { $0.name == name }?.swift ?? Naming.member(name) }

    /// `base`, or `base_`, `base__`... until it is neither reserved nor taken.
    private static func unique(_ base: String, _ taken: inout Set<String>, reserved: Set<String>) -> String {
        var raw = base.replacingOccurrences(of: "`", with: "")
        var candidate = base
        while reserved.contains(raw) || taken.contains(raw) {
            raw += "_"
            candidate = raw
        }
        taken.insert(raw)
        return candidate
    }

    /// The Swift case of a value of a declared enum type.
    func enumCase(type: String, value: String) -> String { enumCases[type]?[value] ?? Naming.member(value) }

    /// The module (and folder) name: `TempoFlow`, from the app's name whatever the type prefix.
    var module: String { Self.module(for: app) }

    /// The module name alone, without naming every screen and event (`flowc check` asks it of each app).
    static func module(for app: App) -> String { Naming.type(app.name) + "Flow" }
    var screen: String { prefix + "Screen" }
    var event: String { prefix + "Event" }
    var effect: String { prefix + "Effect" }
    var serviceCall: String { prefix + "ServiceCall" }
    var state: String { prefix + "State" }
    var machine: String { prefix + "Machine" }
    var tables: String { prefix + "Tables" }
    var field: String { prefix + "Field" }
    var variant: String { prefix + "Variant" }
    var ending: String { prefix + "Ending" }
    var text: String { prefix + "Text" }
    var list: String { prefix + "List" }
    func listCase(_ name: String) -> String { listCases.first { $0.name == name }?.swift ?? Naming.member(name) }
    var rowAction: String { prefix + "RowAction" }
    func rowActionCase(_ name: String) -> String { rowActionCases.first { $0.name == name }?.swift ?? Naming.member(name) }
    var subflow: String { prefix + "Subflow" }
    var operation: String { prefix + "Operation" }
    var services: String { prefix + "Services" }
    var outcome: String { prefix + "Outcome" }
    var constants: String { prefix + "Constants" }
    var serviceSet: String { prefix + "ServiceSet" }
    var navigation: String { prefix + "Navigation" }

    /// The protocol of one service: `TempoEqualsService`.
    func serviceProtocol(_ service: Int) -> String { serviceProtocols[service] }

    /// The property of `<App>ServiceSet` holding one service: `equals`.
    func serviceProperty(_ service: Int) -> String { Naming.member(app.services[service].name) }

    /// The outcome enum of an operation, inside `<App>Outcome`: `EqualsLogIn`.
    func outcomeType(service: Int, operation: Int) -> String {
        let name = operationCase(service: service, operation: operation).replacingOccurrences(of: "`", with: "")
        let type = name.prefix(1).uppercased() + String(name.dropFirst())
        return ["Self", "Type", "Protocol", "Any"].contains(type) ? type + "Outcome" : type
    }

    /// A declared domain type's Swift name (`TempoTransaction`).
    func typeName(_ name: String) -> String { domainTypeNames[name] ?? prefix + Naming.type(name) }

    /// What follows the prefix in the names of the types every app gets (`TempoMachine`, `TempoScreen`...).
    static let fixedTypeSuffixes = ["Machine", "Screen", "Event", "Effect", "ServiceCall", "State", "Tables", "Field", "Variant", "Ending",
                                    "Text", "List", "RowAction", "Subflow", "Operation", "Services", "ServiceSet", "Outcome", "Constants", "Navigation"]

    /// Every top-level type the module declares, in declaration order of the kinds (fixed ones, then domain types).
    var generatedTypeNames: [String] {
        Self.fixedTypeSuffixes.map { prefix + $0 } + app.types.map { typeName($0.name) } + serviceProtocols
    }

    func derivedFunction(_ name: String) -> String {
        let member = Naming.type(name)
        return "derived" + member
    }

    /// The throwing form the generated code itself calls: `computeCardActive`.
    func derivedComputeFunction(_ name: String) -> String { "compute" + Naming.type(name) }

    /// The Swift type of a value of `type`.
    func swiftType(_ type: ValueType) -> String {
        switch type {
        case .bool: "Bool"
        case .int, .duration: "Int"
        case .decimal: "Decimal"
        case .money: "Money"
        case .text: "String"
        case .date: "CalendarDate"
        case .timestamp: "Timestamp"
        case .list(let element): "[\(swiftType(element))]"
        case .optional(let wrapped): swiftType(wrapped) + "?"
        case .enumeration(let name), .record(let name): typeName(name)
        case .null, .error: "String?"
        }
    }

    /// The type of stored state and record fields: dates and timestamps start as null in the
    /// interpreter even when their type is not optional, so they are stored as optionals.
    func storedType(_ type: ValueType) -> String {
        isStoredOptional(type) && !type.isNullable ? swiftType(type) + "?" : swiftType(type)
    }

    /// Code writing `value` (of flow type `type`) as the interpreter writes values: text in quotes inside
    /// records and lists (`quoted`), durations as `1m30s`, records as `{name: value, ...}` by flow name, null as
    /// `null`. `stored`: the value is read from storage, where dates, timestamps and optionals are Swift optionals.
    func describing(_ value: SwiftExpression, _ type: ValueType, quoted: Bool, stored: Bool) -> SwiftExpression {
        func each(_ element: ValueType, quoted: Bool) -> SwiftClosure {
            SwiftClosure(parameters: [], body: [.expression(describing(.id("$0"), element, quoted: quoted, stored: false))])
        }
        if case .optional(let wrapped) = type {
            return .binary("??", .call(.member(value, "map"), [], trailingClosure: each(wrapped, quoted: quoted)), .string("null"))
        }
        if stored && isStoredOptional(type) {
            return .binary("??", .call(.member(value, "map"), [], trailingClosure: each(type, quoted: quoted)), .string("null"))
        }
        switch type {
        case .text:
            return quoted ? .call(.id("quotedText"), [SwiftArgument(nil, value)]) : value
        case .duration:
            return .call(.id("describeDuration"), [SwiftArgument(nil, value)])
        case .list(let element):
            let items = SwiftExpression.call(.member(.call(.member(value, "map"), [], trailingClosure: each(element, quoted: true)), "joined"),
                                             [SwiftArgument("separator", .string(", "))])
            return .binary("+", .binary("+", .string("["), items), .string("]"))
        case .record:
            return .member(value, "flowDescription")
        default:
            return .call(.id("describe"), [SwiftArgument(nil, value)])
        }
    }

    func isStoredOptional(_ type: ValueType) -> Bool {
        switch type {
        case .optional, .null, .date, .timestamp:
            return true
        case .enumeration(let name):
            if let declaration = app.types.first(where: { $0.name == name }), case .enumeration(let cases) = declaration.kind { return cases.isEmpty }
            return true
        default:
            return false
        }
    }

    /// The zero value of `type` in `place` (`App.zeroValue(of:in:)`, the one definition the interpreter renders too)
    /// as Swift.
    func zeroValue(_ type: ValueType, in place: ZeroPlace) -> SwiftExpression {
        swift(app.zeroValue(of: type, in: place))
    }

    /// Generated Swift's form of a zero value: the one rendering of `ZeroValue` on this side.
    func swift(_ zero: ZeroValue) -> SwiftExpression {
        switch zero {
        case .none: return .id("nil")
        case .bool(let value): return .id(value ? "true" : "false")
        case .int(let value), .duration(let value): return .int(value)
        case .decimal(let value): return .call(.id("Decimal"), [SwiftArgument(nil, .int(value))])
        case .money(let currency): return .call(.id("Money"), [SwiftArgument("amount", .int(0)), SwiftArgument("currency", .string(currency))])
        case .text(let value): return .string(value)
        case .emptyList: return .array([])
        case .epochDate: return .call(.id("date"), [SwiftArgument(nil, .int(1970)), SwiftArgument(nil, .int(1)), SwiftArgument(nil, .int(1))])
        case .epochTimestamp: return .call(.id("Timestamp"), [SwiftArgument("millisecondsSince1970", .int(0))])
        // The generated record's `init()` puts every field at its stored zero, the fields `ZeroValue.record` lists.
        case .record(let name, _): return .call(.id(typeName(name)), [])
        case .enumCase(let type, let name): return .member(.id(typeName(type)), enumCase(type: type, value: name))
        }
    }

    /// `equals.log_in.success` → `equalsLogInSuccess`.
    func eventCase(_ name: String) -> String { eventCases[name] ?? Naming.member(name) }

    /// `equals.log_in` → `equalsLogIn`.
    func operationCase(service: Int, operation: Int) -> String { operationCases[service][operation] }
}
