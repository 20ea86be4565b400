@_spi(Generated) import FlowMachine
import Foundation
import Testing

/// A host's words for a generated machine's texts: looked up by key in the machine's locale, filled in as the
/// interpreter fills a text, and refused (the compiled-in words shown, the problem reported) when they put in
/// other values than the text has.
@Suite struct TextLookupTests {
    /// What was reported, from any thread.
    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var problems: [FlowTextProblem] = []
        func append(_ problem: FlowTextProblem) { lock.withLock { problems.append(problem) } }
        var all: [FlowTextProblem] { lock.withLock { problems } }
    }

    /// Words by `locale \0 key`, and every rejection reported.
    final class Words: FlowTextLookup, Sendable {
        let words: [String: String]
        let problems = Reports()
        init(_ words: [String: String]) { self.words = words }
        func format(forKey key: String, locale: String) -> String? { words[locale + "\u{0}" + key] }
        func rejected(_ problem: FlowTextProblem) { problems.append(problem) }
    }

    /// Two texts: a greeting with one value, a total whose French words put in a value worded otherwise (`%2$@`).
    static let table = FlowTextTable(locales: ["en-GB", "fr-FR"],
                                     keys: "0 HOME.title\n1 HOME.greeting\n1 Sent {amount} \\\"now\\\"",
                                     formats: ["Home\nHello, %1$@ (100%%)\nSent %1$@ \\\"now\\\"", "Accueil\nBonjour %1$@\nEnvoyé %2$@"])

    @Test func compiledInWordsInTheMachinesLocale() {
        let lookup = FlowCompiledTexts()
        #expect(Self.table.keys == ["HOME.title", "HOME.greeting", "Sent {amount} \"now\""])
        #expect(Self.table.text(0, [], locale: "en-GB", lookup: lookup) == "Home")
        #expect(Self.table.text(1, ["Ada"], locale: "en-GB", lookup: lookup) == "Hello, Ada (100%)")
        #expect(Self.table.text(1, ["Ada"], locale: "fr-FR", lookup: lookup) == "Bonjour Ada")
        #expect(Self.table.text(2, ["£5.00", "5,00 £"], locale: "fr-FR", lookup: lookup) == "Envoyé 5,00 £")
        #expect(Self.table.text(2, ["£5.00", ""], locale: "en-GB", lookup: lookup) == "Sent £5.00 \"now\"")
        // A locale the app does not ship shows the flows' own words; a number outside the table, nothing.
        #expect(Self.table.text(0, [], locale: "de-DE", lookup: lookup) == "Home")
        #expect(Self.table.text(7, [], locale: "en-GB", lookup: lookup) == "")
    }

    @Test func theHostsWordsWinAndTakeTheSourceValuesOnly() {
        let host = Words(["fr-FR\u{0}HOME.greeting": "Salut %@ !", "en-GB\u{0}HOME.title": "Start", "fr-FR\u{0}Sent {amount} \"now\"": "%1$@ envoyé"])
        #expect(Self.table.text(0, [], locale: "en-GB", lookup: host) == "Start")
        #expect(Self.table.text(0, [], locale: "fr-FR", lookup: host) == "Accueil")
        #expect(Self.table.text(1, ["Ada"], locale: "fr-FR", lookup: host) == "Salut Ada !")
        #expect(Self.table.text(2, ["£5.00", "5,00 £"], locale: "fr-FR", lookup: host) == "£5.00 envoyé")
        #expect(host.problems.all.isEmpty)
    }

    @Test(arguments: [
        ("Bonjour", "leaves out value 1 of 1"),
        ("Bonjour %2$@", "puts in value 2 but the text has 1"),
        ("Bonjour %@ %@", "puts in value 2 but the text has 1"),
        ("Bonjour %d", "has '%d', which is not a value (%@ or %1$@)"),
        ("Bonjour %", "has '%', which is not a value (%@ or %1$@)"),
    ])
    func malformedWordsShowTheCompiledInTextAndAreReported(words: String, reason: String) {
        let host = Words(["fr-FR\u{0}HOME.greeting": words])
        #expect(Self.table.text(1, ["Ada"], locale: "fr-FR", lookup: host) == "Bonjour Ada")
        #expect(host.problems.all == [FlowTextProblem(key: "HOME.greeting", locale: "fr-FR", format: words, reason: reason)])
    }

    @Test func escapedLinesReadBack() {
        for text in ["a\\b", "two\nlines", "tab\there", "quote \"\"\"# end", "cr\r\nlf", "plain"] {
            let table = FlowTextTable(locales: ["en-GB"], keys: "0 " + FlowTextTable.escape(text), formats: [FlowTextTable.escape(text)])
            #expect(table.keys == [text])
            #expect(table.text(0, [], locale: "en-GB", lookup: FlowCompiledTexts()) == text.replacingOccurrences(of: "%%", with: "%"))
        }
    }

    /// A bundle with `fr.lproj/App.strings`, as Xcode compiles a String Catalog: found for `fr-FR`, and a key it does
    /// not have (or a locale it has no folder for) shows the compiled-in words.
    @Test func bundleWordsByTheMachinesLocale() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-texts-\(UUID().uuidString).bundle")
        defer { try? FileManager.default.removeItem(at: folder) }
        let french = folder.appendingPathComponent("fr.lproj")
        try FileManager.default.createDirectory(at: french, withIntermediateDirectories: true)
        try Data("\"HOME.greeting\" = \"Coucou %@\";\n\"HOME.title\" = \"Bonjour %2$@\";\n".utf8).write(to: french.appendingPathComponent("App.strings"))
        let reported = Reports()
        let bundle = try #require(Bundle(path: folder.path))
        let lookup = FlowBundleTexts(bundle: bundle, table: "App", rejected: { problem in reported.append(problem) })
        #expect(lookup.format(forKey: "HOME.greeting", locale: "fr-FR") == "Coucou %@")
        #expect(lookup.format(forKey: "HOME.missing", locale: "fr-FR") == nil)
        #expect(lookup.format(forKey: "HOME.greeting", locale: "en-GB") == nil)
        #expect(Self.table.text(1, ["Ada"], locale: "fr-FR", lookup: lookup) == "Coucou Ada")
        #expect(Self.table.text(1, ["Ada"], locale: "en-GB", lookup: lookup) == "Hello, Ada (100%)")
        // Malformed words: the compiled-in text, reported once however often the text is read.
        #expect(Self.table.text(0, [], locale: "fr-FR", lookup: lookup) == "Accueil")
        #expect(Self.table.text(0, [], locale: "fr-FR", lookup: lookup) == "Accueil")
        #expect(reported.all.map(\.description) == ["'HOME.title' in fr-FR: puts in value 2 but the text has 0 (\"Bonjour %2$@\"); the compiled-in text was shown"])
    }
}
