/// A name the flows give, as a case of a generated enum whose raw value is the name in the flows:
/// a field (`TempoField.givenName`, raw value `given_name`), a screen variant, an ending, a service operation.
///
/// ```swift
/// try machine.fill(.givenName, .text("Ada"))      // a misspelt field no longer compiles
/// if try machine.variant() == .frozen { ... }
/// if machine.ended == .completed { ... }
/// ```
public protocol FlowName: RawRepresentable, Hashable, Sendable, Codable, CaseIterable where RawValue == String {}

/// A call to one of the app's service operations with its typed inputs (the generated `TempoServiceCall`).
public protocol FlowServiceCall: Hashable, Sendable, Codable {
    associatedtype Operation: FlowName
    /// The operation called (`TempoOperation.equalsLogIn`, raw value `equals.log_in`).
    var operation: Operation { get }
    /// The inputs by their names in the flows, rendered as text (for logs and tests).
    var arguments: [String: String] { get }
}

/// What a generated machine asks its host to do after a step, in order. `Call` is the app's
/// service call (`TempoServiceCall`); each generated module names its own: `typealias TempoEffect = FlowEffect<TempoServiceCall>`.
///
/// `FlowDriver` performs effects for you; a host that performs them itself switches over them:
///
/// ```swift
/// switch effect {
/// case .call(.equalsLogIn(let keycode)): ...           // send the outcome back as an event
/// case .startTimer(let token, let milliseconds): ...   // send `.timerFired(token:)` when due
/// case .cancelTimer(let token): ...                    // it must not fire
/// case .analytics(let event): ...
/// case .push(let text), .toast(let text): ...
/// }
/// ```
public enum FlowEffect<Call: FlowServiceCall>: Hashable, Sendable, Codable {
    /// Call a service; send its outcome back as the matching event.
    case call(Call)
    /// Log an analytics event (screen views included).
    case analytics(AnalyticsEvent)
    /// Show a push notification.
    case push(String)
    /// Show a toast.
    case toast(String)
    /// Start a timer; send `.timerFired(token:)` after `milliseconds`.
    case startTimer(TimerToken, milliseconds: Int)
    /// Stop a timer started earlier; it must not fire.
    case cancelTimer(TimerToken)
}

extension FlowEffect: FlowMachineEffect {
    /// The effect in a form that is the same for every app (logs, replays, tests).
    public var summary: EffectSummary {
        switch self {
        case .call(let call): .call(operation: call.operation.rawValue, arguments: call.arguments)
        case .analytics(let event): .analytics(event)
        case .push(let text): .push(text)
        case .toast(let text): .toast(text)
        case .startTimer(let token, let milliseconds): .startTimer(token, milliseconds: milliseconds)
        case .cancelTimer(let token): .cancelTimer(token)
        }
    }
}

@_spi(Generated) extension FlowEffect: EngineEffect {}

/// What the case of an event the flows raise themselves (`raise: session_check`) carries: only generated code
/// can make one, so an app cannot send such an event (`machine.send(.sessionCheck(raisedBy: ...))` does not
/// compile: the initializer is not visible with a plain `import FlowMachine`). Reading those events in logs and
/// snapshots works as for any other (`case .sessionCheck:`).
public struct RaisedByFlows: Hashable, Sendable, Codable {
    @_spi(Generated) public init() {}
}
