import FlowCompiler
import FlowIR
@_spi(Generated) import FlowLowering
@_spi(Generated) import FlowMachine
import FlowSource
import FlowTestSupport
import Foundation
import Testing

/// `lowerApp`: the checked app as the engine's tables, the one lowering both back ends run.
@Suite struct LowerAppTests {
    static let header = "app:\n  name: Shop\n  currency: GBP\n  locale: en-GB\n  start: main\n"

    static func app(_ yaml: String) throws -> App {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-lowering-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data((header + yaml).utf8).write(to: folder.appendingPathComponent("app.flow.yaml"))
        let diagnostics = TestDiagnosticCollector()
        let compilation = compile(CompilerConfig(inputs: [folder.path], generatesOutputs: false), diagnostics: diagnostics)
        diagnostics.verify()
        return try #require(compilation.program.apps.first)
    }

    /// Two screens guarded by the same condition share one guard (a 10,000-screen ring has one guard, not 10,000);
    /// a different condition gets its own number, and each row points at the guard of its own transition.
    @Test func equalGuardsAreNumberedOnce() throws {
        let app = try Self.app("""
            state:
              balance: { type: money, initial: 0.00 GBP }
            flows:
              main:
                start: A-1
                screens:
                  A-1:
                    name: A
                    on:
                      next:
                        - if: balance > 0.00 GBP
                          to: B-2
                        - to: C-3
                  B-2:
                    name: B
                    on:
                      next:
                        - if: balance > 0.00 GBP
                          to: C-3
                        - to: A-1
                  C-3:
                    name: C
                    on:
                      next:
                        - if: balance > 10.00 GBP
                          to: A-1
                        - to: B-2
            """)
        let lowered = lowerApp(app)
        #expect(lowered.guards.count == 2, "\(lowered.guards.map(\.usedBy))")
        #expect(lowered.guards.first?.usedBy.count == 2)
        #expect(lowered.tables.rows.count == 6)
        #expect(lowered.rows.count == lowered.tables.rows.count, "every row says where it comes from")
        let guarded = lowered.tables.rows.filter { $0.guardID != 0 }.map(\.guardID)
        #expect(guarded == [1, 1, 2])
        #expect(lowered.tables.rows.allSatisfy { $0.guardID >= 0 && Int($0.guardID) <= lowered.guards.count })
        #expect(lowered.screenComments.count == app.screens.count)
    }

    /// Each screen's own rows are contiguous and in declaration order: the engine reads `rows[rowStart..<rowEnd]`.
    @Test func aScreensRowsAreContiguous() throws {
        let app = try Self.app("""
            flows:
              main:
                start: A-1
                screens:
                  A-1:
                    name: A
                    on:
                      one: B-2
                      two: C-3
                  B-2:
                    name: B
                    on:
                      back_home: A-1
                  C-3:
                    name: C
                    terminal: true
            """)
        let lowered = lowerApp(app)
        let screens = lowered.tables.screens
        #expect(screens.count == 3)
        #expect(screens.map { $0.rowEnd - $0.rowStart } == [2, 1, 0])
        #expect(zip(screens, screens.dropFirst()).allSatisfy { $0.rowEnd == $1.rowStart })
        #expect(lowered.rows.map(\.event) == ["one", "two", "back_home"])
    }

    /// The engine stages an app never reaches are left out of its features (and a timer puts its stage in).
    @Test func featuresFollowWhatTheAppUses() throws {
        let plain = lowerApp(try Self.app("""
            flows:
              main:
                start: A-1
                screens:
                  A-1: { name: A, on: { go: B-2 } }
                  B-2: { name: B, terminal: true }
            """))
        let timed = lowerApp(try Self.app("""
            flows:
              main:
                start: A-1
                screens:
                  A-1: { name: A, after: { 2s: B-2 } }
                  B-2: { name: B, terminal: true }
            """))
        #expect(plain.features != timed.features)
        #expect(plain.timers.isEmpty && timed.timers.count == 1)
        #expect(timed.timers.first?.delay == "2s")
        #expect(timed.timers.first?.lengthName == "after 2s", "how both back ends name the timer in a failure")
    }

    /// The same app lowers to the same tables every time (the generated Tables.swift is compared byte for byte in CI).
    @Test func loweringIsDeterministic() throws {
        let folder = packageRoot().appendingPathComponent("flows/tempo")
        let diagnostics = TestDiagnosticCollector()
        let app = try #require(compile(CompilerConfig(inputs: [folder.path], generatesOutputs: false), diagnostics: diagnostics).program.apps.first)
        diagnostics.verify()
        let first = lowerApp(app)
        let second = lowerApp(app)
        #expect(first.rows.map(\.comment) == second.rows.map(\.comment))
        #expect(first.screenComments == second.screenComments && first.fieldComments == second.fieldComments)
        #expect(first.guards.map(\.usedBy) == second.guards.map(\.usedBy))
        #expect(first.tables.rows.map(\.guardID) == second.tables.rows.map(\.guardID))
    }
}
