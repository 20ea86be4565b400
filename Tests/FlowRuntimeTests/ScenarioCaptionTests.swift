import FlowIR
import FlowRuntime
import FlowTestSupport
import Testing

/// `expect: { labels: …, placeholders: …, hints: … }`: a field's captions checked in the scenario's locale. Each
/// planted wrong word fails the scenario with the caption, the field and both words; the right words pass, in
/// French and, after the toggle, in English.
@Suite struct ScenarioCaptionTests {
    static func yaml(label: String = "Adresse e-mail", placeholder: String = "vous@exemple.com", hint: String = "Nous ne la partageons jamais",
                     englishLabel: String = "Email address") -> String {
        """
        app: { name: Shop, currency: EUR, locale: en-GB, locales: [fr-FR], start: main }
        state:
          locale: { type: text, initial: "'en-GB'" }
        flows:
          main:
            start: sign_up
            screens:
              sign_up:
                name: Sign up
                terminal: true
                fields:
                  email: { type: email, label: Email address, placeholder: you@example.com, hint: We never share it }
                on:
                  toggle_language:
                    do:
                      - set: { locale: "locale == 'fr-FR' ? 'en-GB' : 'fr-FR'" }
        translations:
          fr-FR:
            review: true
            texts:
              sign_up.email.label: Adresse e-mail
              sign_up.email.placeholder: vous@exemple.com
              sign_up.email.hint: Nous ne la partageons jamais
        scenarios:
          sign_up_in_french:
            locale: fr-FR
            steps:
              - expect:
                  screen: sign_up
                  labels: { email: \(label) }
                  placeholders: { email: \(placeholder) }
                  hints: { email: \(hint) }
              - send: toggle_language
              - expect: { screen: sign_up, labels: { email: \(englishLabel) }, placeholders: { email: you@example.com } }
        """
    }

    static func failure(_ yaml: String) throws -> String {
        let app = try checkedApp(yaml)
        let scenario = try #require(app.scenarios.first)
        return runScenario(scenario, of: app).failure?.message ?? "passed"
    }

    @Test func theRightWordsPassInEachLanguage() throws {
        #expect(try Self.failure(Self.yaml()) == "passed")
    }

    @Test func aPlantedWrongCaptionFailsWithTheWordsShown() throws {
        let failures = try [
            Self.yaml(label: "Email address"),
            Self.yaml(placeholder: "you@example.com"),
            Self.yaml(hint: "Nous ne la partageons pas"),
            Self.yaml(englishLabel: "Adresse e-mail"),
        ].map(Self.failure)
        #expect(failures == [
            "expected the label of email on sign_up to read \"Email address\", found \"Adresse e-mail\"",
            "expected the placeholder of email on sign_up to read \"you@example.com\", found \"vous@exemple.com\"",
            "expected the hint of email on sign_up to read \"Nous ne la partageons pas\", found \"Nous ne la partageons jamais\"",
            "expected the label of email on sign_up to read \"Adresse e-mail\", found \"Email address\"",
        ])
    }
}
