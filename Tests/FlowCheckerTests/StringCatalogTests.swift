import FlowCompiler
import FlowIR
import FlowSource
import FlowTestSupport
import Foundation
import Testing

/// The String Catalogs flowc writes (`generated/<App>.xcstrings`) read as Xcode's format 1.0: decoded strictly (every
/// key Xcode needs, no other shape), with a source value for every string, known states and the same format
/// specifiers in every language; and each planted mistake in a catalog is caught.
@Suite struct StringCatalogTests {
    static let generated = packageRoot().appendingPathComponent("generated")

    static var committedCatalogs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: generated.path)) ?? []).filter { $0.hasSuffix(".xcstrings") }.sorted()
    }

    static func catalog(of fixture: String) throws -> (StringCatalog, [UInt8]) {
        let compilation = compileCleanly(CompilerConfig(inputs: [fixture]), fileSystem: FixtureFileSystem(base: fixturesDirectory()))
        let file = try #require(compilation.outputs.first { $0.path == "Consent.xcstrings" })
        return (try JSONDecoder().decode(StringCatalog.self, from: Data(file.contents)), file.contents)
    }

    @Test func everyAppHasACatalog() {
        #expect(Self.committedCatalogs == ["Rail.xcstrings", "Regent.xcstrings", "Tempo.xcstrings", "YOLE.xcstrings"])
    }

    @Test(arguments: committedCatalogs)
    func committedCatalogIsValidAndRoundTrips(name: String) throws {
        let bytes = try Data(contentsOf: Self.generated.appendingPathComponent(name))
        let catalog = try JSONDecoder().decode(StringCatalog.self, from: bytes)
        #expect(catalog.problems() == [])
        #expect(!catalog.strings.isEmpty)
        #expect(catalog.encoded() == Array(bytes), "re-encoding \(name) gives other bytes")
    }

    /// YOLE ships French: every string has a French value, marked for review (a draft).
    @Test func yoleIsCompleteInFrench() throws {
        let bytes = try Data(contentsOf: Self.generated.appendingPathComponent("YOLE.xcstrings"))
        let catalog = try JSONDecoder().decode(StringCatalog.self, from: bytes)
        #expect(catalog.sourceLanguage == "en-US")
        let missing = catalog.strings.filter { $0.value.localizations["fr-FR"] == nil }.map(\.key).sorted()
        #expect(missing == [])
        #expect(catalog.strings.values.allSatisfy { $0.localizations["fr-FR"]?.stringUnit.state == "needs_review" })
        #expect(catalog.strings.count >= 55)
    }

    @Test func valuesBecomeFormatSpecifiersAndTranslationsKeepThem() throws {
        let (catalog, bytes) = try Self.catalog(of: "ok/texts-and-translations")
        #expect(catalog.problems() == [])
        #expect(catalog.encoded() == bytes)
        let push = try #require(catalog.strings["Refresh {bank} now"])
        #expect(push.localizations["en-GB"]?.stringUnit.value == "Refresh %@ now")
        #expect(push.localizations["fr-FR"]?.stringUnit.value == "Renouvelez %@ maintenant")
        #expect(push.localizations["fr-FR"]?.stringUnit.state == "needs_review")
        #expect(push.comment == "push on screen dashboard")
        #expect(catalog.strings["Bank.hsbc"]?.localizations["en-GB"]?.stringUnit.value == "HSBC")
        #expect(catalog.strings["Give the consent a name"]?.localizations["fr-FR"]?.stringUnit.value == "Donnez un nom au consentement")
        #expect(catalog.strings["dashboard.expiry"]?.localizations["fr-FR"]?.stringUnit.value == "Expire le %@")
    }

    @Test func plantedMistakesAreCaught() throws {
        let (valid, _) = try Self.catalog(of: "ok/texts-and-translations")
        var unknownState = valid
        unknownState.strings["Refresh {bank} now"]?.localizations["fr-FR"]?.stringUnit.state = "done"
        #expect(unknownState.problems() == ["'Refresh {bank} now' in fr-FR has the unknown state 'done'"])
        var lostValue = valid
        lostValue.strings["Refresh {bank} now"]?.localizations["fr-FR"]?.stringUnit.value = "Renouvelez maintenant"
        #expect(lostValue.problems() == ["'Refresh {bank} now' in fr-FR puts in other values than in en-GB"])
        var noSource = valid
        noSource.strings["Bank.hsbc"]?.localizations["en-GB"] = nil
        #expect(noSource.problems() == ["'Bank.hsbc' has no en-GB value"])
        var version = valid
        version.version = "2.0"
        #expect(version.problems() == ["version is '2.0', not 1.0"])
        // Xcode's shape: a localization without its stringUnit does not decode.
        let broken = Data(#"{"sourceLanguage":"en","strings":{"a":{"localizations":{"en":{"value":"a"}}}},"version":"1.0"}"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(StringCatalog.self, from: broken) }
    }
}
