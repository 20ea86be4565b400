import FlowSource

/// Reads YAML nodes by the schema of the field they fill, reporting every mismatch.
///
/// All readers share one rule: a problem becomes a diagnostic and the reader returns nil
/// (or an empty list), so parsing always continues and reports everything in one run.
struct NodeReader {
    let file: SourceFile
    let diagnostics: any DiagnosticCollector
    /// Other files whose nodes this reader meets: a screen with its components put in mixes nodes of the
    /// component's file with its own, and a block scalar is read from the file it is written in.
    var otherFiles: [String: SourceFile] = [:]
    /// Whether components are being put in (a screen's `use:` is then read, not kept for later).
    var expandsComponents = false
    /// Counts the errors reported so far, so a parse step can tell whether its part had any.
    let errors = ErrorCounter()

    final class ErrorCounter {
        var count = 0
    }

    func report(_ code: String, _ message: String, at range: SourceRange, notes: [Diagnostic.Note] = []) {
        errors.count += 1
        diagnostics.emit(.error(code, message, at: range, notes: notes))
    }

    // MARK: Scalars

    /// A text scalar. Any plain scalar is text here: `NO`, `on` and `0012` stay as written.
    func text(_ node: YAMLNode, _ what: @autoclosure () -> String) -> Located<String>? {
        guard checkTag(node) else { return nil }
        guard case .scalar(let value, _) = node.content else {
            report("wrong-type", "\(what()) must be text, found \(node.kindDescription)", at: node.range)
            return nil
        }
        return Located(value, at: node.range)
    }

    func bool(_ node: YAMLNode, _ what: @autoclosure () -> String) -> Located<Bool>? {
        guard checkTag(node) else { return nil }
        if case .scalar(let value, .plain) = node.content {
            if value == "true" { return Located(true, at: node.range) }
            if value == "false" { return Located(false, at: node.range) }
        }
        let found = node.scalar.map { "'\($0)'" } ?? node.kindDescription
        report("wrong-type", "\(what()) must be true or false, found \(found)", at: node.range)
        return nil
    }

    func integer(_ node: YAMLNode, _ what: @autoclosure () -> String) -> Located<Int>? {
        guard checkTag(node) else { return nil }
        if case .scalar(let value, .plain) = node.content, !value.isEmpty,
           value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }), value.count <= 9,
           let number = Int(value) {
            return Located(number, at: node.range)
        }
        let found = node.scalar.map { "'\($0)'" } ?? node.kindDescription
        report("wrong-type", "\(what()) must be a whole number, found \(found)", at: node.range)
        return nil
    }

    /// An expression or a type: the scalar's text plus what maps its columns back to the file.
    func expression(_ node: YAMLNode, _ what: @autoclosure () -> String) -> ExpressionSource? {
        guard checkTag(node) else { return nil }
        guard case .scalar(let value, let style) = node.content else {
            report("wrong-type", "\(what()) must be an expression written as text, found \(node.kindDescription)", at: node.range)
            return nil
        }
        let start = node.range.start
        switch style {
        case .plain where node.range.end.line == start.line:
            return ExpressionSource(text: value, range: node.range, firstCharacter: start)
        case .singleQuoted, .doubleQuoted:
            if node.range.end.line == start.line {
                return ExpressionSource(text: value, range: node.range,
                                        firstCharacter: SourceLocation(line: start.line, column: start.column + 1))
            }
            return ExpressionSource(text: value, range: node.range, firstCharacter: nil)
        case .literal:
            let indent = file(of: node).line(start.line + 1).map { line in line.unicodeScalars.prefix { $0 == " " }.count + 1 } ?? 1
            return ExpressionSource(text: value, range: node.range, firstCharacter: nil, blockIndentColumn: indent)
        case .folded:
            // Rebuild the folding line by line; when it reproduces the value, columns map exactly.
            var lines: [(line: Int, column: Int, length: Int)] = []
            var number = start.line + 1
            while number <= node.range.end.line, let text = file(of: node).line(number) {
                let indent = text.unicodeScalars.prefix { $0 == " " }.count
                let content = text.unicodeScalars.dropFirst(indent)
                if !content.isEmpty { lines.append((number, indent + 1, content.count)) }
                number += 1
            }
            var source = ExpressionSource(text: value, range: node.range, firstCharacter: nil)
            let folded = value.unicodeScalars.count - value.unicodeScalars.reversed().prefix { $0 == "\n" }.count
            if lines.reduce(0, { $0 + $1.length }) + max(0, lines.count - 1) == folded {
                source.origin.foldedLines = lines.map { ExpressionOrigin.FoldedLine(line: $0.line, column: $0.column, length: $0.length) }
            }
            return source
        default:
            return ExpressionSource(text: value, range: node.range, firstCharacter: nil)
        }
    }

    /// A value written as an expression (`set:` values, initial values, `given.state`): the scalar's
    /// text is the expression, so a text value needs quotes inside the YAML (`"'plus'"`).
    func file(of node: YAMLNode) -> SourceFile {
        node.range.file == file.path ? file : otherFiles[node.range.file] ?? file
    }

    func valueExpression(_ node: YAMLNode, _ what: @autoclosure () -> String) -> ExpressionSource? {
        expression(node, what())
    }

    /// Tags are never needed in flow files; one usually means an unquoted `!` at the start of an expression.
    func checkTag(_ node: YAMLNode) -> Bool {
        guard let tag = node.tag else { return true }
        if ["tag:yaml.org,2002:str", "!"].contains(tag) { return true }
        report("unexpected-tag", "YAML read '\(tag)' as a tag; quote a value that starts with '!', e.g. \"!is_sequence(value)\"", at: node.range)
        return false
    }

    // MARK: Collections

    /// The items of a list; a single scalar counts as a one-item list when `allowSingle` is set.
    func list(_ node: YAMLNode, _ what: @autoclosure () -> String, allowSingle: Bool = false) -> [YAMLNode] {
        switch node.content {
        case .sequence(let items): return items
        case .scalar where allowSingle && !node.isNull: return [node]
        case .scalar where node.isNull: return []
        default:
            report("wrong-type", "\(what()) must be a list, found \(node.kindDescription)", at: node.range)
            return []
        }
    }

    func textList(_ node: YAMLNode, _ what: @autoclosure () -> String, allowSingle: Bool = true) -> [Located<String>] {
        list(node, what(), allowSingle: allowSingle).compactMap { text($0, "each item of \(what())") }
    }

    /// A list that is a set (the scenarios of a criterion, its screens, the proofs of a requirement): an item written
    /// twice is refused, since a repeated scenario or screen would count as two pieces of evidence or two links.
    func distinctTextList(_ node: YAMLNode, _ what: @autoclosure () -> String, allowSingle: Bool = true) -> [Located<String>] {
        var firstWritten: [String: SourceRange] = [:]
        return textList(node, what(), allowSingle: allowSingle).filter { item in
            if let first = firstWritten[item.value] {
                report("duplicate-item", "\(what()) names '\(item.value)' twice; remove one", at: item.range,
                       notes: [.init("first named here", at: first)])
                return false
            }
            firstWritten[item.value] = item.range
            return true
        }
    }

    /// The entries of a mapping whose keys are names (screens by ID, state by name, ...).
    func entries(_ node: YAMLNode, _ what: @autoclosure () -> String) -> [(key: Located<String>, value: YAMLNode)] {
        switch node.content {
        case .mapping(let pairs):
            return pairs.compactMap { pair in
                guard let key = text(pair.key, "a key of \(what())") else { return nil }
                return (key, pair.value)
            }
        case .scalar where node.isNull:
            return []
        default:
            report("wrong-type", "\(what()) must be a mapping, found \(node.kindDescription)", at: node.range)
            return []
        }
    }

    /// Opens a mapping with a fixed set of keys; unknown keys are reported with a did-you-mean.
    func mapping(_ node: YAMLNode, _ what: @autoclosure () -> String, keys allowed: [String], owner: SourceRange? = nil) -> Fields? {
        guard case .mapping(let pairs) = node.content else {
            if node.isNull { return Fields(node: node, pairs: [], known: [], owner: owner) }
            report("wrong-type", "\(what()) must be a mapping, found \(node.kindDescription)", at: node.range)
            return nil
        }
        var known: [(key: String, pair: Int)] = []
        known.reserveCapacity(pairs.count)
        var misspelled: Set<String> = []
        var unknownKeys = 0
        var guesses: [(key: String, pair: Int)] = []
        for (index, pair) in pairs.enumerated() {
            guard let key = text(pair.key, "a key of \(what())") else { continue }
            guard allowed.contains(key.value) else {
                var notes: [Diagnostic.Note] = []
                unknownKeys += 1
                if let suggestion = closestMatch(to: key.value, among: allowed) {
                    notes.append(.init("did you mean '\(suggestion)'?"))
                    misspelled.insert(suggestion)
                    guesses.append((suggestion, index))
                } else {
                    notes.append(.init("expected one of: \(allowed.joined(separator: ", "))"))
                }
                report("unknown-key", "unknown key '\(key.value)' in \(what())", at: key.range, notes: notes)
                continue
            }
            known.append((key.value, index))
        }
        // A typo is read as the key it is close to (once, and only when that key is not also written), so what
        // depends on the value is checked and one mistake gives one diagnostic: no 'missing start', no screens
        // unreachable for want of a start.
        for guess in guesses where !known.contains(where: { $0.key == guess.key }) {
            known.append(guess)
        }
        return Fields(node: node, pairs: pairs, known: known, owner: owner, misspelled: misspelled, unknownKeys: unknownKeys)
    }

    /// The known keys of one mapping. Mappings in flow files have a handful of keys, so a
    /// linear search beats hashing here. Values stay in the mapping's own pairs (found by
    /// position), so opening a mapping copies no nodes.
    struct Fields {
        let node: YAMLNode
        let pairs: [YAMLNode.Pair]
        /// Each known key with the position of its pair; a typo read as the key it is close to
        /// names that key with the typo's pair.
        let known: [(key: String, pair: Int)]
        /// The key that names this mapping (a screen ID, a criterion ID), where missing keys are reported.
        let owner: SourceRange?
        /// Keys some unknown key is a likely typo of (`start` for `strat`): already reported there, so not
        /// reported again as missing (one mistake, one diagnostic).
        var misspelled: Set<String> = []
        /// How many keys were reported as unknown; a mapping that names no kind but had one is that mistake.
        var unknownKeys = 0

        subscript(_ key: String) -> YAMLNode? {
            for entry in known where entry.key == key { return pairs[entry.pair].value }
            return nil
        }
        var range: SourceRange { node.range }
        var count: Int { known.count }
        var keys: [String] { known.map(\.key) }
        var entries: [(key: String, keyRange: SourceRange, value: YAMLNode)] {
            known.map { ($0.key, pairs[$0.pair].key.range, pairs[$0.pair].value) }
        }
        func keyRange(_ key: String) -> SourceRange? {
            for entry in known where entry.key == key { return pairs[entry.pair].key.range }
            return nil
        }
    }

    func required(_ fields: Fields, _ key: String, in what: @autoclosure () -> String, hint: String = "") -> YAMLNode? {
        if let node = fields[key] { return node }
        if fields.misspelled.contains(key) { return nil }
        report("missing-key", "\(what()) has no '\(key)'\(hint.isEmpty ? "" : "; \(hint)")", at: fields.owner ?? keyRange(of: fields.node))
        return nil
    }

    /// Where to point at a mapping as a whole: its first line.
    func keyRange(of node: YAMLNode) -> SourceRange {
        SourceRange(file: node.range.file, start: node.range.start, end: SourceLocation(line: node.range.start.line, column: node.range.start.column + 1))
    }
}
