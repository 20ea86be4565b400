import FlowIR
import FlowRuntime
import FlowSource

/// What the scenario traces of one app exercised, item by item, in declaration order.
///
/// Computed from traces only: screens visited (a step's `screen`, or either end of a taken
/// transition), variants seen, transitions taken (matched by screen, event and alternative; flow-global
/// ones by flow), guards seen true and false, validation rules seen passing and failing, service
/// outcomes taken, and effects emitted.
struct CoverageReport {
    struct ScreenItem {
        var index: Int
        var screen: Screen
        var visited: Bool
    }

    struct VariantItem {
        var screen: String
        var variant: String
        var range: SourceRange
        var seen: Bool
    }

    struct TransitionItem {
        var flow: Int
        /// Index in `App.screens`; nil for a flow-global transition or timer.
        var screen: Int?
        var event: String
        /// Position among the alternatives for this event (the runtime's `alternative`).
        var alternative: Int
        var transition: Transition
        var taken: Bool

        /// `LOG-002 submit` or `main (global) help`, with `#2` for a later alternative.
        func name(in app: App) -> String {
            let source = screen.map { app.screens[$0].id } ?? "\(app.flows[flow].name) (global)"
            return "\(source) \(event)" + (alternative > 0 ? " #\(alternative + 1)" : "")
        }
    }

    struct GuardItem {
        /// Index in `transitions`.
        var transition: Int
        var source: String
        var seenTrue: Bool
        var seenFalse: Bool
    }

    struct RuleItem {
        var screen: String
        var field: String
        var rule: ValidationRule
        var seenPassing: Bool
        var seenFailing: Bool
    }

    struct OutcomeItem {
        var event: String
        var range: SourceRange
        var taken: Bool
    }

    struct EffectItem {
        var kind: String
        var value: String
        /// Where it is first declared; nil when emitted but not found in the flows.
        var range: SourceRange?
        var count: Int
    }

    /// One thing no scenario exercised, for the "uncovered" lists.
    struct Uncovered {
        var kind: String
        var name: String
        var range: SourceRange?
    }

    var screens: [ScreenItem] = []
    var variants: [VariantItem] = []
    var transitions: [TransitionItem] = []
    var guards: [GuardItem] = []
    var rules: [RuleItem] = []
    var outcomes: [OutcomeItem] = []
    var effects: [EffectItem] = []
    var rowGestures: [RowGestureItem] = []

    init(app: App, results: [ScenarioResult]) {
        // Declared items, in declaration order.
        for flowIndex in app.flows.indices {
            let flow = app.flows[flowIndex]
            for screenIndex in flow.screens where app.screens.indices.contains(screenIndex) {
                let screen = app.screens[screenIndex]
                appendAlternatives(screen.transitions, flow: flowIndex, screen: screenIndex)
                for timer in screen.timers {
                    appendAlternatives(timer.transitions, flow: flowIndex, screen: screenIndex, event: "after \(timer.delaySource)")
                }
                for transition in screen.transitions {
                    guard case .subflow(let called, let returns) = transition.target, app.flows.indices.contains(called) else { continue }
                    for route in returns {
                        appendAlternatives(route.transitions, flow: flowIndex, screen: screenIndex,
                                           event: "\(app.flows[called].name).\(route.outcome)")
                    }
                }
            }
            appendAlternatives(flow.globalTransitions, flow: flowIndex, screen: nil)
            for timer in flow.globalTimers {
                appendAlternatives(timer.transitions, flow: flowIndex, screen: nil, event: "after \(timer.delaySource)")
            }
        }
        // Recurring timers fire on whatever screen shows; they are listed with the app's start flow.
        for timer in app.recurringTimers where app.flows.indices.contains(app.startFlow) {
            appendAlternatives(timer.transitions, flow: app.startFlow, screen: nil, event: "every \(timer.delaySource)")
        }
        for (index, item) in transitions.enumerated() {
            if item.transition.condition != nil {
                guards.append(GuardItem(transition: index, source: item.transition.conditionSource ?? "", seenTrue: false, seenFalse: false))
            }
        }
        for screenIndex in app.flows.flatMap(\.screens) where app.screens.indices.contains(screenIndex) {
            let screen = app.screens[screenIndex]
            for variant in screen.variants {
                variants.append(VariantItem(screen: screen.id, variant: variant.name, range: screen.range, seen: false))
            }
            for field in screen.fields {
                for rule in field.rules {
                    rules.append(RuleItem(screen: screen.id, field: field.name, rule: rule, seenPassing: false, seenFailing: false))
                }
            }
        }
        for service in app.services {
            for operation in service.operations {
                for outcome in operation.outcomes {
                    outcomes.append(OutcomeItem(event: "\(service.name).\(operation.name).\(outcome.name)", range: service.range, taken: false))
                }
            }
        }
        collectDeclaredEffects(app)

        // What the traces show.
        var visited: Set<String> = []
        var variantsSeen: Set<String> = []
        var takenEvents: Set<String> = []
        var rulesSeen: [String: (passing: Bool, failing: Bool)] = [:]
        var emitted: [String: Int] = [:]
        var emittedOrder: [(kind: String, value: String)] = []
        let transitionIndex = Dictionary(transitions.indices.map { (transitionKey(transitions[$0]), $0) },
                                         uniquingKeysWith: { first, _ in first })
        let screenByID = Dictionary(app.screens.indices.map { (app.screens[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
        let lookup = makeGuardLookup()
        for result in results {
            for step in result.trace.steps {
                visited.insert(step.screen)
                if let variant = step.variant { variantsSeen.insert("\(step.screen)\u{0}\(variant)") }
                for rule in step.rules {
                    let key = "\(rule.screen)\u{0}\(rule.field)\u{0}\(rule.rule)"
                    var seen = rulesSeen[key] ?? (false, false)
                    if rule.passed { seen.passing = true } else { seen.failing = true }
                    rulesSeen[key] = seen
                }
                for effect in step.effects {
                    let key = "\(effect.kind)\u{0}\(effect.value)"
                    if emitted[key] == nil { emittedOrder.append((effect.kind, effect.value)) }
                    emitted[key, default: 0] += 1
                }
                for micro in step.microSteps {
                    // The system back gesture is not a declared transition.
                    if step.trigger == .back && micro.event == "back" {
                        if case .taken(let source, let to, _, _) = micro.outcome { visited.insert(source); if let to { visited.insert(to) } }
                        continue
                    }
                    let from: String
                    var global = false
                    var alternative: Int?
                    switch micro.outcome {
                    case .taken(let source, let to, let index, let isGlobal):
                        from = source
                        global = isGlobal
                        alternative = index
                        visited.insert(source)
                        if let to { visited.insert(to) }
                        takenEvents.insert(micro.event)
                    case .rejected(let screen, _), .ignored(let screen):
                        from = screen
                    case .decided:
                        // The engine's own decision: no declared transition to mark.
                        continue
                    }
                    guard let screen = screenByID[from] else { continue }
                    let flow = micro.event.hasPrefix("every ") && global ? app.startFlow : app.screens[screen].flow
                    if let alternative {
                        let key = global ? "g\u{0}\(flow)\u{0}\(micro.event)\u{0}\(alternative)"
                                         : "s\u{0}\(screen)\u{0}\(micro.event)\u{0}\(alternative)"
                        if let index = transitionIndex[key] { transitions[index].taken = true }
                    }
                    markGuards(micro.guards, screen: screen, flow: flow, event: micro.event, global: alternative == nil ? nil : global, lookup: lookup)
                }
            }
        }
        shareAppWideCoverage()
        for index in variants.indices { variants[index].seen = variantsSeen.contains("\(variants[index].screen)\u{0}\(variants[index].variant)") }
        for index in rules.indices {
            let seen = rulesSeen["\(rules[index].screen)\u{0}\(rules[index].field)\u{0}\(rules[index].rule.name)"]
            rules[index].seenPassing = seen?.passing ?? false
            rules[index].seenFailing = seen?.failing ?? false
        }
        for index in outcomes.indices { outcomes[index].taken = takenEvents.contains(outcomes[index].event) }
        for index in effects.indices { effects[index].count = emitted["\(effects[index].kind)\u{0}\(effects[index].value)"] ?? 0 }
        var declaredEffects = Set(effects.map { "\($0.kind)\u{0}\($0.value)" })
        // A text with values (`Refresh {bank} now`) counts what it emitted (`Refresh Barclays now`).
        for index in effects.indices where effects[index].value.contains("{") {
            for effect in emittedOrder where effect.kind == effects[index].kind && !declaredEffects.contains("\(effect.kind)\u{0}\(effect.value)")
                && DisplayText.template(effects[index].value, couldRead: effect.value) {
                effects[index].count += emitted["\(effect.kind)\u{0}\(effect.value)"] ?? 0
                declaredEffects.insert("\(effect.kind)\u{0}\(effect.value)")
            }
        }
        for effect in emittedOrder where !declaredEffects.contains("\(effect.kind)\u{0}\(effect.value)") {
            effects.append(EffectItem(kind: effect.kind, value: effect.value, range: nil, count: emitted["\(effect.kind)\u{0}\(effect.value)"] ?? 0))
        }
        rowGestures = Self.rowGestures(of: app, results: results)
        screens = app.flows.flatMap(\.screens).filter { app.screens.indices.contains($0) }.map {
            ScreenItem(index: $0, screen: app.screens[$0], visited: visited.contains(app.screens[$0].id))
        }
    }

    /// An app-wide transition (`app.on`) is one declaration the checker lowers into every flow's global
    /// transitions: taking it in one flow exercises the declaration, so each copy counts as taken (and each of
    /// its guard outcomes as seen) when any copy is.
    private mutating func shareAppWideCoverage() {
        var copies: [String: [Int]] = [:]
        for (index, item) in transitions.enumerated() where item.screen == nil {
            let range = item.transition.range
            copies["\(range.file):\(range.start.line):\(range.start.column)\u{0}\(item.event)\u{0}\(item.alternative)", default: []].append(index)
        }
        var guardOf: [Int: Int] = [:]
        for (index, item) in guards.enumerated() { guardOf[item.transition] = index }
        for group in copies.values where group.count > 1 {
            let taken = group.contains { transitions[$0].taken }
            let guarded = group.compactMap { guardOf[$0] }
            let seenTrue = guarded.contains { guards[$0].seenTrue }
            let seenFalse = guarded.contains { guards[$0].seenFalse }
            for index in group { transitions[index].taken = taken }
            for index in guarded { guards[index].seenTrue = seenTrue; guards[index].seenFalse = seenFalse }
        }
    }

    private mutating func appendAlternatives(_ list: [Transition], flow: Int, screen: Int?, event fixed: String? = nil) {
        var seen: [String: Int] = [:]
        for transition in list {
            let event = fixed ?? transition.event
            let alternative = seen[event, default: 0]
            seen[event] = alternative + 1
            transitions.append(TransitionItem(flow: flow, screen: screen, event: event, alternative: alternative,
                                              transition: transition, taken: false))
        }
    }

    private func transitionKey(_ item: TransitionItem) -> String {
        if let screen = item.screen { return "s\u{0}\(screen)\u{0}\(item.event)\u{0}\(item.alternative)" }
        return "g\u{0}\(item.flow)\u{0}\(item.event)\u{0}\(item.alternative)"
    }

    /// Matches a micro step's guard results, in order, to the guarded candidates the runtime tried.
    private mutating func markGuards(_ results: [MicroStep.GuardResult], screen: Int, flow: Int, event: String, global: Bool?,
                                     lookup: GuardLookup) {
        guard !results.isEmpty else { return }
        let own = lookup.own["\(screen)\u{0}\(event)"] ?? []
        let flowWide = lookup.flowWide["\(flow)\u{0}\(event)"] ?? []
        let candidates = (global ?? own.isEmpty) ? flowWide : own
        let guarded = candidates.compactMap { lookup.guardOf[$0] }
        for (offset, result) in results.enumerated() where offset < guarded.count && guards[guarded[offset]].source == result.source {
            if result.value { guards[guarded[offset]].seenTrue = true } else { guards[guarded[offset]].seenFalse = true }
        }
    }

    /// Indices for matching guard results: transitions by screen and event, by flow and event, and each transition's guard.
    private struct GuardLookup {
        var own: [String: [Int]] = [:]
        var flowWide: [String: [Int]] = [:]
        var guardOf: [Int: Int] = [:]
    }

    private func makeGuardLookup() -> GuardLookup {
        var lookup = GuardLookup()
        for (index, item) in transitions.enumerated() {
            if let screen = item.screen {
                lookup.own["\(screen)\u{0}\(item.event)", default: []].append(index)
            } else {
                lookup.flowWide["\(item.flow)\u{0}\(item.event)", default: []].append(index)
            }
        }
        for (index, item) in guards.enumerated() { lookup.guardOf[item.transition] = index }
        return lookup
    }

    /// Every analytics event, push, toast and service call the flows can emit, first declaration first.
    private mutating func collectDeclaredEffects(_ app: App) {
        var declared: Set<String> = []
        func add(_ kind: String, _ value: String, _ range: SourceRange) {
            if declared.insert("\(kind)\u{0}\(value)").inserted {
                effects.append(EffectItem(kind: kind, value: value, range: range, count: 0))
            }
        }
        app.forEachDeclaredEffect(add)
    }

    // MARK: Summary

    var screensVisited: Int { screens.filter(\.visited).count }
    var transitionsTaken: Int { transitions.filter(\.taken).count }

    /// (covered, total) per kind of item, in report order.
    var summary: [(kind: String, covered: Int, total: Int)] {
        var counts: [(kind: String, covered: Int, total: Int)] = [
            ("screens", screensVisited, screens.count),
            ("variants", variants.filter(\.seen).count, variants.count),
        ]
        // Row gestures only for an app whose lists have any, so other apps' reports read as before.
        if !rowGestures.isEmpty { counts.append(("row gestures", rowGestures.filter(\.performed).count, rowGestures.count)) }
        let guardOutcomes = guards.map { ($0.seenTrue ? 1 : 0) + ($0.seenFalse ? 1 : 0) }.reduce(0, +)
        let ruleOutcomes = rules.map { ($0.seenPassing ? 1 : 0) + ($0.seenFailing ? 1 : 0) }.reduce(0, +)
        counts += [
            ("transitions", transitionsTaken, transitions.count),
            ("guard outcomes", guardOutcomes, guards.count * 2),
            ("rule outcomes", ruleOutcomes, rules.count * 2),
            ("service outcomes", outcomes.filter(\.taken).count, outcomes.count),
            ("effects", effects.filter { $0.count > 0 }.count, effects.count),
        ]
        return counts
    }

    /// Everything not exercised, by kind, in declaration order.
    func uncovered(in app: App) -> [Uncovered] {
        var list: [Uncovered] = []
        for item in screens where !item.visited {
            list.append(Uncovered(kind: "screen", name: "\(item.screen.id) \(item.screen.name)", range: item.screen.range))
        }
        for item in variants where !item.seen {
            list.append(Uncovered(kind: "variant", name: "\(item.screen) (\(item.variant))", range: item.range))
        }
        for item in rowGestures where !item.performed {
            list.append(Uncovered(kind: "row gesture", name: item.name, range: item.range))
        }
        for item in transitions where !item.taken {
            list.append(Uncovered(kind: "transition", name: item.name(in: app), range: item.transition.range))
        }
        for item in guards where !(item.seenTrue && item.seenFalse) {
            let missing = [item.seenTrue ? nil : "true", item.seenFalse ? nil : "false"].compactMap { $0 }.joined(separator: ", ")
            list.append(Uncovered(kind: "guard", name: "\(transitions[item.transition].name(in: app)) guard \(item.source) never \(missing)",
                                  range: transitions[item.transition].transition.range))
        }
        for item in rules where !(item.seenPassing && item.seenFailing) {
            let missing = [item.seenPassing ? nil : "passing", item.seenFailing ? nil : "failing"].compactMap { $0 }.joined(separator: ", ")
            list.append(Uncovered(kind: "rule", name: "\(item.screen) \(item.field) \(item.rule.name) never \(missing)", range: item.rule.range))
        }
        for item in outcomes where !item.taken {
            list.append(Uncovered(kind: "service outcome", name: item.event, range: item.range))
        }
        for item in effects where item.count == 0 {
            list.append(Uncovered(kind: "effect", name: "\(item.kind) \(item.value)", range: item.range))
        }
        return list
    }
}
