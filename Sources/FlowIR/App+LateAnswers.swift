import FlowSource

/// A call whose answer can arrive after the person moved on from the screen waiting for it, on screens that do not
/// handle it: at run time that answer is ignored (and a tracked call waits for ever).
public struct LateAnswer: Sendable, Equatable {
    public struct Arrival: Sendable, Equatable {
        /// A screen the person can reach while the call waits.
        public var screen: Int
        /// The outcomes nothing on that screen handles (its own `on:`, its flow's, the app's), in declaration order.
        public var outcomes: [String]
    }
    /// The screen waiting for the answer (`CallArrival.screen`).
    public var waitingScreen: Int
    public var service: Int
    public var operation: Int
    /// The `call:` action.
    public var call: SourceRange
    /// Screens other than the waiting one where some outcome is not handled, in screen order.
    public var arrivals: [Arrival]
}

extension App {
    /// For every call whose answer arrives on a known screen (`callArrivals()`), the other screens its answer can
    /// arrive on where an outcome is not handled.
    ///
    /// Where can it arrive? The answer comes whenever the service sends it, on whatever screen shows then. With
    /// `when_left: cancel` leaving the waiting screen forgets the call, so it can arrive only there or on a sheet
    /// opened over it (opening a sheet does not leave the screen under it). Otherwise (`wait`, the default) it can
    /// arrive on the screen the person moves to next, by any move that does not answer the call: `to:`, `overlay:`,
    /// a sub-flow's start, a return route, a timer's or a flow's or the app's transition, and `back` (to any screen
    /// that leads to the one showing, or that starts its flow). Only the next screen is followed: a slow answer
    /// usually lands there, and whatever settles it (`when_left: cancel`, a handler in the flow's or the app's
    /// `on:`) settles the screens further on too; `flowc explore` finds those.
    public func lateAnswers() -> [LateAnswer] {
        guard services.contains(where: { $0.operations.contains { !$0.outcomes.isEmpty } }) else { return [] }
        let moves = screenMoves()
        var result: [LateAnswer] = []
        var seen: Set<String> = []
        for arrival in callArrivals() {
            let service = services[arrival.service]
            let operation = service.operations[arrival.operation]
            guard !operation.outcomes.isEmpty, seen.insert("\(arrival.call) \(arrival.screen)").inserted else { continue }
            let prefix = "\(service.name).\(operation.name)."
            let answers = Set(operation.outcomes.map { prefix + $0.name })
            let reached = Set(moves[arrival.screen].filter { !answers.contains($0.event) && (!operation.cancelsWhenLeft || $0.isSheet) }.map(\.target))
            let sheets = Set(moves[arrival.screen].filter { $0.isSheet }.map(\.target))
            var arrivals: [LateAnswer.Arrival] = []
            for screen in reached.sorted() where screen != arrival.screen && !isPassedThrough(screen) {
                // An answer belongs to the call that asked it: a tracked call's answer landing on a sheet over the
                // waiting screen is not taken by the sheet's own `on:`, only by its flow's and the app's (the engine's rule).
                let handled = operation.hasCallPolicy && sheets.contains(screen) ? handledEventsWherever(on: screen) : handledEvents(on: screen)
                let missing = operation.outcomes.map(\.name).filter { !handled.contains(prefix + $0) }
                if !missing.isEmpty { arrivals.append(LateAnswer.Arrival(screen: screen, outcomes: missing)) }
            }
            guard !arrivals.isEmpty else { continue }
            result.append(LateAnswer(waitingScreen: arrival.screen, service: arrival.service, operation: arrival.operation,
                                     call: arrival.call, arrivals: arrivals))
        }
        return result
    }

    /// The events handled on `screen` by rules that hold wherever an answer lands: its flow's `on:` and the app's.
    func handledEventsWherever(on screen: Int) -> Set<String> {
        guard flows.indices.contains(screens[screen].flow) else { return [] }
        return Set(flows[screens[screen].flow].globalTransitions.map(\.event))
    }

    /// A screen left in the step that enters it: its entry raises an event that it handles by moving on, whatever
    /// holds (the last alternative has no `if:`), as a launch screen routes to Sign-Up or the Auth screen. No answer
    /// can arrive while it shows: the raised event runs first, in the same step.
    func isPassedThrough(_ screen: Int) -> Bool {
        let raised = screens[screen].enter.compactMap { action -> String? in
            if case .raise(let event) = action.kind { return event }
            return nil
        }
        return raised.contains { event in
            guard let last = screens[screen].transitions.last(where: { $0.event == event }), last.condition == nil else { return false }
            switch last.target {
            case .screen, .subflow, .end: return true
            case .back, .overlay, .stay: return false
            }
        }
    }

    /// One move the person (or a timer) can make from a screen: the event, where it leads, and whether it opens a
    /// sheet over the screen (which stays underneath, not left).
    struct ScreenMove {
        var event: String
        var target: Int
        var isSheet: Bool
    }

    /// Every screen's moves, by screen index.
    func screenMoves() -> [[ScreenMove]] {
        var moves = Array(repeating: [ScreenMove](), count: screens.count)
        // Who leads to a screen, and who starts a flow: where `back` and a flow's ending can return to.
        var leadsTo = Array(repeating: Set<Int>(), count: screens.count)
        var starters = Array(repeating: [(screen: Int, returns: [SubflowReturn])](), count: flows.count)
        func targets(_ transition: Transition, from screen: Int) -> [ScreenMove] {
            switch transition.target {
            case .screen(let target): return [ScreenMove(event: transition.event, target: target, isSheet: false)]
            case .overlay(let target): return [ScreenMove(event: transition.event, target: target, isSheet: true)]
            case .subflow(let flow, _):
                guard flows.indices.contains(flow) else { return [] }
                return [ScreenMove(event: transition.event, target: flows[flow].start, isSheet: false)]
            case .back, .end, .stay: return []
            }
        }
        for screen in screens.indices {
            var transitions = screens[screen].transitions + screens[screen].timers.flatMap(\.transitions)
            if flows.indices.contains(screens[screen].flow) {
                let flow = flows[screens[screen].flow]
                transitions += flow.globalTransitions + flow.globalTimers.flatMap(\.transitions)
            }
            for transition in transitions {
                for move in targets(transition, from: screen) where screens.indices.contains(move.target) {
                    moves[screen].append(move)
                    leadsTo[move.target].insert(screen)
                }
                if case .subflow(let flow, let returns) = transition.target, flows.indices.contains(flow) {
                    starters[flow].append((screen, returns))
                }
            }
        }
        for screen in screens.indices {
            let flow = screens[screen].flow
            // `back`: to any screen that leads here; from a flow's start, to the screens that start the flow.
            var back = screens[screen].backBlocked ? [] : leadsTo[screen]
            if screens[screen].transitions.contains(where: { if case .back = $0.target { true } else { false } }) {
                back = leadsTo[screen]
            }
            if flows.indices.contains(flow), flows[flow].start == screen { back.formUnion(starters[flow].map(\.screen)) }
            for target in back.sorted() { moves[screen].append(ScreenMove(event: "back", target: target, isSheet: false)) }
            // `end:` from a screen of a sub-flow: to each caller, or where its return routes lead.
            guard flows.indices.contains(flow) else { continue }
            let ends = (screens[screen].transitions + screens[screen].timers.flatMap(\.transitions)
                        + flows[flow].globalTransitions + flows[flow].globalTimers.flatMap(\.transitions))
                .filter { if case .end = $0.target { true } else { false } }
            for transition in ends {
                guard case .end(let outcome) = transition.target else { continue }
                for starter in starters[flow] {
                    let routes = starter.returns.filter { $0.outcome == outcome }.flatMap(\.transitions)
                    var led = routes.flatMap { targets($0, from: starter.screen) }.map(\.target)
                    if routes.isEmpty || routes.contains(where: { if case .stay = $0.target { true } else { false } }) { led.append(starter.screen) }
                    for target in led where screens.indices.contains(target) {
                        moves[screen].append(ScreenMove(event: transition.event, target: target, isSheet: false))
                    }
                }
            }
        }
        return moves
    }
}
