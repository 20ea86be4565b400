import FlowExpression
import FlowIR
import FlowSource

/// Lists every mutant of `app`, numbered from 1 in declaration order.
///
/// Sites are visited flow by flow (its global transitions, then its global timers), then screen by
/// screen (fields and their rules, entry actions, exit actions, transitions, timers); a transition
/// visits its guard, target, actions and sub-flow returns. The same app always gives the same
/// mutants with the same numbers, so `--shard` and `--limit` select the same ones on every machine.
/// Every operator is applied; `MutationSelection` picks from this list, so a mutant keeps its number
/// whatever is selected.
/// - Parameter app: The checked app.
public func enumerateMutants(of app: App) -> [Mutant] {
    var collector = MutantCollector(app: app)
    let copies = appWideCopies(in: app)
    for (flowIndex, flow) in app.flows.enumerated() {
        // An app-wide transition (app.on) is one declaration lowered into every flow: it is mutated once, at its
        // first copy, and the edit is carried to the other copies (below), as an edit of the file would be.
        let laterCopies = Set(flow.globalTransitions.indices.filter { index in
            copies.contains { $0.first?.flow != flowIndex && $0.contains { $0.flow == flowIndex && $0.index == index } }
        })
        collector.appWide = Set(flow.globalTransitions.indices.filter { index in copies.contains { $0.first?.flow == flowIndex && $0.first?.index == index } })
        collector.transitionList(flow.globalTransitions, root: { .global(flowIndex) }, screen: nil, flow: flowIndex, skipping: laterCopies)
        collector.appWide = []
        for (timerIndex, timer) in flow.globalTimers.enumerated() {
            collector.timer(timer, site: .globalTimer(flowIndex, timerIndex), screen: nil, flow: flowIndex, fallback: flow.range)
        }
    }
    for (screenIndex, screen) in app.screens.enumerated() {
        collector.part = .analytics
        if let event = screen.analytics {
            collector.add(.screenViewDropped, "drop screen view \(event)", range: screen.range, screen: screenIndex, flow: screen.flow, event: nil) { app in
                if app.screens.indices.contains(screenIndex) { app.screens[screenIndex].analytics = nil }
            }
        }
        collector.part = .back
        if screen.backBlocked {
            collector.add(.backAllowed, "back: blocked → allowed", range: screen.range, screen: screenIndex, flow: screen.flow, event: nil) { app in
                if app.screens.indices.contains(screenIndex) { app.screens[screenIndex].backBlocked = false }
            }
        }
        for (fieldIndex, field) in screen.fields.enumerated() {
            collector.part = .field(field.name)
            if field.secret {
                collector.add(.secretDropped, "secret → kept after leaving", range: field.range, screen: screenIndex, flow: screen.flow, event: nil) { app in
                    if app.screens.indices.contains(screenIndex), app.screens[screenIndex].fields.indices.contains(fieldIndex) {
                        app.screens[screenIndex].fields[fieldIndex].secret = false
                    }
                }
            }
            collector.rules(of: field, screen: screenIndex, field: fieldIndex)
        }
        collector.part = nil
        for (variantIndex, variant) in screen.variants.enumerated() {
            guard let condition = variant.condition else { continue }
            for edit in expressionEdits(of: condition, enums: collector.enums, currency: app.currency) {
                let mutated = edit.expression
                collector.add(edit.op, "variant \(variant.name) when: \(edit.change)", range: edit.range ?? screen.range, screen: screenIndex,
                              flow: screen.flow, event: nil) { app in
                    guard app.screens.indices.contains(screenIndex), app.screens[screenIndex].variants.indices.contains(variantIndex) else { return }
                    app.screens[screenIndex].variants[variantIndex].condition = mutated
                }
            }
        }
        collector.translations(of: screen, index: screenIndex)
        collector.lists(of: screen, index: screenIndex)
        collector.actionLabels(of: screen, index: screenIndex)
        collector.part = .enter
        collector.actionList(screen.enter, site: .enter(screenIndex), screen: screenIndex, flow: screen.flow, event: nil)
        collector.part = .exit
        collector.actionList(screen.exit, site: .exit(screenIndex), screen: screenIndex, flow: screen.flow, event: nil)
        collector.part = nil
        collector.transitionList(screen.transitions, root: { .screen(screenIndex) }, screen: screenIndex, flow: screen.flow)
        for (timerIndex, timer) in screen.timers.enumerated() {
            collector.timer(timer, site: .screenTimer(screenIndex, timerIndex), screen: screenIndex, flow: screen.flow, fallback: screen.range)
        }
    }
    // App-wide declarations: derived values (met wherever they are read) and what survives a restart.
    collector.part = nil
    let firstAppWide = collector.mutants.count
    for (derivedIndex, derived) in app.derived.enumerated() {
        guard let value = derived.value else { continue }
        for edit in expressionEdits(of: value, enums: collector.enums, currency: app.currency) {
            let mutated = edit.expression
            collector.add(edit.op, "derived \(derived.name): \(edit.change)", range: edit.range ?? derived.range, screen: nil, flow: app.startFlow,
                          event: nil, writes: [derived.name]) { app in
                if app.derived.indices.contains(derivedIndex) { app.derived[derivedIndex].value = mutated }
            }
        }
    }
    for (timerIndex, timer) in app.recurringTimers.enumerated() {
        collector.timer(timer, site: .recurringTimer(timerIndex), screen: nil, flow: app.startFlow, fallback: app.range)
    }
    collector.callPolicies()
    for (stateIndex, variable) in app.state.enumerated() where variable.persisted {
        collector.add(.persistDropped, "state \(variable.name): persist: true → dropped", range: variable.range, screen: nil, flow: app.startFlow,
                      event: nil, writes: [variable.name]) { app in
            if app.state.indices.contains(stateIndex) { app.state[stateIndex].persisted = false }
        }
    }
    for number in firstAppWide..<collector.mutants.count { collector.mutants[number].appWide = true }
    guard !copies.isEmpty else { return collector.mutants }
    return collector.mutants.map { mutant in
        var carried = mutant
        let edit = mutant.apply
        carried.apply = { app in
            edit(&app)
            for group in copies {
                guard let source = group.first, app.flows.indices.contains(source.flow),
                      app.flows[source.flow].globalTransitions.indices.contains(source.index) else { continue }
                let mutated = app.flows[source.flow].globalTransitions[source.index]
                for copy in group.dropFirst() where app.flows.indices.contains(copy.flow) && app.flows[copy.flow].globalTransitions.indices.contains(copy.index) {
                    app.flows[copy.flow].globalTransitions[copy.index] = mutated
                }
            }
        }
        return carried
    }
}

/// The flow-global transitions that are one app-wide declaration (`app.on`) lowered into several flows: groups of
/// (flow, index) with the same source position, event and place among the alternatives, first copy first.
func appWideCopies(in app: App) -> [[(flow: Int, index: Int)]] {
    var groups: [String: [(flow: Int, index: Int)]] = [:]
    var order: [String] = []
    for (flowIndex, flow) in app.flows.enumerated() {
        var alternatives: [String: Int] = [:]
        for (index, transition) in flow.globalTransitions.enumerated() {
            let alternative = alternatives[transition.event, default: 0]
            alternatives[transition.event] = alternative + 1
            let key = "\(transition.range.file):\(transition.range.start.line):\(transition.range.start.column)\u{0}\(transition.event)\u{0}\(alternative)"
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append((flowIndex, index))
        }
    }
    return order.compactMap { groups[$0] }.filter { $0.count > 1 }
}

/// Where a list of transitions lives in an `App`.
enum TransitionListSite: Sendable {
    case global(Int)
    case screen(Int)
    case globalTimer(Int, Int)
    case screenTimer(Int, Int)
    case recurringTimer(Int)
}

/// A transition: its list, its index there, then (for sub-flow returns) route and index, repeatedly.
struct TransitionPath: Sendable {
    var list: TransitionListSite
    var index: Int
    var nested: [(route: Int, index: Int)] = []

    /// Edits the transition in place; does nothing if the path no longer fits the app.
    func modify(_ app: inout App, _ body: (inout Transition) -> Void) {
        switch list {
        case .global(let flow):
            guard app.flows.indices.contains(flow) else { return }
            Self.modify(&app.flows[flow].globalTransitions, index, nested[...], body)
        case .screen(let screen):
            guard app.screens.indices.contains(screen) else { return }
            Self.modify(&app.screens[screen].transitions, index, nested[...], body)
        case .globalTimer(let flow, let timer):
            guard app.flows.indices.contains(flow), app.flows[flow].globalTimers.indices.contains(timer) else { return }
            Self.modify(&app.flows[flow].globalTimers[timer].transitions, index, nested[...], body)
        case .screenTimer(let screen, let timer):
            guard app.screens.indices.contains(screen), app.screens[screen].timers.indices.contains(timer) else { return }
            Self.modify(&app.screens[screen].timers[timer].transitions, index, nested[...], body)
        case .recurringTimer(let timer):
            guard app.recurringTimers.indices.contains(timer) else { return }
            Self.modify(&app.recurringTimers[timer].transitions, index, nested[...], body)
        }
    }

    private static func modify(_ list: inout [Transition], _ index: Int, _ nested: ArraySlice<(route: Int, index: Int)>,
                               _ body: (inout Transition) -> Void) {
        guard list.indices.contains(index) else { return }
        guard let next = nested.first else { return body(&list[index]) }
        guard case .subflow(let flow, var returns) = list[index].target, returns.indices.contains(next.route) else { return }
        modify(&returns[next.route].transitions, next.index, nested.dropFirst(), body)
        list[index].target = .subflow(flow, returns: returns)
    }

    /// The path of the list holding this transition's sub-flow returns (`route`), at `index`.
    func appending(route: Int, index: Int) -> TransitionPath {
        var path = self
        path.nested.append((route, index))
        return path
    }
}

/// Where a list of actions lives: a screen's entry or exit, or a transition.
enum ActionListSite: Sendable {
    case enter(Int)
    case exit(Int)
    case transition(TransitionPath)

    func modify(_ app: inout App, _ body: (inout [Action]) -> Void) {
        switch self {
        case .enter(let screen):
            guard app.screens.indices.contains(screen) else { return }
            body(&app.screens[screen].enter)
        case .exit(let screen):
            guard app.screens.indices.contains(screen) else { return }
            body(&app.screens[screen].exit)
        case .transition(let path):
            path.modify(&app) { body(&$0.actions) }
        }
    }
}

/// Timers live on a screen or on a flow.
enum TimerSite: Sendable {
    case screenTimer(Int, Int)
    case globalTimer(Int, Int)
    /// `app.every`.
    case recurringTimer(Int)

    func modify(_ app: inout App, _ body: (inout FlowIR.Timer) -> Void) {
        switch self {
        case .screenTimer(let screen, let timer):
            guard app.screens.indices.contains(screen), app.screens[screen].timers.indices.contains(timer) else { return }
            body(&app.screens[screen].timers[timer])
        case .globalTimer(let flow, let timer):
            guard app.flows.indices.contains(flow), app.flows[flow].globalTimers.indices.contains(timer) else { return }
            body(&app.flows[flow].globalTimers[timer])
        case .recurringTimer(let timer):
            guard app.recurringTimers.indices.contains(timer) else { return }
            body(&app.recurringTimers[timer])
        }
    }

    var transitionList: TransitionListSite {
        switch self {
        case .screenTimer(let screen, let timer): .screenTimer(screen, timer)
        case .globalTimer(let flow, let timer): .globalTimer(flow, timer)
        case .recurringTimer(let timer): .recurringTimer(timer)
        }
    }
}

/// Walks an app and collects mutants in visiting order.
struct MutantCollector {
    let app: App
    var mutants: [Mutant] = []
    /// Indices of the current flow's global transitions that are app-wide declarations (their mutants say so).
    var appWide: Set<Int> = []
    /// The part of the screen being visited when it is not a transition (a field's rules, entry, exit, back).
    var part: ScreenPart?

    init(app: App) {
        self.app = app
    }

    mutating func add(_ op: MutationOperator, _ change: String, range: SourceRange, screen: Int?, flow: Int, event: String?,
                      writes: Set<String> = [], apply: @escaping @Sendable (inout App) -> Void) {
        var mutant = Mutant(number: mutants.count + 1, operator: op, change: change, range: range, screen: screen, flow: flow,
                            event: event, writes: writes, apply: apply)
        mutant.part = event.map { .transition($0) } ?? part
        mutants.append(mutant)
    }

    /// The state variables a list of actions writes (`set`, `append`, `clear`), by their first path component.
    func stateWrites(_ actions: [Action]) -> Set<String> {
        var names = Set<String>()
        for action in actions {
            switch action.kind {
            case .set(let path, _), .append(let path, _), .clear(let path): if let head = path.first { names.insert(head) }
            default: break
            }
        }
        return names
    }

    // MARK: Transitions

    mutating func transitionList(_ transitions: [Transition], root: () -> TransitionListSite, screen: Int?, flow: Int,
                                 skipping skipped: Set<Int> = []) {
        for (index, transition) in transitions.enumerated() where !skipped.contains(index) {
            let before = mutants.count
            self.transition(transition, path: TransitionPath(list: root(), index: index), screen: screen, flow: flow)
            if appWide.contains(index) { for number in before..<mutants.count { mutants[number].appWide = true } }
        }
        outcomeReroutes(transitions, site: root(), screen: screen, flow: flow, skipping: skipped)
    }

    mutating func transition(_ transition: Transition, path: TransitionPath, screen: Int?, flow: Int) {
        let event = transition.event
        let writes = stateWrites(transition.actions)
        if transition.condition != nil {
            let source = transition.conditionSource ?? "…"
            add(.guardDropped, "if: \(source) → dropped", range: transition.range, screen: screen, flow: flow, event: event, writes: writes) { app in
                path.modify(&app) { $0.condition = nil; $0.conditionSource = nil }
            }
            add(.guardNegated, "if: \(source) → !(\(source))", range: transition.range, screen: screen, flow: flow, event: event, writes: writes) { app in
                path.modify(&app) { transition in
                    guard let condition = transition.condition else { return }
                    transition.condition = TypedExpression(type: .bool, span: condition.span, kind: .unary(.not, condition))
                    transition.conditionSource = "!(\(source))"
                }
            }
        }
        if let condition = transition.condition {
            for edit in expressionEdits(of: condition, enums: enums, currency: app.currency) {
                let mutated = edit.expression
                add(edit.op, "if: \(edit.change)", range: edit.range ?? transition.range, screen: screen, flow: flow, event: event, writes: writes) { app in
                    path.modify(&app) { $0.condition = mutated }
                }
            }
        }
        switch transition.target {
        case .screen(let target), .overlay(let target):
            if let other = swappedScreen(for: target, avoiding: screen) {
                let isOverlay = if case .overlay = transition.target { true } else { false }
                let key = isOverlay ? "overlay" : "to"
                add(.targetSwapped, "\(key): \(app.screens[target].id) → \(app.screens[other].id)", range: transition.range,
                    screen: screen, flow: flow, event: event, writes: writes) { app in
                    path.modify(&app) { $0.target = isOverlay ? .overlay(other) : .screen(other) }
                }
            }
        case .end(let outcome):
            let outcomes = app.flows[flow].outcomes
            if let position = outcomes.firstIndex(of: outcome), outcomes.count > 1 {
                let other = outcomes[(position + 1) % outcomes.count]
                add(.targetSwapped, "end: \(outcome) → \(other)", range: transition.range, screen: screen, flow: flow, event: event, writes: writes) { app in
                    path.modify(&app) { $0.target = .end(other) }
                }
            }
        case .subflow(_, let returns):
            for (routeIndex, route) in returns.enumerated() {
                let routePath = path.appending(route: routeIndex, index: 0)
                for (index, inner) in route.transitions.enumerated() {
                    var innerPath = routePath
                    innerPath.nested[innerPath.nested.count - 1].index = index
                    self.transition(inner, path: innerPath, screen: screen, flow: flow)
                }
            }
            if returns.count > 1 {
                for first in returns.indices {
                    let second = (first + 1) % returns.count
                    guard first < second || returns.count > 2 else { continue }
                    let a = returns[first].outcome, b = returns[second].outcome
                    add(.outcomeRerouted, "returns: \(a) ↔ \(b)", range: transition.range, screen: screen, flow: flow, event: event, writes: writes) { app in
                        path.modify(&app) { transition in
                            guard case .subflow(let flow, var returns) = transition.target,
                                  returns.indices.contains(first), returns.indices.contains(second) else { return }
                            let saved = returns[first].outcome
                            returns[first].outcome = returns[second].outcome
                            returns[second].outcome = saved
                            transition.target = .subflow(flow, returns: returns)
                        }
                    }
                }
            }
        case .back, .stay:
            break
        }
        actionList(transition.actions, site: .transition(path), screen: screen, flow: flow, event: event)
    }

    /// The screen after `target` in its flow's declaration order (cyclic), other than the source screen if possible.
    func swappedScreen(for target: Int, avoiding source: Int?) -> Int? {
        guard app.screens.indices.contains(target) else { return nil }
        let screens = app.flows[app.screens[target].flow].screens
        guard let position = screens.firstIndex(of: target) else { return nil }
        var fallback: Int?
        for step in 1..<max(screens.count, 1) {
            let candidate = screens[(position + step) % screens.count]
            if candidate == target { continue }
            if candidate != source { return candidate }
            fallback = fallback ?? candidate
        }
        return fallback
    }

    /// Service outcome handlers of one operation in the same list exchange their events (`success` is handled as `failure` was).
    mutating func outcomeReroutes(_ transitions: [Transition], site: TransitionListSite, screen: Int?, flow: Int, skipping skipped: Set<Int> = []) {
        let operations = Set(app.services.flatMap { service in service.operations.map { "\(service.name).\($0.name)" } })
        func operation(of event: String) -> String? {
            guard let dot = event.lastIndex(of: ".") else { return nil }
            let head = String(event[..<dot])
            return operations.contains(head) ? head : nil
        }
        for (first, a) in transitions.enumerated() where !skipped.contains(first) {
            guard let op = operation(of: a.event) else { continue }
            // The next handler of another outcome of the same operation.
            guard let second = transitions.indices.first(where: { $0 > first && operation(of: transitions[$0].event) == op && transitions[$0].event != a.event })
            else { continue }
            let eventA = a.event, eventB = transitions[second].event
            let writes = stateWrites(a.actions).union(stateWrites(transitions[second].actions))
            defer { if appWide.contains(first), let last = mutants.indices.last { mutants[last].appWide = true } }
            add(.outcomeRerouted, "on \(eventA) ↔ \(eventB)", range: a.range, screen: screen, flow: flow, event: eventA, writes: writes) { app in
                TransitionPath(list: site, index: first).modify(&app) { $0.event = eventB }
                TransitionPath(list: site, index: second).modify(&app) { $0.event = eventA }
            }
        }
    }

    // MARK: Actions

    mutating func actionList(_ actions: [Action], site: ActionListSite, screen: Int?, flow: Int, event: String?) {
        let writes = stateWrites(actions)
        for (index, action) in actions.enumerated() where !overwrittenUnread(actions, at: index) {
            add(.actionDropped, "drop \(describe(action))", range: action.range, screen: screen, flow: flow, event: event, writes: writes) { app in
                site.modify(&app) { list in if list.indices.contains(index) { list.remove(at: index) } }
            }
        }
        for (index, action) in actions.enumerated() {
            self.actionContents(action, at: index, site: site, screen: screen, flow: flow, event: event, writes: writes)
        }
        for index in actions.indices.dropLast() where !commute(actions[index], actions[index + 1]) {
            let a = describe(actions[index]), b = describe(actions[index + 1])
            add(.actionsSwapped, "\(a) ↔ \(b)", range: actions[index].range, screen: screen, flow: flow, event: event, writes: writes) { app in
                site.modify(&app) { list in if list.indices.contains(index + 1) { list.swapAt(index, index + 1) } }
            }
        }
    }

    /// The changes inside one action: its value's expression edits (`set`, `append`, each call argument, each analytics
    /// property), a call's optional argument dropped or two of its arguments of one type exchanged, an analytics property
    /// dropped, a push or toast text changed.
    mutating func actionContents(_ action: Action, at index: Int, site: ActionListSite, screen: Int?, flow: Int, event: String?, writes: Set<String>) {
        let label = describe(action)
        func edit(_ body: @escaping @Sendable (inout Action) -> Void) -> @Sendable (inout App) -> Void {
            { app in site.modify(&app) { list in if list.indices.contains(index) { body(&list[index]) } } }
        }
        switch action.kind {
        case .set(let path, let value), .append(let path, let value):
            let isSet = if case .set = action.kind { true } else { false }
            for change in expressionEdits(of: value, enums: enums, currency: app.currency) {
                let mutated = change.expression
                add(change.op, "\(label): \(change.change)", range: change.range ?? action.range, screen: screen, flow: flow, event: event, writes: writes,
                    apply: edit { $0.kind = isSet ? .set(path: path, value: mutated) : .append(path: path, value: mutated) })
            }
        case .call(let service, let operation, let arguments):
            let inputs = app.services.indices.contains(service) && app.services[service].operations.indices.contains(operation)
                ? app.services[service].operations[operation].input : []
            for (position, argument) in arguments.enumerated() {
                for change in expressionEdits(of: argument.value, enums: enums, currency: app.currency) {
                    let mutated = change.expression
                    add(change.op, "\(label) \(argument.name): \(change.change)", range: change.range ?? action.range, screen: screen, flow: flow,
                        event: event, writes: writes, apply: edit { action in
                            guard case .call(let s, let o, var list) = action.kind, list.indices.contains(position) else { return }
                            list[position].value = mutated
                            action.kind = .call(service: s, operation: o, arguments: list)
                        })
                }
                if let (replacement, other) = alternative(to: argument.value) {
                    add(.argumentReplaced, "\(label) \(argument.name) → \(other)", range: action.range, screen: screen, flow: flow, event: event,
                        writes: writes, apply: edit { action in
                            guard case .call(let s, let o, var list) = action.kind, list.indices.contains(position) else { return }
                            list[position].value = replacement
                            action.kind = .call(service: s, operation: o, arguments: list)
                        })
                }
                if let input = inputs.first(where: { $0.name == argument.name }), case .optional = input.type, argument.value.kind != .literal(.null) {
                    let null = TypedExpression(type: input.type, span: argument.value.span, kind: .literal(.null))
                    add(.argumentDropped, "\(label): drop \(argument.name)", range: action.range, screen: screen, flow: flow, event: event, writes: writes,
                        apply: edit { action in
                            guard case .call(let s, let o, var list) = action.kind, list.indices.contains(position) else { return }
                            list[position].value = null
                            action.kind = .call(service: s, operation: o, arguments: list)
                        })
                }
                for other in arguments.indices where other > position && arguments[other].value.type == argument.value.type
                    && arguments[other].value != argument.value {
                    add(.argumentSwapped, "\(label): \(argument.name) ↔ \(arguments[other].name)", range: action.range, screen: screen, flow: flow,
                        event: event, writes: writes, apply: edit { action in
                            guard case .call(let s, let o, var list) = action.kind, list.indices.contains(other) else { return }
                            let saved = list[position].value
                            list[position].value = list[other].value
                            list[other].value = saved
                            action.kind = .call(service: s, operation: o, arguments: list)
                        })
                }
            }
        case .analytics(let name, let properties):
            for (position, property) in properties.enumerated() {
                add(.propertyDropped, "\(label): drop \(property.name)", range: action.range, screen: screen, flow: flow, event: event, writes: writes,
                    apply: edit { action in
                        guard case .analytics(let n, var list) = action.kind, list.indices.contains(position) else { return }
                        list.remove(at: position)
                        action.kind = .analytics(event: n, properties: list)
                    })
                for change in expressionEdits(of: property.value, enums: enums, currency: app.currency) {
                    let mutated = change.expression
                    add(change.op, "\(label) \(property.name): \(change.change)", range: change.range ?? action.range, screen: screen, flow: flow,
                        event: event, writes: writes, apply: edit { action in
                            guard case .analytics(let n, var list) = action.kind, list.indices.contains(position) else { return }
                            list[position].value = mutated
                            action.kind = .analytics(event: n, properties: list)
                        })
                }
            }
            _ = name
        case .push(let text):
            add(.effectText, "\(label) → \"\(text) (changed)\"", range: action.range, screen: screen, flow: flow, event: event, writes: writes,
                apply: edit { $0.kind = .push(changed(text)) })
            if let source = untranslated(text.value) {
                add(.translationDropped, "\(label) \"\(text)\": translations → dropped", range: action.range, screen: screen, flow: flow, event: event,
                    writes: writes, apply: edit { $0.kind = .push(DisplayText(source: text.source, value: source)) })
            }
        case .toast(let text):
            add(.effectText, "\(label) → \"\(text) (changed)\"", range: action.range, screen: screen, flow: flow, event: event, writes: writes,
                apply: edit { $0.kind = .toast(changed(text)) })
            if let source = untranslated(text.value) {
                add(.translationDropped, "\(label) \"\(text)\": translations → dropped", range: action.range, screen: screen, flow: flow, event: event,
                    writes: writes, apply: edit { $0.kind = .toast(DisplayText(source: text.source, value: source)) })
            }
        default:
            break
        }
    }

    /// Another state or derived value of the argument's type (the first in declaration order that the argument does not
    /// read already): the value a slip of the pen would pass instead (`balance` for `amount`, `home_currency` for `currency`).
    /// An enum argument with no such value gets another case of its type instead.
    func alternative(to value: TypedExpression) -> (TypedExpression, String)? {
        let type = value.type
        let candidates = app.state.filter { $0.type == type }.map(\.name) + app.derived.filter { $0.type == type }.map(\.name)
        let name: String? = if case .variable(let own) = value.kind { candidates.first { $0 != own } }
            else { candidates.first { !value.referencedVariables.contains($0) } }
        if let name { return (TypedExpression(type: type, span: value.span, kind: .variable(name)), name) }
        guard case .enumeration(let enumName) = type, let cases = enums[enumName] else { return nil }
        let current: String? = if case .enumCase(_, let written) = value.kind { written } else { nil }
        guard let other = cases.first(where: { $0 != current }), current != nil || cases.count > 1 else { return nil }
        // A literal is swapped by `enum-swapped` already.
        guard current == nil else { return nil }
        return (TypedExpression(type: type, span: value.span, kind: .enumCase(type: enumName, name: other)), "\(enumName).\(other)")
    }

    /// Enum types by name, with their cases in declaration order.
    var enums: [String: [String]] {
        var result: [String: [String]] = [:]
        for type in app.types { if case .enumeration(let cases) = type.kind { result[type.name] = cases } }
        return result
    }

    /// Whether two adjacent actions give the same result in either order, so swapping them is an
    /// equivalent mutant and is not planted: state writes to disjoint places whose values do not read
    /// each other's place, or a state write and an effect whose values do not read the written place.
    /// `clear_fields` counts as a write of `form`. A `raise` only queues its event for after the
    /// transition, so it commutes with writes and with analytics, pushes and toasts, but not with
    /// another `raise` or a `call` (whose outcome is queued too). Two effects never commute: their
    /// order is observable.
    func commute(_ a: Action, _ b: Action) -> Bool {
        if case .raise = a.kind { return raiseCommutes(with: b) }
        if case .raise = b.kind { return raiseCommutes(with: a) }
        switch (write(a), write(b)) {
        case let (first?, second?):
            return !overlaps(first.path, second.path) && !reads(second.reads, first.path) && !reads(first.reads, second.path)
        case let (first?, nil):
            guard let effect = effectReads(b) else { return false }
            return !reads(effect, first.path)
        case let (nil, second?):
            guard let effect = effectReads(a) else { return false }
            return !reads(effect, second.path)
        case (nil, nil):
            return false
        }
    }

    /// Whether the write at `index` is overwritten later in the same list (by a `set` or `clear` of the
    /// same place or one containing it) before anything reads its variable: dropping it is then an
    /// equivalent mutant (`clear: [transfer_rail]` followed by `set: { transfer_rail: … }`).
    func overwrittenUnread(_ actions: [Action], at index: Int) -> Bool {
        guard let written = write(actions[index]), case let head? = written.path.first, written.path != ["form"] else { return false }
        for later in actions[(index + 1)...] {
            switch later.kind {
            case .set(let path, let value):
                if closure(value.referencedVariables).contains(head) { return false }
                if written.path.starts(with: path) { return true }
            case .clear(let path):
                if written.path.starts(with: path) { return true }
            case .append(let path, let value):
                if path.first == head || closure(value.referencedVariables).contains(head) { return false }
            case .raise, .push, .toast:
                continue
            case .call, .analytics:
                if effectReads(later).map({ $0.contains(head) }) ?? true { return false }
            case .clearFields, .fillField:
                continue
            }
        }
        return false
    }

    /// The place a state write writes and the variables its value reads (through derived values).
    func write(_ action: Action) -> (path: [String], reads: Set<String>)? {
        switch action.kind {
        case .set(let path, let value), .append(let path, let value): (path, closure(value.referencedVariables))
        case .clear(let path): (path, [])
        case .clearFields: (["form"], [])
        default: nil
        }
    }

    func raiseCommutes(with other: Action) -> Bool {
        switch other.kind {
        case .raise, .call: false
        default: true
        }
    }

    /// The variables an effect's values read, or nil for an action that is not an effect.
    func effectReads(_ action: Action) -> Set<String>? {
        switch action.kind {
        case .call(_, _, let arguments): closure(arguments.reduce(into: Set<String>()) { $0.formUnion($1.value.referencedVariables) })
        case .analytics(_, let properties): closure(properties.reduce(into: Set<String>()) { $0.formUnion($1.value.referencedVariables) })
        case .push, .toast: []
        default: nil
        }
    }

    /// Variables read, with the state variables behind each derived value read.
    func closure(_ names: Set<String>) -> Set<String> {
        var result = names
        var pending = Array(names)
        while let name = pending.popLast() {
            guard let derived = app.derived.first(where: { $0.name == name }), let value = derived.value else { continue }
            for variable in value.referencedVariables where result.insert(variable).inserted { pending.append(variable) }
        }
        return result
    }

    /// One path is a prefix of the other (`tx_draft` and `tx_draft.day` overlap; `tx_draft.day` and `tx_draft.kind` do not).
    func overlaps(_ a: [String], _ b: [String]) -> Bool {
        a.starts(with: b) || b.starts(with: a)
    }

    /// Whether an expression reading `names` reads the variable a write to `path` changes.
    func reads(_ names: Set<String>, _ path: [String]) -> Bool {
        path.first.map(names.contains) ?? true
    }

    func describe(_ action: Action) -> String {
        switch action.kind {
        case .set(let path, _): "set \(path.joined(separator: "."))"
        case .append(let path, _): "append \(path.joined(separator: "."))"
        case .clearFields: "clear_fields"
        case .fillField(let field, let value, let onlyWhenEmpty):
            onlyWhenEmpty ? "default of \(field)" : value == nil ? "clear form.\(field)" : "fill \(field)"
        case .clear(let path): "clear \(path.joined(separator: "."))"
        case .call(let service, let operation, _):
            app.services.indices.contains(service) && app.services[service].operations.indices.contains(operation)
                ? "call \(app.services[service].name).\(app.services[service].operations[operation].name)" : "call"
        case .analytics(let event, _): "analytics \(event)"
        case .push(let text): "push \"\(text.source)\""
        case .toast(let text): "toast \"\(text.source)\""
        case .raise(let event): "raise \(event)"
        }
    }

    // MARK: Timers

    mutating func timer(_ timer: FlowIR.Timer, site: TimerSite, screen: Int?, flow: Int, fallback: SourceRange) {
        let range = timer.transitions.first?.range ?? fallback
        let event = "after \(timer.delaySource)"
        let writes = timer.transitions.reduce(into: Set<String>()) { $0.formUnion(stateWrites($1.actions)) }
        for (source, milliseconds) in timerVariants(timer.delaySource) {
            add(.timer, "after: \(timer.delaySource) → \(source)", range: range, screen: screen, flow: flow, event: event, writes: writes) { app in
                site.modify(&app) { $0.delayMilliseconds = milliseconds; $0.delaySource = source }
            }
        }
        for (index, transition) in timer.transitions.enumerated() {
            self.transition(transition, path: TransitionPath(list: site.transitionList, index: index), screen: screen, flow: flow)
        }
    }

    /// One unit longer, one unit shorter (when still positive), doubled: `6s` → `7s`, `5s`, `12s`.
    func timerVariants(_ source: String) -> [(String, Int)] {
        let units: [(suffix: String, factor: Int)] = [("ms", 1), ("s", 1000), ("m", 60_000), ("h", 3_600_000), ("d", 86_400_000)]
        guard let unit = units.first(where: { source.hasSuffix($0.suffix) }), let value = Int(source.dropLast(unit.suffix.count)) else { return [] }
        var values = [value + 1]
        if value > 1 { values.append(value - 1) }
        values.append(value * 2)
        return values.map { ("\($0)\(unit.suffix)", $0 * unit.factor) }
    }

    // MARK: Validation rules

    mutating func rules(of field: Field, screen: Int, field fieldIndex: Int) {
        let flow = app.screens[screen].flow
        for (ruleIndex, rule) in field.rules.enumerated() {
            let edit = { @Sendable (app: inout App, body: (inout ValidationRule) -> Void) in
                guard app.screens.indices.contains(screen), app.screens[screen].fields.indices.contains(fieldIndex),
                      app.screens[screen].fields[fieldIndex].rules.indices.contains(ruleIndex) else { return }
                body(&app.screens[screen].fields[fieldIndex].rules[ruleIndex])
                app.screens[screen].lowerFieldRules()
            }
            let label = "\(field.name).\(rule.name)"
            for (change, kind) in parameterVariants(rule.kind) {
                add(.ruleParameter, "\(label): \(change)", range: rule.range, screen: screen, flow: flow, event: nil) { app in
                    edit(&app) { $0.kind = kind }
                }
            }
            add(.ruleMessage, "\(label) message: \"\(rule.message)\" → \"\(rule.message) (changed)\"", range: rule.range,
                screen: screen, flow: flow, event: nil) { app in
                edit(&app) { $0.message += " (changed)" }
            }
            add(.ruleDropped, "drop \(label)", range: rule.range, screen: screen, flow: flow, event: nil) { app in
                guard app.screens.indices.contains(screen), app.screens[screen].fields.indices.contains(fieldIndex),
                      app.screens[screen].fields[fieldIndex].rules.indices.contains(ruleIndex) else { return }
                app.screens[screen].fields[fieldIndex].rules.remove(at: ruleIndex)
                app.screens[screen].lowerFieldRules()
            }
        }
    }

    /// The parameter moved by one each way (where it stays meaningful), or the last listed value removed.
    func parameterVariants(_ kind: ValidationRule.Kind) -> [(String, ValidationRule.Kind)] {
        func around(_ n: Int, lowest: Int, _ make: (Int) -> ValidationRule.Kind) -> [(String, ValidationRule.Kind)] {
            var result = [("\(n) → \(n + 1)", make(n + 1))]
            if n - 1 >= lowest { result.append(("\(n) → \(n - 1)", make(n - 1))) }
            return result
        }
        switch kind {
        case .minLength(let n): return around(n, lowest: 0, ValidationRule.Kind.minLength)
        case .maxLength(let n): return around(n, lowest: 0, ValidationRule.Kind.maxLength)
        case .length(let n): return around(n, lowest: 1, ValidationRule.Kind.length)
        case .minAge(let n): return around(n, lowest: 0, ValidationRule.Kind.minAge)
        case .decimalPlaces(let n): return around(n, lowest: 0, ValidationRule.Kind.decimalPlaces)
        case .oneOf(let values) where values.count > 1:
            return [("[\(values.joined(separator: ", "))] → without \(values[values.count - 1])", .oneOf(Array(values.dropLast())))]
        case .notIn(let values) where !values.isEmpty:
            return [("[\(values.joined(separator: ", "))] → without \(values[values.count - 1])", .notIn(Array(values.dropLast())))]
        default:
            return []
        }
    }
}

extension MutantCollector {
    /// Each operation's `timeout:` dropped and doubled, and `when_left: cancel` turned to `wait`: a scenario that lets
    /// the call time out, or leaves the waiting screen, catches them.
    mutating func callPolicies() {
        for (serviceIndex, service) in app.services.enumerated() {
            for (operationIndex, operation) in service.operations.enumerated() {
                let name = "\(service.name).\(operation.name)"
                func edit(_ body: @escaping @Sendable (inout Service.Operation) -> Void) -> @Sendable (inout App) -> Void {
                    { app in
                        guard app.services.indices.contains(serviceIndex), app.services[serviceIndex].operations.indices.contains(operationIndex) else { return }
                        body(&app.services[serviceIndex].operations[operationIndex])
                    }
                }
                if let timeout = operation.timeout {
                    add(.callPolicy, "\(name) timeout: \(timeout.source) → dropped", range: service.range, screen: nil, flow: app.startFlow, event: nil,
                        apply: edit { $0.timeout = nil })
                    add(.callPolicy, "\(name) timeout: \(timeout.source) → doubled", range: service.range, screen: nil, flow: app.startFlow, event: nil,
                        apply: edit { $0.timeout?.milliseconds = timeout.milliseconds.multipliedReportingOverflow(by: 2).partialValue })
                }
                if operation.cancelsWhenLeft {
                    add(.callPolicy, "\(name) when_left: cancel → wait", range: service.range, screen: nil, flow: app.startFlow, event: nil,
                        apply: edit { $0.cancelsWhenLeft = false })
                }
            }
        }
    }
}

/// A text with words added at its end, in every locale, so any scenario that reads it word for word notices.
private func changed(_ text: DisplayText) -> DisplayText {
    guard text.fixedText == nil else { return DisplayText(fixed: text.source + " (changed)") }
    let suffix = TypedExpression(type: .text, span: 0..<0, kind: .literal(.text(" (changed)")))
    return DisplayText(source: text.source, value: TypedExpression(type: .text, span: 0..<0, kind: .binary(.add, text.value, suffix)))
}
