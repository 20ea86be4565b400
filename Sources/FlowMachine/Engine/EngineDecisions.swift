// What the engine decides on its own, with no transition to show it: a call forgotten as its screen is left, a late
// answer dropped, a sub-flow abandoned. The interpreter's trace says them through the `trace…` hooks; a generated
// machine keeps the last step's in `EngineState.decisions`, which `FlowStateMachine.lastStepDecisions` reads typed.

/// One engine decision as numbers of the tables: `subject` is the call policy (a call forgotten, an answer dropped)
/// or the sub-flow row (a sub-flow abandoned); `screen` the screen it happened on; `event` the answer dropped.
@_spi(Generated) public struct EngineDecisionRecord<Event: Sendable>: Sendable {
    public enum Kind: Sendable { case callForgotten, answerDropped, subflowAbandoned }
    public var kind: Kind
    public var subject: Int32
    public var screen: Int32
    public var event: Event?

    @inlinable
    public init(kind: Kind, subject: Int32, screen: Int32, event: Event? = nil) {
        self.kind = kind; self.subject = subject; self.screen = screen; self.event = event
    }
}

extension EngineHost {
    /// A step starts: the decisions of the one before are no longer the last step's.
    @inlinable @inline(__always)
    public mutating func forgetLastDecisions() {
        if !engine.decisions.isEmpty { engine.decisions.removeAll(keepingCapacity: true) }
    }
}

/// A service call the machine is waiting for, as `FlowStateMachine.waitingCalls` lists it: a call of an operation
/// whose flows say what happens when it takes too long (`timeout:`) or when its screen is left (`when_left:`).
/// Calls of other operations are the host's alone (`FlowDriver.callsInFlight` counts every call in flight).
public struct FlowWaitingCall<Machine: FlowStateMachine>: Sendable, Hashable {
    /// The operation called (`.equalsSendUkTransfer`, raw value `equals.send_uk_transfer`).
    public var operation: Machine.ServiceCall.Operation
    /// The screen its answer arrives on: the one showing when the step that made the call ended.
    public var screen: Machine.Screen
    /// When the machine stops waiting and answers with the operation's timeout outcome (`timeout:`); nil without one.
    public var deadline: Timestamp?
    /// Whether leaving `screen` forgets the call (`when_left: cancel`); false when its answer is honoured wherever
    /// the person is by then.
    public var forgottenWhenLeft: Bool

    public init(operation: Machine.ServiceCall.Operation, screen: Machine.Screen, deadline: Timestamp?, forgottenWhenLeft: Bool) {
        self.operation = operation; self.screen = screen; self.deadline = deadline; self.forgottenWhenLeft = forgottenWhenLeft
    }
}

/// Something the machine decided on its own in a step, which no transition shows (the interpreter's trace and
/// `flowc run` say the same). `FlowDriver` reports each one (`FlowDriver.onDecision`, `FlowDriver.decisions()`).
public enum FlowDecision<Machine: FlowStateMachine>: Sendable, Hashable, CustomStringConvertible {
    /// The person left `screen` while a call of `operation` waited on it, and the operation's `when_left: cancel`
    /// forgot the call: its deadline stopped, and its answer, if it comes, is dropped.
    case callForgotten(Machine.ServiceCall.Operation, leaving: Machine.Screen)
    /// The answer `event` of `operation` came while no call of it was waited for (forgotten when its screen was
    /// left, or timed out): no transition ran for it on `screen`.
    case answerDropped(Machine.Event, operation: Machine.ServiceCall.Operation, on: Machine.Screen)
    /// A move out of the sub-flow `subflow` in progress (to a screen it does not own) abandoned its call, on
    /// `screen`: no return route ran.
    case subflowAbandoned(Machine.Subflow, on: Machine.Screen)

    public var description: String {
        switch self {
        case .callForgotten(let operation, let screen):
            "\(operation.rawValue): call forgotten as \(screen.rawValue) is left (when_left: cancel); a late answer is dropped"
        case .answerDropped(_, let operation, let screen):
            "\(operation.rawValue): an answer was dropped on \(screen.rawValue): its call is no longer waited for (its screen was left, or it timed out)"
        case .subflowAbandoned(let subflow, let screen):
            "\(subflow.rawValue): sub-flow abandoned from \(screen.rawValue), without a return route"
        }
    }
}

extension FlowStateMachine {
    /// The calls the machine waits for now, oldest first (see `FlowWaitingCall`). A generated machine lists its
    /// own; another conformer of `FlowStateMachine` lists none.
    ///
    /// ```swift
    /// if model.machine.waitingCalls.contains(where: { $0.operation == .equalsSendUkTransfer }) { ProgressView() }
    /// ```
    public var waitingCalls: [FlowWaitingCall<Self>] {
        guard let host = self as? any EngineHost else { return [] }
        return waitingCalls(of: host)
    }

    /// What the machine decided on its own in its last step (`start`, `send`, `back`, `restart`), in order; empty
    /// after a step that decided nothing. `FlowDriver` reports them as they happen.
    public var lastStepDecisions: [FlowDecision<Self>] {
        guard let host = self as? any EngineHost else { return [] }
        return decisions(of: host)
    }

    private func waitingCalls<Host: EngineHost>(of host: Host) -> [FlowWaitingCall<Self>] {
        let tables = host.tables
        return host.engine.pendingCalls.compactMap { call in
            let policy = tables.callPolicies[Int(call.policy)]
            guard let operation = ServiceCall.Operation(rawValue: tables.strings[Int(policy.operation)]),
                  let screen = screen(call.screen < 0 ? host.engine.screenNumber : call.screen, in: tables) else { return nil }
            let deadline = host.engine.activeTimers.first { call.deadline != 0 && $0.token.rawValue == call.deadline }?.due
            return FlowWaitingCall(operation: operation, screen: screen, deadline: deadline, forgottenWhenLeft: policy.cancelsOnLeave)
        }
    }

    private func decisions<Host: EngineHost>(of host: Host) -> [FlowDecision<Self>] {
        let tables = host.tables
        return host.engine.decisions.compactMap { record in
            guard let screen = screen(record.screen, in: tables) else { return nil }
            switch record.kind {
            case .callForgotten:
                return operation(of: record.subject, in: tables).map { .callForgotten($0, leaving: screen) }
            case .answerDropped:
                guard let event = record.event as? Event, let operation = operation(of: record.subject, in: tables) else { return nil }
                return .answerDropped(event, operation: operation, on: screen)
            case .subflowAbandoned:
                guard record.subject >= 0, Int(record.subject) < tables.subflows.count else { return nil }
                let flow = Int(tables.subflows[Int(record.subject)].flow)
                guard flow < tables.flows.count, let subflow = Subflow(rawValue: tables.strings[Int(tables.flows[flow].name)]) else { return nil }
                return .subflowAbandoned(subflow, on: screen)
            }
        }
    }

    private func screen(_ number: Int32, in tables: FlowTables) -> Screen? {
        guard number >= 0, Int(number) < tables.screenIDs.count else { return nil }
        return Screen(rawValue: tables.strings[Int(tables.screenIDs[Int(number)])])
    }

    private func operation(of policy: Int32, in tables: FlowTables) -> ServiceCall.Operation? {
        guard policy >= 0, Int(policy) < tables.callPolicies.count else { return nil }
        return ServiceCall.Operation(rawValue: tables.strings[Int(tables.callPolicies[Int(policy)].operation)])
    }
}
