import FlowChecker
import FlowIR
import FlowRuntime
import FlowSource
import FlowSyntax
import FlowTestSupport
import Testing

/// A component's text, label and placeholder are keyed once for every screen that uses it; a text that reads the
/// use's arguments is still one key, with values (`%1$@`), and its translation is written with the component's
/// parameters as the text is.
@Suite struct ComponentTextKeyTests {
    static let yaml = """
        app: { name: Shop, currency: GBP, locale: en-GB, locales: [fr-FR], start: main }
        state:
          locale: { type: text, initial: "'en-GB'" }
          basket: { type: int, initial: "3" }
          saved: { type: int, initial: "5" }
        components:
          counted:
            parameters:
              count: int
            texts:
              summary: "{${{ count }}} items"
            fields:
              search: { type: text, label: Search, placeholder: Type a name }
        flows:
          main:
            start: basket
            screens:
              basket:
                name: Basket
                use: [counted: { count: basket }]
                on: { next: saved }
              saved:
                name: Saved
                use: [counted: { count: saved }]
                on: { switch: { to: saved, do: [{ set: { locale: "'fr-FR'" } }] } }
        translations:
          fr-FR:
            review: true
            texts:
              component.counted.summary: "{${{ count }}} articles"
              component.counted.search.label: Rechercher
              component.counted.search.placeholder: Saisissez un nom
        """

    @Test func oneKeyWithTheValuesOfEachUse() throws {
        let app = try checkedApp(Self.yaml)
        let keys = app.localisation.strings.map(\.key)
        #expect(keys == ["component.counted.search.label", "component.counted.search.placeholder", "component.counted.summary"])
        let summary = try #require(app.localisation.table.first { $0.key == "component.counted.summary" })
        #expect(summary.formats == ["en-GB": "%1$@ items", "fr-FR": "%1$@ articles"])
        var run = try Interpreter(app: app)
        #expect(try run.texts() == ["summary": "3 items"])
        #expect(try run.captions(of: "search") == [.label: "Search", .placeholder: "Type a name"])
        _ = try run.send("next")
        #expect(try run.texts() == ["summary": "5 items"])
        _ = try run.send("switch")
        #expect(try run.texts() == ["summary": "5 articles"])
        #expect(try run.captions(of: "search") == [.label: "Rechercher", .placeholder: "Saisissez un nom"])
    }

    /// Without the French of the component's text: one warning, at the component, not one per screen.
    @Test func aMissingTranslationOfAComponentsTextIsReportedOnce() throws {
        let without = Self.yaml.replacingOccurrences(of: "      component.counted.summary: \"{${{ count }}} articles\"\n", with: "")
        #expect(without != Self.yaml)
        let bag = DiagnosticBag()
        let root = try #require(parseFlowFile(SourceFile(path: "app.flow.yaml", text: without), diagnostics: bag))
        _ = checkApp(AppSourcesSyntax(root: root, parts: []), defaultID: "shop", diagnostics: bag)
        #expect(bag.diagnostics.map(\.message)
                == ["text 'summary' has no fr-FR translation; add it under translations: fr-FR: texts: 'component.counted.summary'"])
    }
}
