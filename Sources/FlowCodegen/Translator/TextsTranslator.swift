import FlowExpression
import FlowIR
@_spi(Generated) import FlowMachine

/// Translates an app's keyed texts into `Texts.swift`: the text table (each key of `<App>.xcstrings` with its words
/// in every locale, as data: one string per locale, one line per text), the machine's current locale and the one
/// function every keyed text goes through, which asks the host's `FlowTextLookup` first. The places that show a
/// text (screen texts, toasts, pushes, rules' messages, option labels, and inside them enum labels, row texts, row
/// actions' labels, `when:` texts and empty states) call `localizedText(_:_:)` with the text's number and its
/// values; the words themselves are never code.
struct TextsTranslator {
    let app: App
    let names: AppNames
    let options: GeneratorOptions

    /// The `Texts.swift` declarations (an app without texts has an empty table).
    func declarations() -> [SwiftDeclaration] {
        var expressions = ExpressionTranslator(app: app, names: names)
        let table = app.localisation.table
        let locales = app.localisation.locales.isEmpty ? [app.localisation.sourceLocale] : app.localisation.locales
        var members: [SwiftDeclaration] = []
        let state = app.localisation.currentLocaleState.map { "the `\($0)` state value" } ?? "the app's one locale"
        let locale = expressions.value(app.localisation.currentLocale, scope: ExpressionScope())
        let localeCode: SwiftExpression = locale.throwing
            ? .binary("??", .prefix("try?", .parenthesized(locale.code)), .string(locales[0]))
            : locale.code
        members.append(SwiftDeclaration(doc: ["The locale the texts are shown in now, from \(state) (not the device's language): one of \(locales.joined(separator: ", "))."],
                                        access: publicAccess, .variable(isLet: false, isStatic: false, name: "textLocale", type: "String", value: nil,
                                                                         getter: [.return(localeCode)])))
        let keys = table.map { "\($0.sourceArguments) " + FlowTextTable.escape($0.key) }
        var formats: [SwiftExpression] = []
        for locale in locales {
            let lines = table.map { FlowTextTable.escape($0.formats[locale] ?? $0.formats[locales[0]] ?? "") }
            formats.append(Self.literal(lines))
        }
        let tableValue = SwiftExpression.call(.id("FlowTextTable"), [
            SwiftArgument("locales", .array(locales.map { .string($0) })),
            SwiftArgument("keys", .id("textKeys")),
            SwiftArgument("formats", .array(locales.indices.map { .id("textFormats\($0)") })),
        ])
        members.append(SwiftDeclaration(doc: ["Every keyed text's key in \(names.module.dropLast(4)).xcstrings, one a line, after how many values its words put in."],
                                        attributes: [], .variable(isLet: true, isStatic: true, name: "textKeys", type: nil, value: Self.literal(keys), getter: nil)))
        for (index, locale) in locales.enumerated() {
            members.append(SwiftDeclaration(doc: ["The \(locale) words of each text, one a line in the order of `textKeys`: `%1$@` is the first value put in."],
                                            .variable(isLet: true, isStatic: true, name: "textFormats\(index)", type: nil, value: formats[index], getter: nil)))
        }
        members.append(SwiftDeclaration(doc: ["The texts by key in every locale (the words compiled in)."], access: .public, attributes: spi,
                                        .variable(isLet: true, isStatic: true, name: "textTable", type: "FlowTextTable", value: tableValue, getter: nil)))
        let body: [SwiftStatement] = [.return(.call(.member(.member(.id("Self"), "textTable"), "text"), [
            SwiftArgument(nil, .id("number")), SwiftArgument(nil, .id("arguments")),
            SwiftArgument("locale", .id("textLocale")), SwiftArgument("lookup", .id("textLookup")),
        ]))]
        members.append(SwiftDeclaration(doc: ["Text number `number` of the table in the current locale, with `arguments` (its values, written for people) put in:",
                                              "the words of `textLookup` for its key when it has well-formed ones, else the compiled-in words."],
                                        access: .public, attributes: spi,
                                        .function(modifiers: [], name: "localizedText", parameters: [SwiftParameter(label: "_", name: "number", type: "Int"),
                                                                                                      SwiftParameter(label: "_", name: "arguments", type: "[String]")],
                                                  effects: [], returns: "String", body: body)))
        members.append(optionsFunction(&expressions))
        members += captionFunctions(&expressions)
        return [SwiftDeclaration(.extension(name: names.machine, conformances: [], members: members))]
    }

    /// `options(_:)`: the options of the current screen's choice fields, each value (what `fill` takes) with its
    /// label in the current locale: a label the field writes (looked up by its key), its enum's label, or the value.
    func optionsFunction(_ expressions: inout ExpressionTranslator) -> SwiftDeclaration {
        var cases: [SwiftSwitchCase] = []
        for (index, screen) in app.screens.enumerated() {
            var fieldCases: [SwiftSwitchCase] = []
            for field in screen.fields where !field.options.isEmpty {
                let options = field.options.map { option -> SwiftExpression in
                    var label = SwiftExpression.string(option.label ?? option.value)
                    if let localised = option.localised {
                        let translated = expressions.keyedText(localised, showing: localised.value, scope: ExpressionScope())
                            ?? expressions.value(localised.value, scope: ExpressionScope())
                        label = translated.throwing ? .binary("??", .prefix("try?", .parenthesized(translated.code)), label) : translated.code
                    }
                    return .call(.id("FlowOption"), [SwiftArgument("value", .string(option.value)), SwiftArgument("label", label)])
                }
                fieldCases.append(SwiftSwitchCase([".\(names.fieldCase(field.name))"], [.return(.array(options))]))
            }
            guard !fieldCases.isEmpty else { continue }
            // A screen whose choice fields are every field of the app needs no `default:` (it would draw "will never be executed").
            let others: [SwiftSwitchCase] = fieldCases.count < names.fieldCases.count ? [.default([.return(.id("[]"))])] : []
            let inner: [SwiftStatement] = [.switch(.id("field"), fieldCases + others)]
            cases.append(SwiftSwitchCase(["\(index)"], [.comment("\(screen.id) \(screen.name)")] + inner))
        }
        var body: [SwiftStatement] = cases.isEmpty ? [.return(.id("[]"))] : [.switch(.id("screenNumber"), cases + [.default([.return(.id("[]"))])])]
        // Without fields the parameter's enum has no cases: any statement would draw "will never be executed".
        if names.fieldCases.isEmpty { body = [.comment("\(app.name) has no fields: nothing can call this.")] }
        return SwiftDeclaration(doc: ["The options of choice field `field` on the current screen, each value (what `fill` takes) with its label in the current",
                                      "locale, for a picker: `ForEach(machine.options(.currency)) { Text($0.label).tag($0.value) }`; empty for a field the screen",
                                      "does not show."],
                                access: publicAccess,
                                .function(modifiers: [], name: "options", parameters: [SwiftParameter(label: "_", name: "field", type: names.field)],
                                          effects: [], returns: "[FlowOption]", body: body))
    }

    var publicAccess: SwiftAccess { options.publicAccess }
    var spi: [String] { generatedSPI }

    /// A raw multi-line string of `lines`, or an escaped string where a line would not read back from one.
    static func literal(_ lines: [String]) -> SwiftExpression {
        TablesTranslator.fitsRawMultilineString(lines) ? .multilineString(lines) : .string(lines.joined(separator: "\n"))
    }

    /// The machine's stored lookup (a member of the machine's struct).
    static func lookupProperty(access: SwiftAccess) -> SwiftDeclaration {
        SwiftDeclaration(doc: ["Where the texts' words come from, by their keys in the String Catalog, before the words compiled in: set",
                               "`FlowBundleTexts(bundle: .main, table: \"<App>\")` to show the translations the app ships."],
                         access: access, .variable(isLet: false, isStatic: false, name: "textLookup", type: "any FlowTextLookup",
                                                    value: .call(.id("FlowCompiledTexts"), []), getter: nil))
    }
}

extension App {
    /// Each key of the text table by its number there.
    var textNumbers: [String: Int] {
        Dictionary(localisation.table.enumerated().map { ($0.element.key, $0.offset) }, uniquingKeysWith: { first, _ in first })
    }
}

extension ExpressionTranslator {
    /// `localizedText(n, [values])` for a keyed text that shows exactly `value` (nil otherwise: the caller translates
    /// `value` as an expression).
    mutating func keyedText(_ text: LocalisedText?, showing value: TypedExpression, scope: ExpressionScope) -> TranslatedExpression? {
        guard let text, text.value == value, let number = app.textNumbers[text.key] else { return nil }
        var throwing = false
        let outer = puttingIn
        puttingIn = value
        defer { puttingIn = outer }
        let arguments = text.arguments.map { argument -> SwiftExpression in
            let translated = self.value(argument, scope: scope)
            throwing = throwing || translated.throwing
            return translated.code
        }
        let call = SwiftExpression.call(.id("localizedText"), [SwiftArgument(nil, .int(number)), SwiftArgument(nil, .array(arguments))])
        return TranslatedExpression(code: call, throwing: throwing, nullable: false, type: .text)
    }

    /// Of the keyed texts that read as one expression, the one keyed as the text being translated: a list's key or
    /// another text that happens to read the same is never looked up by a text's key.
    static func chosen(_ candidates: [LocalisedText], key: String?) -> LocalisedText? {
        guard let key else { return nil }
        return candidates.first { $0.key == key }
    }

    /// `localizedText(n, [])` for a rule's message, when the table has it.
    func keyedMessage(_ message: String) -> SwiftExpression? {
        guard let number = app.textNumbers[message], app.localisation.table[number].sourceArguments == 0 else { return nil }
        return .call(.id("localizedText"), [SwiftArgument(nil, .int(number)), SwiftArgument(nil, .array([]))])
    }
}
