import Foundation

/// A generated machine saved as data: restore it after the app was killed mid-flow.
///
/// ```swift
/// let data = try JSONEncoder().encode(machine.snapshot())          // when the app goes to the background
/// let saved = try JSONDecoder().decode(FlowSnapshot<TempoState>.self, from: data)
/// var machine = try TempoMachine(restoring: saved)                 // on the next launch
/// ```
///
/// A snapshot holds the domain state, the clock, the screen, what was typed, the back stack, open
/// sheets, sub-flows in progress, running timers (each with its start and length on the machine's clock,
/// so a restored machine's timers keep their remaining time), field errors and the ending. It names the app and its tables: restoring it into
/// a machine generated from other flows (a screen added, a transition moved) throws instead of
/// resuming on the wrong screen.
public struct FlowSnapshot<State: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    /// The layout of this value; a machine refuses a snapshot written in a layout it does not know.
    public var format: Int
    /// The app's id in its flows (`tempo`).
    public var appID: String
    /// A fingerprint of the tables the machine had (screens, transitions, fields, timers).
    public var tables: String
    /// The seed ID of the screen showing.
    public var screenID: String
    public var now: Timestamp
    public var state: State
    public var navigation: NavigationSnapshot

    /// The layout this FlowMachine writes and reads. Format 2 added each running timer's start and length.
    public static var currentFormat: Int { 2 }

    public init(appID: String, tables: String, screenID: String, now: Timestamp, state: State, navigation: NavigationSnapshot) {
        self.format = Self.currentFormat; self.appID = appID; self.tables = tables; self.screenID = screenID
        self.now = now; self.state = state; self.navigation = navigation
    }

    private enum CodingKeys: String, CodingKey {
        case format, appID, tables, screenID, now, state, navigation
    }

    /// Reads the format first: a snapshot in another layout is refused with `SnapshotMismatch`, not a decoding
    /// error about whichever key moved.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        do {
            format = try container.decode(Int.self, forKey: .format)
        } catch let error as DecodingError {
            throw SnapshotMismatch(.layout, "the snapshot is damaged (\(Self.describe(error))); it cannot be restored")
        }
        try Self.checkFormat(format)
        do {
            appID = try container.decode(String.self, forKey: .appID)
            tables = try container.decode(String.self, forKey: .tables)
            screenID = try container.decode(String.self, forKey: .screenID)
            now = try container.decode(Timestamp.self, forKey: .now)
            navigation = try container.decode(NavigationSnapshot.self, forKey: .navigation)
        } catch let error as DecodingError {
            throw SnapshotMismatch(.layout, "the snapshot is damaged (\(Self.describe(error))); it cannot be restored")
        }
        // The state's layout is the app's: a value of another type or a missing key is a snapshot of other flows
        // (or a damaged one), said as such rather than as a decoding error.
        do {
            state = try container.decode(State.self, forKey: .state)
        } catch let error as DecodingError {
            throw SnapshotMismatch(.state, "the snapshot's state does not fit app '\(appID)' (\(Self.describe(error))); it cannot be restored")
        }
    }

    /// A decoding error in one line: where, and what.
    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let keys = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
            return keys.isEmpty ? "at the top" : "at " + keys.joined(separator: ".").replacingOccurrences(of: ".[", with: "[")
        }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(path(context)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "\(path(context)): no value for '\(key.stringValue)'"
        @unknown default:
            return "\(error)"
        }
    }

    /// - Throws: `SnapshotMismatch` when `format` is not the layout this FlowMachine reads.
    @usableFromInline
    static func checkFormat(_ format: Int) throws {
        guard format != currentFormat else { return }
        let why = format == 1 ? " (format 1 kept no start times for running timers, so their remaining time is unknown)" : ""
        throw SnapshotMismatch(.format, "the snapshot is in format \(format); this FlowMachine reads format \(currentFormat)\(why); start the flow again")
    }
}

/// Where a machine was, apart from its domain state, by the numbers of its tables.
public struct NavigationSnapshot: Codable, Sendable, Equatable {
    /// What was typed, by the field's number in the tables.
    public struct Input: Codable, Sendable, Equatable {
        public var field: Int
        public var value: FieldInput

        @inlinable
        public init(field: Int, value: FieldInput) { self.field = field; self.value = value }
    }
    public var screen: Int32
    public var inputs: [Input]
    public var history: [Int32]
    public var overlayOpeners: [Int32]
    public var callFrames: [CallFrame]
    public var runningTimers: [ActiveTimer]
    public var nextTimerToken: Int
    public var errors: [String: String]
    public var ended: String?
    /// The variant each screen with variant timers showed (screen → variant number), so their timers are
    /// not restarted after a restore; absent when no such screen was showing.
    public var shownVariants: [Int32: Int32]?
    /// For each call frame, the event that started the sub-flow as JSON (nil where there was none), which its
    /// return routes read; absent when no sub-flow is in progress.
    public var callEvents: [String?]?
    /// Service calls still waited for (operations with a timeout or `when_left: cancel`), oldest first: the
    /// screen each waits on and its deadline's token among `runningTimers` (0: none). Absent when there are none.
    public var pendingCalls: [PendingCall]?

    @inlinable
    public init(screen: Int32, inputs: [Input], history: [Int32], overlayOpeners: [Int32], callFrames: [CallFrame],
                runningTimers: [ActiveTimer], nextTimerToken: Int, errors: [String: String], ended: String?,
                shownVariants: [Int32: Int32]? = nil, callEvents: [String?]? = nil, pendingCalls: [PendingCall]? = nil) {
        self.pendingCalls = pendingCalls
        self.screen = screen; self.inputs = inputs; self.history = history; self.overlayOpeners = overlayOpeners
        self.callFrames = callFrames; self.runningTimers = runningTimers; self.nextTimerToken = nextTimerToken
        self.errors = errors; self.ended = ended; self.shownVariants = shownVariants; self.callEvents = callEvents
    }
}

extension EngineHost {
    /// The machine's navigation as data (between steps nothing is raised and not yet handled).
    @inlinable public var engineNavigation: NavigationSnapshot {
        NavigationSnapshot(screen: engine.screenNumber,
                           inputs: engine.inputs.keys.sorted().compactMap { key in
                               // What is typed into a secret field (a PIN, a keycode) is never saved: a restored screen shows it empty.
                               tables.fields[key].secret ? nil : engine.inputs[key].map { NavigationSnapshot.Input(field: key, value: $0) }
                           },
                           history: engine.history.screens, overlayOpeners: engine.overlayOpeners, callFrames: engine.callFrames,
                           runningTimers: engine.activeTimers, nextTimerToken: engine.nextTimerToken, errors: engine.errors, ended: engine.ended,
                           shownVariants: engine.shownVariants.isEmpty ? nil : engine.shownVariants,
                           callEvents: engine.callEvents.isEmpty ? nil : engine.callEvents.map(Self.encodedCallEvent),
                           pendingCalls: engine.pendingCalls.isEmpty ? nil : engine.pendingCalls)
    }

    /// An event that started a sub-flow, as the snapshot keeps it (generated events are `Codable`).
    @inlinable
    public static func encodedCallEvent(_ event: Event?) -> String? {
        guard let event, let encodable = event as? any Encodable else { return nil }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(encodable)).flatMap { String(data: $0, encoding: .utf8) }
    }

    @inlinable
    public static func decodedCallEvent(_ text: String?) -> Event? {
        guard let text, let type = Event.self as? any Decodable.Type else { return nil }
        return (try? JSONDecoder().decode(type, from: Data(text.utf8))) as? Event
    }

    /// The engine state a snapshot describes, after checking it was taken from this app with these tables.
    @inlinable
    public static func restoredEngine<State>(from snapshot: FlowSnapshot<State>, appID: String, fingerprint: String, tables: FlowTables) throws -> EngineState<Event> {
        try FlowSnapshot<State>.checkFormat(snapshot.format)
        guard snapshot.appID == appID else {
            throw SnapshotMismatch(.otherApp, "the snapshot is of app '\(snapshot.appID)', not '\(appID)'")
        }
        guard snapshot.tables == fingerprint else {
            throw SnapshotMismatch(.otherFlows, "the snapshot was taken with other flows of '\(appID)' (tables \(snapshot.tables), now \(fingerprint)); it cannot be resumed safely")
        }
        try validateRestored(snapshot, appID: appID, tables: tables)
        let navigation = snapshot.navigation
        var engine = EngineState<Event>(screenNumber: navigation.screen)
        for input in navigation.inputs { engine.inputs[input.field] = input.value }
        engine.history = BackStack(navigation.history)
        engine.overlayOpeners = navigation.overlayOpeners
        engine.callFrames = navigation.callFrames
        let callEvents = (navigation.callEvents ?? []).map(Self.decodedCallEvent)
        engine.callEvents = navigation.callFrames.indices.map { callEvents.indices.contains($0) ? callEvents[$0] : nil }
        engine.activeTimers = navigation.runningTimers
        engine.pendingCalls = navigation.pendingCalls ?? []
        engine.nextTimerToken = navigation.nextTimerToken
        engine.shownVariants = navigation.shownVariants ?? [:]
        engine.errors = navigation.errors
        engine.ended = navigation.ended
        return engine
    }

    /// The sub-flows in progress, outermost first: each flow's name with the screen that called it.
    @inlinable public var engineActiveSubflows: [(flow: String, caller: String)] {
        engine.callFrames.map { frame in
            let flow = tables.flows[Int(tables.subflows[Int(frame.subflow)].flow)]
            return (tables.strings[Int(flow.name)], tables.strings[Int(tables.screenIDs[Int(frame.caller)])])
        }
    }
}
