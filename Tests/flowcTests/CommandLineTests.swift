import Foundation
import FlowTestSupport
import Testing

/// The built `flowc`: exit codes, output formats, and what `build` writes.
@Suite(.serialized) struct CommandLineTests {
    /// A copy of a fixture app in a fresh folder, as `flows/<name>/`.
    func project(fixture: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-cli-\(UUID().uuidString)")
        let flows = folder.appendingPathComponent("flows")
        try FileManager.default.createDirectory(at: flows, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: fixturesDirectory().appendingPathComponent(fixture),
                                         to: flows.appendingPathComponent(URL(fileURLWithPath: fixture).lastPathComponent))
        return folder
    }

    @Test func checkExitsZeroOnACleanApp() async throws {
        let folder = try project(fixture: "ok/minimal-app")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await runFlowc(["check"], in: folder)
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
    }

    @Test func checkExitsOneAndPrintsTheCaret() async throws {
        let folder = try project(fixture: "diagnostics/unknown-target")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await runFlowc(["check"], in: folder)
        #expect(result.status == 1)
        #expect(result.stderr == """
            flows/unknown-target/app.flow.yaml:13:28: error: transition target 'PAY-0O2' is not a screen of app 'unknown_target' [unknown-target]
               |
            13 |           tap_uk_transfer: PAY-0O2
               |                            ^~~~~~~
               = note: did you mean 'PAY-002'? declared here (flows/unknown-target/app.flow.yaml:14:7)
            1 error and 0 warnings generated.

            """)
    }

    @Test func jsonAndSarifGoToStandardOutput() async throws {
        let folder = try project(fixture: "diagnostics/unknown-target")
        defer { try? FileManager.default.removeItem(at: folder) }
        let json = try await runFlowc(["check", "--format", "json"], in: folder)
        #expect(json.status == 1)
        let report = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        #expect(report?["errors"] as? Int == 1)
        let sarif = try await runFlowc(["check", "--format", "sarif"], in: folder)
        let log = try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any]
        #expect(log?["version"] as? String == "2.1.0")
        let results = ((log?["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        #expect(results.first?["ruleId"] as? String == "unknown-target")
    }

    @Test func usageErrorsExitSixtyFour() async throws {
        let folder = try project(fixture: "ok/minimal-app")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try await runFlowc(["check", "--format", "xml"], in: folder).status == 64)
        #expect(try await runFlowc(["build", "--output", "flows/minimal-app/app.flow.yaml"], in: folder).status == 64)
        #expect(try await runFlowc(["check", "--no-such-option"], in: folder).status == 64)
    }

    @Test func buildWritesTheInventoryOnceAndCheckFindsItCurrent() async throws {
        let folder = try project(fixture: "ok/minimal-app")
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try await runFlowc(["build"], in: folder)
        #expect(first.status == 0)
        // inventory.json, 8 reports, the app's 3 Swift files and the manifest of what flowc wrote.
        #expect(first.stdout == "Checked 1 app (minimal_app); wrote 14 files in generated/.\n")
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("generated/reports/minimal_app/junit.xml").path))
        let inventory = folder.appendingPathComponent("generated/inventory.json")
        let bytes = try Data(contentsOf: inventory)
        let second = try await runFlowc(["build"], in: folder)
        #expect(second.stdout == "Checked 1 app (minimal_app); generated/ was already up to date.\n")
        #expect(try Data(contentsOf: inventory) == bytes)
        #expect(try await runFlowc(["build", "--check"], in: folder).status == 0)
        let object = try JSONSerialization.jsonObject(with: bytes) as? [String: Any]
        let app = (object?["apps"] as? [String: Any])?["minimal_app"] as? [String: Any]
        let screens = (app?["screens"] as? [[String: Any]])?.compactMap { $0["id"] as? String }
        #expect(screens == ["HOME-001", "SEND-001", "TOPUP-001"])
        let transitions = (app?["transitions"] as? [[String: Any]]) ?? []
        #expect(transitions.contains { $0["from"] as? String == "HOME-001" && $0["event"] as? String == "tap_send" && $0["to"] as? String == "SEND-001" })
    }

    @Test func buildCheckListsStaleFilesAndWritesNothing() async throws {
        let folder = try project(fixture: "ok/minimal-app")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = try await runFlowc(["build", "--check"], in: folder)
        #expect(result.status == 1)
        #expect(result.stdout.hasPrefix("generated/ is out of date; run 'swift run flowc build' and commit the result:\n"))
        #expect(result.stdout.contains("\n  generated/inventory.json\n"))
        #expect(result.stdout.contains("/Machine.swift\n"), "the generated Swift is checked too")
        #expect(result.stdout.contains("\n  generated/reports/minimal_app/acceptance.md\n"))
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("generated").path))
    }

    @Test func helpShowsExamples() async throws {
        let folder = FileManager.default.temporaryDirectory
        for command in [["--help"], ["check", "--help"], ["build", "--help"]] {
            let result = try await runFlowc(command, in: folder)
            #expect(result.status == 0)
            #expect(result.stdout.contains("Examples:"), "\(command)")
        }
    }
}

extension CommandLineTests {
    /// flowc deletes only files its manifest (generated/flowc-outputs.txt) says it wrote.
    @Test func buildRemovesWhatItWroteForAnAppThatIsGoneAndNothingElse() async throws {
        let folder = try project(fixture: "ok/minimal-app")
        defer { try? FileManager.default.removeItem(at: folder) }
        let second = folder.appendingPathComponent("flows/second-app")
        try FileManager.default.copyItem(at: folder.appendingPathComponent("flows/minimal-app"), to: second)
        let root = second.appendingPathComponent("app.flow.yaml")
        try Data(String(decoding: try Data(contentsOf: root), as: UTF8.self).replacingOccurrences(of: "name: Minimal", with: "name: Second").utf8).write(to: root)
        #expect(try await runFlowc(["build"], in: folder).status == 0)
        let generated = folder.appendingPathComponent("generated")
        let modules = try FileManager.default.contentsOfDirectory(atPath: generated.appendingPathComponent("Sources").path).sorted()
        #expect(modules.count == 2, "\(modules)")
        // Files a person put in the output folder, one of them inside a generated module.
        let ownModule = generated.appendingPathComponent("Sources/MyOwnFlow/Keep.swift")
        let beside = generated.appendingPathComponent("Sources/\(modules[0])/Extensions.swift")
        for file in [ownModule, beside] {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("// hand-written\n".utf8).write(to: file)
        }
        try FileManager.default.removeItem(at: second)
        let check = try await runFlowc(["build", "--check"], in: folder)
        #expect(check.status == 1)
        #expect(check.stdout.contains("(no longer generated)"))
        #expect(!check.stdout.contains("Keep.swift") && !check.stdout.contains("Extensions.swift"), "\(check.stdout)")
        #expect(try await runFlowc(["build"], in: folder).status == 0)
        let left = try FileManager.default.contentsOfDirectory(atPath: generated.appendingPathComponent("Sources").path).sorted()
        #expect(FileManager.default.fileExists(atPath: ownModule.path))
        #expect(FileManager.default.fileExists(atPath: beside.path))
        let goneReports = (try? FileManager.default.contentsOfDirectory(atPath: generated.appendingPathComponent("reports/second_app").path)) ?? []
        #expect(goneReports.isEmpty, "\(goneReports)")
        #expect(left.contains("MyOwnFlow"))
        #expect(try await runFlowc(["build", "--check"], in: folder).status == 0)
    }
}

/// Outputs do not depend on how flowc was invoked, and land only inside the project.
extension CommandLineTests {
    @Test func anAbsolutePathToTheFlowsWritesTheSameBytes() async throws {
        let folder = try project(fixture: "ok/minimal-app")
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(try await runFlowc(["build", "flows", "--output", "relative"], in: folder).status == 0)
        #expect(try await runFlowc(["build", folder.appendingPathComponent("flows").path, "--output", "absolute"], in: folder).status == 0)
        for file in ["inventory.json", "reports/minimal_app/acceptance.json", "reports/minimal_app/coverage.md", "reports/minimal_app/junit.xml"] {
            let relative = try Data(contentsOf: folder.appendingPathComponent("relative/\(file)"))
            let absolute = try Data(contentsOf: folder.appendingPathComponent("absolute/\(file)"))
            #expect(relative == absolute, "\(file) differs")
        }
    }

    /// An output given explicitly may be anywhere (CI's temporary folders), however it is written: climbing out, an
    /// absolute path, a link to elsewhere. The same bytes land in each (links of an output outside the project are
    /// those of the default generated/).
    @Test func anExplicitOutputOutsideTheProjectIsWrittenThereHoweverItIsWritten() async throws {
        let folder = try project(fixture: "ok/minimal-app")
        let elsewhere = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-elsewhere-\(UUID().uuidString)")
        let escape = folder.deletingLastPathComponent().appendingPathComponent("flowc-escape-\(UUID().uuidString)")
        let linked = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-linked-\(UUID().uuidString)")
        defer { for url in [folder, elsewhere, escape, linked] { try? FileManager.default.removeItem(at: url) } }
        try FileManager.default.createDirectory(at: linked, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link").path, withDestinationPath: linked.path)
        var pages: [Data] = []
        for (output, landing) in [("../" + escape.lastPathComponent, escape), (elsewhere.path, elsewhere), ("link", linked)] {
            let result = try await runFlowc(["build", "--output", output], in: folder)
            #expect(result.status == 0, "\(output): \(result.stderr)")
            pages.append(try Data(contentsOf: landing.appendingPathComponent("reports/minimal_app/acceptance.html")))
        }
        #expect(Set(pages).count == 1, "the reports differ by where they were written")
    }

    @Test func testingOtherFlowsWritesNoReportsIntoThisProject() async throws {
        let folder = try project(fixture: "ok/minimal-app")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.moveItem(at: folder.appendingPathComponent("flows"), to: folder.appendingPathComponent("other"))
        _ = try await runFlowc(["test", "--flows", "other"], in: folder)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("generated").path))
        _ = try await runFlowc(["test", "--flows", "other", "--output", "mine"], in: folder)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("mine/reports/minimal_app/acceptance.md").path))
    }
}
