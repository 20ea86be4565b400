import FlowCodegen
import FlowIR
import FlowSource
import Foundation

// Reading the String Catalog back.
//
// The flow files are the source of truth: a translation lives in a `translations:` block, and `flowc build` writes
// `generated/<App>.xcstrings` from them. Translators edit that catalog in Xcode. So that their words are never lost
// nor silently overwritten, the build records a fingerprint of every catalog it writes (`string-catalogs.txt`); when
// the catalog on disk no longer matches its fingerprint, someone edited it, and every translation in it that differs
// from the flows is an error (`catalog-translation-changed`, `catalog-translation-added`,
// `catalog-translation-removed`) saying what to write in the flows. Errors stop the build from writing, so the
// edited catalog stays until its words are in the flows; then the build writes it again, equal to the flows.

/// The catalogs in an output folder that were edited since flowc wrote them.
public struct StoredStringCatalogs: Sendable {
    public struct Edited: Sendable {
        /// The catalog's path as shown in diagnostics (`generated/YOLE.xcstrings`).
        public var path: String
        public var text: String
        public var catalog: StringCatalog?
    }
    /// By file name (`YOLE.xcstrings`).
    public var edited: [String: Edited]

    public init(edited: [String: Edited] = [:]) {
        self.edited = edited
    }

    /// The fingerprints file flowc writes beside the catalogs.
    public static let fingerprintsName = "string-catalogs.txt"

    /// Reads the catalogs of `outputDirectory` whose bytes differ from the fingerprint flowc recorded for them;
    /// without a fingerprints file, nothing (a folder flowc never wrote a catalog into has nothing edited).
    public static func read(from outputDirectory: String, fileSystem: any FileSystem = DiskFileSystem()) -> StoredStringCatalogs {
        guard let bytes = try? fileSystem.read(joinPath(outputDirectory, fingerprintsName)) else { return StoredStringCatalogs() }
        var edited: [String: Edited] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let parts = line.split(separator: " ")
            guard parts.count == 2 else { continue }
            let name = String(parts[0])
            let path = joinPath(outputDirectory, name)
            guard let catalogBytes = try? fileSystem.read(path), catalogFingerprint(catalogBytes) != parts[1] else { continue }
            edited[name] = Edited(path: path, text: String(decoding: catalogBytes, as: UTF8.self),
                                  catalog: try? JSONDecoder().decode(StringCatalog.self, from: Data(catalogBytes)))
        }
        return StoredStringCatalogs(edited: edited)
    }
}

/// FNV-1a (64 bits) of a catalog's bytes: enough to tell an edited file from the one flowc wrote, nothing more.
func catalogFingerprint(_ bytes: [UInt8]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
        hash ^= UInt64(byte)
        hash = hash &* 0x100_0000_01b3
    }
    let hex = String(hash, radix: 16)
    return "fnv1a64:" + String(repeating: "0", count: 16 - hex.count) + hex
}

/// `string-catalogs.txt`: each catalog written, with its fingerprint.
func renderCatalogFingerprints(_ catalogs: [OutputFile]) -> [OutputFile] {
    guard !catalogs.isEmpty else { return [] }
    let lines = catalogs.sorted { $0.path < $1.path }.map { "\($0.path) \(catalogFingerprint($0.contents))\n" }
    return [OutputFile(path: StoredStringCatalogs.fingerprintsName, contents: Array(lines.joined().utf8))]
}

/// Reports every translation an edited catalog has that the flows do not say, so it can be written into them.
func reportEditedCatalogs(_ program: FlowProgram, stored: StoredStringCatalogs, diagnostics: some DiagnosticCollector) {
    guard !stored.edited.isEmpty else { return }
    for app in program.apps {
        guard let edited = stored.edited[stringCatalogName(for: app)] else { continue }
        let fileStart = SourceRange(file: edited.path, start: SourceLocation(line: 1, column: 1), end: SourceLocation(line: 1, column: 1))
        guard let catalog = edited.catalog else {
            diagnostics.error("catalog-translation-changed", "\(edited.path) was edited and is no longer a String Catalog flowc can read; restore it from version control, or fix its JSON",
                              at: fileStart)
            continue
        }
        let written = StringCatalog(app: app)
        let lines = edited.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func range(key: String, locale: String?) -> SourceRange {
            let keyLine = lines.firstIndex { $0.hasPrefix("    \(jsonString(key)) : {") }
            var line = keyLine
            if let keyLine, let locale {
                line = lines[keyLine...].firstIndex { $0.hasPrefix("        \(jsonString(locale)) : {") } ?? keyLine
            }
            guard let line else { return fileStart }
            let column = (lines[line].firstIndex { $0 != " " }.map { lines[line].distance(from: lines[line].startIndex, to: $0) } ?? 0) + 1
            return SourceRange(file: edited.path, start: SourceLocation(line: line + 1, column: column),
                               end: SourceLocation(line: line + 1, column: lines[line].count + 1))
        }
        let placeholders = Dictionary(app.localisation.strings.map { ($0.key, $0.placeholders) }, uniquingKeysWith: { first, _ in first })
        for key in Set(catalog.strings.keys).union(written.strings.keys).sorted() {
            let theirs = catalog.strings[key]?.localizations ?? [:]
            let ours = written.strings[key]?.localizations ?? [:]
            for locale in Set(theirs.keys).union(ours.keys).sorted() where locale != catalog.sourceLanguage {
                let fix = { (value: String) in
                    "write it in the flows: translations: { \(locale): { texts: { \(yamlKey(key)): \(yamlQuoted(flowcTemplate(value, placeholders: placeholders[key] ?? []))) } } }"
                }
                switch (theirs[locale]?.stringUnit, ours[locale]?.stringUnit) {
                case (let edited?, let flows?) where edited.value != flows.value:
                    diagnostics.error("catalog-translation-changed", "'\(key)' in \(locale) reads \"\(edited.value)\" in the catalog but \"\(flows.value)\" in the flows; the flows are the source of the app's words",
                                      at: range(key: key, locale: locale), notes: [.init(fix(edited.value))])
                case (let edited?, nil) where !edited.value.isEmpty:
                    let known = written.strings[key] != nil
                    diagnostics.error("catalog-translation-added", known
                                        ? "'\(key)' has a \(locale) translation in the catalog that the flows do not have"
                                        : "the catalog has '\(key)', which no text, message or label of the flows has; a translation is keyed by a text of the flows",
                                      at: range(key: key, locale: locale),
                                      notes: known ? [.init(fix(edited.value))] : [.init("remove it from the catalog, or add the text to the flows first")])
                case (nil, _?) where catalog.strings[key] != nil:
                    diagnostics.error("catalog-translation-removed", "'\(key)' has no \(locale) translation in the catalog, but the flows have one; remove it from the flows' translations if it should go, or restore it in the catalog",
                                      at: range(key: key, locale: nil))
                default:
                    break
                }
            }
        }
    }
}

/// The catalog's file name for an app (`YOLE.xcstrings` for the module YOLEFlow).
func stringCatalogName(for app: App) -> String {
    let module = generatedModuleName(for: app)
    return (module.hasSuffix("Flow") ? String(module.dropLast(4)) : module) + ".xcstrings"
}

/// A catalog value back in flowc's words: `%1$@` is the source text's first value, `%@` the next, `%%` a percent sign,
/// and a brace is doubled.
func flowcTemplate(_ value: String, placeholders: [String]) -> String {
    var result = ""
    var next = 0
    var characters = Array(value)[...]
    while let character = characters.first {
        characters = characters.dropFirst()
        switch character {
        case "{": result += "{{"
        case "}": result += "}}"
        case "%":
            if characters.first == "%" {
                characters = characters.dropFirst()
                result += "%"
                continue
            }
            let digits = characters.prefix { $0.isNumber }
            var position = next
            if !digits.isEmpty, characters.dropFirst(digits.count).first == "$", let number = Int(String(digits)) {
                position = number - 1
                characters = characters.dropFirst(digits.count + 1)
            } else {
                next += 1
            }
            if characters.first == "@" { characters = characters.dropFirst() }
            result += placeholders.indices.contains(position) ? "{\(placeholders[position])}" : "{?}"
        default:
            result.append(character)
        }
    }
    return result
}

private func jsonString(_ text: String) -> String {
    let data = (try? JSONEncoder().encode(text)) ?? Data()
    return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\\/", with: "/")
}

private func yamlKey(_ key: String) -> String {
    key.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }) ? key : yamlQuoted(key)
}
