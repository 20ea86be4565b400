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

    /// A translator's line break (or tab) comes back escaped in the line to write, as flowc writes any YAML text,
    /// so the suggested fix reads back as the edited words.
    @Test func anEditedLineBreakIsEscapedInTheLineToWrite() throws {
        let found = try Self.buildTwice { bytes in
            bytes = Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "Votre consentement avec", with: "Votre\\nconsentement\\tavec").utf8)
        }
        #expect(found.map(\.code) == ["catalog-translation-changed"])
        #expect(found.first?.notes.map(\.message) == ["write it in the flows: translations: { fr-FR: { texts: { dashboard.title: \"Votre\\nconsentement\\tavec {bank}\" } } }"])
    }

    /// A reformatted catalog (Xcode may write it otherwise) whose words are the flows' says nothing.
    @Test func anEditThatChangesNoWordsIsNotAMistake() throws {
        #expect(try Self.buildTwice { bytes in bytes += Array("\n".utf8) } == [])
    }

    /// Every command that writes outputs passes its config through `readingEditedCatalogs` (flowc build,
    /// generate-swift), and `compile` compares what it read with the flows through the one `reportEditedCatalogs`,
    /// whenever the config writes catalogs; a config that writes none (generate-swift today, check) reads none.
    /// The pipeline itself reads only the flow files (PipelineTests): the edited catalogs come in as an input.
    @Test func everyCompileThatWritesACatalogReadsAnEditedOneBack() throws {
        let fixtures = FixtureFileSystem(base: fixturesDirectory())
        let first = compile(CompilerConfig(inputs: [Self.fixture]), fileSystem: fixtures, diagnostics: DiagnosticBag())
        let disk = InMemoryFiles(base: fixtures)
        for file in first.outputs where file.path.hasSuffix(".xcstrings") || file.path == StoredStringCatalogs.fingerprintsName {
            disk.files["out/\(file.path)"] = file.path.hasSuffix(".xcstrings")
                ? Array(String(decoding: file.contents, as: UTF8.self).replacingOccurrences(of: "Votre consentement avec", with: "Votre accord avec").utf8)
                : file.contents
        }
        func catalogDiagnostics(_ configure: (inout CompilerConfig) -> Void) -> (codes: [String], writesCatalog: Bool) {
            var config = CompilerConfig(inputs: [Self.fixture], outputDirectory: "out")
            configure(&config)
            let bag = DiagnosticBag()
            let compilation = compile(config.readingEditedCatalogs(fileSystem: disk), fileSystem: disk, diagnostics: bag)
            return (bag.diagnostics.map(\.code).filter { $0.hasPrefix("catalog-") },
                    compilation.outputs.contains { $0.path.hasSuffix(".xcstrings") })
        }
        let build = catalogDiagnostics { _ in }
        #expect(build.codes == ["catalog-translation-changed"])
        let generateSwift = catalogDiagnostics { $0.writesInventory = false }
        #expect(generateSwift.codes == [] && !generateSwift.writesCatalog)
        let check = catalogDiagnostics { $0.generatesOutputs = false }
        #expect(check.codes == [])
        // Elsewhere, an output folder nobody edited: nothing to read back.
        let fresh = catalogDiagnostics { $0.outputDirectory = "elsewhere" }
        #expect(fresh.codes == [] && fresh.writesCatalog)
    }

    @Test func catalogValuesReadBackAsFlowcTemplates() {
        #expect(flowcTemplate("Votre accord avec %@", placeholders: ["bank"]) == "Votre accord avec {bank}")
        #expect(flowcTemplate("%2$@ pour %1$@ (100 %%) {x}", placeholders: ["amount", "name"]) == "{name} pour {amount} (100 %) {{x}}")
        #expect(flowcTemplate("%@ et %@", placeholders: ["a", "b"]) == "{a} et {b}")
        #expect(StringCatalog.formatString("{name} pour {amount} (100 %)", placeholders: ["amount", "name"]) == "%2$@ pour %1$@ (100 %%)")
    }
}

/// Files in memory, for an output folder the test makes up; what is not among them is read from `base`.
final class InMemoryFiles: FileSystem, @unchecked Sendable {
    var files: [String: [UInt8]] = [:]
    let base: (any FileSystem)?
    /// Folders are listed from `base` (the files here only replace some of theirs).
    var listsFromBase = false
    init(base: (any FileSystem)? = nil) { self.base = base }
    func kind(of path: String) -> FileKind? { files[path].map { .file(size: $0.count) } ?? base?.kind(of: path) }
    func read(_ path: String) throws -> [UInt8] {
        if let bytes = files[path] { return bytes }
        guard let base else { throw CocoaError(.fileNoSuchFile) }
        return try base.read(path)
    }
    func list(_ path: String) throws -> [String] {
        let mine = files.keys.filter { $0.hasPrefix(path + "/") }.map { String($0.dropFirst(path.count + 1)) }
        return mine.isEmpty || listsFromBase ? try base?.list(path) ?? [] : mine
    }
    func resolvingSymlinks(_ path: String) -> String { base?.resolvingSymlinks(path) ?? path }
    func write(_ path: String, _ bytes: [UInt8]) throws { files[path] = bytes }
    func remove(_ path: String) throws { files[path] = nil }
    func move(_ from: String, to: String) throws { files[to] = files[from]; files[from] = nil }
}
