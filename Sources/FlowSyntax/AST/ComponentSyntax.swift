import FlowSource

/// `components: { bank_picker: { parameters: …, fields: …, on: … } }`: a fragment of a screen written once and put
/// into every screen that names it under `use:`, with its parameters replaced by that screen's arguments.
///
/// The body stays YAML until it is expanded (`expandComponents`): a parameter can stand for a screen ID, an event
/// name, a field name or words anywhere in it, so it can only be read once the arguments are known.
public struct ComponentSyntax: Sendable {
    public var name: Located<String>
    public var description: Located<String>?
    public var parameters: [ComponentParameterSyntax]
    /// The component's mapping as written (its `parameters:` and `description:` are skipped when it is put in).
    public var body: YAMLNode
    /// The file it is written in: a block scalar of the body is read from it wherever the body is put.
    public var file: SourceFile
}

/// One parameter: `next: screen`, or `{ type: Bank, default: Bank.monzo, description: … }`.
public struct ComponentParameterSyntax: Sendable {
    public var name: Located<String>
    /// `screen`, `event`, `name` or `words`, or a type of the language (the argument is then an expression of it).
    public var kind: Located<String>
    public var defaultValue: YAMLNode?
    public var description: Located<String>?
}

/// One entry of a screen's `use:`: a component by name with its arguments.
public struct ComponentUseSyntax: Sendable {
    public var component: Located<String>
    public var arguments: [(name: Located<String>, value: YAMLNode)]
}

/// A screen that uses components, as written: it is read once the components are known (`expandComponents`).
public struct WrittenScreen: Sendable {
    public var node: YAMLNode
    public var file: SourceFile
    public var uses: [ComponentUseSyntax]
    /// The `use:` value, whose problems (unknown component, missing argument) are the expansion's to report.
    public var useRange: SourceRange
}

/// Where a screen's parts came from a component: what the checker needs to point at both the use and the
/// definition, and to check the arguments whose parameters have a type.
public struct ComponentExpansion: Sendable {
    public var component: String
    public var screen: String
    /// The component's name at the use (`- bank_picker:` under `use:`).
    public var use: SourceRange
    /// The component's name where it is declared.
    public var definition: SourceRange
    /// The declaration's whole body: a problem found inside it is about this component.
    public var body: SourceRange
    /// Arguments of parameters that name a type: each an expression of that type.
    public var typedArguments: [TypedComponentArgument]
    /// Where each argument is written at the use.
    public var arguments: [SourceRange] = []
    /// The body's scalars whose words come from this use's screen ID, event, name or words arguments: a text among
    /// them reads differently on each screen, so it is keyed by the screen, not by the component.
    public var wordsFromTheUse: [SourceRange] = []
}

public struct TypedComponentArgument: Sendable {
    public var parameter: Located<String>
    public var type: ExpressionSource
    public var value: ExpressionSource
}

/// `text` with each `${{ parameter }}` of `arguments` replaced by the argument as an expression (`(form.amount)`), as
/// a component's body reads at one use: a translation of a component's text is written with the parameters, as the
/// component's text is, and reads each use's values.
public func puttingInComponentArguments(_ text: String, _ arguments: [String: String]) -> String {
    var scalars = Array(text.unicodeScalars)
    for reference in ComponentExpander.references(in: text).reversed() {
        guard let value = arguments[reference.name] else { continue }
        scalars.replaceSubrange(reference.span, with: "(\(value))".unicodeScalars)
    }
    return String(String.UnicodeScalarView(scalars))
}
