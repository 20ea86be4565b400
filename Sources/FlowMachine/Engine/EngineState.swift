/// A timer the machine has started and not yet seen fire or cancelled. A snapshot lists them with when
/// they are due, so a host restarts its real timers for the time that is left (`FlowDriver.resume()`).
public struct ActiveTimer: Sendable, Hashable, Codable {
    public var token: TimerToken
    /// The screen whose timer this is, -1 for a flow's global timer, -2 for an app-wide recurring timer (`app.every`).
    public var screen: Int32
    public var flow: Int32
    public var timer: Int32
    /// When it started, on the machine's clock (its `now` then).
    public var startedAt: Timestamp
    /// Its length in milliseconds as it started (a length the flows keep in the state is read then, once).
    public var milliseconds: Int

    @inlinable
    public init(token: TimerToken, screen: Int32, flow: Int32, timer: Int32, startedAt: Timestamp, milliseconds: Int) {
        self.token = token; self.screen = screen; self.flow = flow; self.timer = timer
        self.startedAt = startedAt; self.milliseconds = milliseconds
    }

    /// When it is due, on the machine's clock (held at the ends of `Int` rather than overflowing: a host may set
    /// any `now`, and a length kept in the state may be any whole number).
    @inlinable public var due: Timestamp {
        let (sum, overflow) = startedAt.millisecondsSince1970.addingReportingOverflow(milliseconds)
        return Timestamp(millisecondsSince1970: overflow ? (milliseconds > 0 ? Int.max : Int.min) : sum)
    }

    /// How long is left at `now` on the machine's clock (0: it is due), held at `Int.max` rather than overflowing.
    @inlinable public func remainingMilliseconds(at now: Timestamp) -> Int {
        let (left, overflow) = due.millisecondsSince1970.subtractingReportingOverflow(now.millisecondsSince1970)
        return overflow ? (due > now ? Int.max : 0) : max(0, left)
    }
}

/// A service call the machine waits for (its operation has a call policy): the screen that waits for the
/// answer (-1 until the step that made the call ends) and its deadline timer's token (0: none).
public struct PendingCall: Sendable, Hashable, Codable {
    public var policy: Int32
    public var screen: Int32
    public var deadline: Int

    @inlinable
    public init(policy: Int32, screen: Int32, deadline: Int) { self.policy = policy; self.screen = screen; self.deadline = deadline }
}

/// A sub-flow in progress: who called it and how deep the history was then.
public struct CallFrame: Sendable, Hashable, Codable {
    public var caller: Int32
    public var subflow: Int32
    public var historyDepth: Int

    @inlinable
    public init(caller: Int32, subflow: Int32, historyDepth: Int) {
        self.caller = caller; self.subflow = subflow; self.historyDepth = historyDepth
    }
}

/// How an event was handled.
@_spi(Generated) public enum StepOutcome: Sendable {
    case taken, rejected, ignored
}

/// Where a generated machine is in its app, apart from the domain state: the screen, what was typed,
/// the back stack, open sheets, sub-flows in progress, running timers, events raised and not yet
/// handled, field errors and the ending. The engine alone writes it.
@_spi(Generated) public struct EngineState<Event: Sendable>: Sendable {
    public var screenNumber: Int32
    /// What was typed, by the field's index in the app's field table.
    public var inputs: [Int: FieldInput] = [:]
    /// The back stack: screens `back` returns to, most recent last.
    public var history = BackStack()
    /// Screens that opened the sheets now showing, innermost last.
    public var overlayOpeners: [Int32] {
        get { innermostOpener < 0 ? [] : outerOpeners + [innermostOpener] }
        set {
            innermostOpener = newValue.last ?? -1
            outerOpeners = Array(newValue.dropLast())
        }
    }
    /// The screen under the innermost sheet (-1: no sheet is open), apart from the others: a sheet is
    /// seldom opened over another, and opening and closing one then touches no array.
    @usableFromInline var innermostOpener: Int32 = -1
    /// The screens under the sheets below the innermost one, innermost last.
    @usableFromInline var outerOpeners: [Int32] = []

    /// Opens a sheet over `screen`.
    @inlinable @inline(__always) public mutating func pushOpener(_ screen: Int32) {
        if innermostOpener >= 0 { outerOpeners.append(innermostOpener) }
        innermostOpener = screen
    }

    /// Closes the innermost sheet: the screen under it, or nil when no sheet is open.
    @inlinable @inline(__always) public mutating func popOpener() -> Int32? {
        guard innermostOpener >= 0 else { return nil }
        let opener = innermostOpener
        innermostOpener = outerOpeners.isEmpty ? -1 : outerOpeners.removeLast()
        return opener
    }
    public var callFrames: [CallFrame] = []
    /// For each call frame, the event that started the sub-flow: its return routes read that event's payload.
    public var callEvents: [Event?] = []
    public var activeTimers: [ActiveTimer] = []
    /// Calls of operations with a call policy not yet answered, timed out or forgotten, oldest first.
    public var pendingCalls: [PendingCall] = []
    public var nextTimerToken = 0
    /// The variant each screen with variant timers showed at the end of the last step (screen → variant
    /// number, -1 for none), while the screen is current or under a sheet.
    public var shownVariants: [Int32: Int32] = [:]
    /// Events raised by actions, handled after the current one in order (run to completion).
    public var raised: [Event] = []
    public var errors: [String: String] = [:]
    public var ended: String?
    /// What the engine decided on its own in the last step (`FlowDecision`): emptied as each step starts, so it
    /// holds one step's few entries at most.
    public var decisions: [EngineDecisionRecord<Event>] = []

    @inlinable
    public init(screenNumber: Int32) { self.screenNumber = screenNumber }
}
