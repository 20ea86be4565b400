import FlowExpression
import FlowIR
import FlowSource
import FlowSyntax

/// Where a text a screen shows is keyed in the String Catalog.
struct TextKey {
    /// `S03.email.placeholder`, or `component.offline_banner.offline_banner`.
    var key: String
    /// The use of the component that gives the text, when the key is the component's.
    var component: ComponentExpansion?

    /// For translators: where the text shows (`screen S03 (Sign up)`, or `component offline_banner, on every
    /// screen that uses it`).
    func place(_ screen: ScreenSyntax) -> String {
        component.map { "component \($0.component) (on every screen that uses it)" }
            ?? "screen \(screen.id.value) (\(screen.name?.value ?? screen.id.value))"
    }

    /// The use's arguments of the component's typed parameters, as written: a translation of the component's
    /// text is written with `${{ parameter }}` as the text is, and reads each use's values.
    var arguments: [String: String] {
        Dictionary((component?.typedArguments ?? []).map { ($0.parameter.value, $0.value.text) }, uniquingKeysWith: { first, _ in first })
    }
}

extension AppChecker {
    /// The key of the text named `name` (`caption`, `email.placeholder`, `document_type.passport`) that screen `screen`
    /// shows, written at `range`: `<screen>.<name>` for the screen's own, `component.<component>.<name>` for one a
    /// component gives every screen that uses it alike, so the banner of 26 screens is one text with one translation.
    /// A component's text whose words come from the use (a `words`, `name`, `screen` or `event` argument) reads
    /// differently on each screen, and so is the screen's.
    func textKey(_ name: String, writtenAt range: SourceRange, on screen: String) -> TextKey {
        let inside = (texts.expansions[screen] ?? []).filter { $0.body.contains(range) }
        guard let given = inside.min(by: { $0.body.lineCount < $1.body.lineCount }),
              !given.wordsFromTheUse.contains(where: { $0.contains(range) || range.contains($0) }) else {
            return TextKey(key: "\(screen).\(name)", component: nil)
        }
        return TextKey(key: "component.\(given.component).\(name)", component: given)
    }

    /// A field's label, placeholder and hint, each a text of the catalog (`S03.email.label`) with its translations,
    /// shown in the current locale. They are words only: braces are written as they are.
    func keyedCaptions(of syntax: FieldSyntax, on screen: ScreenSyntax) -> [Field.Caption: LocalisedText] {
        var captions: [Field.Caption: LocalisedText] = [:]
        let field = syntax.name.value
        for caption in Field.Caption.allCases {
            let written: Located<String>? = switch caption {
            case .label: syntax.label
            case .placeholder: syntax.placeholder
            case .hint: syntax.hint
            }
            guard let written else { continue }
            let escaped = written.value.replacingOccurrences(of: "{", with: "{{").replacingOccurrences(of: "}", with: "}}")
            let source = ExpressionSource(text: escaped, range: written.range, firstCharacter: nil)
            let key = textKey("\(field).\(caption.rawValue)", writtenAt: written.range, on: screen.id.value)
            captions[caption] = checkKeyedText(source, key: key.key, kind: .field, comment: "\(key.place(screen)), the \(caption.rawValue) of field '\(field)'",
                                               in: domainEnvironment(), what: "the \(caption.rawValue) of field '\(field)'")
        }
        return captions
    }
}

extension AppChecker {
    /// The component's key of a text once keyed by a screen that uses the component (`STEP-01.offline_banner` →
    /// `component.offline_banner.offline_banner`), for a translation written before the text was a component's.
    func componentKey(replacing key: String, among keys: [String]) -> String? {
        for screen in app.screens where key.hasPrefix(screen.id + ".") {
            let name = key.dropFirst(screen.id.count + 1)
            let given = Set((texts.expansions[screen.id] ?? []).map(\.component))
            if let match = keys.sorted().first(where: { candidate in
                given.contains { candidate == "component.\($0).\(name)" }
            }) { return match }
        }
        return nil
    }
}

extension SourceRange {
    var lineCount: Int { end.line - start.line }
}
