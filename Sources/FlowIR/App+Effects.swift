import FlowSource

extension App {
    /// Calls `body` with every action of the flows, flow by flow, screen by screen, in declaration order (a
    /// sub-flow call's return routes after the call's own), then the app's recurring timers'; `screen` is called
    /// as each screen's turn comes, before its actions.
    public func forEachAction(screen: (Screen) -> Void = { _ in }, _ body: (Action) -> Void) {
        func visit(_ list: [Transition]) {
            for transition in list {
                transition.actions.forEach(body)
                if case .subflow(_, let returns) = transition.target { for route in returns { visit(route.transitions) } }
            }
        }
        for flow in flows {
            for index in flow.screens where screens.indices.contains(index) {
                let current = screens[index]
                screen(current)
                current.enter.forEach(body)
                visit(current.transitions)
                for timer in current.timers { visit(timer.transitions) }
                current.exit.forEach(body)
            }
            visit(flow.globalTransitions)
            for timer in flow.globalTimers { visit(timer.transitions) }
        }
        for timer in recurringTimers { visit(timer.transitions) }
    }

    /// Calls `body` with every effect the flows can emit — screen-view analytics, analytics,
    /// pushes, toasts and service calls (`service.operation`) — flow by flow, screen by screen,
    /// in declaration order; repeats included.
    public func forEachDeclaredEffect(_ body: (_ kind: String, _ value: String, _ range: SourceRange) -> Void) {
        forEachAction(screen: { screen in
            if let analytics = screen.analytics { body("analytics", analytics, screen.range) }
        }) { action in
            switch action.kind {
            case .analytics(let event, _): body("analytics", event, action.range)
            case .push(let text): body("push", text.source, action.range)
            case .toast(let text): body("toast", text.source, action.range)
            case .call(let service, let operation, _):
                if services.indices.contains(service), services[service].operations.indices.contains(operation) {
                    body("call", "\(services[service].name).\(services[service].operations[operation].name)", action.range)
                }
            default: break
            }
        }
    }

    /// The events the flows raise themselves (`raise:`): internal events, which stand for something the flows
    /// decided. Nothing outside sends them: a scenario that does is an error (`internal-event`), `flowc run`
    /// refuses them, and the generated `Event` enum's cases for them cannot be built outside the generated module.
    public var raisedEventNames: Set<String> {
        var names: Set<String> = []
        forEachAction { action in if case .raise(let name) = action.kind { names.insert(name) } }
        return names
    }
}
