import FlowCompiler
import FlowIR
@_spi(Generated) import FlowLowering
@_spi(Generated) import FlowMachine
import FlowSource
import FlowTestSupport
import Foundation
import Testing

/// The whole `LoweredApp` of a small app, as text, against a golden (`Fixtures/lowering/tip-jar`, the app
/// docs/architecture.md follows): every table with its indices, the numbered guards, action lists and validators
/// with where they are used, the timers' lengths and names, the call policies and the engine features. Both back
/// ends read this one value, so a change here is a change to the generated Swift and to the interpreter alike.
@Suite struct LoweredAppGoldenTests {
    static let folder = fixturesDirectory().appendingPathComponent("lowering/tip-jar")

    static func lowered() throws -> LoweredApp {
        let compilation = compileCleanly(CompilerConfig(inputs: [folder.path], generatesOutputs: false), allowing: ["late-answer-unhandled"])
        return try #require(lowerApps(compilation.program).first)
    }

    @Test func theTipJarLowersToItsGolden() throws {
        assertMatchesGolden(Self.describe(try Self.lowered()), golden: Self.folder.appendingPathComponent("expected/lowered.txt"))
    }

    /// What the golden pins, said as facts: the guard written on two screens is one number, both rows point at it,
    /// the state-valued timer and the call's deadline are timers, and the call's policy is found by its numbers.
    @Test func tablesPointWhereTheyShould() throws {
        let lowered = try Self.lowered()
        let app = lowered.app
        let tables = lowered.tables
        #expect(lowered.guards.count == 1)
        #expect(lowered.guards.first?.usedBy == ["TIP-001 done", "THX-003 done"])
        let guarded = tables.rows.indices.filter { tables.rows[$0].guardID == 1 }
        #expect(guarded.map { lowered.rows[$0].comment } == ["TIP-001 done if total > 0.00 GBP → THX-003", "THX-003 done if total > 0.00 GBP → TIP-001"])
        // Each screen's rows are its own, in order; a row's event is the app's event number.
        for (number, screen) in tables.screens.enumerated() {
            for row in Int(screen.rowStart)..<Int(screen.rowEnd) where tables.rows[row].event >= 0 {
                #expect(lowered.rows[row].comment.hasPrefix(app.screens[number].id + " "))
                #expect(app.events[Int(tables.rows[row].event)].name == lowered.rows[row].event)
            }
        }
        let idle = try #require(lowered.timers.first)
        #expect(idle.length != nil && idle.lengthName == "after idle_after" && tables.timers[0].milliseconds == 0)
        let service = try #require(app.services.firstIndex { $0.name == "payments" })
        let policy = try #require(lowered.callPolicy(service: service, operation: 0))
        #expect(tables.strings[Int(tables.callPolicies[Int(policy)].operation)] == "payments.pay")
        #expect(tables.timers[Int(tables.callPolicies[Int(policy)].timer)].milliseconds == 10_000)
        #expect(lowered.callPolicy(service: service, operation: 1) == nil && lowered.callPolicy(service: 9, operation: 0) == nil)
        #expect(lowered.features.contains(.callPolicies) && lowered.features.contains(.timers) && lowered.features.contains(.forms))
    }

    /// The whole lowered app, one line per entry.
    static func describe(_ lowered: LoweredApp) -> String {
        let app = lowered.app
        let t = lowered.tables
        func event(_ number: Int32) -> String { number < 0 ? "-" : app.events[Int(number)].name }
        func code(_ number: Int32) -> String { number == 0 ? "-" : "\(number)" }
        var lines = ["app \(app.id): \(app.screens.count) screens, \(app.events.count) events", "", "strings"]
        lines += t.strings.enumerated().map { "  \($0.offset) \($0.element)" }
        lines += ["", "screens"]
        for (number, screen) in t.screens.enumerated() {
            lines.append("  \(lowered.screenComments[number]): rows \(screen.rowStart)..<\(screen.rowEnd), fields \(screen.fieldStart)..<\(screen.fieldEnd), "
                         + "timers \(screen.timerStart)..<\(screen.timerEnd), variants \(screen.variantStart)..<\(screen.variantEnd), "
                         + "enter \(code(screen.enterActions)), exit \(code(screen.exitActions)), flow \(screen.flow)")
        }
        lines += ["", "rows"]
        for (number, row) in t.rows.enumerated() {
            lines.append("  \(number) event \(event(row.event)), guard \(code(row.guardID)), actions \(code(row.actionsID)), \(row.target) \(row.argument)"
                         + (row.validates ? ", validates" : "") + " // \(lowered.rows[number].comment)")
        }
        lines += ["", "flows"]
        lines += t.flows.map { "  \(t.strings[Int($0.name)]): start \($0.start), rows \($0.rowStart)..<\($0.rowEnd), timers \($0.timerStart)..<\($0.timerEnd)" }
        lines += ["", "timers"]
        for (number, timer) in t.timers.enumerated() {
            let origin = lowered.timers[number]
            let length = origin.length.map { "length from \($0.origin?.text ?? "state"), " } ?? ""
            lines.append("  \(number) \(origin.event): \(timer.milliseconds) ms, \(length)rows \(timer.rowStart)..<\(timer.rowEnd), named '\(origin.lengthName)' // \(origin.comment)")
        }
        lines += ["", "fields"]
        lines += t.fields.enumerated().map { "  \($0.offset) \(lowered.fieldComments[$0.offset]): validator \(code($0.element.validator)), shown when \(code($0.element.shownWhen))" }
        lines += ["", "guards"]
        lines += lowered.guards.enumerated().map { "  \($0.offset + 1) \($0.element.condition.origin?.text ?? "?"): used by \($0.element.usedBy.joined(separator: "; "))" }
        lines += ["", "action lists"]
        lines += lowered.actions.enumerated().map { "  \($0.offset + 1) \($0.element.actions.count) actions: used by \($0.element.usedBy.joined(separator: "; "))" }
        lines += ["", "validators"]
        lines += lowered.validators.enumerated().map { "  \($0.offset + 1) \(app.screens[$0.element.screen].fields[$0.element.field].name): used by \($0.element.usedBy.joined(separator: "; "))" }
        lines += ["", "call policies"]
        lines += t.callPolicies.enumerated().map { number, policy in
            "  \(number) \(t.strings[Int(policy.operation)]): timer \(policy.timer), times out as \(event(policy.timeoutEvent)), answers \(policy.answers.map { event($0) }.joined(separator: ", "))"
        }
        lines += ["", "features " + lowered.features.names.joined(separator: ", ")]
        return lines.joined(separator: "\n") + "\n"
    }
}
