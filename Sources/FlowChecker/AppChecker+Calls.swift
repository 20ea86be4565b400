import FlowIR
import FlowSource
import FlowSyntax

extension AppChecker {
    /// An operation's `timeout:` and `when_left:`. The timeout's outcome is one the operation declares, without
    /// output (the machine answers it itself, so it has nothing to carry), and the length a literal duration.
    func resolveCallPolicy(_ operation: OperationSyntax, of service: String, outcomes: [Service.Operation.Outcome])
        -> (timeout: CallTimeout?, cancelsWhenLeft: Bool) {
        let name = "\(service).\(operation.name.value)"
        var cancels = false
        if let whenLeft = operation.whenLeft {
            switch whenLeft.value {
            case "cancel": cancels = true
            case "wait": cancels = false
            default:
                error("invalid-call-policy", "'when_left' of operation '\(name)' is '\(whenLeft.value)'; write cancel (leaving the waiting screen forgets the call) or wait (the default)",
                      at: whenLeft.range)
            }
        }
        guard let timeout = operation.timeout else { return (nil, cancels) }
        guard let milliseconds = parseDuration(timeout.after.value), milliseconds > 0 else {
            error("invalid-call-policy", "the timeout of '\(name)' is '\(timeout.after.value)'; write how long a call waits, a whole number with ms, s, m, h or d above zero, e.g. 30s",
                  at: timeout.after.range)
            return (nil, cancels)
        }
        guard let outcome = outcomes.first(where: { $0.name == timeout.outcome.value }) else {
            var notes: [Diagnostic.Note] = []
            if let match = closestMatch(to: timeout.outcome.value, among: outcomes.map(\.name)) { notes.append(.init("did you mean '\(match)'?")) }
            notes.append(.init("the outcome a call gets when no answer came in \(timeout.after.value) must be one of its outcomes: declare it, e.g. timed_out: {}"))
            error("invalid-call-policy", "the timeout of '\(name)' answers '\(timeout.outcome.value)', which is not an outcome of '\(name)'",
                  at: timeout.outcome.range, notes: notes)
            return (nil, cancels)
        }
        guard outcome.output.isEmpty else {
            error("invalid-call-policy", "the timeout of '\(name)' answers '\(outcome.name)', which has output (\(outcome.output.map(\.name).joined(separator: ", "))); no service sends a timeout, so nothing fills it",
                  at: timeout.outcome.range, notes: [.init("give the timeout an outcome of its own with no output, e.g. timed_out: {}")])
            return (nil, cancels)
        }
        return (CallTimeout(milliseconds: milliseconds, source: timeout.after.value, outcome: outcome.name), cancels)
    }

    /// A call with no timeout whose answer arrives on a screen the person cannot leave otherwise (no other event,
    /// no timer, back blocked) keeps them there for ever when the service never answers.
    func checkCallsThatCanWaitForever() {
        let answers = Set(app.services.flatMap { service in
            service.operations.flatMap { operation in operation.outcomes.map { "\(service.name).\(operation.name).\($0.name)" } }
        })
        var reported: Set<String> = []
        for arrival in app.callArrivals() where !screensWithBrokenTargets.contains(arrival.screen) {
            let service = app.services[arrival.service]
            let operation = service.operations[arrival.operation]
            guard operation.timeout == nil else { continue }
            let screen = app.screens[arrival.screen]
            guard !screen.terminal, screen.timers.isEmpty, screen.backBlocked else { continue }
            let flow = app.flows.indices.contains(screen.flow) ? app.flows[screen.flow] : nil
            guard flow?.globalTimers.isEmpty ?? true else { continue }
            // Another way out: an event that is no service's answer (a tap, a raised event).
            guard !app.handledEvents(on: arrival.screen).contains(where: { !answers.contains($0) }) else { continue }
            let name = "\(service.name).\(operation.name)"
            guard reported.insert("\(screen.id) \(name)").inserted else { continue }
            warning("call-can-wait-forever",
                    "screen '\(screen.id)' waits for '\(name)' with no way out but its answer (back is blocked, no tap, no timer): if the service never answers, the person stays there for ever",
                    at: arrival.call,
                    notes: [.init("give '\(name)' a timeout (timeout: { after: 30s, outcome: timed_out }) and handle that outcome, or give '\(screen.id)' a way out (a cancel button, a timer)",
                                  at: service.range)])
        }
    }
}
