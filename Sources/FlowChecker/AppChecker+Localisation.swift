@_spi(Generated) import FlowValues
import FlowExpression
import FlowIR
import FlowSource
import FlowSyntax

/// What the checker keeps about texts while it checks an app: the locales, the translations written in the flows,
/// which of them a text used, and the String Catalog being built.
struct TextsState {
    struct Translation {
        var template: ExpressionSource
        var review: Bool
        var key: Located<String>
    }
    /// The current locale as expressions read it: the `locale` state value of an app with several locales, or the
    /// app's one locale as a literal.
    var localeExpression = TypedExpression(type: .text, span: 0..<0, kind: .literal(.text("en-GB")))
    /// Locale → key → translation.
    var translations: [String: [String: Translation]] = [:]
    /// `locale \0 key` of the translations some text used.
    var used: Set<String> = []
    /// Keys already reported as missing a translation, so a toast used on five screens is reported once.
    var reportedMissing: Set<String> = []
    var strings: [String: CatalogString] = [:]
    /// Key → its words in every locale, for the generated code's text table.
    var table: [String: TextFormats] = [:]
    /// Enum → case → its label, in every locale (an expression on the current locale).
    var labels: [String: [String: TypedExpression]] = [:]
    /// The state value holding the current locale, and for an enum, each locale's case.
    var localeState: (name: String, cases: [String: (type: String, item: String)]?)?
    /// Whether `locale` is the one shown now: `language == Language.fr` for an enum, `locale == 'fr-FR'` for text.
    func isShowing(_ locale: String) -> TypedExpression {
        let literal = TypedExpression(type: .text, span: 0..<0, kind: .literal(.text(locale)))
        guard let state = localeState, let (type, item) = state.cases?[locale] else {
            return TypedExpression(type: .bool, span: 0..<0, kind: .binary(.equal, localeExpression, literal))
        }
        let variable = TypedExpression(type: .enumeration(type), span: 0..<0, kind: .variable(state.name))
        return TypedExpression(type: .bool, span: 0..<0, kind: .binary(.equal, variable, TypedExpression(type: .enumeration(type), span: 0..<0, kind: .enumCase(type: type, name: item))))
    }

    /// Each key's first text: its kind, its source words in the catalog's format and where it is written.
    var firstKeyed: [String: (kind: CatalogString.Kind, format: String, range: SourceRange)] = [:]
    /// Every component use, by the screen it is put into: which texts a component gives (`textKey`).
    var expansions: [String: [ComponentExpansion]] = [:]

    /// The names the current locale is read from, which every text reads and no translation has to show.
    var localeNames: Set<String> { localeState.map { [$0.name] } ?? [] }
}

extension AppChecker {
    // MARK: Locales

    /// Reads `app.locale`, `app.locales`, the `locale` state value that holds the current one and every
    /// `translations:` block.
    func resolveLocales() {
        let section = sources.root.app
        let known = FlowLocales.supported.keys.sorted().joined(separator: ", ")
        if let written = section?.locale, FlowLocales.conventions(written.value) == nil {
            error("unknown-locale", "flowc has no text conventions for locale '\(written.value)'; it writes dates, money and lists for \(known)",
                  at: written.range)
        }
        var locales = [app.locale]
        for item in section?.locales ?? [] {
            if FlowLocales.conventions(item.value) == nil {
                error("unknown-locale", "flowc has no text conventions for locale '\(item.value)'; it writes dates, money and lists for \(known)",
                      at: item.range)
                continue
            }
            if !locales.contains(item.value) { locales.append(item.value) }
        }
        app.localisation.sourceLocale = app.locale
        texts.expansions = Dictionary(grouping: componentExpansions, by: \.screen)
        app.localisation.locales = locales
        texts.localeExpression = TypedExpression(type: .text, span: 0..<0, kind: .literal(.text(app.locale)))
        if locales.count > 1 { resolveCurrentLocale(locales, section: section) }
        for file in sources.files {
            for block in file.translations {
                let locale = block.locale.value
                guard locales.dropFirst().contains(locale) else {
                    let message = locale == app.locale
                        ? "'\(locale)' is the locale the flows are written in; its texts are the flows' own, not translations"
                        : "app '\(app.id)' does not ship locale '\(locale)'; add it to 'locales:' of the app (now \(locales.joined(separator: ", "))) or remove these translations"
                    error("unknown-locale", message, at: block.locale.range,
                          notes: closestMatch(to: locale, among: Array(locales.dropFirst())).map { [.init("did you mean '\($0)'?")] } ?? [])
                    continue
                }
                for entry in block.texts {
                    if let earlier = texts.translations[locale]?[entry.key.value] {
                        error("duplicate-declaration", "'\(entry.key.value)' is translated into \(locale) twice", at: entry.key.range,
                              notes: [.init("first translated here", at: earlier.key.range)])
                        continue
                    }
                    texts.translations[locale, default: [:]][entry.key.value] = .init(template: entry.template, review: block.review?.value ?? false, key: entry.key)
                }
            }
        }
    }

    /// The state value that holds the locale shown now: `current_locale:` of the app, or `locale`. Text holds the
    /// locale itself; an enum names one locale per case (`en` → en-US, `fr` → fr-FR, or `fr_fr`).
    private func resolveCurrentLocale(_ locales: [String], section: AppSyntax?) {
        let name = section?.currentLocale?.value ?? "locale"
        let place = section?.currentLocale?.range ?? section?.locales.first?.range ?? app.range
        guard let index = stateTable[name] else {
            error("missing-locale-state",
                  "app '\(app.id)' ships \(locales.count) locales but has no state value '\(name)' to hold the one shown now; add under state: \(name): { type: text, initial: \"'\(app.locale)'\", persist: true }",
                  at: place, notes: stateTable.suggestion(for: name))
            return
        }
        usedNames.insert(name)
        let written = stateTable.entries[index].value.type
        let typeName = written?.text.trimmingCharacters(in: .whitespaces) ?? ""
        if typeName == "text" {
            texts.localeExpression = TypedExpression(type: .text, span: 0..<0, kind: .variable(name))
            texts.localeState = (name, nil)
            return
        }
        guard let typeIndex = types[typeName], case .enumeration(let cases) = types.entries[typeIndex].value.kind else {
            error("wrong-type", "state value '\(name)' holds the locale shown now and must be 'text' or an enum whose cases name the locales, not '\(typeName)'",
                  at: written?.range ?? place)
            return
        }
        var caseOf: [String: String] = [:]
        for locale in locales {
            let exact = locale.lowercased().replacingOccurrences(of: "-", with: "_")
            let language = String(exact.prefix { $0 != "_" })
            guard let match = cases.first(where: { $0.value == exact }) ?? cases.first(where: { $0.value == language }) else {
                error("missing-locale-state", "enum '\(typeName)' of '\(name)' has no case for locale '\(locale)'; add '\(language)' (or '\(exact)') to its cases",
                      at: types.entries[typeIndex].range)
                return
            }
            caseOf[locale] = match.value
        }
        let variable = TypedExpression(type: .enumeration(typeName), span: 0..<0, kind: .variable(name))
        var expression = TypedExpression(type: .text, span: 0..<0, kind: .literal(.text(app.locale)))
        for locale in locales.dropFirst().reversed() {
            guard let item = caseOf[locale] else { continue }
            let isCase = TypedExpression(type: .bool, span: 0..<0, kind: .binary(.equal, variable,
                                                                                 TypedExpression(type: .enumeration(typeName), span: 0..<0, kind: .enumCase(type: typeName, name: item))))
            expression = TypedExpression(type: .text, span: 0..<0, kind: .conditional(isCase, TypedExpression(type: .text, span: 0..<0, kind: .literal(.text(locale))), expression))
        }
        texts.localeExpression = expression
        texts.localeState = (name, caseOf.mapValues { (typeName, $0) })
    }

    /// `locale: fr-FR` of a scenario: the run starts with the `locale` state value set to it.
    func scenarioLocale(_ locale: Located<String>) -> (path: [String], value: TypedExpression)? {
        let locales = app.localisation.locales
        guard locales.count > 1 else {
            error("unknown-locale", "app '\(app.id)' ships only '\(app.locale)'; list its locales under 'locales:' of the app to run a scenario in '\(locale.value)'",
                  at: locale.range)
            return nil
        }
        guard locales.contains(locale.value) else {
            error("unknown-locale", "app '\(app.id)' does not ship locale '\(locale.value)'; its locales are \(locales.joined(separator: ", "))", at: locale.range,
                  notes: closestMatch(to: locale.value, among: locales).map { [.init("did you mean '\($0)'?")] } ?? [])
            return nil
        }
        guard let state = texts.localeState else { return nil }
        if let (type, item) = state.cases?[locale.value] {
            return ([state.name], TypedExpression(type: .enumeration(type), span: 0..<0, kind: .enumCase(type: type, name: item)))
        }
        return ([state.name], TypedExpression(type: .text, span: 0..<0, kind: .literal(.text(locale.value))))
    }

    // MARK: Texts

    /// A toast's or a push's words: a text with values, in every locale, keyed by its words as written.
    func checkActionText(_ source: ExpressionSource, kind: CatalogString.Kind, in environment: TypeEnvironment) -> DisplayText? {
        let place = currentScreen.map { "screen \(app.screens[$0].id)" } ?? "the flows"
        guard let keyed = checkKeyedText(source, key: source.text, kind: kind, comment: "\(kind.rawValue) on \(place)", in: environment,
                                         what: "the \(kind.rawValue) '\(source.text)'") else { return nil }
        return DisplayText(source: source.text, value: keyed.value, localised: keyed)
    }

    /// Checks a text people read (its values, then each translation of its key) and lowers it to one expression
    /// on the current locale: `locale == 'fr-FR' ? <French> : <source>`. Both back ends then evaluate an
    /// ordinary expression, so a translation cannot run differently in the interpreter and the generated code.
    func checkText(_ source: ExpressionSource, key: String, kind: CatalogString.Kind, comment: String,
                   in environment: TypeEnvironment, what: String) -> TypedExpression? {
        checkKeyedText(source, key: key, kind: kind, comment: comment, in: environment, what: what)?.value
    }

    /// As `checkText`, also giving the text by its key and values (`LocalisedText`), and putting its words in every
    /// locale in the app's text table, which the generated code looks the key up in.
    /// A component's text (`componentArguments`: the use's typed arguments) has its translations written with the
    /// component's parameters (`{${{ amount }}}`), each read with the use's arguments put in.
    func checkKeyedText(_ source: ExpressionSource, key: String, kind: CatalogString.Kind, comment: String,
                        in environment: TypeEnvironment, what: String, componentArguments: [String: String] = [:]) -> LocalisedText? {
        var sourcePieces: [CheckedTextPiece] = []
        var writtenValues: [(hole: String, value: TypedExpression)] = []
        let checked = checkTemplate(source, in: environment, what: what, pieces: &sourcePieces, written: &writtenValues)
        warnWordsInsideValues(writtenValues, in: source, what: what)
        let sourceHoles = Self.holes(in: source.text)
        var values: [String: CatalogString.Value] = [app.localisation.sourceLocale: .init(source.text, needsReview: false)]
        var result = checked
        // The values by the words they are written as, `%1$@` first; a translation's value worded otherwise comes after.
        var arguments: [(written: String, value: TypedExpression)] = sourcePieces.compactMap {
            if case .value(let written, let value) = $0 { (written, value) } else { nil }
        }
        let sourceArguments = arguments.count
        func position(_ written: String) -> Int { (arguments.firstIndex { $0.written == written } ?? 0) + 1 }
        let sourceFormat = CheckedTextPiece.format(sourcePieces) { written, _ in position(written) }
        var formats: [String: String] = [:]
        for locale in app.localisation.locales { formats[locale] = sourceFormat }
        for locale in app.localisation.locales.dropFirst() {
            guard var translation = texts.translations[locale]?[key] else {
                if texts.reportedMissing.insert("\(locale)\u{0}\(key)").inserted {
                    warning("missing-translation", "\(what) has no \(locale) translation; add it under translations: \(locale): texts: '\(key)'",
                            at: source.range)
                }
                continue
            }
            texts.used.insert("\(locale)\u{0}\(key)")
            if !componentArguments.isEmpty, translation.template.text.contains("${{") {
                translation.template = ExpressionSource(text: puttingInComponentArguments(translation.template.text, componentArguments),
                                                        range: translation.template.range, firstCharacter: nil)
            }
            values[locale] = .init(translation.template.text, needsReview: translation.review)
            var translatedPieces: [CheckedTextPiece] = []
            let translated = checkTemplate(translation.template, in: environment, what: "the \(locale) translation of '\(key)'", pieces: &translatedPieces)
            // A translation may word a value differently (`{offline ? 'Hors ligne' : ''}`) but shows the same values.
            if let translated, let checked {
                let shown = checked.referencedVariables.subtracting(texts.localeNames)
                let translatedShown = translated.referencedVariables.subtracting(texts.localeNames)
                if shown != translatedShown {
                    let missing = shown.subtracting(translatedShown).sorted()
                    let extra = translatedShown.subtracting(shown).sorted()
                    let parts = (missing.isEmpty ? [] : ["leaves out \(missing.map { "'\($0)'" }.joined(separator: ", "))"])
                        + (extra.isEmpty ? [] : ["shows \(extra.map { "'\($0)'" }.joined(separator: ", ")), which the source text does not"])
                    error("translation-values", "the \(locale) translation of '\(key)' \(parts.joined(separator: " and ")); a translation shows the values of \"\(source.text)\"",
                          at: translation.template.range)
                    continue
                }
            }
            if let translated, let current = result, translation.template.text != source.text {
                let isLocale = texts.isShowing(locale)
                result = TypedExpression(type: .text, span: 0..<0, kind: .conditional(isLocale, translated, current))
                formats[locale] = CheckedTextPiece.format(translatedPieces) { written, value in
                    if let index = arguments.firstIndex(where: { $0.written == written }) { return index + 1 }
                    // Worded otherwise: computed only while this locale is shown, as the interpreter computes it.
                    let empty = TypedExpression(type: .text, span: 0..<0, kind: .literal(.text("")))
                    arguments.append((written, TypedExpression(type: .text, span: 0..<0, kind: .conditional(isLocale, value, empty))))
                    return arguments.count
                }
            }
        }
        if let first = texts.firstKeyed[key] {
            // The same key again: the same words shown on another screen (a toast, a component's text) are one string;
            // other words would share one translation.
            if first.kind != kind || first.format != sourceFormat {
                error("text-key-clash", "\(what) and another text are both keyed '\(key)' in the String Catalog, so they would share one translation; rename one of them",
                      at: source.range, notes: [.init("the other text, keyed '\(key)' first", at: first.range)])
            }
        } else {
            texts.firstKeyed[key] = (kind, sourceFormat, source.range)
        }
        if texts.strings[key] == nil {
            texts.strings[key] = CatalogString(key: key, kind: kind, comment: comment, values: values, placeholders: sourceHoles)
        }
        if texts.table[key] == nil {
            texts.table[key] = TextFormats(key: key, sourceArguments: sourceArguments, formats: formats)
        }
        return result.map { LocalisedText(key: key, arguments: arguments.map(\.value), value: $0) }
    }

    /// The values a template puts in, as written (`transfer.amount`), in order.
    static func holes(in template: String) -> [String] {
        templateParts(template).compactMap { if case .value(let value) = $0 { value } else { nil } }
    }

    // MARK: Values in texts

    /// A value put into a text, written for people in the current locale: money with its sign and every minor
    /// unit (`£12.50`), dates (`5 Jan 2026`), moments, decimals, lists of texts (`a, b and c`) and enum values by
    /// their labels, durations in words (`5 minutes`). Whole numbers and texts read as they are; a value that may be
    /// null reads as nothing while it is null.
    func displayed(_ value: TypedExpression) -> TypedExpression {
        let type = value.type
        func call(_ function: BuiltinFunction, _ arguments: [TypedExpression]) -> TypedExpression {
            withLocale(TypedExpression(type: .text, span: value.span, kind: .call(function: function, arguments: arguments)))
        }
        if type == .text { return value }
        if type.isNullable, type != .null {
            // Nothing yet reads as nothing (not `null`); a value is written for people.
            var present = value
            present.type = type.nonOptional
            let null = TypedExpression(type: .null, span: value.span, kind: .literal(.null))
            let isNull = TypedExpression(type: .bool, span: value.span, kind: .binary(.equal, value, null))
            let empty = TypedExpression(type: .text, span: value.span, kind: .literal(.text("")))
            return TypedExpression(type: .text, span: value.span, kind: .conditional(isNull, empty, displayed(present)))
        }
        switch type {
        case .money: return call(.formatMoney, [value])
        case .date: return call(.formatDate, [value])
        case .timestamp: return call(.formatDateTime, [value])
        case .duration: return call(.formatDuration, [value])
        case .decimal:
            let places = TypedExpression(type: .int, span: value.span, kind: .call(function: .decimalPlaces, arguments: [value]))
            return call(.formatNumber, [value, places])
        case .list(.text): return call(.join, [value])
        case .enumeration: return call(.label, [value])
        default: return TypedExpression(type: .text, span: value.span, kind: .call(function: .string, arguments: [value]))
        }
    }

    /// The expression with the current locale (and `now()`) passed to every locale-aware function that leaves
    /// them out, and `label(x)` replaced by the declared labels, so the back ends never guess a locale.
    func withLocale(_ expression: TypedExpression) -> TypedExpression {
        guard Self.needsLocale(expression) else { return expression }
        var result = expression
        switch expression.kind {
        case .call(let function, let arguments):
            let inner = arguments.map(withLocale)
            var full = inner
            let locale = texts.localeExpression
            switch function {
            case .formatMoney, .formatTime, .formatDateTime, .formatDuration, .join:
                if full.count < 2 { full.append(locale) }
            case .formatNumber, .formatPercent:
                if full.count < 3 { full.append(locale) }
            case .formatDate:
                if full.count < 2 { full.append(TypedExpression(type: .text, span: expression.span, kind: .literal(.text("medium")))) }
                if full.count < 3 { full.append(locale) }
            case .formatRelative:
                if full.count < 2 { full.append(TypedExpression(type: .timestamp, span: expression.span, kind: .call(function: .now, arguments: []))) }
                if full.count < 3 { full.append(locale) }
            case .label:
                if let subject = inner.first { return labelled(subject, span: expression.span) }
            default: break
            }
            result.kind = .call(function: function, arguments: full)
        case .member(let base, let name): result.kind = .member(withLocale(base), name)
        case .index(let base, let index): result.kind = .index(withLocale(base), withLocale(index))
        case .unary(let op, let operand): result.kind = .unary(op, withLocale(operand))
        case .binary(let op, let lhs, let rhs): result.kind = .binary(op, withLocale(lhs), withLocale(rhs))
        case .conditional(let condition, let then, let otherwise):
            result.kind = .conditional(withLocale(condition), withLocale(then), withLocale(otherwise))
        case .list(let elements): result.kind = .list(elements.map(withLocale))
        case .record(let type, let fields):
            result.kind = .record(type: type, fields: fields.map { TypedRecordField(name: $0.name, value: withLocale($0.value), allowsNull: $0.allowsNull) })
        case .macro(let kind, let list, let variable, let body, let filter):
            result.kind = .macro(kind, list: withLocale(list), variable: variable, body: withLocale(body), filter: filter.map(withLocale))
        case .regexMatch(let text, let regex): result.kind = .regexMatch(withLocale(text), regex)
        case .literal, .variable, .local, .enumCase: break
        }
        return result
    }

    private static let localeAware: Set<BuiltinFunction> = [.formatMoney, .formatDate, .formatTime, .formatDateTime, .formatRelative, .formatDuration,
                                                            .formatPercent, .formatNumber, .join, .label]

    private static func needsLocale(_ expression: TypedExpression) -> Bool {
        if case .call(let function, let arguments) = expression.kind, localeAware.contains(function) {
            if function == .label { return true }
            let complete = function == .formatNumber || function == .formatPercent || function == .formatDate || function == .formatRelative ? 3 : 2
            if arguments.count < complete { return true }
        }
        return expression.children.contains(where: needsLocale)
    }

    /// `label(x)` as the declared labels: `x == Bank.barclays ? 'Barclays' : ... : string(x)`, each label in the
    /// current locale; an enum without labels reads as its case names.
    private func labelled(_ subject: TypedExpression, span: ExpressionSpan) -> TypedExpression {
        let fallback = TypedExpression(type: subject.type.isNullable ? .optional(.text) : .text, span: span, kind: .call(function: .string, arguments: [subject]))
        guard case .enumeration(let name) = subject.type.nonOptional, let labels = texts.labels[name], let cases = enums[name] else { return fallback }
        var result = fallback
        for item in cases.reversed() {
            guard let label = labels[item] else { continue }
            let isCase = TypedExpression(type: .bool, span: span, kind: .binary(.equal, subject, TypedExpression(type: subject.type.nonOptional, span: span, kind: .enumCase(type: name, name: item))))
            result = TypedExpression(type: result.type, span: span, kind: .conditional(isCase, label, result))
        }
        return result
    }

    /// The `labels:` of every enum, each a text of the catalog (`Bank.barclays`) with its translations.
    func resolveLabels() {
        for entry in types.entries {
            let declaration = entry.value
            guard !declaration.labels.isEmpty, case .enumeration(let cases) = declaration.kind else { continue }
            let names = cases.map(\.value)
            var labels: [String: TypedExpression] = [:]
            for (item, label) in declaration.labels {
                guard names.contains(item.value) else {
                    error("unknown-member", "enum '\(entry.name)' has no case '\(item.value)' to label; its cases are \(names.joined(separator: ", "))", at: item.range,
                          notes: closestMatch(to: item.value, among: names).map { [.init("did you mean '\($0)'?")] } ?? [])
                    continue
                }
                // A label is words only: braces are written as they are.
                let escaped = label.value.replacingOccurrences(of: "{", with: "{{").replacingOccurrences(of: "}", with: "}}")
                let source = ExpressionSource(text: escaped, range: label.range, firstCharacter: nil)
                let keyed = checkKeyedText(source, key: "\(entry.name).\(item.value)", kind: .label, comment: "label of \(entry.name).\(item.value)",
                                           in: domainEnvironment(), what: "the label of \(entry.name).\(item.value)")
                labels[item.value] = keyed?.value
                // Shown inside a value (`{transfer.status}`): looked up by its key wherever `label(x)` puts it.
                if let keyed { app.localisation.shownInside.append(keyed) }
            }
            for item in names where labels[item] == nil {
                warning("missing-label", "enum '\(entry.name)' labels some cases but not '\(item)'; it would read as '\(item)'", at: declaration.name.range)
            }
            texts.labels[entry.name] = labels
        }
    }

    // MARK: The catalog

    /// Each rule's message in the current locale, where the app translates it: the validators of both back ends
    /// then answer in the locale shown.
    private func localiseMessages() {
        guard app.localisation.locales.count > 1 else { return }
        for screen in app.screens.indices {
            for field in app.screens[screen].fields.indices {
                for index in app.screens[screen].fields[field].checks.indices {
                    let message = app.screens[screen].fields[field].checks[index].message
                    var result = TypedExpression(type: .text, span: 0..<0, kind: .literal(.text(message)))
                    var translated = false
                    for locale in app.localisation.locales.dropFirst() {
                        guard let translation = texts.translations[locale]?[message] else { continue }
                        translated = true
                        let isLocale = texts.isShowing(locale)
                        let words = TypedExpression(type: .text, span: 0..<0, kind: .literal(.text(translation.template.text)))
                        result = TypedExpression(type: .text, span: 0..<0, kind: .conditional(isLocale, words, result))
                    }
                    if translated { app.screens[screen].fields[field].checks[index].localisedMessage = result }
                }
            }
        }
    }

    /// A rule's message in any locale: the source words, or a translation of them.
    func messageTranslations(of message: String) -> [String] {
        app.localisation.locales.dropFirst().compactMap { texts.translations[$0]?[message]?.template.text }
    }

    /// Puts the rules' messages in the catalog (with their translations), reports translations no text uses and
    /// stores the catalog in the app.
    func finishLocalisation() {
        for screen in app.screens {
            for field in screen.fields {
                for rule in field.rules where texts.strings[rule.message] == nil {
                    var values: [String: CatalogString.Value] = [app.localisation.sourceLocale: .init(rule.message, needsReview: false)]
                    for locale in app.localisation.locales.dropFirst() {
                        if let translation = texts.translations[locale]?[rule.message] {
                            texts.used.insert("\(locale)\u{0}\(rule.message)")
                            values[locale] = .init(translation.template.text, needsReview: translation.review)
                        } else if texts.reportedMissing.insert("\(locale)\u{0}\(rule.message)").inserted {
                            warning("missing-translation", "the message \"\(rule.message)\" of field '\(field.name)' has no \(locale) translation; add it under translations: \(locale): texts",
                                    at: rule.range)
                        }
                    }
                    texts.strings[rule.message] = CatalogString(key: rule.message, kind: .message, comment: "message of field '\(field.name)' on screen \(screen.id)",
                                                                values: values, placeholders: [])
                    if texts.table[rule.message] == nil {
                        // A message is words only, as `localiseMessages` shows it.
                        var formats: [String: String] = [:]
                        for locale in app.localisation.locales {
                            formats[locale] = (values[locale]?.text ?? rule.message).replacingOccurrences(of: "%", with: "%%")
                        }
                        texts.table[rule.message] = TextFormats(key: rule.message, sourceArguments: 0, formats: formats)
                    }
                }
            }
        }
        localiseMessages()
        let keys = Array(texts.strings.keys)
        for (locale, translations) in texts.translations.sorted(by: { $0.key < $1.key }) {
            for (key, translation) in translations.sorted(by: { $0.key < $1.key }) where !texts.used.contains("\(locale)\u{0}\(key)") {
                warning("unknown-translation", "no text of app '\(app.id)' has the key '\(key)'; this \(locale) translation is never shown",
                        at: translation.key.range, notes: (closestMatch(to: key, among: keys) ?? componentKey(replacing: key, among: keys))
                            .map { [.init("did you mean '\($0)'?")] } ?? [])
            }
        }
        app.localisation.strings = texts.strings.values.sorted { $0.key < $1.key }
        app.localisation.currentLocaleState = texts.localeState?.name
        app.localisation.currentLocale = texts.localeExpression
        app.localisation.table = texts.table.values.sorted { $0.key < $1.key }
    }
}
