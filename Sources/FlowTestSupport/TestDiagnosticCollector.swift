import FlowChecker
import FlowCompiler
import FlowIR
import FlowSource
import FlowSyntax
import Foundation
import Testing

/// A collector that fails the test on any diagnostic it was not told to expect.
public final class TestDiagnosticCollector: DiagnosticCollector, @unchecked Sendable {
    private let lock = NSLock()
    private var expectedCodes: [String]
    private let toleratedCodes: [String]
    private var received: [Diagnostic] = []

    /// - Parameters:
    ///   - expecting: Diagnostic codes allowed (each at least once); anything else fails the test.
    ///   - tolerating: Codes allowed any number of times, none included.
    public init(expecting codes: [String] = [], tolerating: [String] = []) {
        expectedCodes = codes
        toleratedCodes = tolerating
    }

    public func emit(_ diagnostic: Diagnostic) {
        lock.lock()
        received.append(diagnostic)
        lock.unlock()
    }

    public var diagnostics: [Diagnostic] {
        lock.lock()
        defer { lock.unlock() }
        return received.sorted(by: Diagnostic.presentationOrder)
    }

    /// Records an issue for every unexpected diagnostic and every expected code never seen.
    public func verify(sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let all = diagnostics
        for diagnostic in all where !expectedCodes.contains(diagnostic.code) && !toleratedCodes.contains(diagnostic.code) {
            Issue.record("unexpected diagnostic: \(DiagnosticRenderer(format: .text).renderText(diagnostic))", sourceLocation: sourceLocation)
        }
        for code in expectedCodes where !all.contains(where: { $0.code == code }) {
            Issue.record("expected a '\(code)' diagnostic, got none", sourceLocation: sourceLocation)
        }
    }
}

/// Compiles as `config` says and fails the test on any diagnostic whose code is not in `allowing` (and on an allowed
/// code never seen): a fixture or flow file that drifts into a new warning fails the test that compiles it. `tolerating`
/// is for a helper shared by fixtures of which only some carry a code; each caller says which and why.
public func compileCleanly(_ config: CompilerConfig, fileSystem: any FileSystem = DiskFileSystem(), allowing codes: [String] = [],
                           tolerating: [String] = [], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Compilation {
    let diagnostics = TestDiagnosticCollector(expecting: codes, tolerating: tolerating)
    let compilation = compile(config, fileSystem: fileSystem, diagnostics: diagnostics)
    diagnostics.verify(sourceLocation: sourceLocation)
    return compilation
}

/// Parses and checks YAML text as one app (its root file, then `parts` as included files) and fails the test on any
/// diagnostic whose code is not in `allowing`: an inline app that drifts into a new warning fails the test using it.
public func checkedApp(_ yaml: String, id: String = "app", parts: [String] = [], allowing codes: [String] = [],
                       sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> App {
    let diagnostics = TestDiagnosticCollector(expecting: codes)
    defer { diagnostics.verify(sourceLocation: sourceLocation) }
    let root = try #require(parseFlowFile(SourceFile(path: "app.flow.yaml", text: yaml), diagnostics: diagnostics), sourceLocation: sourceLocation)
    let included = try parts.enumerated().map { index, text in
        try #require(parseFlowFile(SourceFile(path: "part\(index + 1).flow.yaml", text: text), diagnostics: diagnostics), sourceLocation: sourceLocation)
    }
    return try #require(checkApp(AppSourcesSyntax(root: root, parts: included), defaultID: id, diagnostics: diagnostics), sourceLocation: sourceLocation)
}
