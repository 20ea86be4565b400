import FlowCompiler
import FlowIR
import FlowSource
import FlowTestSupport
import Foundation
import Testing

/// Fields' labels, placeholders and hints are texts of the String Catalog like the screens' texts: each by a stable
/// key, translated where the app ships several locales, and a component's texts keyed once for every screen.
@Suite struct FieldCaptionKeysTests {
    static let root = packageRoot()

    static func apps() -> [App] {
        compileCleanly(CompilerConfig(inputs: [root.appendingPathComponent("flows").path], generatesOutputs: false)).program.apps
    }

    /// The committed catalog's source words and each locale's words, by key.
    static func catalog(_ app: App) throws -> [String: [String: String]] {
        let url = root.appendingPathComponent("generated/\(app.name).xcstrings")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        let strings = try #require(json["strings"] as? [String: [String: Any]])
        return strings.mapValues { entry in
            let localizations = entry["localizations"] as? [String: [String: Any]] ?? [:]
            return localizations.compactMapValues { ($0["stringUnit"] as? [String: Any])?["value"] as? String }
        }
    }

    @Test func everyLabelPlaceholderAndHintOfEveryAppIsInItsCatalog() throws {
        let apps = Self.apps()
        #expect(apps.count == 4)
        var counted = 0
        for app in apps {
            let catalog = try Self.catalog(app)
            for screen in app.screens {
                for field in screen.fields {
                    for caption in Field.Caption.allCases {
                        let written: String? = switch caption {
                        case .label: field.label
                        case .placeholder: field.placeholder
                        case .hint: field.hint
                        }
                        guard let written else { continue }
                        counted += 1
                        guard let keyed = field.captions[caption] else {
                            Issue.record("\(app.id) \(screen.id) \(field.name): its \(caption.rawValue) has no key")
                            continue
                        }
                        let words = catalog[keyed.key]
                        #expect(words?[app.localisation.sourceLocale] == written, "\(app.id) \(keyed.key)")
                        for locale in app.localisation.locales {
                            #expect(words?[locale] != nil, "\(app.id) \(keyed.key) has no \(locale) words in the catalog")
                        }
                        #expect(app.localisation.table.contains { $0.key == keyed.key }, "\(app.id) \(keyed.key) is not in the text table")
                    }
                }
            }
        }
        // Rail 8, Regent 17 (two of them a component's), Tempo 53, YOLE 20 (one from each of two uses of a component).
        #expect(counted > 90)
    }

    /// YOLE's offline banner: one text of component offline_banner, one French line, on 26 screens.
    @Test func aComponentsTextIsOneKeyForEveryScreenThatUsesIt() throws {
        let yole = try #require(Self.apps().first { $0.id == "yole" })
        let catalog = try Self.catalog(yole)
        #expect(catalog["component.offline_banner.offline_banner"] == ["en-US": "No internet connection", "fr-FR": "Aucune connexion Internet"])
        #expect(catalog.keys.filter { $0.hasSuffix(".offline_banner") }.sorted() == ["component.offline_banner.offline_banner"])
        let screens = yole.screens.filter { $0.texts.contains { $0.name == "offline_banner" } }
        #expect(screens.count == 26)
        #expect(Set(screens.compactMap { yole.localisation.screenTexts["\($0.id).offline_banner"]?.key }) == ["component.offline_banner.offline_banner"])
        // A component's field label given by a `words` argument reads otherwise on each screen: the screen's key.
        let codes = yole.screens.compactMap { screen in screen.fields.first { $0.name == "code" }?.captions[.label]?.key }
        #expect(codes.sorted() == ["STEP-03.code.label", "STEP-08.code.label"])
        // Regent's pickers: the label and options a component writes are the component's.
        let regent = try #require(Self.apps().first { $0.id == "regent" })
        let categoryLabels = Set(regent.screens.flatMap(\.fields).filter { $0.name == "category" }.compactMap { $0.captions[.label]?.key })
        #expect(categoryLabels == ["component.asset_category_picker.category.label", "component.liability_category_picker.category.label"])
    }

    /// A planted mistake: YOLE without the French of Step 9's document label is the usual missing translation, at the label.
    @Test func aDroppedLabelTranslationIsCaught() throws {
        let path = Self.root.appendingPathComponent("flows/yole/translations-fr.flow.yaml").path
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let line = "      STEP-09.document_type.label: Type de document\n"
        #expect(text.contains(line))
        let files = InMemoryFiles(base: DiskFileSystem())
        files.files[path] = Array(text.replacingOccurrences(of: line, with: "").utf8)
        files.listsFromBase = true
        let bag = DiagnosticBag()
        _ = compile(CompilerConfig(inputs: [Self.root.appendingPathComponent("flows/yole").path], generatesOutputs: false), fileSystem: files, diagnostics: bag)
        #expect(bag.diagnostics.map(\.code) == ["missing-translation"])
        #expect(bag.diagnostics.first?.message == "the label of field 'document_type' has no fr-FR translation; add it under translations: fr-FR: texts: 'STEP-09.document_type.label'")
        #expect(bag.diagnostics.first?.range.start.line == 409)
    }

    /// A translation of a key no label has any more (a renamed field) is the usual unknown translation.
    @Test func aLabelTranslationOfNoFieldIsCaught() throws {
        let app = """
            app: { name: Shop, currency: GBP, locale: en-GB, locales: [fr-FR], start: main }
            state: { locale: { type: text, initial: "'en-GB'" } }
            flows:
              main:
                start: form
                screens:
                  form:
                    name: Form
                    fields:
                      email: { type: email, label: Email, placeholder: you@example.com }
                    on: { submit: done }
                  done: { name: Done, terminal: true }
            translations:
              fr-FR:
                texts:
                  form.email.label: E-mail
                  form.email.placeholder: vous@exemple.com
                  form.mail.hint: Jamais partagé
            """
        let checked = try checkedApp(app, allowing: ["unknown-translation"])
        let field = try #require(checked.screens.first?.fields.first)
        #expect(field.captions[.label]?.key == "form.email.label")
        #expect(field.captions[.placeholder]?.key == "form.email.placeholder")
        #expect(checked.localisation.strings.first { $0.key == "form.email.placeholder" }?.values["fr-FR"]?.text == "vous@exemple.com")
    }
}
