@_spi(Generated) import FlowMachine
import Testing

/// A generated machine states what of the engine its app uses, and the specialised engine leaves the rest out: a
/// feature missed here would silently skip a stage, so each is derived from the tables and checked one by one.
@Suite struct EngineFeaturesTests {
    /// One screen with `rows` and `screen`'s own timers, fields and actions; one flow.
    func tables(rows: [TransitionRow] = [], screen: ScreenEntry? = nil, flow: FlowEntry? = nil, timers: [TimerEntry] = [],
                fields: [FieldEntry] = [], subflows: [SubflowEntry] = []) -> FlowTables {
        let count = Int32(rows.count)
        let entry = screen ?? ScreenEntry(flow: 0, rowStart: 0, rowEnd: count, fieldStart: 0, fieldEnd: Int32(fields.count), timerStart: 0,
                                          timerEnd: Int32(timers.count), variantStart: 0, variantEnd: 0, enterActions: 0, exitActions: 0, analytics: -1)
        return FlowTables(strings: ["S"], screenIDs: [0], screens: [entry], rows: rows,
                          flows: [flow ?? FlowEntry(start: 0, rowStart: count, rowEnd: count, timerStart: 0, timerEnd: 0, name: 0)],
                          timers: timers, subflows: subflows, returns: [], fields: fields, variants: [])
    }

    func row(_ target: TargetKind, validates: Bool = false) -> TransitionRow {
        TransitionRow(event: 0, guardID: 0, actionsID: 0, target: target, argument: 0, validates: validates)
    }

    func features(_ tables: FlowTables, raises: Bool = false, invariants: Bool = false) -> EngineFeatures {
        EngineFeatures(tables: tables, raisesEvents: raises, checksInvariants: invariants)
    }

    @Test func aPlainRingUsesNothing() {
        #expect(features(tables(rows: [row(.screen), row(.stay), row(.back)])) == [])
    }

    @Test func eachFeatureComesFromWhatUsesIt() {
        #expect(features(tables(rows: [row(.overlay)])) == [.overlays])
        #expect(features(tables(rows: [row(.subflow)], subflows: [SubflowEntry(flow: 0, returnStart: 0, returnEnd: 0)])) == [.subflows])
        #expect(features(tables(rows: [row(.end)])) == [.endings])
        #expect(features(tables(rows: [row(.screen, validates: true)])) == [.forms])
        #expect(features(tables(fields: [FieldEntry(name: 0, validator: 0, shownWhen: 0, shownWhenSource: 0)])) == [.forms])
        #expect(features(tables(fields: [FieldEntry(name: 0, validator: 0, shownWhen: 0, shownWhenSource: 0, secret: true)])) == [.forms, .secretFields])
        #expect(features(tables(timers: [TimerEntry(milliseconds: 1000, rowStart: 0, rowEnd: 0)])) == [.timers])
        #expect(features(tables(timers: [TimerEntry(milliseconds: 1000, rowStart: 0, rowEnd: 0, variant: 0)])) == [.timers, .variantTimers])
        #expect(features(tables(flow: FlowEntry(start: 0, rowStart: 0, rowEnd: 0, timerStart: 0, timerEnd: 1, name: 0),
                                timers: [TimerEntry(milliseconds: 1000, rowStart: 0, rowEnd: 0)])) == [.timers, .flowTimers])
        let global = FlowTables(strings: ["S"], screenIDs: [0], screens: [ScreenEntry(flow: 0, rowStart: 0, rowEnd: 0, fieldStart: 0, fieldEnd: 0, timerStart: 0,
                                                                                      timerEnd: 0, variantStart: 0, variantEnd: 0, enterActions: 0, exitActions: 0, analytics: -1)],
                                rows: [row(.screen)], flows: [FlowEntry(start: 0, rowStart: 0, rowEnd: 1, timerStart: 0, timerEnd: 0, name: 0)],
                                timers: [], subflows: [], returns: [], fields: [], variants: [])
        #expect(features(global) == [.globalTransitions])
        func screen(enter: Int32 = 0, exit: Int32 = 0, analytics: Int32 = -1) -> ScreenEntry {
            ScreenEntry(flow: 0, rowStart: 0, rowEnd: 0, fieldStart: 0, fieldEnd: 0, timerStart: 0, timerEnd: 0, variantStart: 0, variantEnd: 0,
                        enterActions: enter, exitActions: exit, analytics: analytics)
        }
        #expect(features(tables(screen: screen(enter: 1))) == [.entryActions])
        #expect(features(tables(screen: screen(exit: 1))) == [.exitActions])
        #expect(features(tables(screen: screen(analytics: 0))) == [.screenViews])
        #expect(features(tables(), raises: true) == [.raisedEvents])
        #expect(features(tables(), invariants: true) == [.invariants])
        let tracked = FlowTables(strings: ["S", "bank.authorise"], screenIDs: [0], screens: [screen()], rows: [],
                                 flows: [FlowEntry(start: 0, rowStart: 0, rowEnd: 0, timerStart: 0, timerEnd: 0, name: 0)],
                                 timers: [], subflows: [], returns: [], fields: [], variants: [],
                                 callPolicies: [CallPolicyEntry(operation: 1, timer: -1, timeoutEvent: -1, cancelsOnLeave: true, answers: [0])])
        #expect(features(tracked) == [.callPolicies])
        #expect(tracked.answerPolicy(0) == 0 && tracked.answerPolicy(1) == -1 && tracked.answerPolicy(-1) == -1)
    }

    @Test func namesListEveryFeatureOnce() {
        #expect(EngineFeatures.all.names.count == 15)
        #expect(Set(EngineFeatures.all.names).count == 15)
        #expect(EngineFeatures([.overlays, .timers]).names == ["timers", "overlays"])
    }

    /// The screen under the innermost sheet is kept apart from the others; the list reads as one.
    @Test func sheetOpenersReadAsOneList() {
        var state = EngineState<Int>(screenNumber: 0)
        #expect(state.overlayOpeners == [])
        #expect(state.popOpener() == nil)
        state.pushOpener(4)
        state.pushOpener(7)
        #expect(state.overlayOpeners == [4, 7])
        #expect(state.popOpener() == 7)
        #expect(state.overlayOpeners == [4])
        state.overlayOpeners = [1, 2, 3]
        #expect(state.popOpener() == 3)
        #expect(state.popOpener() == 2)
        #expect(state.popOpener() == 1)
        #expect(state.popOpener() == nil)
        #expect(state.overlayOpeners == [])
    }
}
