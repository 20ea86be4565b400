import FlowCompiler
import FlowExpression
import FlowIR
@_spi(Generated) import FlowMachine
@_spi(Generated) import FlowRuntime
import FlowSource
import FlowTestSupport
import Foundation
@_spi(Generated) import RailFlow
@_spi(Generated) import RegentFlow
@_spi(Generated) import TempoFlow
import Testing
@_spi(Generated) import YOLEFlow

/// The generated machines look their texts up by the keys of `generated/<App>.xcstrings`, in the app's current
/// locale, through the host's `FlowTextLookup`, with the flows' words compiled in as the fallback.
@Suite struct KeyedTextsTests {
    /// A host's words by `locale \0 key`, and what the machine reported about them.
    final class Words: FlowTextLookup, @unchecked Sendable {
        let words: [String: String]
        private let lock = NSLock()
        private var problems: [FlowTextProblem] = []
        init(_ words: [String: String]) { self.words = words }
        func format(forKey key: String, locale: String) -> String? { words[locale + "\u{0}" + key] }
        func rejected(_ problem: FlowTextProblem) { lock.withLock { problems.append(problem) } }
        var reported: [FlowTextProblem] { lock.withLock { problems } }
    }

    /// `machine` with state value `name` set to `raw` (its JSON), through a snapshot as a host restores one.
    static func with<Machine: FlowStateMachine>(_ machine: Machine, _ name: String, _ raw: String) throws -> Machine {
        let data = try JSONEncoder().encode(machine.snapshot())
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var state = try #require(object["state"] as? [String: Any])
        state[name] = raw
        object["state"] = state
        let changed = try JSONSerialization.data(withJSONObject: object)
        return try Machine(restoring: JSONDecoder().decode(FlowSnapshot<Machine.State>.self, from: changed))
    }

    /// YOLE started on `screen` in `language` (its initial `en` as it starts; another through a snapshot).
    static func started(_ screen: YOLEScreen, language: String) throws -> YOLEMachine {
        var machine = try YOLEMachine(start: screen)
        if language != "en" { machine = try with(machine, "language", language) }
        var effects: [YOLEEffect] = []
        try machine.start(into: &effects)
        return machine
    }

    @Test func hostWordsOverrideAKeyInTheAppsLocaleNotTheDevices() throws {
        let host = Words(["en-US\u{0}STEP-01.get_started": "Let's go", "fr-FR\u{0}STEP-01.get_started": "C'est parti"])
        var english = try Self.started(.step01, language: "en")
        #expect(english.textLocale == "en-US")
        #expect(english.texts()[.getStarted] == "Get started")
        english.textLookup = host
        #expect(english.texts()[.getStarted] == "Let's go")
        #expect(english.texts()[.logIn] == "Log In")
        var french = try Self.started(.step01, language: "fr")
        #expect(french.textLocale == "fr-FR")
        #expect(french.texts()[.getStarted] == "Commencer")
        french.textLookup = host
        #expect(french.texts()[.getStarted] == "C'est parti")
        #expect(french.texts()[.logIn] == "Se connecter")
        #expect(host.reported.isEmpty)
    }

    @Test func optionLabelsInTheAppsLocaleAndByKey() throws {
        let english = try Self.started(.step09, language: "en")
        #expect(english.options(.documentType).map(\.label) == ["Passport", "Driver's license", "National ID card"])
        #expect(english.options(.email) == [])
        var french = try Self.started(.step09, language: "fr")
        #expect(french.options(.documentType).map(\.label) == ["Passeport", "Permis de conduire", "Carte d’identité nationale"])
        french.textLookup = Words(["fr-FR\u{0}STEP-09.document_type.passport": "Passeport biométrique"])
        #expect(french.options(.documentType).map(\.value) == ["passport", "drivers_license", "national_id"])
        #expect(french.options(.documentType).first?.label == "Passeport biométrique")
    }

    /// A field's label and placeholder in French, from the interpreter and from the generated code, both by the
    /// key of the catalog (a host's words for it win, as for any keyed text).
    @Test func labelsAndPlaceholdersInTheAppsLocaleAndByKey() throws {
        let app = try #require(DifferentialTests.apps().first { $0.id == "yole" })
        let program = RuntimeProgram(app: app)
        let step09 = try #require(app.screens.firstIndex { $0.id == "STEP-09" })
        let step02 = try #require(app.screens.firstIndex { $0.id == "STEP-02" })
        let french = [(["language"], TypedExpression(type: .enumeration("Language"), span: 0..<0, kind: .enumCase(type: "Language", name: "fr")))]
        #expect(try Interpreter(program: program, start: step09).captions(of: "document_type") == [.label: "Document type"])
        #expect(try Interpreter(program: program, start: step09, state: french).captions(of: "document_type") == [.label: "Type de document"])
        #expect(try Interpreter(program: program, start: step02, state: french).captions(of: "email") == [.placeholder: "vous@exemple.com"])
        #expect(try Interpreter(program: program, start: step02, state: french).captions(of: "password") == [.placeholder: "Créez un mot de passe"])

        let english = try Self.started(.step09, language: "en")
        #expect(english.fieldLabel(.documentType) == "Document type")
        #expect(english.fieldLabel(.email) == nil)
        var machine = try Self.started(.step09, language: "fr")
        #expect(machine.fieldLabel(.documentType) == "Type de document")
        #expect(machine.fieldPlaceholder(.documentType) == nil)
        machine.textLookup = Words(["fr-FR\u{0}STEP-09.document_type.label": "Pièce d’identité"])
        #expect(machine.fieldLabel(.documentType) == "Pièce d’identité")
        let signUp = try Self.started(.step02, language: "fr")
        #expect(signUp.fieldPlaceholder(.email) == "vous@exemple.com")
        #expect(signUp.fieldPlaceholder(.password) == "Créez un mot de passe")
        #expect(try Self.started(.step02, language: "en").fieldPlaceholder(.email) == "you@example.com")
    }

    @Test func hostWordsWithTheTextsValueFilledIn() throws {
        var machine = try Self.with(try YOLEMachine(start: .step03), "email", "ada@example.com")
        var effects: [YOLEEffect] = []
        try machine.start(into: &effects)
        let compiled = try #require(machine.texts()[.emailDisplay])
        #expect(compiled.contains("ada@example.com"))
        machine.textLookup = Words(["en-US\u{0}STEP-03.email_display": "Code sent to %1$@ (100%%)"])
        #expect(machine.texts()[.emailDisplay] == "Code sent to ada@example.com (100%)")
    }

    @Test(arguments: [("Code sent", "leaves out value 1 of 1"), ("Code sent to %2$@", "puts in value 2 but the text has 1"),
                      ("Code sent to %d", "has '%d', which is not a value (%@ or %1$@)")])
    func malformedHostWordsShowTheCompiledInTextAndAreReported(words: String, reason: String) throws {
        var machine = try Self.with(try YOLEMachine(start: .step03), "email", "ada@example.com")
        var effects: [YOLEEffect] = []
        try machine.start(into: &effects)
        let compiled = machine.texts()[.emailDisplay]
        let host = Words(["en-US\u{0}STEP-03.email_display": words])
        machine.textLookup = host
        #expect(machine.texts()[.emailDisplay] == compiled)
        #expect(host.reported == [FlowTextProblem(key: "STEP-03.email_display", locale: "en-US", format: words, reason: reason)])
    }

    /// Every screen of YOLE in every locale it ships: the generated machine's texts (the table, filled in) read as
    /// the interpreter's (the flows' translations as expressions).
    @Test func everyScreenInEveryLocaleReadsAsTheInterpreter() throws {
        let app = try #require(DifferentialTests.apps().first { $0.id == "yole" })
        let program = RuntimeProgram(app: app)
        let name = try #require(app.localisation.currentLocaleState)
        let variable = try #require(app.state.first { $0.name == name })
        guard case .enumeration(let type) = variable.type,
              case .enumeration(let cases)? = app.types.first(where: { $0.name == type })?.kind else {
            Issue.record("YOLE's locale is not an enum")
            return
        }
        #expect(cases.count == app.localisation.locales.count)
        var compared = 0
        var skipped: Set<String> = []
        for item in cases {
            let value = TypedExpression(type: .enumeration(type), span: 0..<0, kind: .enumCase(type: type, name: item))
            for (index, screen) in app.screens.enumerated() {
                guard let yoleScreen = YOLEScreen(rawValue: screen.id) else { continue }
                let interpreted = Result { try Interpreter(program: program, start: index, state: [([name], value)]).texts() }
                let generated = Result { try Self.started(yoleScreen, language: item).computeTexts() }
                // A snapshot cannot show a sub-flow's screen with no call of it in progress: those screens are compared in
                // English here, in French by the French scenarios (scenarios-language.flow.yaml).
                if case .failure(let error as SnapshotMismatch) = generated, "\(error)".contains("runs only as a sub-flow") {
                    skipped.insert(screen.id)
                    continue
                }
                let machineTexts = (try? generated.get()).map { Dictionary(uniqueKeysWithValues: $0.map { ($0.key.rawValue, $0.value) }) }
                #expect((try? interpreted.get()) == machineTexts,
                        "\(screen.id) in \(item): interpreter \(String(describing: interpreted)) vs generated \(String(describing: machineTexts))")
                compared += machineTexts?.count ?? 0
                // The options of its choice fields, each label in the locale.
                guard let machine = try? Self.started(yoleScreen, language: item),
                      let interpreter = try? Interpreter(program: program, start: index, state: [([name], value)]) else { continue }
                // Its fields' labels, placeholders and hints, in the locale.
                for field in screen.fields {
                    let typed = try #require(YOLEField(rawValue: field.name))
                    let expected = try interpreter.captions(of: field.name)
                    let shown: [Field.Caption: String?] = [.label: machine.fieldLabel(typed), .placeholder: machine.fieldPlaceholder(typed),
                                                           .hint: machine.fieldHint(typed)]
                    #expect(shown.compactMapValues { $0 } == expected, "\(screen.id) \(field.name) in \(item)")
                    compared += expected.count
                }
                for field in screen.fields where !field.options.isEmpty {
                    let expected = try interpreter.options(of: field.name).map { FlowOption(value: $0.value, label: $0.label) }
                    let typed = try #require(YOLEField(rawValue: field.name))
                    #expect(machine.options(typed) == expected, "\(screen.id) \(field.name) in \(item)")
                    compared += expected.count
                }
            }
        }
        #expect(compared > 20)
        #expect(skipped == ["STEP-14.2", "STEP-14.3", "STEP-14.4", "STEP-14.5"])
    }

    /// What is wrong with a generated text table against the app's String Catalog: a key the catalog does not have,
    /// or a locale's words putting in other values than the catalog's (the host's words are checked against the
    /// same values at run time).
    static func mismatches(_ table: FlowTextTable, _ catalog: StringCatalog) -> [String] {
        var problems: [String] = []
        for (number, key) in table.keys.enumerated() {
            guard let entry = catalog.strings[key] else {
                problems.append("'\(key)' is not a key of the catalog")
                continue
            }
            let values = Set(StringCatalog.specifiers(in: entry.localizations[catalog.sourceLanguage]?.stringUnit.value ?? "")).count
            let arguments = (0..<values).map { "\u{1}\($0 + 1)\u{1}" }
            // A translation may word a value otherwise (a value after the source's): it counts as putting one in.
            let reworded = (1...3).map { "\u{2}\($0)\u{2}" }
            for locale in table.locales {
                // The compiled-in words, filled with markers: as many values as the catalog's must be put in.
                let words = table.text(number, arguments + reworded, locale: locale, lookup: FlowCompiledTexts())
                let shown = (arguments + reworded).filter { words.contains($0) }.count
                if shown != values { problems.append("'\(key)' in \(locale) puts in \(shown) values where the catalog has \(values)") }
            }
        }
        return problems
    }

    static func catalog(_ app: String) throws -> StringCatalog {
        let url = packageRoot().appendingPathComponent("generated/\(app).xcstrings")
        return try JSONDecoder().decode(StringCatalog.self, from: Data(contentsOf: url))
    }

    @Test func everyGeneratedTableMatchesItsCatalog() throws {
        let yole = Self.mismatches(YOLEMachine.textTable, try Self.catalog("YOLE"))
        #expect(yole == [], "\(yole)")
        #expect(Self.mismatches(TempoMachine.textTable, try Self.catalog("Tempo")) == [])
        #expect(Self.mismatches(RegentMachine.textTable, try Self.catalog("Regent")) == [])
        #expect(Self.mismatches(RailMachine.textTable, try Self.catalog("Rail")) == [])
        #expect(YOLEMachine.textTable.keys.contains("STEP-01.get_started"))
    }

    @Test func aPlantedWrongKeyOrValueIsCaught() throws {
        let catalog = try Self.catalog("YOLE")
        let planted = FlowTextTable(locales: ["en-US", "fr-FR"], keys: "0 STEP-01.get_startd\n1 STEP-03.email_display",
                                    formats: ["Get started\nCode sent to %1$@", "Commencer\nCode envoyé"])
        #expect(Self.mismatches(planted, catalog) == [
            "'STEP-01.get_startd' is not a key of the catalog",
            "'STEP-03.email_display' in fr-FR puts in 0 values where the catalog has 1",
        ])
    }
}
