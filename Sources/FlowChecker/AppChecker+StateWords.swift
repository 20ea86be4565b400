import FlowExpression
import FlowIR
import FlowSource

extension AppChecker {
    /// In an app with several locales, words kept in a state value (`set: { home_error: "'Unable to load'" }`) and
    /// shown by a text, a row of a list, a toast or a push reach people untranslated: no key of the String Catalog
    /// holds them. Every way words get into state is followed:
    /// - written there: a `set:` or `append:` of words (any part of the value that becomes the value: a literal, a
    ///   branch of `?:`, a side of `+` or `??`, an element of a list), or a state value's `initial:`;
    /// - computed: a derived value whose value is words;
    /// - copied: a `set:` from a state or derived value that holds words, and a derived value reading one;
    /// - received: an answer's or an event's field named as prose (`reason`, `message`, `error`, `description`,
    ///   `title`, `text`, `detail`, or ending so) copied into state: a service's words come in one language, unless
    ///   the operation is told which (an input named `locale` or `language`).
    /// Each way is warned about once, where the words come in, with the texts that show them.
    ///
    /// Words are a text literal with a space in it: one-word literals (`'loading'`, `'failed'`) are codes the flows
    /// compare against, not words people read.
    func checkWordsInStateValues() {
        guard app.localisation.locales.count > 1 else { return }
        var origins = StateWordOrigins()
        for state in app.state {
            if let initial = state.initial, let words = Self.words(in: initial) {
                origins.note(path: state.name, words: .written(words), range: state.range, how: "are the initial value of")
            }
        }
        for derived in app.derived {
            if let value = derived.value, let words = Self.words(in: value) {
                origins.note(path: derived.name, words: .written(words), range: derived.range, how: "are the value of derived")
            }
        }
        var copies: [(path: String, value: TypedExpression, range: SourceRange)] = []
        app.forEachAction { action in
            let (path, value): ([String], TypedExpression)
            switch action.kind {
            case .set(let target, let written), .append(let target, let written): (path, value) = (target, written)
            default: return
            }
            let name = path.joined(separator: ".")
            if let words = Self.words(in: value) {
                origins.note(path: name, words: .written(words), range: action.range, how: "are kept in state value")
            } else if let field = Self.receivedProse(in: value), !answersInTheLanguageShown(field) {
                origins.note(path: name, words: .received(field), range: action.range, how: "are kept in state value")
            } else if value.type.isTextual {
                copies.append((name, value, action.range))
            }
        }
        // Values copied from one that holds words hold them too: follow copies and derived values to a fixed point.
        var changed = true
        while changed {
            changed = false
            for copy in copies where origins.source(of: copy.path) == nil {
                if let source = Self.shownPaths(copy.value).lazy.compactMap({ origins.source(of: $0) }).first {
                    origins.carry(copy.path, from: source)
                    changed = true
                }
            }
            for derived in app.derived where origins.source(of: derived.name) == nil {
                if let value = derived.value, value.type.isTextual,
                   let source = Self.shownPaths(value).lazy.compactMap({ origins.source(of: $0) }).first {
                    origins.carry(derived.name, from: source)
                    changed = true
                }
            }
        }
        guard !origins.isEmpty else { return }
        var shownBy: [Int: [String]] = [:]
        func note(_ value: TypedExpression, _ place: String) {
            for path in Self.shownPaths(value).sorted() {
                guard let origin = origins.source(of: path) else { continue }
                if shownBy[origin]?.contains(place) != true { shownBy[origin, default: []].append(place) }
            }
        }
        for screen in app.screens {
            for text in screen.texts { note(text.value, "text '\(text.name)' of screen \(screen.id)") }
            for list in screen.lists {
                for text in list.texts { note(text.value, "row text '\(text.name)' of list '\(list.name)' on screen \(screen.id)") }
            }
        }
        app.forEachAction { action in
            switch action.kind {
            case .toast(let text): note(text.value, "the toast \"\(text.source)\"")
            case .push(let text): note(text.value, "the push \"\(text.source)\"")
            default: break
            }
        }
        for (index, places) in shownBy.sorted(by: { $0.key < $1.key }) {
            let origin = origins.all[index]
            let shown = places.prefix(3).joined(separator: ", ") + (places.count > 3 ? " and \(places.count - 3) more" : "")
            switch origin.words {
            case .written(let words):
                warning("untranslated-state-words", "the words \"\(words)\" \(origin.how) '\(origin.path)' and shown by \(shown), so no translation reaches them; keep a fact in state and show the words as a text (with 'when:'), a message or an enum's label, which are translated by key",
                        at: origin.range)
            case .received(let field):
                warning("untranslated-state-words", "the words of '\(field)' (sent from outside the app, in one language) \(origin.how) '\(origin.path)' and shown by \(shown), so no translation reaches them; ask for a code and show its enum label, or have the service answer in the language shown",
                        at: origin.range)
            }
        }
    }

    /// The words a value becomes, when some part of it that becomes the value is a text literal people would read.
    static func words(in value: TypedExpression) -> String? {
        switch value.kind {
        // A space alone (`' '` between two values) joins them and says nothing.
        case .literal(.text(let text)) where text.contains(" ") && text.contains(where: \.isLetter):
            return text
        case .conditional(_, let then, let otherwise):
            return words(in: then) ?? words(in: otherwise)
        case .binary(.add, let lhs, let rhs), .binary(.coalesce, let lhs, let rhs):
            return words(in: lhs) ?? words(in: rhs)
        case .list(let elements):
            return elements.lazy.compactMap { words(in: $0) }.first
        case .call(let function, let arguments) where [.join, .upper, .lower, .trim, .string].contains(function):
            return arguments.first.flatMap { words(in: $0) }
        case .macro(_, _, _, let body, _) where value.type.isTextual:
            return words(in: body)
        default:
            return nil
        }
    }

    /// Whether every operation that answers with this field is told the language to answer in (an input named
    /// `locale` or `language`): its words then come in the language shown when it was called.
    private func answersInTheLanguageShown(_ path: String) -> Bool {
        let field = String(path.dropFirst("event.".count))
        let operations = app.services.flatMap(\.operations).filter { $0.outcomes.contains { $0.output.contains { $0.name == field } } }
        return !operations.isEmpty && operations.allSatisfy { $0.input.contains { $0.name == "locale" || $0.name == "language" } }
    }

    /// `event.reason` and the like: a field of an answer or an event whose name says it is prose, as `event.<field>`.
    private static func receivedProse(in value: TypedExpression) -> String? {
        let prose: Set<String> = ["message", "error", "reason", "description", "title", "text", "detail", "details"]
        for path in shownPaths(value).sorted() {
            let parts = path.split(separator: ".").map(String.init)
            guard parts.count == 2, parts[0] == "event", let field = parts.last else { continue }
            if prose.contains(field) || prose.contains(where: { field.hasSuffix("_" + $0) }) { return path }
        }
        return nil
    }

    /// The state paths whose words the value shows or passes on: a branch of `?:`, a side of `+` or `??`, a list's
    /// elements, what `map` makes, a text function's argument. Not what it only tests or counts (`size(notes)`,
    /// `code == 'failed' ? … : …`'s condition).
    static func shownPaths(_ value: TypedExpression) -> Set<String> {
        switch value.kind {
        case .variable, .member:
            return referencedPaths(value)
        case .conditional(_, let then, let otherwise), .binary(.add, let then, let otherwise), .binary(.coalesce, let then, let otherwise):
            return shownPaths(then).union(shownPaths(otherwise))
        case .index(let base, _):
            return shownPaths(base)
        case .list(let elements):
            return elements.reduce(into: []) { $0.formUnion(shownPaths($1)) }
        case .call(let function, let arguments) where [.join, .upper, .lower, .trim, .string, .label, .take, .drop].contains(function):
            return arguments.first.map(shownPaths) ?? []
        case .macro(let kind, let list, _, let body, _) where value.type.isTextual:
            return kind == .map ? shownPaths(list).union(shownPaths(body)) : shownPaths(list)
        default:
            return []
        }
    }

    /// The state paths an expression reads, as far as it names them (`transfer.reason`, `fees_error`).
    static func referencedPaths(_ value: TypedExpression) -> Set<String> {
        func path(_ expression: TypedExpression) -> String? {
            switch expression.kind {
            case .variable(let name): name
            case .member(let base, let field): path(base).map { "\($0).\(field)" }
            default: nil
            }
        }
        if let whole = path(value) { return [whole] }
        var paths: Set<String> = []
        for child in value.children { paths.formUnion(referencedPaths(child)) }
        return paths
    }
}

/// Where words came into state, by the state path that holds them.
private struct StateWordOrigins {
    enum Words { case written(String), received(String) }
    struct Origin {
        var path: String
        var words: Words
        var range: SourceRange
        var how: String
    }
    private(set) var all: [Origin] = []
    /// Path → the origin its words came from (an index into `all`).
    private var holders: [String: Int] = [:]

    var isEmpty: Bool { all.isEmpty }

    /// The first way words reach a path is the one reported.
    mutating func note(path: String, words: Words, range: SourceRange, how: String) {
        guard holders[path] == nil else { return }
        holders[path] = all.count
        all.append(Origin(path: path, words: words, range: range, how: how))
    }

    mutating func carry(_ path: String, from origin: Int) {
        if holders[path] == nil { holders[path] = origin }
    }

    /// The origin of the words a path shows: held at that path, inside it (showing `transfer` shows
    /// `transfer.reason`), or by the record it is part of.
    func source(of path: String) -> Int? {
        if let exact = holders[path] { return exact }
        for (held, origin) in holders.sorted(by: { $0.key < $1.key })
        where held.hasPrefix(path + ".") || path.hasPrefix(held + ".") {
            return origin
        }
        return nil
    }
}

extension ValueType {
    // Internal, not public: only this check asks.
    /// Text, or something built of text (a list of texts, an optional text): what can carry words.
    var isTextual: Bool {
        switch nonOptional {
        case .text: true
        case .list(let element): element.isTextual
        default: false
        }
    }
}
