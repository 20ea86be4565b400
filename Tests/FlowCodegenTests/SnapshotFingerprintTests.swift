import FlowCodegen
import FlowCompiler
import FlowIR
import Testing

/// A snapshot names the tables' fingerprint, and a machine refuses one taken with other flows (`.otherFlows`). The
/// fingerprint must change with everything that makes a snapshot unreadable or wrong for the new machine (the
/// layout of the state and its types, the tables) and only with that: a reworded description keeps people's
/// progress across a release.
@Suite struct SnapshotFingerprintTests {
    static func fingerprint(_ app: App) throws -> String {
        let tables = try #require(renderSwiftSources(lowerApps(FlowProgram(apps: [app]))).first { $0.path.hasSuffix("/Tables.swift") }?.text)
        let marker = "static let fingerprint = \""
        let start = try #require(tables.range(of: marker)).upperBound
        return String(tables[start...].prefix { $0 != "\"" })
    }

    @Test func theFingerprintChangesWithWhatMakesTwoAppsSnapshotsIncompatible() throws {
        let app = try GeneratedSemanticConformanceTests.app()
        let original = try Self.fingerprint(app)
        #expect(original.count >= 8)
        #expect(try Self.fingerprint(app) == original, "the same flows, the same fingerprint")
        let count = try #require(app.state.firstIndex { $0.name == "count" })

        var retyped = app
        retyped.state[count].type = .decimal
        #expect(try Self.fingerprint(retyped) != original, "a state value retyped")

        var renamed = app
        renamed.state[count].name = "counter"
        #expect(try Self.fingerprint(renamed) != original, "a state value renamed")

        var added = app
        added.state.append(StateVariable(name: "extra", type: .int, initial: nil, description: nil, range: app.state[count].range))
        #expect(try Self.fingerprint(added) != original, "a state value added")

        var screenRenamed = app
        let hub = try #require(app.screens.firstIndex { $0.id == "HUB" })
        screenRenamed.screens[hub].id = "HUB-2"
        #expect(try Self.fingerprint(screenRenamed) != original, "a screen's ID changed")

        var reworded = app
        reworded.state[count].description = "Taps, counted."
        #expect(try Self.fingerprint(reworded) == original, "a description reworded keeps the snapshots")
    }
}
