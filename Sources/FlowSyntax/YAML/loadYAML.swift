import CYAML
import FlowSource

/// Loads one YAML document from `file` into a node tree, through libyaml's event parser.
///
/// Every problem becomes a diagnostic: malformed YAML (`yaml-syntax`), tab indentation
/// (`tab-indentation`), invalid UTF-8 (`invalid-utf8`), nesting deeper than the limit
/// (`nesting-too-deep`), alias expansion past the node budget (`alias-limit`), a second
/// document (`multiple-documents`) and repeated mapping keys (`duplicate-key`, the first is kept).
/// - Returns: The root node, or nil when the file could not be read as one YAML document.
public func loadYAML(_ file: SourceFile, limits: YAMLLimits = .default, diagnostics: some DiagnosticCollector) -> YAMLNode? {
    if let offset = firstInvalidUTF8Offset(file.bytes) {
        let location = location(ofByteOffset: offset, in: file.bytes)
        diagnostics.error("invalid-utf8", "file is not valid UTF-8 (byte 0x\(String(file.bytes[offset], radix: 16, uppercase: true)) at offset \(offset)); save it as UTF-8",
                          at: SourceRange(file: file.path, start: location, end: location))
        return nil
    }
    var loader = YAMLEventLoader(file: file, limits: limits)
    let root = file.bytes.withUnsafeBufferPointer { buffer in
        loader.run(buffer, diagnostics: diagnostics)
    }
    return root
}

/// Builds nodes from libyaml events with an explicit stack, so depth is bounded by a counter
/// and never by the Swift call stack.
private struct YAMLEventLoader {
    let file: SourceFile
    let limits: YAMLLimits
    /// A range in this file: every node's range copies its interned path instead of looking it up.
    private let fileRange: SourceRange

    /// A collection being built. Its finished children sit on the shared `children` stack from
    /// `base` on (a mapping's as key, value, key, value...), so a collection costs one array of
    /// exactly its size when it ends, instead of an array grown step by step while it is read.
    private struct Frame {
        var isMapping: Bool
        var base: Int
        /// Keys seen so far, once a mapping has too many to scan (see `add`).
        var keys: [String: SourceRange] = [:]
        var start: SourceLocation
        var tag: String?
        var anchor: String?
        var weight = 1
    }

    private var stack: [Frame] = []
    private var children: [YAMLNode] = []
    private var anchors: [String: (node: YAMLNode, weight: Int)] = [:]
    private var nodeCount = 0
    private var root: YAMLNode?
    private var documents = 0

    init(file: SourceFile, limits: YAMLLimits) {
        self.file = file
        self.limits = limits
        fileRange = .wholeFile(file.path)
    }

    mutating func run(_ buffer: UnsafeBufferPointer<UInt8>, diagnostics: some DiagnosticCollector) -> YAMLNode? {
        // libyaml keeps a pointer to the parser inside the parser (its read handler's data), so
        // the parser must live at one fixed address: heap memory, never a Swift `var` passed `&`.
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        let event = UnsafeMutablePointer<yaml_event_t>.allocate(capacity: 1)
        defer {
            parser.deallocate()
            event.deallocate()
        }
        guard yaml_parser_initialize(parser) != 0 else { return nil }
        defer { yaml_parser_delete(parser) }
        let empty: [UInt8] = [0]
        return empty.withUnsafeBufferPointer { emptyBuffer in
            let base = buffer.baseAddress ?? emptyBuffer.baseAddress
            yaml_parser_set_input_string(parser, base, buffer.count)
            while true {
                guard yaml_parser_parse(parser, event) != 0 else {
                    reportParserError(parser.pointee, diagnostics: diagnostics)
                    return nil
                }
                defer { yaml_event_delete(event) }
                switch handle(event.pointee, diagnostics: diagnostics) {
                case .continue: continue
                case .stop: return nil
                case .done: return root
                }
            }
        }
    }

    private enum Step { case `continue`, stop, done }

    private func location(_ mark: yaml_mark_t) -> SourceLocation {
        SourceLocation(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    private func range(_ start: yaml_mark_t, _ end: yaml_mark_t) -> SourceRange {
        SourceRange(inFileOf: fileRange, start: location(start), end: location(end))
    }

    private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    private mutating func handle(_ event: yaml_event_t, diagnostics: some DiagnosticCollector) -> Step {
        switch event.type {
        case YAML_DOCUMENT_START_EVENT:
            documents += 1
            if documents > 1 {
                diagnostics.error("multiple-documents", "a flow file holds one YAML document; split the second one into its own file",
                                  at: range(event.start_mark, event.end_mark))
                return .stop
            }
            return .continue
        case YAML_STREAM_END_EVENT:
            return .done
        case YAML_SCALAR_EVENT:
            let scalar = event.data.scalar
            let text: String
            if let value = scalar.value, scalar.length > 0 {
                text = String(decoding: UnsafeBufferPointer(start: value, count: Int(scalar.length)), as: UTF8.self)
            } else {
                text = ""
            }
            let style: YAMLNode.ScalarStyle = switch scalar.style {
            case YAML_SINGLE_QUOTED_SCALAR_STYLE: .singleQuoted
            case YAML_DOUBLE_QUOTED_SCALAR_STYLE: .doubleQuoted
            case YAML_LITERAL_SCALAR_STYLE: .literal
            case YAML_FOLDED_SCALAR_STYLE: .folded
            default: .plain
            }
            let node = YAMLNode(.scalar(text, style), range: range(event.start_mark, event.end_mark), tag: string(scalar.tag))
            return add(node, weight: 1, anchor: string(scalar.anchor), diagnostics: diagnostics)
        case YAML_ALIAS_EVENT:
            let name = string(event.data.alias.anchor) ?? ""
            guard let target = anchors[name] else {
                diagnostics.error("yaml-syntax", "alias '*\(name)' refers to no anchor declared before it",
                                  at: range(event.start_mark, event.end_mark))
                return .stop
            }
            var node = target.node
            node.range = range(event.start_mark, event.end_mark)
            return add(node, weight: target.weight, anchor: nil, diagnostics: diagnostics)
        case YAML_SEQUENCE_START_EVENT:
            let start = event.data.sequence_start
            return push(Frame(isMapping: false, base: children.count, start: location(event.start_mark), tag: string(start.tag), anchor: string(start.anchor)),
                        at: event, diagnostics: diagnostics)
        case YAML_MAPPING_START_EVENT:
            let start = event.data.mapping_start
            return push(Frame(isMapping: true, base: children.count, start: location(event.start_mark), tag: string(start.tag), anchor: string(start.anchor)),
                        at: event, diagnostics: diagnostics)
        case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
            guard let frame = stack.popLast() else { return .continue }
            let range = SourceRange(inFileOf: fileRange, start: frame.start, end: location(event.end_mark))
            let content: YAMLNode.Content = frame.isMapping ? .mapping(takePairs(from: frame.base)) : .sequence(takeItems(from: frame.base))
            return add(YAMLNode(content, range: range, tag: frame.tag), weight: frame.weight, anchor: frame.anchor, countNode: false, diagnostics: diagnostics)
        default:
            return .continue
        }
    }

    private mutating func push(_ frame: Frame, at event: yaml_event_t, diagnostics: some DiagnosticCollector) -> Step {
        guard stack.count < limits.maxDepth else {
            diagnostics.error("nesting-too-deep", "YAML nesting is deeper than \(limits.maxDepth) levels; flatten the structure",
                              at: range(event.start_mark, event.end_mark))
            return .stop
        }
        stack.append(frame)
        nodeCount += 1
        return .continue
    }

    /// Attaches a finished node to its parent (or makes it the root) and records its anchor.
    private mutating func add(_ node: consuming YAMLNode, weight: Int, anchor: String?, countNode: Bool = true,
                              diagnostics: some DiagnosticCollector) -> Step {
        if countNode {
            nodeCount += weight
        }
        guard nodeCount <= limits.maxNodes else {
            diagnostics.error("alias-limit", "the document expands to more than \(limits.maxNodes) nodes (through aliases or sheer size); remove the alias chain",
                              at: node.range)
            return .stop
        }
        if let anchor {
            anchors[anchor] = (copy node, weight)
        }
        guard !stack.isEmpty else {
            root = node
            return .continue
        }
        let top = stack.count - 1
        stack[top].weight += weight
        let written = children.count - stack[top].base
        // In a mapping, an even number of children written so far means this node is a key.
        guard stack[top].isMapping, written % 2 == 1 else {
            children.append(node)
            return .continue
        }
        let keyIndex = children.count - 1
        // A YAML 1.1 merge key (`<<: *base`) is not part of YAML 1.2, which flowc reads: say so once, rather than
        // report each merged key as unknown under an event named '<<'.
        if case .scalar("<<", _) = children[keyIndex].content {
            diagnostics.error("merge-key", "YAML merge keys ('<<: *anchor') are not read by flowc; alias a whole value instead (on: *bank_picker) or write the keys out",
                              at: children[keyIndex].range, notes: [.init("docs/language.md, 'Reuse: YAML anchors', says what anchors can and cannot do")])
            children.removeLast()
            return .continue
        }
        if case .scalar(let name, _) = children[keyIndex].content {
            // Most mappings have a handful of keys: a scan beats hashing until they grow.
            var first: SourceRange?
            if written / 2 < 16 {
                var index = stack[top].base
                while index < keyIndex {
                    if case .scalar(let existing, _) = children[index].content, existing == name {
                        first = children[index].range
                        break
                    }
                    index += 2
                }
            } else {
                if stack[top].keys.isEmpty {
                    for index in stride(from: stack[top].base, to: children.count - 1, by: 2) {
                        if let existing = children[index].scalar { stack[top].keys[existing] = children[index].range }
                    }
                }
                first = stack[top].keys[name]
                if first == nil { stack[top].keys[name] = children[keyIndex].range }
            }
            if let first {
                diagnostics.error("duplicate-key", "key '\(name)' appears twice in the same mapping; the first one is kept",
                                  at: children[keyIndex].range, notes: [.init("first occurrence is here", at: first)])
                children.removeLast()
                return .continue
            }
        }
        children.append(node)
        return .continue
    }

    /// The children written from `base` on, moved off the shared stack (never copied, so no
    /// reference counting per node).
    private mutating func takeItems(from base: Int) -> [YAMLNode] {
        var items: [YAMLNode] = []
        items.reserveCapacity(children.count - base)
        while children.count > base, let node = children.popLast() { items.append(node) }
        items.reverse()
        return items
    }

    /// The key-value pairs written from `base` on; a key left without its value (the document
    /// stopped half-way) is dropped.
    private mutating func takePairs(from base: Int) -> [YAMLNode.Pair] {
        if (children.count - base) % 2 == 1 { children.removeLast() }
        var pairs: [YAMLNode.Pair] = []
        pairs.reserveCapacity((children.count - base) / 2)
        while children.count > base + 1, let value = children.popLast(), let key = children.popLast() {
            pairs.append(YAMLNode.Pair(key: key, value: value))
        }
        pairs.reverse()
        return pairs
    }

    private func reportParserError(_ parser: yaml_parser_t, diagnostics: some DiagnosticCollector) {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown problem"
        let mark = location(parser.problem_mark)
        let at = SourceRange(file: file.path, start: mark, end: SourceLocation(line: mark.line, column: mark.column + 1))
        if let line = file.line(mark.line) {
            let scalars = Array(line.unicodeScalars)
            let index = mark.column - 1
            let indentation = scalars.prefix { $0 == " " || $0 == "\t" }
            if scalars.indices.contains(index), scalars[index] == "\t" || (indentation.contains("\t") && index <= indentation.count) {
                let tab = indentation.firstIndex(of: "\t") ?? index
                diagnostics.error("tab-indentation", "tab character used for indentation; YAML indents with spaces only",
                                  at: SourceRange(file: file.path, start: SourceLocation(line: mark.line, column: tab + 1),
                                                  end: SourceLocation(line: mark.line, column: tab + 2)))
                return
            }
        }
        var message = "malformed YAML: \(problem)"
        var notes: [Diagnostic.Note] = []
        if let context = parser.context.map({ String(cString: $0) }) {
            notes.append(.init(context, at: SourceRange(file: file.path, start: location(parser.context_mark), end: location(parser.context_mark))))
        }
        if problem.contains("control characters") {
            message = "malformed YAML: the file contains a control character that YAML does not allow"
        }
        if problem.contains("mapping values are not allowed") {
            notes.append(.init("a value that contains ': ' must be quoted, as in name: \"Step 1: Your Name\""))
        }
        diagnostics.error("yaml-syntax", message, at: at, notes: notes)
    }
}

/// The offset of the first byte that breaks UTF-8, or nil when all of `bytes` is valid UTF-8.
func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
    var index = 0
    let count = bytes.count
    while index < count {
        let byte = bytes[index]
        if byte < 0x80 { index += 1; continue }
        let length: Int
        var minimum: UInt32
        var scalar: UInt32
        switch byte {
        case 0xC2...0xDF: length = 2; minimum = 0x80; scalar = UInt32(byte & 0x1F)
        case 0xE0...0xEF: length = 3; minimum = 0x800; scalar = UInt32(byte & 0x0F)
        case 0xF0...0xF4: length = 4; minimum = 0x10000; scalar = UInt32(byte & 0x07)
        default: return index
        }
        guard index + length <= count else { return index }
        for offset in 1..<length {
            let next = bytes[index + offset]
            guard next & 0xC0 == 0x80 else { return index }
            scalar = (scalar << 6) | UInt32(next & 0x3F)
        }
        if scalar < minimum || scalar > 0x10FFFF || (0xD800...0xDFFF).contains(scalar) { return index }
        index += length
    }
    return nil
}

/// The line and column (in scalars, counting invalid bytes as one each) of a byte offset.
func location(ofByteOffset offset: Int, in bytes: [UInt8]) -> SourceLocation {
    var line = 1
    var column = 1
    var index = 0
    while index < offset && index < bytes.count {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
        index += 1
    }
    return SourceLocation(line: line, column: column)
}
