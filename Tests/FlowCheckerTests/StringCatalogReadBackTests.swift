@testable import FlowCompiler
import FlowSource
import FlowTestSupport
import Foundation
import Testing

/// Reading the String Catalog back: a catalog as flowc wrote it is left alone (the flows are the source), one a
/// translator edited is compared with the flows, and a catalog value reads back as the flows' `{expression}` words.
@Suite struct StringCatalogReadBackTests {
    static let fixture = "diagnostics/catalog-translation-changed"

    /// A build's own catalog, with its fingerprint, and the same build's diagnostics when read back.
    static func buildTwice(editing edit: (inout [UInt8]) -> Void) throws -> [Diagnostic] {
        let fileSystem = FixtureFileSystem(base: fixturesDirectory())
        // The fixture's one warning, on purpose: a choice label without its fr-FR translation.
        let first = compileCleanly(CompilerConfig(inputs: [fixture]), fileSystem: fileSystem, allowing: ["missing-translation"])
        let out = InMemoryFiles()
        for file in first.outputs where file.path.hasSuffix(".xcstrings") || file.path == StoredStringCatalogs.fingerprintsName {
            var bytes = file.contents
            if file.path.hasSuffix(".xcstrings") { edit(&bytes) }
            out.files["out/\(file.path)"] = bytes
        }
        #expect(out.files.keys.sorted() == ["out/Consent.xcstrings", "out/string-catalogs.txt"])
        var config = CompilerConfig(inputs: [fixture])
        config.storedCatalogs = .read(from: "out", fileSystem: out)
        let bag = DiagnosticBag()
        _ = compile(config, fileSystem: fileSystem, diagnostics: bag)
        // Reading the catalogs back may say what was edited, nothing else (besides the fixture's warning).
        let others = bag.diagnostics.filter { !$0.code.hasPrefix("catalog-") && $0.code != "missing-translation" }
        #expect(others.isEmpty, "\(DiagnosticRenderer(format: .text).render(others))")
        return bag.diagnostics.filter { $0.code.hasPrefix("catalog-") }
    }

    @Test func aCatalogAsFlowcWroteItIsNotReadBack() throws {
        #expect(try Self.buildTwice(editing: { _ in }) == [])
    }

    @Test func anEditedTranslationIsReportedWithTheLineToWrite() throws {
        let found = try Self.buildTwice { bytes in
            bytes = Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "Votre consentement avec", with: "Votre accord avec").utf8)
        }
        #expect(found.map(\.code) == ["catalog-translation-changed"])
        #expect(found.first?.notes.map(\.message) == ["write it in the flows: translations: { fr-FR: { texts: { dashboard.title: \"Votre accord avec {bank}\" } } }"])
    }

    /// A reformatted catalog (Xcode may write it otherwise) whose words are the flows' says nothing.
    @Test func anEditThatChangesNoWordsIsNotAMistake() throws {
        #expect(try Self.buildTwice { bytes in bytes += Array("\n".utf8) } == [])
    }

    @Test func catalogValuesReadBackAsFlowcTemplates() {
        #expect(flowcTemplate("Votre accord avec %@", placeholders: ["bank"]) == "Votre accord avec {bank}")
        #expect(flowcTemplate("%2$@ pour %1$@ (100 %%) {x}", placeholders: ["amount", "name"]) == "{name} pour {amount} (100 %) {{x}}")
        #expect(flowcTemplate("%@ et %@", placeholders: ["a", "b"]) == "{a} et {b}")
        #expect(StringCatalog.formatString("{name} pour {amount} (100 %)", placeholders: ["amount", "name"]) == "%2$@ pour %1$@ (100 %%)")
    }
}

/// Files in memory, for an output folder the test makes up.
final class InMemoryFiles: FileSystem, @unchecked Sendable {
    var files: [String: [UInt8]] = [:]
    func kind(of path: String) -> FileKind? { files[path].map { .file(size: $0.count) } }
    func read(_ path: String) throws -> [UInt8] {
        guard let bytes = files[path] else { throw CocoaError(.fileNoSuchFile) }
        return bytes
    }
    func list(_ path: String) throws -> [String] { files.keys.filter { $0.hasPrefix(path + "/") }.map { String($0.dropFirst(path.count + 1)) } }
    func resolvingSymlinks(_ path: String) -> String { path }
    func write(_ path: String, _ bytes: [UInt8]) throws { files[path] = bytes }
    func remove(_ path: String) throws { files[path] = nil }
    func move(_ from: String, to: String) throws { files[to] = files[from]; files[from] = nil }
}
