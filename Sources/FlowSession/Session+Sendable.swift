import FlowIR
import FlowSource

// What a person can send at a point of the run: the current screen's events and its flow's (taps, gestures, system
// events such as `app_backgrounded`). A service's answer is given with `outcome` (listed with the call that waits
// for it), and an event the flows raise is not sent from outside, so neither is offered: every list of events
// (refusals, `show`, `help`, Tab completion, a script's `events`, the studio's buttons) comes from here.

/// The events a person can send now, by who handles them.
public struct SendableEvents: Sendable, Equatable {
    /// The current screen's own events, in the order the flows write them.
    public var onScreen: [String]
    /// Its flow's events (`on:` of the flow, `app.on`) the screen does not handle itself.
    public var flowWide: [String]
    /// Both, the screen's first.
    public var all: [String] { onScreen + flowWide }
}

extension Session {
    /// What a person can send now (see `SendableEvents`).
    public var sendableEvents: SendableEvents {
        let answersAndRaised = serviceOutcomeEvents.union(raisedEvents)
        let own = Set(interpreter.currentScreen.transitions.map(\.event))
        let events = interpreter.availableEvents.filter { !answersAndRaised.contains($0) }
        return SendableEvents(onScreen: events.filter { own.contains($0) }, flowWide: events.filter { !own.contains($0) })
    }

    /// Every event some screen or flow lets a person send, for the nearest name to a mistyped one.
    var sendableEverywhere: [String] {
        let answersAndRaised = serviceOutcomeEvents.union(raisedEvents)
        return handledEvents.subtracting(answersAndRaised).sorted()
    }

    /// What can be sent now, in one line a refusal ends with: the screen's events, its flow's, and the outcomes of
    /// the calls that wait (`'ONB-000' takes tap_ok; anywhere in onboarding: app_backgrounded; outcome
    /// device.check_integrity intact|compromised`).
    public var sendableNow: String {
        let events = sendableEvents
        let screen = interpreter.currentScreen
        var parts = ["'\(screen.id)' takes " + (events.onScreen.isEmpty ? "no event of its own" : events.onScreen.joined(separator: ", "))]
        if !events.flowWide.isEmpty { parts.append("anywhere in \(app.flows[screen.flow].name): " + events.flowWide.joined(separator: ", ")) }
        for call in interpreter.pendingCalls {
            let names = outcomeNames(of: call)
            parts.append("outcome \(call) \(names.isEmpty ? "<outcome>" : names.joined(separator: "|"))")
        }
        return parts.joined(separator: "; ")
    }

    /// The refusal of an event no screen or flow of the app handles, with the nearest name a person can send.
    func unknownEventRefusal(_ event: String) -> String {
        let suggestion = closestMatch(to: event, among: sendableEvents.all) ?? closestMatch(to: event, among: sendableEverywhere)
        return "no screen of app '\(app.id)' handles '\(event)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "") + "; " + sendableNow
    }

    /// A typed event no screen or flow handles. At the terminal the refusal ends by pointing at `help`; the studio,
    /// which has no `help`, shows it as it is.
    struct UnknownEvent: Error, CustomStringConvertible {
        var description: String
    }

    /// `help` at a terminal: the commands, then what can be sent on this screen now.
    public var helpNow: String { "Now: " + sendableNow + "." }
}
