import FlowSource

/// Service outcomes that arrive on a screen that does not handle them: at run time such an answer is ignored.
public struct UnhandledOutcomes: Sendable, Equatable {
    /// The screen showing when the answer arrives: the screen the call's transition leads to (or stays on).
    public var screen: Int
    public var service: Int
    public var operation: Int
    /// In declaration order.
    public var outcomes: [String]
    /// The `call:` action.
    public var call: SourceRange
}

/// A `call:` and the screen its answer arrives on.
public struct CallArrival: Sendable, Equatable {
    /// The screen showing when the answer arrives: the screen the call's transition leads to (or stays on).
    public var screen: Int
    public var service: Int
    public var operation: Int
    /// The `call:` action.
    public var call: SourceRange
}

extension App {
    /// Each call whose answer arrives on a known screen (the screen of an `enter:` call, or where the calling
    /// transition stays or leads, a sub-flow's start screen), once per call and screen. A call made on the way
    /// `back` or out of a sub-flow (`end:`) is not followed: where its answer arrives depends on the run.
    /// Sorted by call position and screen.
    public func callArrivals() -> [CallArrival] {
        var result: [CallArrival] = []
        var seen: Set<String> = []
        func note(_ actions: [Action], arrivingOn screen: Int?) {
            guard let screen, screens.indices.contains(screen) else { return }
            for action in actions {
                guard let (service, operation) = action.kind.callTarget, seen.insert("\(screen) \(action.range)").inserted else { continue }
                result.append(CallArrival(screen: screen, service: service, operation: operation, call: action.range))
            }
        }
        func follow(_ transition: Transition, from screen: Int?) {
            let arrival: Int? = switch transition.target {
            case .stay: screen
            case .screen(let target), .overlay(let target): target
            case .subflow(let flow, _): flows.indices.contains(flow) ? flows[flow].start : nil
            case .back, .end: nil
            }
            note(transition.actions, arrivingOn: arrival)
            if case .subflow(_, let returns) = transition.target {
                for route in returns { for next in route.transitions { follow(next, from: screen) } }
            }
        }
        guard !services.isEmpty else { return [] }
        for index in screens.indices {
            note(screens[index].enter, arrivingOn: index)
            for transition in screens[index].transitions { follow(transition, from: index) }
            for timer in screens[index].timers { for transition in timer.transitions { follow(transition, from: index) } }
        }
        for flow in flows {
            for transition in flow.globalTransitions { follow(transition, from: nil) }
            for timer in flow.globalTimers { for transition in timer.transitions { follow(transition, from: nil) } }
        }
        return result.sorted { (a: CallArrival, b: CallArrival) -> Bool in
            if a.call.file != b.call.file { return a.call.file < b.call.file }
            if a.call.start != b.call.start { return a.call.start < b.call.start }
            return a.screen < b.screen
        }
    }

    /// The events handled on `screen`: its own transitions' and its flow's `on:`.
    public func handledEvents(on screen: Int) -> Set<String> {
        var events = Set(screens[screen].transitions.map(\.event))
        if flows.indices.contains(screens[screen].flow) {
            events.formUnion(flows[screens[screen].flow].globalTransitions.map(\.event))
        }
        return events
    }

    /// For each call whose answer arrives on a known screen (`callArrivals()`), the outcomes that neither that
    /// screen, its flow's `on:` nor the app's `on:` handle.
    public func unhandledOutcomes() -> [UnhandledOutcomes] {
        // Only a call of an operation with outcomes can leave one unhandled.
        guard services.contains(where: { $0.operations.contains { !$0.outcomes.isEmpty } }) else { return [] }
        return callArrivals().compactMap { arrival in
            let declaration = services[arrival.service].operations[arrival.operation]
            let prefix = "\(services[arrival.service].name).\(declaration.name)."
            let events = handledEvents(on: arrival.screen)
            let missing = declaration.outcomes.map(\.name).filter { !events.contains(prefix + $0) }
            guard !missing.isEmpty else { return nil }
            return UnhandledOutcomes(screen: arrival.screen, service: arrival.service, operation: arrival.operation, outcomes: missing, call: arrival.call)
        }
    }
}

extension Action.Kind {
    /// The operation a `call:` action calls.
    fileprivate var callTarget: (service: Int, operation: Int)? {
        if case .call(let service, let operation, _) = self { return (service, operation) }
        return nil
    }
}
