import FlowSource
import Foundation
import FlowCodegen
import FlowIR

/// Xcode's String Catalog (`.xcstrings`, format 1.0): every text people read in an app, by key, in each of its
/// locales. flowc writes one per app beside the generated Swift, so translators work in the tool iOS teams
/// already ship with; a value put into a text becomes a format specifier (`%@`, or `%1$@`, `%2$@` when a text
/// has several, so a translation may reorder them).
public struct StringCatalog: Codable, Equatable, Sendable {
    public struct Entry: Codable, Equatable, Sendable {
        public var comment: String?
        public var extractionState: String?
        public var localizations: [String: Localization]
    }
    public struct Localization: Codable, Equatable, Sendable {
        public var stringUnit: StringUnit
    }
    public struct StringUnit: Codable, Equatable, Sendable {
        /// `translated`, `needs_review`, `new` or `stale`.
        public var state: String
        public var value: String
    }

    public var sourceLanguage: String
    public var strings: [String: Entry]
    public var version: String

    /// The states Xcode's String Catalog editor knows.
    public static let states: Set<String> = ["translated", "needs_review", "new", "stale"]

    /// The catalog of a checked app: its source locale, then each translation (a draft is `needs_review`).
    public init(app: App) {
        sourceLanguage = app.localisation.sourceLocale
        version = "1.0"
        var strings: [String: Entry] = [:]
        for item in app.localisation.strings {
            var localizations: [String: Localization] = [:]
            for (locale, value) in item.values {
                localizations[locale] = Localization(stringUnit: StringUnit(
                    state: value.needsReview ? "needs_review" : "translated",
                    value: Self.formatString(value.text, placeholders: item.placeholders)))
            }
            strings[item.key] = Entry(comment: item.comment, extractionState: "manual", localizations: localizations)
        }
        self.strings = strings
    }

    /// A flowc text in a catalog's words: `{expression}` becomes `%@` (or `%n$@`, numbered by its place in the
    /// source text), `{{`/`}}` a brace, and `%` is doubled.
    static func formatString(_ template: String, placeholders: [String]) -> String {
        var result = ""
        var count = 0
        for part in templateParts(template) {
            switch part {
            case .words(let words):
                result += words.replacingOccurrences(of: "%", with: "%%")
            case .value(let value):
                // A translation's value written as in the source takes its number; one worded otherwise, its place.
                let position = (placeholders.firstIndex(of: value) ?? min(count, max(placeholders.count - 1, 0))) + 1
                result += placeholders.count > 1 ? "%\(position)$@" : "%@"
                count += 1
            }
        }
        return result
    }

    /// The catalog as Xcode writes it: sorted keys, two-space indents, a final line break.
    public func encoded() -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return Array(data) + [UInt8(ascii: "\n")]
    }

    /// What is wrong with a catalog as Xcode reads it (empty when nothing is): a known version, a source language
    /// every string has, known states, and the same format specifiers in every language of a string.
    public func problems() -> [String] {
        var problems: [String] = []
        if version != "1.0" { problems.append("version is '\(version)', not 1.0") }
        for (key, entry) in strings.sorted(by: { $0.key < $1.key }) {
            guard let source = entry.localizations[sourceLanguage] else {
                problems.append("'\(key)' has no \(sourceLanguage) value")
                continue
            }
            let expected = Self.specifiers(in: source.stringUnit.value)
            for (language, localization) in entry.localizations.sorted(by: { $0.key < $1.key }) {
                if !Self.states.contains(localization.stringUnit.state) {
                    problems.append("'\(key)' in \(language) has the unknown state '\(localization.stringUnit.state)'")
                }
                if Self.specifiers(in: localization.stringUnit.value) != expected {
                    problems.append("'\(key)' in \(language) puts in other values than in \(sourceLanguage)")
                }
            }
        }
        return problems
    }

    /// The format specifiers of a value, sorted (`%@`, `%1$@`), without `%%`.
    public static func specifiers(in value: String) -> [String] {
        var found: [String] = []
        var characters = Array(value)[...]
        while let percent = characters.firstIndex(of: "%") {
            characters = characters[(percent + 1)...]
            if characters.first == "%" { characters = characters.dropFirst(); continue }
            let specifier = characters.prefix { $0 != "@" }
            found.append("%" + String(specifier) + "@")
            characters = characters.dropFirst(specifier.count + 1)
        }
        return found.sorted()
    }
}

/// `<App>.xcstrings` for each app with texts (YOLE.xcstrings for the module YOLEFlow), and their fingerprints.
func renderStringCatalogs(_ program: FlowProgram) -> [OutputFile] {
    let catalogs = program.apps.filter { !$0.localisation.strings.isEmpty }.map { app in
        OutputFile(path: stringCatalogName(for: app), contents: StringCatalog(app: app).encoded())
    }
    return catalogs + renderCatalogFingerprints(catalogs)
}
