import FlowCodegen
import FlowCompiler
import FlowSource
import FlowTestSupport
import Foundation
import Testing

/// docs/generated-code.md's Swift compiles: every ```swift block says what it is in the comment line above it, and
/// the test holds it to that with swiftc against the modules the docs name (TempoFlow and SmallFlow as this package
/// builds them, TempoCards generated here from Examples/TempoCards with its flowc-config.yaml):
///
/// - `<!-- snippet: check -->` (or `check(machine, driver, ...)`, the values it is given): statements, type-checked in
///   an async throwing function on the main actor;
/// - `<!-- snippet: check-top -->`: declarations, type-checked at the top level of a file;
/// - `<!-- snippet: swiftui (...) -->`: parts of SwiftUI views, type-checked only where SwiftUI can be imported; on
///   Linux they are parsed, no more (a SwiftUI stand-in would prove nothing about SwiftUI);
/// - `<!-- snippet: excerpt (...) -->`: parts of generated code or of a manifest, shown, not compiled.
///
/// A block without the comment fails the test, so a new snippet is never silently left unchecked.
@Suite struct DocsSnippetsTests {
    struct Snippet {
        var line: Int
        var kind: String
        var context: [String]
        var code: String
    }

    /// The ```swift blocks of `markdown` with the comment above each (kind "" when it has none).
    static func snippets(_ markdown: String) -> [Snippet] {
        let lines = markdown.components(separatedBy: "\n")
        var found: [Snippet] = []
        var index = 0
        while index < lines.count {
            guard lines[index] == "```swift" else { index += 1; continue }
            let start = index
            var body: [String] = []
            index += 1
            while index < lines.count, lines[index] != "```" { body.append(lines[index]); index += 1 }
            var kind = ""
            var context: [String] = []
            let above = start > 0 ? lines[start - 1].trimmingCharacters(in: .whitespaces) : ""
            if above.hasPrefix("<!-- snippet: "), above.hasSuffix(" -->") {
                let marker = String(above.dropFirst("<!-- snippet: ".count).dropLast(" -->".count))
                kind = String(marker.prefix { $0.isLetter || $0 == "-" })
                if kind == "check", marker.hasPrefix("check("), let close = marker.firstIndex(of: ")") {
                    context = marker[marker.index(marker.startIndex, offsetBy: 6)..<close].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                }
            }
            found.append(Snippet(line: start + 1, kind: kind, context: context, code: body.joined(separator: "\n")))
            index += 1
        }
        return found
    }

    /// What a `check(...)` snippet may be given, by name.
    static let contextValues: [String: String] = [
        "machine": "var machine = try TempoMachine()",
        "sinks": "let sinks = FlowSinks()",
        "driver": "let driver = FlowDriver(try TempoMachine(), services: LiveServices())",
        "snapshotURL": "let snapshotURL = URL(fileURLWithPath: \"snapshot.json\")",
        "saved": "let saved = try TempoMachine().snapshot()",
        "log": "let log = HostLog()",
    ]

    /// What every snippet's file imports.
    static let imports = """
        import FlowMachine
        import Foundation
        import SmallFlow
        import TempoCards
        import TempoFlow
        import Testing

        """

    /// The host's own types the snippets use (an app's SDK clients, its logger, a fake service for tests), in a file of
    /// their own beside the snippets.
    static let prelude = imports + """
        protocol EqualsClient: Sendable {
            func setFrozen(_ frozen: Bool) async throws -> Bool
            func addresses(at postcode: String) async throws -> [String]
            func orderCard(to address: String, paidFromBalance: Bool) async throws -> Bool
        }
        enum ChargeResult { case paid, refused, dismissed }
        protocol PaymentsClient: Sendable {
            func charge(_ amount: Decimal, currency: String, reason: String) async throws -> ChargeResult
        }
        struct HostLog { func warning(_ message: String) {} }
        actor FakeAuth: SmallServices {
            let answer: SmallOutcome.AuthSignIn
            init(answer: SmallOutcome.AuthSignIn = .success) { self.answer = answer }
            func authSignIn(email: String) async throws -> SmallOutcome.AuthSignIn { answer }
        }

        """

    /// The modules the snippets import, in a temporary folder: TempoFlow, SmallFlow and FlowMachine as this package
    /// built them for its tests (beside the test bundle), TempoCards generated from Examples/TempoCards.
    struct Checker {
        let modules: URL
        let folder: URL

        init?() throws {
            modules = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("Modules")
            guard FileManager.default.fileExists(atPath: modules.appendingPathComponent("TempoFlow.swiftmodule").path) else {
                Issue.record("no TempoFlow.swiftmodule in \(modules.path)")
                return nil
            }
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-docs-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // TempoCards, as FlowcPlugin generates it for Examples/TempoCards (typePrefix: Cards).
            let example = packageRoot().appendingPathComponent("Examples/TempoCards/Sources/TempoCards/flows")
            // The example keeps three late answers of the Tempo flows it was cut from (its flows are not settled as Tempo's are).
            let program = compileCleanly(CompilerConfig(inputs: [example.path], generatesOutputs: false),
                                         tolerating: ["late-answer-unhandled"]).program
            var paths: [String] = []
            for file in renderSwiftSources(lowerApps(program), folder: "", options: GeneratorOptions(typePrefix: "Cards")) {
                let url = folder.appendingPathComponent("Cards" + file.path)
                try Data(file.text.utf8).write(to: url)
                paths.append(url.path)
            }
            // One frontend for the whole module (-wmo): a job per file would load the same modules once per file.
            guard let cards = runSwiftc(["-emit-module", "-wmo", "-parse-as-library", "-module-name", "TempoCards", "-swift-version", "6", "-I", modules.path,
                                      "-emit-module-path", folder.appendingPathComponent("TempoCards.swiftmodule").path] + paths) else { return nil }
            #expect(cards.status == 0, "\(cards.output)")
        }

        func removeFolder() { try? FileManager.default.removeItem(at: folder) }

        /// The file a `check` or `check-top` snippet is type-checked as (swiftc's messages name the docs' lines); nil
        /// for the other kinds.
        func source(of snippet: Snippet, number: Int) -> String? {
            let code: String
            switch snippet.kind {
            case "check":
                let given = snippet.context.compactMap { DocsSnippetsTests.contextValues[$0] }.map { "    " + $0 }.joined(separator: "\n")
                let body = snippet.code.split(separator: "\n", omittingEmptySubsequences: false).map { "    " + $0 }.joined(separator: "\n")
                code = "@MainActor func snippet\(number)(LiveServices: () -> any TempoServices) async throws {\n\(given)\n\(body)\n}\n"
            case "check-top":
                code = snippet.code.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("import ") }.joined(separator: "\n") + "\n"
            default:
                return nil
            }
            // The given values come first, so a snippet's own lines start one line per value later.
            let firstLine = snippet.line + 1 - (snippet.kind == "check" ? snippet.context.count + 1 : 0)
            return DocsSnippetsTests.imports + "#sourceLocation(file: \"docs/generated-code.md\", line: \(firstLine))\n" + code
        }

        /// Type-checks the `check` and `check-top` snippets in one swiftc run, each in a file of its own beside the
        /// prelude's, and parses the `swiftui` ones in another where SwiftUI cannot be imported. Nil when there is
        /// nothing to check or swiftc cannot be started.
        func check(_ snippets: [(snippet: Snippet, number: Int)]) throws -> (status: Int32, output: String)? {
            var files: [String] = []
            var swiftUI: [String] = []
            for (snippet, number) in snippets {
                if snippet.kind == "swiftui" {
                    #if canImport(SwiftUI)
                    Issue.record("type-check the swiftui snippets here, inside a View, against SwiftUI")
                    #else
                    let url = folder.appendingPathComponent("swiftui\(number).swift")
                    try Data(snippet.code.utf8).write(to: url)
                    swiftUI.append(url.path)
                    #endif
                } else if let text = source(of: snippet, number: number) {
                    let url = folder.appendingPathComponent("snippet\(number).swift")
                    try Data(text.utf8).write(to: url)
                    files.append(url.path)
                }
            }
            var status: Int32 = 0
            var output = ""
            if !files.isEmpty {
                let prelude = folder.appendingPathComponent("Prelude.swift")
                try Data(DocsSnippetsTests.prelude.utf8).write(to: prelude)
                // One frontend (-wmo): it loads the modules once and reports the errors of every file, not only the first's.
                guard let checked = runSwiftc(["-typecheck", "-wmo", "-parse-as-library", "-swift-version", "6", "-I", modules.path, "-I", folder.path,
                                               prelude.path] + files) else { return nil }
                status = checked.status
                output += checked.output
            }
            // One at a time: swiftc parses a lone file as a main file, where the snippets' statements may stand (parsing
            // loads no module, so each run is short).
            for path in swiftUI {
                guard let parsed = runSwiftc(["-parse", path]) else { return nil }
                if parsed.status != 0 { status = parsed.status }
                output += parsed.output
            }
            return files.isEmpty && swiftUI.isEmpty ? nil : (status, output)
        }
    }

    @Test func everySnippetIsMarkedAndCompiles() throws {
        let docs = packageRoot().appendingPathComponent("docs/generated-code.md")
        let snippets = Self.snippets(try String(contentsOf: docs, encoding: .utf8))
        #expect(snippets.count >= 10)
        for snippet in snippets where !["check", "check-top", "swiftui", "excerpt"].contains(snippet.kind) {
            Issue.record("docs/generated-code.md:\(snippet.line): a swift block without <!-- snippet: check | check-top | swiftui (...) | excerpt (...) -->")
        }
        for snippet in snippets {
            for name in snippet.context where Self.contextValues[name] == nil {
                Issue.record("docs/generated-code.md:\(snippet.line): check(\(name)): no such value; the values are \(Self.contextValues.keys.sorted())")
            }
        }
        guard let checker = try Checker() else { return }
        defer { checker.removeFolder() }
        let numbered = snippets.enumerated().map { (snippet: $0.element, number: $0.offset) }
        #expect(numbered.filter { checker.source(of: $0.snippet, number: $0.number) != nil }.count >= 8)
        let result = try #require(try checker.check(numbered))
        #expect(result.status == 0, "\(result.output)")
        #expect(!result.output.contains("error:"), "\(result.output)")
    }

    /// The check can fail: a misspelt event, a throwing call without `try`, and an unmarked block are
    /// each refused.
    @Test func aBrokenSnippetIsCaught() throws {
        let markdown = """
            <!-- snippet: check(machine) -->
            ```swift
            var effects: [TempoEffect] = []
            try machine.send(.tapContineu, into: &effects)
            ```
            <!-- snippet: check(machine) -->
            ```swift
            machine.fill(.givenName, .text("Ada"))
            ```
            ```swift
            let unmarked = 1
            ```
            """
        let snippets = Self.snippets(markdown)
        #expect(snippets.map(\.kind) == ["check", "check", ""])
        #expect(snippets.first?.context == ["machine"])
        #expect(snippets.first?.line == 2)
        guard let checker = try Checker() else { return }
        defer { checker.removeFolder() }
        // Both in one run, as the docs' snippets are checked: each mistake is still reported, at its line.
        let checked = try #require(try checker.check([(snippets[0], 0), (snippets[1], 1)]))
        #expect(checked.status != 0)
        let errors = checked.output.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors.contains { $0.hasPrefix("docs/generated-code.md:4:") && $0.contains("has no member 'tapContineu'") }, "\(checked.output)")
        #expect(errors.contains { $0.hasPrefix("docs/generated-code.md:8:") && $0.contains("call can throw but is not marked with 'try'") }, "\(checked.output)")
        #expect(errors.count == 2, "\(checked.output)")
    }
}

/// Runs swiftc; nil when it cannot be started.
func runSwiftc(_ arguments: [String]) -> (status: Int32, output: String)? {
    // Through runProcess: no stdin of the runner's, both pipes read at once, and a bounded wait.
    guard let result = try? runProcess(URL(fileURLWithPath: "/usr/bin/env"), ["swiftc"] + arguments, timeout: 600) else { return nil }
    return (result.status, result.stderr)
}
