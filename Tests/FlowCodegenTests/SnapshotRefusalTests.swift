import FlowMachine
import FlowTestSupport
import Foundation
import SemanticsFlow
import SmallFlow
import Testing

/// A snapshot is what an app stores on the device and reads back at launch: tampered or damaged, it must be
/// refused with its reason, never restored into a machine the flows cannot reach, never trap. Each tampering
/// below plants one defect in a real snapshot (as JSON, the way it sits on the disk) and expects its reason;
/// every message is kept in a golden file (`Fixtures/snapshot-refusals/<app>.txt`).
@Suite struct SnapshotRefusalTests {
    typealias JSON = [String: Any]

    /// One way to tamper with a snapshot: its name, the reason it must be refused for, and the edit.
    struct Tampering {
        let name: String
        let reason: SnapshotMismatch.Reason
        let edit: (inout JSON) -> Void
        init(_ name: String, _ reason: SnapshotMismatch.Reason, _ edit: @escaping (inout JSON) -> Void) {
            self.name = name; self.reason = reason; self.edit = edit
        }
    }

    static func navigation(_ json: inout JSON, _ edit: (inout JSON) -> Void) {
        var navigation = json["navigation"] as? JSON ?? [:]
        edit(&navigation)
        json["navigation"] = navigation
    }

    static func timers(_ json: inout JSON, _ edit: (inout [JSON]) -> Void) {
        navigation(&json) { navigation in
            var timers = navigation["runningTimers"] as? [JSON] ?? []
            edit(&timers)
            navigation["runningTimers"] = timers
        }
    }

    static func firstTimer(_ json: inout JSON, _ edit: @escaping (inout JSON) -> Void) {
        timers(&json) { timers in
            guard !timers.isEmpty else { return }
            edit(&timers[0])
        }
    }

    static func milliseconds(_ value: Int) -> JSON { ["millisecondsSince1970": value] }

    /// Decodes the tampered JSON and restores it: the refusal, or nil when the machine took it.
    static func refusal<Machine: FlowStateMachine>(_: Machine.Type, _ json: JSON) throws -> SnapshotMismatch? {
        let data = try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys])
        do {
            let snapshot = try JSONDecoder().decode(FlowSnapshot<Machine.State>.self, from: data)
            _ = try Machine(restoring: snapshot)
            return nil
        } catch let mismatch as SnapshotMismatch {
            return mismatch
        } catch let error as DecodingError {
            // Foundation's JSONDecoder refuses a number that does not fit its type (2^31 for an Int32) as a whole,
            // outside FlowSnapshot's own decoding: still a refusal, with the decoder's words.
            return SnapshotMismatch(.layout, "JSONDecoder: \(error)")
        }
    }

    static func json<Machine: FlowStateMachine>(_ machine: Machine) throws -> JSON {
        try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(machine.snapshot())) as? JSON)
    }

    /// The tamperings every app's snapshot can take (the snapshot has a running timer).
    static func common(screenCount: Int, fieldCount: Int, otherScreenID: String) -> [Tampering] {
        [
            Tampering("format 0", .format) { $0["format"] = 0 },
            Tampering("format 1 (no timer starts)", .format) { $0["format"] = 1 },
            Tampering("format 3 (a newer FlowMachine)", .format) { $0["format"] = 3 },
            Tampering("format missing", .layout) { $0["format"] = nil },
            Tampering("format as text", .layout) { $0["format"] = "2" },
            Tampering("another app", .otherApp) { $0["appID"] = "tempo" },
            Tampering("an empty app id", .otherApp) { $0["appID"] = "" },
            Tampering("other tables", .otherFlows) { $0["tables"] = "0" },
            Tampering("tables missing", .layout) { $0["tables"] = nil },
            Tampering("state missing", .state) { $0["state"] = nil },
            Tampering("state of the wrong type", .state) { $0["state"] = [1, 2, 3] },
            Tampering("now at Int.min", .clock) { $0["now"] = milliseconds(Int.min) },
            Tampering("now at Int.max", .clock) { $0["now"] = milliseconds(Int.max) },
            Tampering("now before year 1", .clock) { $0["now"] = milliseconds(-62_135_596_800_001) },
            Tampering("now after year 9999", .clock) { $0["now"] = milliseconds(253_402_300_800_000) },
            Tampering("now as text", .layout) { $0["now"] = "2026-01-01T00:00:00Z" },
            Tampering("screen -1", .screen) { navigation(&$0) { $0["screen"] = -1 } },
            Tampering("screen past the last", .screen) { navigation(&$0) { $0["screen"] = screenCount } },
            Tampering("screen at Int32.max", .screen) { navigation(&$0) { $0["screen"] = Int(Int32.max) } },
            Tampering("screen beyond Int32", .layout) { navigation(&$0) { $0["screen"] = Int(Int32.max) + 1 } },
            Tampering("screen ID of another screen", .screen) { $0["screenID"] = otherScreenID },
            Tampering("screen ID unknown", .screen) { $0["screenID"] = "XXX-999" },
            Tampering("back stack with -1", .backStack) { navigation(&$0) { $0["history"] = [-1] } },
            Tampering("back stack past the last screen", .backStack) { navigation(&$0) { $0["history"] = [screenCount] } },
            Tampering("sheet over screen -1", .sheets) { navigation(&$0) { $0["overlayOpeners"] = [-1] } },
            Tampering("sheet over a screen past the last", .sheets) { navigation(&$0) { $0["overlayOpeners"] = [screenCount] } },
            Tampering("sub-flow call number -1", .subflows) { navigation(&$0) { $0["callFrames"] = [["caller": 0, "subflow": -1, "historyDepth": 0]] } },
            Tampering("sub-flow call past the last", .subflows) { navigation(&$0) { $0["callFrames"] = [["caller": 0, "subflow": 99, "historyDepth": 0]] } },
            Tampering("events for calls that are not there", .subflows) { navigation(&$0) { $0["callEvents"] = [NSNull(), NSNull()] } },
            Tampering("typed into field -1", .inputs) { navigation(&$0) { $0["inputs"] = [["field": -1, "value": ["text": ["_0": "x"]]]] } },
            Tampering("typed into a field past the last", .inputs) { navigation(&$0) { $0["inputs"] = [["field": fieldCount, "value": ["text": ["_0": "x"]]]] } },
            Tampering("an error for a field the app does not have", .errors) { navigation(&$0) { $0["errors"] = ["no_such_field": "Wrong"] } },
            Tampering("ended with no outcome of the app", .ending) { navigation(&$0) { $0["ended"] = "hacked" } },
            Tampering("next timer token at Int.max", .timerTokens) { navigation(&$0) { $0["nextTimerToken"] = Int.max } },
            Tampering("next timer token -1", .timerTokens) { navigation(&$0) { $0["nextTimerToken"] = -1 } },
            Tampering("next timer token below a running one", .timerTokens) { navigation(&$0) { $0["nextTimerToken"] = 0 } },
            Tampering("timer token 0", .timerTokens) { firstTimer(&$0) { $0["token"] = ["rawValue": 0] } },
            Tampering("timer token Int.min", .timerTokens) { firstTimer(&$0) { $0["token"] = ["rawValue": Int.min] } },
            Tampering("two timers with one token", .timerTokens) { timers(&$0) { timers in
                guard var copy = timers.first else { return }
                copy["timer"] = 0
                timers.append(copy)
            } },
            Tampering("timer number -1", .timers) { firstTimer(&$0) { $0["timer"] = -1 } },
            Tampering("timer number past the last", .timers) { firstTimer(&$0) { $0["timer"] = 999 } },
            Tampering("timer of a screen not showing", .timers) { firstTimer(&$0) { $0["screen"] = $0["screen"] as? Int == 0 ? 1 : 0 } },
            Tampering("timer made app-wide (recurring)", .timers) { firstTimer(&$0) { $0["screen"] = -2 } },
            Tampering("timer of screen -7", .timers) { firstTimer(&$0) { $0["screen"] = -7 } },
            Tampering("timer in another flow", .timers) { firstTimer(&$0) { $0["flow"] = 99 } },
            Tampering("timer started at Int.max", .timers) { firstTimer(&$0) { $0["startedAt"] = milliseconds(Int.max) } },
            Tampering("timer started at Int.min", .timers) { firstTimer(&$0) { $0["startedAt"] = milliseconds(Int.min) } },
            Tampering("timer started after now", .timers) { json in
                let now = ((json["now"] as? JSON)?["millisecondsSince1970"] as? Int) ?? 0
                firstTimer(&json) { $0["startedAt"] = milliseconds(now + 1) }
            },
            Tampering("timer length Int.max", .timers) { firstTimer(&$0) { $0["milliseconds"] = Int.max } },
            Tampering("timer length -1", .timers) { firstTimer(&$0) { $0["milliseconds"] = -1 } },
            Tampering("timer length changed", .timers) { firstTimer(&$0) { $0["milliseconds"] = (($0["milliseconds"] as? Int) ?? 0) + 1 } },
            Tampering("timer running twice", .timers) { json in
                navigation(&json) { $0["nextTimerToken"] = (($0["nextTimerToken"] as? Int) ?? 0) + 1 }
                timers(&json) { timers in
                    guard var copy = timers.first else { return }
                    copy["token"] = ["rawValue": ((copy["token"] as? JSON)?["rawValue"] as? Int ?? 0) + 1_000]
                    timers.append(copy)
                }
                navigation(&json) { $0["nextTimerToken"] = 10_000 }
            },
            Tampering("variant shown on a screen not showing", .variants) { navigation(&$0) { $0["shownVariants"] = [$0["screen"] as? Int == 0 ? 1 : 0, -1] } },
            Tampering("variant past the screen's", .variants) { json in
                let screen = ((json["navigation"] as? JSON)?["screen"] as? Int) ?? 0
                navigation(&json) { $0["shownVariants"] = [screen, 999] }
            },
        ]
    }

    /// Plays `tamperings` on `json`: each must be refused for its reason; returns the golden text.
    static func play<Machine: FlowStateMachine>(_ type: Machine.Type, _ json: JSON, _ tamperings: [Tampering]) throws -> String {
        #expect(try refusal(type, json) == nil, "the untampered snapshot restores")
        var lines: [String] = []
        for tampering in tamperings {
            var edited = json
            tampering.edit(&edited)
            let refused = try refusal(type, edited)
            #expect(refused?.reason == tampering.reason, "\(tampering.name): \(refused.map(\.description) ?? "accepted")")
            lines.append("\(tampering.name) [\(refused?.reason.rawValue ?? "ACCEPTED")]: \(refused?.description ?? "accepted")")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func golden(_ name: String) -> URL { fixturesDirectory().appendingPathComponent("snapshot-refusals/\(name).txt") }

    /// The small app on its splash screen, its 2 s timer running.
    @Test func theSmallAppRefusesEveryTamperedSnapshot() throws {
        var machine = try SmallMachine()
        var effects: [SmallEffect] = []
        try machine.start(into: &effects)
        machine.now = Timestamp(millisecondsSince1970: machine.now.millisecondsSince1970 + 500)
        let json = try Self.json(machine)
        let text = try Self.play(SmallMachine.self, json, Self.common(screenCount: 5, fieldCount: 1, otherScreenID: "LOG-002") + [
            Tampering("a sheet open in an app without sheets", .sheets) { Self.navigation(&$0) { $0["overlayOpeners"] = [0] } },
            Tampering("a sub-flow call in an app without sub-flows", .subflows) { Self.navigation(&$0) { $0["callFrames"] = [["caller": 0, "subflow": 0, "historyDepth": 0]] } },
            Tampering("ended with a state value's name", .ending) { Self.navigation(&$0) { $0["ended"] = "signed_in" } },
        ])
        assertMatchesGolden(text, golden: Self.golden("small"))
    }

    static func semantics(_ events: [String], fill: [(SemanticsField, String)] = []) throws -> SemanticsMachine {
        var machine = try SemanticsMachine()
        var effects: [SemanticsEffect] = []
        try machine.start(into: &effects)
        for name in events { try machine.send(try SemanticsEvent(name: name, payload: ["plan": "gold"]), into: &effects) }
        for (field, text) in fill { try machine.fill(field, .text(text)) }
        machine.now = Timestamp(millisecondsSince1970: machine.now.millisecondsSince1970 + 1_000)
        return machine
    }

    /// The semantics fixture inside a sub-flow (its 60 s inactivity timer running), on a sheet, on a secret
    /// field's screen, on a variant with its timer, and ended.
    @Test func theSemanticsAppRefusesEveryTamperedSnapshot() throws {
        var text = ""
        let inSubflow = try Self.json(Self.semantics(["start_plan"]))
        // The event of the other call of the same sub-flow from HUB (`go_subflow`), as a snapshot keeps it.
        let otherCall = try Self.json(Self.semantics(["go_subflow"]))
        let otherCallEvent = try #require(((otherCall["navigation"] as? JSON)?["callEvents"] as? [Any])?.first as? String)
        let screens = SemanticsScreen.allCases.count
        text += "# in the sub-flow\n" + (try Self.play(SemanticsMachine.self, inSubflow, Self.common(screenCount: screens, fieldCount: 99, otherScreenID: "HUB") + [
            Tampering("the sub-flow call dropped", .subflows) { Self.navigation(&$0) { $0["callFrames"] = [] } },
            Tampering("the sub-flow call and its event dropped", .subflows) { Self.navigation(&$0) { $0["callFrames"] = []; $0["callEvents"] = nil } },
            Tampering("the call from a screen that never calls it", .subflows) { Self.navigation(&$0) { $0["callFrames"] = [["caller": 1, "subflow": 0, "historyDepth": 0]] } },
            Tampering("the call at depth -1", .subflows) { Self.navigation(&$0) { $0["callFrames"] = [["caller": 0, "subflow": 0, "historyDepth": -1]] } },
            Tampering("the call deeper than the back stack", .subflows) { Self.navigation(&$0) { $0["callFrames"] = [["caller": 0, "subflow": 0, "historyDepth": 5]] } },
            Tampering("the event that started it unreadable", .subflows) { Self.navigation(&$0) { $0["callEvents"] = ["{\"nonsense\":1}"] } },
            Tampering("the event that started it dropped", .subflows) { Self.navigation(&$0) { $0["callEvents"] = [] } },
            Tampering("ended with an outcome while the call runs", .ending) { Self.navigation(&$0) { $0["ended"] = "done" } },
            // Found by the long fuzz run: back from HUB would lead into the sub-flow with no call to return to.
            Tampering("a sub-flow's screen on the back stack below any call", .subflows) { json in
                let screen = ((json["navigation"] as? JSON)?["screen"] as? Int) ?? 0
                Self.navigation(&json) { $0["callFrames"] = []; $0["callEvents"] = nil; $0["screen"] = 0; $0["history"] = [screen] }
                json["screenID"] = "HUB"
                Self.timers(&json) { $0 = [] }
            },
            // Found by the long fuzz run: the call of the sub-flow by `start_plan` kept without the event that started
            // it; `finish` then failed half-way through its return route (`event.plan`), on HUB with the sub-flow's timer running.
            Tampering("the event that started it null, where only an event starts it", .subflows) { Self.navigation(&$0) { $0["callEvents"] = [NSNull()] } },
            Tampering("the events that started the calls dropped while a call runs", .subflows) { Self.navigation(&$0) { $0["callEvents"] = nil } },
            Tampering("the event that started it one that does not start it there", .subflows) { Self.navigation(&$0) { $0["callEvents"] = [otherCallEvent] } },
            // Found by the long fuzz run, and reached by Rail's real runs until a move out of a sub-flow abandoned its
            // call: the caller gone from the back stack while its call runs (`back` would end the call elsewhere).
            Tampering("the caller taken off the back stack", .backStack) { Self.navigation(&$0) { $0["history"] = [] as [Any] } },
            Tampering("another screen in the caller's place on the back stack", .backStack) { Self.navigation(&$0) { $0["history"] = [1] } },
        ]))
        let nested = try Self.json(Self.semantics(["go_subflow", "deeper"]))
        text += "# in a sub-flow of a sub-flow\n" + (try Self.play(SemanticsMachine.self, nested, [
            Tampering("the inner call at the outer call's depth", .subflows) { Self.navigation(&$0) { navigation in
                var frames = navigation["callFrames"] as? [JSON] ?? []
                if frames.count == 2 { frames[1]["historyDepth"] = frames[0]["historyDepth"] }
                navigation["callFrames"] = frames
            } },
            Tampering("the inner call's caller replaced by the outer caller on the back stack", .backStack) { Self.navigation(&$0) { navigation in
                var history = navigation["history"] as? [Any] ?? []
                if history.count == 2 { history[1] = history[0] }
                navigation["history"] = history
            } },
            Tampering("the inner call dropped", .subflows) { Self.navigation(&$0) { navigation in
                navigation["callFrames"] = (navigation["callFrames"] as? [Any] ?? []).prefix(1).map { $0 }
                navigation["callEvents"] = (navigation["callEvents"] as? [Any] ?? []).prefix(1).map { $0 }
            } },
        ]))
        let onSheet = try Self.json(Self.semantics(["go_sheet", "open"]))
        text += "# on a sheet\n" + (try Self.play(SemanticsMachine.self, onSheet, [
            Tampering("the sheet's opener past the last screen", .sheets) { Self.navigation(&$0) { $0["overlayOpeners"] = [screens + 3] } },
        ]))
        let secret = try Self.json(Self.semantics(["go_secret"], fill: [(.nickname, "ada")]))
        text += "# with a secret field\n" + (try Self.play(SemanticsMachine.self, secret, [
            Tampering("the secret PIN added back", .secretInput) { Self.navigation(&$0) { navigation in
                var inputs = navigation["inputs"] as? [JSON] ?? []
                let nickname = (inputs.first?["field"] as? Int) ?? 0
                inputs.append(["field": nickname - 1, "value": ["text": ["_0": "1234"]]])
                navigation["inputs"] = inputs
            } },
            Tampering("the nickname typed twice", .inputs) { Self.navigation(&$0) { navigation in
                let inputs = navigation["inputs"] as? [JSON] ?? []
                navigation["inputs"] = inputs + inputs
            } },
            Tampering("an empty error", .errors) { Self.navigation(&$0) { $0["errors"] = ["nickname": ""] } },
        ]))
        let variant = try Self.json(Self.semantics(["go_variant_timer", "reveal"]))
        text += "# a variant's timer\n" + (try Self.play(SemanticsMachine.self, variant, [
            Tampering("the variant that runs the timer not shown", .timers) { Self.navigation(&$0) { $0["shownVariants"] = nil } },
        ]))
        let waiting = try Self.json(Self.semantics(["go_calls"]))
        text += "# waiting for a call with a deadline (bank.authorise, when_left: cancel)\n" + (try Self.play(SemanticsMachine.self, waiting, [
            Tampering("the waiting call dropped, its deadline left running", .timers) { Self.navigation(&$0) { $0["pendingCalls"] = nil } },
            Tampering("the call's deadline dropped", .calls) { Self.timers(&$0) { $0 = [] } },
            Tampering("a call of a policy the app does not have", .calls) { Self.navigation(&$0) { navigation in
                var calls = navigation["pendingCalls"] as? [JSON] ?? []
                if !calls.isEmpty { calls[0]["policy"] = 9 }
                navigation["pendingCalls"] = calls
            } },
            Tampering("the call waiting on a screen not showing (leaving it cancels the call)", .calls) { Self.navigation(&$0) { navigation in
                var calls = navigation["pendingCalls"] as? [JSON] ?? []
                if !calls.isEmpty { calls[0]["screen"] = 0 }
                navigation["pendingCalls"] = calls
            } },
            Tampering("the call waiting on screen -5", .calls) { Self.navigation(&$0) { navigation in
                var calls = navigation["pendingCalls"] as? [JSON] ?? []
                if !calls.isEmpty { calls[0]["screen"] = -5 }
                navigation["pendingCalls"] = calls
            } },
            Tampering("the call waiting twice on one deadline", .calls) { Self.navigation(&$0) { navigation in
                let calls = navigation["pendingCalls"] as? [JSON] ?? []
                navigation["pendingCalls"] = calls + calls
            } },
            Tampering("ended while the call waits", .ending) { Self.navigation(&$0) { navigation in
                navigation["ended"] = "closed"
                navigation["runningTimers"] = []
            } },
        ]))
        let ended = try Self.json(Self.semantics(["close"]))
        text += "# ended\n" + (try Self.play(SemanticsMachine.self, ended, [
            Tampering("ended with another app's outcome", .ending) { Self.navigation(&$0) { $0["ended"] = "submitted" } },
            Tampering("ended with a timer running", .ending) { Self.navigation(&$0) { navigation in
                navigation["nextTimerToken"] = 5
                navigation["runningTimers"] = [["token": ["rawValue": 5], "screen": 0, "flow": 0, "timer": 0, "startedAt": Self.milliseconds(0), "milliseconds": 1]]
            } },
        ]))
        assertMatchesGolden(text, golden: Self.golden("semantics"))
    }

    /// Every public operation of FlowMachine that does arithmetic on times, lengths and tokens, on the ends of
    /// `Int`: none may trap (a trap is a crash of the app that restored the snapshot).
    @MainActor @Test func extremeValuesNeverTrap() async throws {
        let extremes = [Int.min, Int.min + 1, -1, 0, 1, Int.max - 1, Int.max]
        for start in extremes {
            for length in extremes {
                let timer = ActiveTimer(token: TimerToken(rawValue: 1), screen: 0, flow: 0, timer: 0,
                                        startedAt: Timestamp(millisecondsSince1970: start), milliseconds: length)
                for now in extremes {
                    let left = timer.remainingMilliseconds(at: Timestamp(millisecondsSince1970: now))
                    #expect(left >= 0)
                    if timer.due > Timestamp(millisecondsSince1970: now) { #expect(left > 0) } else { #expect(left == 0) }
                }
                _ = timer.due.description
                _ = timer.due.date
                _ = timer.due.addingMonths(length)
            }
        }
        // A machine whose clock the host set to the ends of Int: sending, filling, going back and snapshotting
        // stay within FlowFailure, and a driver made on it computes its clock and resumes without trapping.
        for now in extremes {
            var machine = try SemanticsMachine(start: .tmr1)
            machine.now = Timestamp(millisecondsSince1970: now)
            var effects: [SemanticsEffect] = []
            try machine.start(into: &effects)
            for name in ["away", "return", "done", "go_timers", "go_state_timer", "shorten"] {
                _ = try? machine.send(try SemanticsEvent(name: name, payload: [:]), into: &effects)
            }
            _ = try? machine.back(into: &effects)
            for timer in machine.snapshot().navigation.runningTimers {
                _ = timer.remainingMilliseconds(at: Timestamp(millisecondsSince1970: Int.min))
                _ = try? machine.send(.timerFired(token: timer.token), into: &effects)
            }
            let snapshot = machine.snapshot()
            // Restoring refuses a clock outside years 1 to 9999; inside, the driver resumes.
            if let restored = try? SemanticsMachine(restoring: snapshot) {
                let driver = FlowDriver(restored, services: SnapshotTests.NoBank(), clock: ManualClock())
                driver.resume()
                _ = driver.now
                _ = driver.snapshot()
                driver.stop()
            } else {
                #expect(!Timestamp.validRange.contains(now))
            }
        }
        // A clock that moved further than Int milliseconds can say.
        let clock = ManualClock()
        let driver = FlowDriver(try SemanticsMachine(start: .hub), services: SnapshotTests.NoBank(), clock: clock)
        await clock.advance(by: .seconds(Int64.max / 2))
        #expect(driver.now.millisecondsSince1970 == Int.max)
    }
}
