import FlowSource

/// Puts every component into the screens that `use:` it, before the app is checked.
///
/// A component's body is copied with each `${{ parameter }}` replaced by the screen's argument: a scalar that is
/// only the reference becomes the argument as written at the use (so a wrong screen ID is reported there), and a
/// reference inside longer text is replaced by the argument's text. The parts are merged into the screen: a
/// component's fields, texts, transitions, timers and variants come first, in `use:` order, then the screen's own;
/// an entry the screen writes itself replaces the component's entry of that name, and two components giving the
/// same entry is `component-clash`. `enter:` and `exit:` actions run the components' first.
/// - Returns: The sources with every screen that uses components read in full, its `expansions` saying where each
///   part came from.
public func expandComponents(_ sources: AppSourcesSyntax, diagnostics: some DiagnosticCollector) -> AppSourcesSyntax {
    let declared = sources.files.flatMap(\.components)
    let usesAny = sources.files.contains { file in file.flows.contains { $0.screens.contains { $0.written != nil } } }
    guard usesAny || !declared.isEmpty else { return sources }
    let expander = ComponentExpander(declared: declared, diagnostics: diagnostics)
    var result = sources
    result.root = expander.expand(result.root)
    result.parts = result.parts.map(expander.expand)
    expander.reportUnused()
    return result
}

/// The kinds of argument a parameter can take besides an expression of a type.
public enum ComponentParameterKind: String, CaseIterable, Sendable {
    case screen, event, name, words

    var described: String {
        switch self {
        case .screen: "a screen ID"
        case .event: "an event name"
        case .name: "a snake_case name"
        case .words: "words"
        }
    }
}

final class ComponentExpander {
    let components: [String: ComponentSyntax]
    let diagnostics: any DiagnosticCollector
    /// Components some screen (or another used component) uses, for the unused warning.
    private var used: Set<String> = []
    /// Components with a reference to no parameter: already reported, and not put in (their text would not read).
    private var broken: Set<String> = []
    private var order: [String] = []
    private var files: [String: SourceFile] = [:]

    init(declared: [ComponentSyntax], diagnostics: some DiagnosticCollector) {
        self.diagnostics = diagnostics
        var byName: [String: ComponentSyntax] = [:]
        for component in declared {
            if let first = byName[component.name.value] {
                diagnostics.error("duplicate-declaration", "component '\(component.name.value)' is declared twice", at: component.name.range,
                                  notes: [.init("first declared here", at: first.name.range)])
                continue
            }
            byName[component.name.value] = component
            order.append(component.name.value)
            files[component.file.path] = component.file
        }
        components = byName
        for name in order { if let component = byName[name] { checkDefinition(component) } }
    }

    func expand(_ file: FlowFileSyntax) -> FlowFileSyntax {
        var file = file
        for flow in file.flows.indices {
            for screen in file.flows[flow].screens.indices {
                guard let written = file.flows[flow].screens[screen].written else { continue }
                file.flows[flow].screens[screen] = read(file.flows[flow].screens[screen].id, written)
            }
        }
        return file
    }

    func reportUnused() {
        for name in order where !used.contains(name) {
            guard let component = components[name] else { continue }
            diagnostics.warning("unused-declaration", "component '\(name)' is not used by any screen; use it (`use: [\(name)]`) or delete it",
                                at: component.name.range)
        }
    }

    // MARK: One screen

    /// One part a component gives a screen: the entries of one key, from one use.
    private struct Part {
        var key: String
        var keyNode: YAMLNode
        var value: YAMLNode
        var component: String
        var use: SourceRange
    }

    private func read(_ id: Located<String>, _ written: WrittenScreen) -> ScreenSyntax {
        var parts: [Part] = []
        var expansions: [ComponentExpansion] = []
        var complete = true
        for use in written.uses {
            complete = collect(use, screen: id.value, arguments: [:], chain: [], into: &parts, expansions: &expansions) && complete
        }
        let merged = merge(written.node, parts: parts, screen: id.value)
        var reader = NodeReader(file: written.file, diagnostics: diagnostics)
        reader.otherFiles = files
        reader.expandsComponents = true
        var screen = FlowParser(reader: reader).parseScreen(id, merged)
            ?? ScreenSyntax(id: id, name: nil, step: nil, description: nil, presentation: nil, back: nil, analytics: nil, terminal: nil,
                            variants: [], enter: [], exit: [], fields: [], on: [], after: [], hasSyntaxErrors: true)
        screen.expansions = expansions
        // A component left out is already reported: graph rules skip the screen, as for a typo in one of its keys.
        if !complete { screen.hasSyntaxErrors = true }
        return screen
    }

    /// The parts of one use (and of the components it uses in turn), its arguments put in.
    /// - Returns: Whether every component was put in (false after a problem already reported).
    @discardableResult
    private func collect(_ use: ComponentUseSyntax, screen: String, arguments outer: [String: Argument], chain: [(name: String, use: SourceRange)],
                         into parts: inout [Part], expansions: inout [ComponentExpansion]) -> Bool {
        let name = use.component.value
        guard let component = components[name] else {
            diagnostics.error("unknown-component", "screen '\(screen)' uses component '\(name)', which is not declared; declare it under 'components:'",
                              at: use.component.range, notes: closestMatch(to: name, among: order).map { [.init("did you mean '\($0)'?")] } ?? [])
            return false
        }
        used.insert(name)
        if broken.contains(name) { return false }
        if let loop = chain.firstIndex(where: { $0.name == name }) {
            let path = (chain[loop...].map(\.name) + [name]).joined(separator: " → ")
            diagnostics.error("recursive-component", "component '\(name)' uses itself (\(path)), so it would never end; remove one of these uses",
                              at: use.component.range, notes: [.init("component '\(name)' is declared here", at: component.name.range)])
            return false
        }
        guard let arguments = bind(use, to: component, screen: screen, outer: outer) else { return false }
        var typed: [TypedComponentArgument] = []
        for parameter in component.parameters {
            guard let argument = arguments[parameter.name.value], argument.kind == nil, let value = argument.node.scalar else { continue }
            typed.append(TypedComponentArgument(
                parameter: parameter.name,
                type: ExpressionSource(text: parameter.kind.value, range: parameter.kind.range, firstCharacter: nil),
                value: expressionSource(value, argument.node)))
        }
        var expansion = ComponentExpansion(component: name, screen: screen, use: use.component.range, definition: component.name.range,
                                           body: component.body.range, typedArguments: typed,
                                           arguments: use.arguments.map(\.value.range))
        expansion.wordsFromTheUse = Self.scalars(of: component.body) { text in
            Self.references(in: text).contains { arguments[$0.name]?.kind != nil }
        }
        expansions.append(expansion)
        guard case .mapping(let pairs) = component.body.content else { return true }
        var complete = true
        for pair in pairs {
            guard let key = pair.key.scalar else { continue }
            switch key {
            case "parameters", "description": continue
            case "use":
                let inner = FlowParser(reader: NodeReader(file: component.file, diagnostics: DiscardingCollector()))
                for nested in inner.parseComponentUses(substitute(pair.value, arguments), "component '\(name)'") {
                    complete = collect(nested, screen: screen, arguments: arguments, chain: chain + [(name, use.component.range)],
                                       into: &parts, expansions: &expansions) && complete
                }
            default:
                parts.append(Part(key: key, keyNode: pair.key, value: substitute(pair.value, arguments), component: name, use: use.component.range))
            }
        }
        return complete
    }

    /// The merged screen: its own keys in their order, each with the components' entries first; keys only
    /// components give come after.
    private func merge(_ node: YAMLNode, parts: [Part], screen: String) -> YAMLNode {
        guard case .mapping(let pairs) = node.content else { return node }
        var result: [YAMLNode.Pair] = []
        var done: Set<String> = []
        for pair in pairs {
            guard let key = pair.key.scalar, key != "use" else { continue }
            let given = parts.filter { $0.key == key }
            done.insert(key)
            result.append(YAMLNode.Pair(key: pair.key, value: given.isEmpty ? pair.value : combine(key, given, own: pair.value, screen: screen)))
        }
        for part in parts where !done.contains(part.key) {
            done.insert(part.key)
            let given = parts.filter { $0.key == part.key }
            result.append(YAMLNode.Pair(key: part.keyNode, value: combine(part.key, given, own: nil, screen: screen)))
        }
        return YAMLNode(.mapping(result), range: node.range, tag: node.tag)
    }

    private func combine(_ key: String, _ given: [Part], own: YAMLNode?, screen: String) -> YAMLNode {
        let range = own?.range ?? given[0].value.range
        if key == "enter" || key == "exit" {
            let items = (given.map(\.value) + (own.map { [$0] } ?? [])).flatMap { node -> [YAMLNode] in
                if case .sequence(let items) = node.content { return items }
                return node.isNull ? [] : [node]
            }
            return YAMLNode(.sequence(items), range: range)
        }
        var entries: [YAMLNode.Pair] = []
        var from: [String: (component: String, key: SourceRange)] = [:]
        let ownPairs: [YAMLNode.Pair]
        if let own, case .mapping(let pairs) = own.content { ownPairs = pairs } else { ownPairs = [] }
        let ownNames = Set(ownPairs.compactMap(\.key.scalar))
        for part in given {
            guard case .mapping(let pairs) = part.value.content else {
                // Not a mapping: the reader reports it as it would on a screen.
                entries.append(YAMLNode.Pair(key: part.keyNode, value: part.value))
                continue
            }
            for pair in pairs {
                guard let name = pair.key.scalar else { continue }
                if ownNames.contains(name) { continue }
                if let first = from[name] {
                    diagnostics.error("component-clash", "screen '\(screen)' gets \(Self.entryKind(key)) '\(name)' from both component '\(first.component)' and component '\(part.component)'; rename it in one of them, or write it on the screen to say which one it is",
                                      at: part.use, notes: [.init("'\(name)' of component '\(part.component)' is written here", at: pair.key.range),
                                                            .init("'\(name)' of component '\(first.component)' is written here", at: first.key)])
                    continue
                }
                from[name] = (part.component, pair.key.range)
                entries.append(pair)
            }
        }
        return YAMLNode(.mapping(entries + ownPairs), range: range)
    }

    private static func entryKind(_ key: String) -> String {
        switch key {
        case "fields": "field"
        case "texts": "text"
        case "on": "a transition on"
        case "after", "every": "a timer"
        case "variants": "variant"
        default: key
        }
    }

    // MARK: Arguments

    struct Argument {
        var node: YAMLNode
        /// nil for a parameter of a type: its argument is an expression, put in brackets inside longer text.
        var kind: ComponentParameterKind?
    }

    /// The use's arguments by parameter, with defaults; nil when one is missing, unknown or of the wrong kind.
    private func bind(_ use: ComponentUseSyntax, to component: ComponentSyntax, screen: String, outer: [String: Argument]) -> [String: Argument]? {
        var bound: [String: Argument] = [:]
        var ok = true
        let names = component.parameters.map(\.name.value)
        for (name, value) in use.arguments {
            guard let parameter = component.parameters.first(where: { $0.name.value == name.value }) else {
                var notes: [Diagnostic.Note] = [.init(names.isEmpty ? "component '\(component.name.value)' has no parameters" :
                                                        "its parameters: \(names.joined(separator: ", "))", at: component.name.range)]
                if let guess = closestMatch(to: name.value, among: names) { notes.insert(.init("did you mean '\(guess)'?"), at: 0) }
                diagnostics.error("unknown-component-argument", "component '\(component.name.value)' has no parameter '\(name.value)'",
                                  at: name.range, notes: notes)
                ok = false
                continue
            }
            let kind = ComponentParameterKind(rawValue: parameter.kind.value)
            let node = substitute(value, outer)
            if let problem = Self.problem(with: node, kind: kind) {
                diagnostics.error("component-argument-type", "argument '\(name.value)' of component '\(component.name.value)' must be \(kind?.described ?? "an expression of type \(parameter.kind.value)"), \(problem)",
                                  at: node.range, notes: [.init("parameter '\(name.value)' is declared here", at: parameter.name.range)])
                ok = false
                continue
            }
            bound[name.value] = Argument(node: node, kind: kind)
        }
        for parameter in component.parameters where bound[parameter.name.value] == nil && !use.arguments.contains(where: { $0.name.value == parameter.name.value }) {
            if let fallback = parameter.defaultValue {
                bound[parameter.name.value] = Argument(node: fallback, kind: ComponentParameterKind(rawValue: parameter.kind.value))
                continue
            }
            diagnostics.error("missing-component-argument", "screen '\(screen)' uses component '\(component.name.value)' without its argument '\(parameter.name.value)'; add it: \(component.name.value): { \(parameter.name.value): … }",
                              at: use.component.range, notes: [.init("parameter '\(parameter.name.value)' is declared here", at: parameter.name.range)])
            ok = false
        }
        return ok ? bound : nil
    }

    private static func problem(with node: YAMLNode, kind: ComponentParameterKind?) -> String? {
        guard let text = node.scalar else { return "found \(node.kindDescription)" }
        let scalars = Array(text.unicodeScalars)
        func isLower(_ s: Unicode.Scalar) -> Bool { s >= "a" && s <= "z" }
        func isDigit(_ s: Unicode.Scalar) -> Bool { s >= "0" && s <= "9" }
        switch kind {
        case .screen:
            let allowed = scalars.allSatisfy { isLower($0) || isDigit($0) || ($0 >= "A" && $0 <= "Z") || "-_.".unicodeScalars.contains($0) }
            return allowed && !scalars.isEmpty ? nil : "found '\(text)'"
        case .name, .event:
            let allowed = scalars.first.map(isLower) == true
                && scalars.allSatisfy { isLower($0) || isDigit($0) || $0 == "_" || (kind == .event && $0 == ".") }
            return allowed ? nil : "found '\(text)'"
        case .words:
            return nil
        case nil:
            return text.allSatisfy(\.isWhitespace) ? "found nothing" : nil
        }
    }

    private func expressionSource(_ text: String, _ node: YAMLNode) -> ExpressionSource {
        let start = node.range.start
        switch node.content {
        case .scalar(_, .plain) where node.range.end.line == start.line:
            return ExpressionSource(text: text, range: node.range, firstCharacter: start)
        // A quoted scalar's text starts after its quote; both quotes need the one-line condition (a `where` would
        // bind only to the last pattern).
        case .scalar(_, .singleQuoted) where node.range.end.line == start.line,
             .scalar(_, .doubleQuoted) where node.range.end.line == start.line:
            return ExpressionSource(text: text, range: node.range, firstCharacter: SourceLocation(line: start.line, column: start.column + 1))
        default:
            return ExpressionSource(text: text, range: node.range, firstCharacter: nil)
        }
    }

    // MARK: Substitution

    /// The ranges of the scalars of `node` (keys and values) whose text satisfies `test`.
    static func scalars(of node: YAMLNode, where test: (String) -> Bool) -> [SourceRange] {
        switch node.content {
        case .scalar(let text, _): return test(text) ? [node.range] : []
        case .sequence(let items): return items.flatMap { scalars(of: $0, where: test) }
        case .mapping(let pairs): return pairs.flatMap { scalars(of: $0.key, where: test) + scalars(of: $0.value, where: test) }
        }
    }

    /// `${{ name }}` references in one scalar: each with its span (in Unicode scalars) and the name.
    static func references(in text: String) -> [(span: Range<Int>, name: String)] {
        let scalars = Array(text.unicodeScalars)
        var found: [(Range<Int>, String)] = []
        var index = 0
        while index + 2 < scalars.count {
            guard scalars[index] == "$", scalars[index + 1] == "{", scalars[index + 2] == "{" else { index += 1; continue }
            var end = index + 3
            while end + 1 < scalars.count, !(scalars[end] == "}" && scalars[end + 1] == "}") { end += 1 }
            guard end + 1 < scalars.count else { break }
            let name = String(String.UnicodeScalarView(scalars[(index + 3)..<end])).trimmingSpaces
            found.append((index..<(end + 2), name))
            index = end + 2
        }
        return found
    }

    func substitute(_ node: YAMLNode, _ arguments: [String: Argument]) -> YAMLNode {
        switch node.content {
        case .scalar(let text, _):
            let references = Self.references(in: text)
            guard !references.isEmpty else { return node }
            if references.count == 1, references[0].span == 0..<text.unicodeScalars.count, let argument = arguments[references[0].name] {
                return argument.node
            }
            var scalars = Array(text.unicodeScalars)
            for reference in references.reversed() {
                guard let argument = arguments[reference.name], let value = argument.node.scalar else { continue }
                let replacement = argument.kind == nil ? "(\(value))" : value
                scalars.replaceSubrange(reference.span, with: replacement.unicodeScalars)
            }
            // The text no longer matches the file column for column: read as a folded scalar, an expression in it is
            // not mapped to columns, so a problem in it is shown on the whole scalar rather than at a wrong column.
            return YAMLNode(.scalar(String(String.UnicodeScalarView(scalars)), .folded), range: node.range, tag: node.tag)
        case .sequence(let items):
            return YAMLNode(.sequence(items.map { substitute($0, arguments) }), range: node.range, tag: node.tag)
        case .mapping(let pairs):
            return YAMLNode(.mapping(pairs.map { YAMLNode.Pair(key: substitute($0.key, arguments), value: substitute($0.value, arguments)) }),
                            range: node.range, tag: node.tag)
        }
    }

    // MARK: The definition on its own

    /// Checks once per component what does not depend on a use: every `${{ … }}` names a parameter, parameter kinds.
    private func checkDefinition(_ component: ComponentSyntax) {
        let names = component.parameters.map(\.name.value)
        var referenced: Set<String> = []
        func visit(_ node: YAMLNode) {
            switch node.content {
            case .scalar(let text, _):
                for reference in Self.references(in: text) {
                    referenced.insert(reference.name)
                    guard !names.contains(reference.name) else { continue }
                    broken.insert(component.name.value)
                    var notes: [Diagnostic.Note] = []
                    if let guess = closestMatch(to: reference.name, among: names) { notes.append(.init("did you mean '\(guess)'?")) }
                    notes.append(.init(names.isEmpty ? "declare it under 'parameters:' of component '\(component.name.value)'"
                                                     : "its parameters: \(names.joined(separator: ", "))", at: component.name.range))
                    diagnostics.error("unknown-component-parameter", "component '\(component.name.value)' has no parameter '\(reference.name)'",
                                      at: node.range, notes: notes)
                }
            case .sequence(let items): items.forEach(visit)
            case .mapping(let pairs):
                for pair in pairs where pair.key.scalar != "parameters" {
                    visit(pair.key)
                    visit(pair.value)
                }
            }
        }
        visit(component.body)
        for parameter in component.parameters where !referenced.contains(parameter.name.value) && !broken.contains(component.name.value) {
            diagnostics.warning("unused-declaration", "parameter '\(parameter.name.value)' of component '\(component.name.value)' is never used in it; write ${{ \(parameter.name.value) }} where it goes, or delete it",
                                at: parameter.name.range)
        }
    }
}

private extension String {
    var trimmingSpaces: String {
        var scalars = Substring(self)
        while scalars.first == " " { scalars.removeFirst() }
        while scalars.last == " " { scalars.removeLast() }
        return String(scalars)
    }
}

final class DiscardingCollector: DiagnosticCollector, @unchecked Sendable {
    func emit(_ diagnostic: Diagnostic) {}
}

extension SourceRange {
    /// Whether `other` lies within this range.
    public func contains(_ other: SourceRange) -> Bool {
        file == other.file && start <= other.start && other.end <= end
    }
}

/// Notes that say which use of a component a problem inside its body comes from (up to three uses, then how many
/// more), or, for a problem at the use, where the component is declared.
public func componentNotes(for range: SourceRange, expansions: [ComponentExpansion]) -> [Diagnostic.Note] {
    let inside = expansions.filter { $0.body.contains(range) }
    if let innermost = inside.min(by: { ($0.body.end.line - $0.body.start.line) < ($1.body.end.line - $1.body.start.line) }) {
        var seen: Set<SourceRange> = []
        let uses = inside.filter { $0.component == innermost.component && seen.insert($0.use).inserted }
        var notes = uses.prefix(3).map { Diagnostic.Note("in component '\($0.component)', used by screen '\($0.screen)' here", at: $0.use) }
        if uses.count > 3 { notes.append(.init("and by \(uses.count - 3) more screens")) }
        return notes
    }
    if let use = expansions.first(where: { expansion in expansion.arguments.contains { $0.contains(range) } }) {
        return [.init("an argument of component '\(use.component)', which is declared here", at: use.definition)]
    }
    return []
}
