import FlowIR
import FlowSource

extension AppChecker {
    /// Reachability from the app's start screen, dead ends, and raised events nobody handles.
    func checkGraph() {
        guard !app.screens.isEmpty else { return }
        var reachable = [Bool](repeating: false, count: app.screens.count)
        var flowReached = [Bool](repeating: false, count: app.flows.count)
        var queue: [Int] = []
        func visit(_ screen: Int) {
            guard app.screens.indices.contains(screen), !reachable[screen] else { return }
            reachable[screen] = true
            queue.append(screen)
        }
        func follow(_ transitions: [Transition]) {
            for transition in transitions {
                switch transition.target {
                case .screen(let index), .overlay(let index): visit(index)
                case .subflow(let flow, let returns):
                    visit(app.flows[flow].start)
                    for entry in returns { follow(entry.transitions) }
                case .back, .end, .stay: break
                }
            }
        }
        if let start = app.startScreen { visit(start) }
        var head = 0
        // Screens are read in place (never copied out whole): this walks every screen of the app.
        while head < queue.count {
            let screen = queue[head]
            head += 1
            follow(app.screens[screen].transitions)
            for timer in app.screens[screen].timers { follow(timer.transitions) }
            let flow = app.screens[screen].flow
            if !flowReached[flow] {
                flowReached[flow] = true
                follow(app.flows[flow].globalTransitions)
                for timer in app.flows[flow].globalTimers { follow(timer.transitions) }
            }
        }
        // With a broken target somewhere, reachability is unknown: the typo already has its diagnostic.
        let reachabilityKnown = screensWithBrokenTargets.isEmpty
        for (flowIndex, flow) in app.flows.enumerated() where reachabilityKnown {
            if !flowReached[flowIndex] && flow.start >= 0 {
                warning("unreachable-flow", "flow '\(flow.name)' is never entered from the app's start; link to it or remove it", at: flow.range)
                continue
            }
            for index in flow.screens where !reachable[index] {
                warning("unreachable-screen", "screen '\(app.screens[index].id)' cannot be reached from the start of app '\(app.id)'",
                        at: app.screens[index].range)
            }
        }
        let leaves = { (transitions: [Transition]) in transitions.contains { if case .stay = $0.target { false } else { true } } }
        let appWideRanges = Set((sources.root.app?.on ?? []).flatMap { $0.transitions.map(\.range) })
        for index in app.screens.indices where !app.screens[index].terminal && !screensWithBrokenTargets.contains(index) {
            let flow = app.screens[index].flow
            let hasExit = leaves(app.screens[index].transitions) || app.screens[index].timers.contains { leaves($0.transitions) }
                || leaves(app.flows[flow].globalTransitions) || app.flows[flow].globalTimers.contains { leaves($0.transitions) }
            if !hasExit {
                error("dead-end", "screen '\(app.screens[index].id)' has no way out; add a transition or mark it 'terminal: true'", at: app.screens[index].range)
            } else if app.screens[index].backBlocked {
                // Back cannot rescue the person here: some way out must not depend on a condition.
                let leavesAlways = { (transitions: [Transition]) in
                    transitions.contains { transition in
                        if case .stay = transition.target { return false }
                        return transition.condition == nil
                    }
                }
                let screen = app.screens[index]
                // Not ways out of this screen: an app-wide transition (app.on), which every flow carries and which
                // answers something that may never happen here (an integrity check's 'compromised', a push), so
                // counting it would find a way out of every blocked screen of an app that has one; and a global
                // transition for an event the screen handles itself, which never runs here.
                let ownEvents = Set(screen.transitions.map(\.event))
                let flowWide = app.flows[flow].globalTransitions.filter { !appWideRanges.contains($0.range) && !ownEvents.contains($0.event) }
                let hasUnconditionalExit = leavesAlways(screen.transitions) || screen.timers.contains { leavesAlways($0.transitions) }
                    || leavesAlways(flowWide) || app.flows[flow].globalTimers.contains { leavesAlways($0.transitions) }
                if !hasUnconditionalExit {
                    warning("back-blocked-trap",
                            "screen '\(screen.id)' blocks the system back, but every way out of it has a condition: when none holds the person is stuck; add a way out without 'if:' or mark it 'terminal: true'",
                            at: app.screens[index].range)
                }
            }
        }
        for raised in raisedEvents where !handledEvents.contains(raised.name) {
            warning("unhandled-event", "event '\(raised.name)' is raised but no transition handles it", at: raised.range,
                    notes: closestMatch(to: raised.name, among: handledEvents.sorted()).map { [.init("did you mean '\($0)'?")] } ?? [])
        }
    }
}

extension AppChecker {
    /// A service answer that arrives on a screen with no transition for it is ignored at run time: say so at the
    /// call, per screen the answer arrives on. A transition with only a `note:` handles an outcome on purpose.
    func checkUnhandledOutcomes() {
        // A screen with a misspelled event is already reported; the outcome it meant is not reported again.
        for item in app.unhandledOutcomes() where !screensWithBrokenTargets.contains(item.screen) {
            let service = app.services[item.service]
            let operation = "\(service.name).\(service.operations[item.operation].name)"
            let screen = app.screens[item.screen].id
            let listed = item.outcomes.map { "'\($0)'" }
            let outcomes = listed.count == 1 ? listed[0] : listed.dropLast().joined(separator: ", ") + " and " + (listed.last ?? "")
            warning("unhandled-outcome",
                    "'\(operation)' can answer \(outcomes), but screen '\(screen)' (where the answer arrives) does not handle \(listed.count == 1 ? "it" : "them"), nor do its flow or the app: the answer would be ignored",
                    at: item.call,
                    notes: [.init("handle \(listed.count == 1 ? "it" : "each") on '\(screen)' or in the flow's on:; to ignore one on purpose, say why: \(operation).\(item.outcomes[0]): { note: ... }")])
        }
    }
}
