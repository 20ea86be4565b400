import FlowMachine
import FlowTestSupport
import Foundation
import SemanticsFlow
import TempoFlow
import Testing

/// A script line's payload as events by name read it: text as it is, a list or record as its JSON (the script
/// writes `"addresses": []`, a list, as `flowc run --script` reads values as the language does).
func textPayload(_ value: Any?) -> [String: String] {
    guard let fields = value as? [String: Any] else { return [:] }
    return fields.mapValues { field in
        if let text = field as? String { return text }
        guard JSONSerialization.isValidJSONObject(field), let data = try? JSONSerialization.data(withJSONObject: field) else { return "\(field)" }
        return String(decoding: data, as: UTF8.self)
    }
}

/// A generated machine saved mid-flow and restored, as an app killed in the background would be.
@Suite struct SnapshotTests {
    /// Tempo's walk through the card hub and the physical card order, one step per line.
    static func walk() throws -> [[String: Any]] {
        let url = fixturesDirectory().appendingPathComponent("walks/tempo-card-freeze-and-physical-order.jsonl")
        return try String(decoding: Data(contentsOf: url), as: UTF8.self).split(separator: "\n").map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])
        }
    }

    /// Plays script lines on a machine the way a host app would: events by name, typing, service answers,
    /// the clock moving and firing the timers that fall due. Returns the effects of each line.
    struct Host {
        var machine: TempoMachine
        var due: [TimerToken: Int] = [:]
        /// Every effect so far, in order.
        var log: [TempoEffect] = []

        mutating func play(_ line: [String: Any]) throws -> [EffectSummary] {
            var effects: [TempoEffect] = []
            if let name = line["send"] as? String {
                let event = try TempoEvent(name: name, payload: textPayload(line["payload"]))
                try machine.send(event, into: &effects)
            } else if let fields = line["fill"] as? [String: String] {
                for (field, text) in fields.sorted(by: { $0.key < $1.key }) { try machine.fill(try #require(TempoField(rawValue: field)), .text(text)) }
            } else if let answer = line["outcome"] as? [String: String], let (operation, outcome) = answer.first {
                let event = try TempoEvent(name: "\(operation).\(outcome)", payload: textPayload(line["output"]))
                try machine.send(event, into: &effects)
            } else if line["back"] != nil {
                try machine.back(into: &effects)
            } else if let text = line["advance"] as? String, let seconds = Int(text.dropLast()), text.hasSuffix("s") {
                let until = machine.now.millisecondsSince1970 + seconds * 1000
                while let (token, time) = due.filter({ $0.value <= until }).min(by: { ($0.value, $0.key.rawValue) < ($1.value, $1.key.rawValue) }) {
                    machine.now = Timestamp(millisecondsSince1970: time)
                    due[token] = nil
                    var fired: [TempoEffect] = []
                    try machine.send(.timerFired(token: token), into: &fired)
                    track(fired)
                    effects += fired
                }
                machine.now = Timestamp(millisecondsSince1970: until)
                return effects.map(\.summary)
            }
            track(effects)
            return effects.map(\.summary)
        }

        mutating func track(_ effects: [TempoEffect]) {
            log += effects
            for effect in effects {
                switch effect.summary {
                case .startTimer(let token, let milliseconds): due[token] = machine.now.millisecondsSince1970 + milliseconds
                case .cancelTimer(let token): due[token] = nil
                default: break
                }
            }
        }
    }

    @Test func tempoKilledDuringThePhysicalCardOrderResumesWhereItWas() throws {
        let lines = try Self.walk()
        // Line 34 types the new card's PIN; the app is killed before it is confirmed.
        let killedAfter = 34
        var original = Host(machine: try TempoMachine())
        var effects: [TempoEffect] = []
        try original.machine.start(into: &effects)
        original.track(effects)
        for line in lines[..<killedAfter] { _ = try original.play(line) }
        #expect(original.machine.screenID == "WAL-013e")   // Set your PIN, the PIN typed

        let data = try JSONEncoder().encode(original.machine.snapshot())
        let saved = try JSONDecoder().decode(FlowSnapshot<TempoState>.self, from: data)
        #expect(saved == original.machine.snapshot())
        var restored = Host(machine: try TempoMachine(restoring: saved), due: original.due)
        #expect(restored.machine.screenID == original.machine.screenID)
        #expect(restored.machine.backStack == original.machine.backStack)
        #expect(restored.machine.state == original.machine.state)
        // The PIN field is secret: what was typed is not in the snapshot, so the restored keypad is empty and
        // the person types the PIN again (the walk's line 34 once more).
        #expect(original.machine.input(.pin) != nil)
        #expect(restored.machine.input(.pin) == nil)
        #expect(!String(decoding: data, as: UTF8.self).contains("480317"), "neither the PIN nor the login keycode (the same digits) is saved")
        _ = try restored.play(lines[killedAfter - 1])

        // Both go on with the rest of the walk and must agree at every step: the typed PIN, the
        // mismatch and retry, the order, delivery and ATM activation.
        for (offset, line) in lines[killedAfter...].enumerated() {
            let expected = try original.play(line)
            let actual = try restored.play(line)
            let where_ = "line \(killedAfter + offset + 1)"
            #expect(actual == expected, "\(where_)")
            #expect(restored.machine.screenID == original.machine.screenID, "\(where_)")
            #expect(restored.machine.errors == original.machine.errors, "\(where_)")
            #expect(restored.machine.state == original.machine.state, "\(where_)")
        }
        #expect(restored.machine.state.physicalCard == .active)
    }

    /// Tempo AC-XC-SEC-03 "PIN never transmitted or stored in plaintext": a snapshot is what an app writes to
    /// storage when it goes to the background, and it holds what was typed on every screen. Once the PIN steps
    /// are left (the mismatch back to step 1, the order placed), no PIN typed may be in it. A scenario cannot
    /// read what is typed on a screen that is not showing, so this is the evidence for the flows' exit clears.
    @Test func noPINTypedIsKeptInASnapshotOnceThePINStepsAreLeft() throws {
        // The walk up to Set PIN (WAL-013e), then PINs of this test's own (the walk's login keycode has the
        // digits of its PIN, and a keycode is not this test's subject).
        var lines = Array(try Self.walk()[..<33])
        var host = Host(machine: try TempoMachine())
        var effects: [TempoEffect] = []
        try host.machine.start(into: &effects)
        host.track(effects)
        func saved() throws -> String { String(decoding: try JSONEncoder().encode(host.machine.snapshot()), as: UTF8.self) }
        func play(_ steps: [[String: Any]]) throws { for line in steps { _ = try host.play(line) } }
        try play(lines)
        #expect(host.machine.screenID == "WAL-013e")
        lines = [["fill": ["pin": "592716"]], ["send": "pin_entered"], ["fill": ["pin_confirm": "592718"]]]
        try play(lines)
        #expect(host.machine.screenID == "WAL-013f")
        #expect(try saved().contains("592716"), "while confirming, the draft is kept (the checks below can fail)")
        #expect(try !saved().contains("592718"), "the confirmation typed is secret: never in a snapshot")
        #expect(host.machine.input(.pinConfirm) != nil)
        try play([["send": "pin_entered"]])
        #expect(host.machine.screenID == "WAL-013g")   // the confirmation did not match
        #expect(try !saved().contains("592716"))
        #expect(try !saved().contains("592718"))
        try play([["send": "tap_try_again"], ["fill": ["pin": "592716"]], ["send": "pin_entered"], ["fill": ["pin_confirm": "592716"]],
                  ["send": "pin_entered"], ["outcome": ["equals.order_physical_card": "placed"]]])
        #expect(host.machine.screenID == "WAL-013h")   // order placed
        #expect(try !saved().contains("592716"))
    }

    /// Events and effects are Codable, for logs and replays: a step's effects and the events of the walk
    /// come back equal from JSON.
    @Test func eventsAndEffectsRoundTripThroughJSON() throws {
        var host = Host(machine: try TempoMachine())
        var effects: [TempoEffect] = []
        try host.machine.start(into: &effects)
        host.track(effects)
        for line in try Self.walk().prefix(24) { _ = try host.play(line) }
        let events = try Self.walk().prefix(24).compactMap { line in
            (line["send"] as? String).flatMap { try? TempoEvent(name: $0, payload: textPayload(line["payload"])) }
        }
        #expect(host.log.contains { if case .call = $0 { true } else { false } })
        #expect(try JSONDecoder().decode([TempoEffect].self, from: JSONEncoder().encode(host.log)) == host.log)
        #expect(try JSONDecoder().decode([TempoEvent].self, from: JSONEncoder().encode(events)) == events)
        #expect(try JSONDecoder().decode([EffectSummary].self, from: JSONEncoder().encode(host.log.map(\.summary))) == host.log.map(\.summary))
    }

    @Test func aSnapshotOfOtherFlowsIsRefused() throws {
        var machine = try TempoMachine()
        var effects: [TempoEffect] = []
        try machine.start(into: &effects)
        var snapshot = machine.snapshot()
        snapshot.tables = "0"
        #expect(throws: SnapshotMismatch(.otherFlows, "the snapshot was taken with other flows of 'tempo' (tables 0, now \(machine.snapshot().tables)); it cannot be resumed safely")) {
            try TempoMachine(restoring: snapshot)
        }
        snapshot = machine.snapshot()
        snapshot.appID = "yole"
        #expect(throws: SnapshotMismatch(.otherApp, "the snapshot is of app 'yole', not 'tempo'")) { try TempoMachine(restoring: snapshot) }
        snapshot = machine.snapshot()
        snapshot.navigation.screen = 10_000
        #expect(throws: SnapshotMismatch(.screen, "the snapshot shows screen number 10000, which the app does not have; it cannot be restored into 'tempo'")) { try TempoMachine(restoring: snapshot) }
        snapshot = machine.snapshot()
        snapshot.format = 3
        #expect(throws: SnapshotMismatch(.format, "the snapshot is in format 3; this FlowMachine reads format 2; start the flow again")) { try TempoMachine(restoring: snapshot) }
    }

    /// A snapshot saved by an older FlowMachine (format 1: its timers have no start times) is refused by the
    /// decoder itself with the reason, not with a decoding error about a missing key.
    @Test func aFormatOneSnapshotIsRefusedWithItsReason() throws {
        var machine = try SemanticsMachine(start: .tmr1)
        var effects: [SemanticsEffect] = []
        try machine.start(into: &effects)
        var json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(machine.snapshot())) as? [String: Any])
        json["format"] = 1
        var navigation = try #require(json["navigation"] as? [String: Any])
        navigation["runningTimers"] = [["token": 1, "screen": 0, "flow": 0, "timer": 0]]
        json["navigation"] = navigation
        let old = try JSONSerialization.data(withJSONObject: json)
        #expect(throws: SnapshotMismatch(.format, "the snapshot is in format 1; this FlowMachine reads format 2 (format 1 kept no start times for running timers, so their remaining time is unknown); start the flow again")) {
            try JSONDecoder().decode(FlowSnapshot<SemanticsState>.self, from: old)
        }
    }

    /// Answers nothing: the timer tests never call a service.
    struct NoBank: SemanticsServices {
        func bankTransfer(amount: Money) async throws -> SemanticsOutcome.BankTransfer { .failed }
        func bankAuthorise(amount: Money) async throws -> SemanticsOutcome.BankAuthorise { .declined }
        func bankStatus() async throws -> SemanticsOutcome.BankStatus { .known }
    }

    /// TMR-1's 30 s timer runs for 20 s, the app is killed, and the restored machine waits only for the
    /// 10 s that were left; had 40 s passed while it was killed, the timer fires as soon as it resumes.
    /// (A driver that restarted restored timers at their full length would wait 30 s.)
    @MainActor @Test func aRestoredTimerKeepsItsRemainingTime() async throws {
        let clock = ManualClock()
        let first = FlowDriver(try SemanticsMachine(start: .tmr1), services: NoBank(), clock: clock)
        first.start()
        await clock.advance(by: .seconds(20))
        let data = try JSONEncoder().encode(first.snapshot())
        first.stop()
        let saved = try JSONDecoder().decode(FlowSnapshot<SemanticsState>.self, from: data)
        let timer = try #require(saved.navigation.runningTimers.first)
        #expect(saved.now == Timestamp(millisecondsSince1970: Timestamp.defaultClockStart.millisecondsSince1970 + 20_000))
        #expect(timer.startedAt == .defaultClockStart && timer.milliseconds == 30_000)

        // Restored at once: 10 s are left.
        let laterClock = ManualClock()
        let resumed = FlowDriver(try SemanticsMachine(restoring: saved), services: NoBank(), clock: laterClock)
        var activity = resumed.activity().makeAsyncIterator()
        resumed.resume()
        #expect(resumed.runningTimers == [timer.token])
        await laterClock.advance(by: .milliseconds(9_999))
        // TMR-1 ignores `done`: had the timer fired, its step would come before this one.
        let probe = try SemanticsEvent(name: "done", payload: [:])
        resumed.send(probe)
        guard case .stepped(probe, _)? = await activity.next() else { Issue.record("the restored timer fired before its 10 s were up"); return }
        #expect(resumed.machine.screen == .tmr1)
        await laterClock.advance(by: .milliseconds(1))
        // Bounded: a timer that does not fire now fails the test instead of hanging it.
        for _ in 0..<1_000 where resumed.machine.screen == .tmr1 { await Task.yield() }
        #expect(resumed.machine.screen == .tmr2)
        guard case .stepped(.timerFired(let token), _)? = resumed.machine.screen == .tmr2 ? await activity.next() : nil else { Issue.record("expected the restored timer to fire"); return }
        #expect(token == timer.token)
        #expect(resumed.machine.now == Timestamp(millisecondsSince1970: Timestamp.defaultClockStart.millisecondsSince1970 + 30_000))

        // Restored after 40 s killed: the timer was due 20 s ago and fires on resuming, with no clock moving.
        var late = try SemanticsMachine(restoring: saved)
        late.now = Timestamp(millisecondsSince1970: saved.now.millisecondsSince1970 + 40_000)
        let overdue = FlowDriver(late, services: NoBank(), clock: ManualClock())
        overdue.resume()
        #expect(overdue.machine.screen == .tmr2)
        #expect(overdue.runningTimers.isEmpty)
    }

    /// A length the flows keep in the state is read once, as the timer starts: TMR-3's 30 s timer keeps its
    /// 30 s after `shorten` sets the length to 10 s, before and after a restore (the old resume read 10 s).
    @MainActor @Test func aRestoredTimerKeepsTheLengthItStartedWith() async throws {
        let clock = ManualClock()
        let first = FlowDriver(try SemanticsMachine(start: .tmr3), services: NoBank(), clock: clock)
        first.start()
        await clock.advance(by: .seconds(5))
        first.send(try SemanticsEvent(name: "shorten", payload: [:]))
        #expect(first.machine.state.lockAfter == 10_000)
        let saved = first.snapshot()
        first.stop()
        #expect(saved.navigation.runningTimers.map(\.milliseconds) == [30_000])

        let laterClock = ManualClock()
        let resumed = FlowDriver(try SemanticsMachine(restoring: saved), services: NoBank(), clock: laterClock)
        var activity = resumed.activity().makeAsyncIterator()
        resumed.resume()
        await laterClock.advance(by: .seconds(24))
        let probe = try SemanticsEvent(name: "done", payload: [:])
        resumed.send(probe)
        guard case .stepped(probe, _)? = await activity.next() else { Issue.record("the restored timer fired before its 25 s were up"); return }
        #expect(resumed.machine.screen == .tmr3)
        await laterClock.advance(by: .seconds(1))
        for _ in 0..<1_000 where resumed.machine.screen == .tmr3 { await Task.yield() }
        #expect(resumed.machine.screen == .tmr2)
    }

    /// An event the flows raise is not built by name (scripts, deep links), while the machine still raises and
    /// handles it: RTC-1's chain runs through chain_b and chain_c.
    @Test func anEventTheFlowsRaiseIsNotBuiltByName() throws {
        #expect(throws: FlowEventError(event: "chain_b", reason: .raisedByFlows)) { try SemanticsEvent(name: "chain_b", payload: [:]) }
        #expect(try SemanticsEvent(name: "go_chain", payload: [:]) == .goChain)
        var machine = try SemanticsMachine()
        var effects: [SemanticsEffect] = []
        try machine.send(try SemanticsEvent(name: "go_chain", payload: [:]), into: &effects)
        try machine.send(try SemanticsEvent(name: "start_chain", payload: [:]), into: &effects)
        #expect(machine.state.log == ["a", "c", "b", "d"])
        #expect(machine.screenID == "RTC-2")
    }

    /// A sub-flow's return route reads the event that started the sub-flow; a machine restored while the
    /// sub-flow runs still has that event (kept in the snapshot as JSON).
    @Test func aRestoredSubflowStillKnowsTheEventThatStartedIt() throws {
        var machine = try SemanticsMachine()
        var effects: [SemanticsEffect] = []
        try machine.send(try SemanticsEvent(name: "go_subflow", payload: [:]), into: &effects)
        try machine.send(try SemanticsEvent(name: "finish", payload: [:]), into: &effects)
        try machine.send(try SemanticsEvent(name: "done", payload: [:]), into: &effects)
        try machine.send(try SemanticsEvent(name: "start_plan", payload: ["plan": "gold"]), into: &effects)
        #expect(machine.screenID == "SUB-1")
        #expect(machine.activeSubflows.map(\.flow) == [.sub] && machine.activeSubflows.map(\.caller) == [.hub])
        #expect(SemanticsSubflow(rawValue: "sub") == .sub)
        let data = try JSONEncoder().encode(machine.snapshot())
        #expect(String(decoding: data, as: UTF8.self).contains("gold"))
        var restored = try SemanticsMachine(restoring: try JSONDecoder().decode(FlowSnapshot<SemanticsState>.self, from: data))
        try restored.send(try SemanticsEvent(name: "finish", payload: [:]), into: &effects)
        #expect(restored.screenID == "SUB-DONE")
        #expect(restored.state.picked == "gold")
    }
}
