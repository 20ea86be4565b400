import FlowIR
import FlowSource

extension AppChecker {
    /// A call of an operation that keeps waiting when its screen is left (`when_left: wait`, the default) can be
    /// answered after the person moved on: on a screen that does not handle the answer it is ignored. Said once per
    /// call, naming the screens and outcomes, with the two ways to settle it.
    func checkLateAnswers() {
        // Once per operation and waiting screen: two buttons that make the same call are settled by one decision.
        var reported: Set<String> = []
        for late in app.lateAnswers() where !screensWithBrokenTargets.contains(late.waitingScreen) {
            guard reported.insert("\(late.service) \(late.operation) \(late.waitingScreen)").inserted else { continue }
            let service = app.services[late.service]
            let declaration = service.operations[late.operation]
            let operation = "\(service.name).\(declaration.name)"
            let waiting = app.screens[late.waitingScreen].id
            // A screen is named alone when it handles none of the outcomes, else with those it does not handle.
            let shown = late.arrivals.prefix(3).map { arrival in
                let screen = "'\(app.screens[arrival.screen].id)'"
                return arrival.outcomes.count == declaration.outcomes.count ? screen : "\(screen) (\(list(arrival.outcomes.map { "'\($0)'" })))"
            }
            let more = late.arrivals.count > 3 ? " and \(late.arrivals.count - 3) more screen\(late.arrivals.count == 4 ? "" : "s")" : ""
            let how = declaration.cancelsWhenLeft
                ? "'\(operation)' is forgotten when '\(waiting)' is left (when_left: cancel), but a sheet opened over it does not leave it, so its answer can arrive on the sheet, whose own on: does not take an answer to another screen's call"
                : "'\(operation)' keeps waiting when '\(waiting)' is left (when_left: wait), so its answer can arrive on the screen the person moves to next"
            let settle = declaration.cancelsWhenLeft
                ? "handle the answer in the sheet's flow's on: or the app's on:, or say why it is ignored there: \(operation).\(late.arrivals[0].outcomes[0]): { note: ... }"
                : "if leaving '\(waiting)' should forget the call, write 'when_left: cancel' on '\(operation)'; if the answer still matters elsewhere, handle it in the flow's or the app's on:; to ignore it on purpose, say why: \(operation).\(late.arrivals[0].outcomes[0]): { note: ... }"
            warning("late-answer-unhandled",
                    "\(how): nothing handles it on \(list(shown))\(more), where it would be ignored",
                    at: late.call, notes: [.init(settle, at: declaration.cancelsWhenLeft ? nil : service.range)])
        }
    }

    /// `'a'`, `'a' and 'b'`, `'a', 'b' and 'c'`.
    private func list(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + (items.last ?? "")
    }
}
