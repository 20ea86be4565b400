import FlowIR

/// Renders the structured Swift model to text: the one renderer of flowc's generated code.
///
/// Output is deterministic: declarations keep the order the translator gave them, indentation is
/// four spaces, lines end with `\n` and the file with a final newline.
public struct TextRenderer: Sendable {
    public init() {}

    /// The file's text.
    public func render(_ file: SwiftFileDescription) -> String {
        var writer = CodeWriter()
        for line in file.header { writer.line(line.isEmpty ? "//" : "// " + line) }
        if !file.imports.isEmpty {
            writer.line("")
            for name in file.imports {
                // An attributed import ("@_spi(Generated) FlowMachine") keeps its attribute in front of `import`.
                if name.hasPrefix("@"), let space = name.firstIndex(of: " ") {
                    writer.line("\(name[..<space]) import \(name[name.index(after: space)...])")
                } else {
                    writer.line("import \(name)")
                }
            }
        }
        for declaration in file.declarations {
            writer.line("")
            render(declaration, into: &writer)
        }
        return writer.text
    }

    // MARK: Declarations

    func render(_ declaration: SwiftDeclaration, into writer: inout CodeWriter) {
        writer.doc(declaration.doc)
        for attribute in declaration.attributes { writer.line(attribute) }
        let access = declaration.access.map { $0 == .internal ? "" : $0.rawValue + " " } ?? ""
        switch declaration.kind {
        case .struct(let name, let conformances, let members):
            block(header("\(access)struct \(name)", conformances, width: writer.available), into: &writer) { writer in
                renderMembers(members, into: &writer)
            }
        case .enum(let name, let conformances, let cases, let members):
            block(header("\(access)enum \(name)", conformances, width: writer.available), into: &writer) { writer in
                for enumCase in cases {
                    if enumCase.doc.count > 0, writer.lines.last?.hasSuffix("{") == false { writer.blank() }
                    writer.doc(enumCase.doc)
                    let associated = enumCase.associated.map { $0.name == "_" ? $0.type : "\($0.name): \($0.type)" }
                    var text = "case " + enumCase.name
                    if !associated.isEmpty { text += "(" + associated.joined(separator: ", ") + ")" }
                    if let raw = enumCase.rawValue { text += " = " + expression(raw) }
                    if text.count > writer.available, !associated.isEmpty {
                        writer.lines(["case " + enumCase.name + "("] + associated.enumerated().map { "    " + $0.element + ($0.offset == associated.count - 1 ? "" : ",") } + [")"])
                    } else {
                        writer.line(text)
                    }
                }
                if !members.isEmpty, !cases.isEmpty { writer.line("") }
                renderMembers(members, into: &writer)
            }
        case .extension(let name, let conformances, let members):
            block(header("\(access)extension \(name)", conformances, width: writer.available), into: &writer) { writer in
                renderMembers(members, into: &writer)
            }
        case .variable(let isLet, let isStatic, let name, let type, let value, let getter):
            var text = access + (isStatic ? "static " : "") + (isLet ? "let " : "var ") + name
            if let type { text += ": " + type }
            if let getter, !declaration.getterAttributes.isEmpty {
                writer.block(text) { writer in
                    writer.block(declaration.getterAttributes.joined(separator: " ") + " get") { writer in statements(getter, into: &writer) }
                }
            } else if let getter {
                if getter.count == 1, case .return(let result?) = getter[0], isShort(result) {
                    writer.line(text + " { " + expression(result) + " }")
                } else {
                    writer.block(text) { writer in statements(getter, into: &writer) }
                }
            } else if case .arrayLines(let elements, let comments)? = value {
                writer.line(text + " = [")
                writer.indented { writer in
                    for (index, element) in elements.enumerated() {
                        let comment = index < comments.count ? comments[index].map { " // " + $0 } ?? "" : ""
                        writer.line(expression(element) + "," + comment)
                    }
                }
                writer.line("]")
            } else if case .numberRows(let rows, let comments)? = value {
                writer.line(text + " = [")
                writer.indented { writer in
                    for (index, row) in rows.enumerated() {
                        let comment = index < comments.count ? comments[index].map { " // " + $0 } ?? "" : ""
                        writer.line(row.map(String.init).joined(separator: ", ") + "," + comment)
                    }
                }
                writer.line("]")
            } else if case .multilineString(let lines)? = value {
                writer.line(text + " = #\"\"\"")
                for line in lines {
                    for piece in rawContinuedLines(line, width: writer.availableToLongestLine) { writer.line(piece) }
                }
                writer.line("\"\"\"#")
            } else if let value {
                writer.lines(wrapped(value, prefix: text + " = ", suffix: "", width: writer.available))
            } else {
                writer.line(text)
            }
        case .function(let modifiers, let name, let parameters, let effects, let returns, let body):
            let prefix = access + modifiers.map { $0 + " " }.joined()
            let tail = effects.map { " " + $0 }.joined() + (returns.map { " -> " + $0 } ?? "")
            writer.lines(signature("\(prefix)func \(name)", parameters, tail + " {", width: writer.available))
            writer.indented { writer in statements(body, into: &writer) }
            writer.line("}")
        case .initializer(let parameters, let effects, let body):
            let failable = effects.contains("?") ? "?" : ""
            let rest = effects.filter { $0 != "?" }.map { " " + $0 }.joined()
            writer.lines(signature("\(access)init\(failable)", parameters, rest + " {", width: writer.available))
            writer.indented { writer in statements(body, into: &writer) }
            writer.line("}")
        case .typealias(let name, let type):
            writer.line("\(access)typealias \(name) = \(type)")
        case .protocol(let name, let conformances, let members):
            block(header("\(access)protocol \(name)", conformances, width: writer.available), into: &writer) { writer in
                renderMembers(members, into: &writer)
            }
        case .requirement(let name, let parameters, let effects, let returns):
            writer.lines(signature("func \(name)", parameters, effects.map { " " + $0 }.joined() + (returns.map { " -> " + $0 } ?? ""), width: writer.available))
        case .verbatim(let text):
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) { writer.line(String(line)) }
        }
    }

    private func renderMembers(_ members: [SwiftDeclaration], into writer: inout CodeWriter) {
        for (index, member) in members.enumerated() {
            // Stored properties without docs stay together; everything else is separated by a blank line.
            if index > 0, !(isPlainProperty(member) && isPlainProperty(members[index - 1])) { writer.line("") }
            render(member, into: &writer)
        }
    }

    private func isPlainProperty(_ declaration: SwiftDeclaration) -> Bool {
        if case .variable(_, _, _, _, _, nil) = declaration.kind, declaration.doc.isEmpty { return true }
        return false
    }

    private func inheritance(_ conformances: [String]) -> String {
        conformances.isEmpty ? "" : ": " + conformances.joined(separator: ", ")
    }

    /// `opening: Conformances` on one line when it fits in `width`, else the conformances filled into lines below it.
    private func header(_ opening: String, _ conformances: [String], width: Int) -> [String] {
        let single = opening + inheritance(conformances)
        guard (single + " {").count > width, conformances.count > 1 else { return [single] }
        var lines = [opening + ":"]
        var current = ""
        for (index, conformance) in conformances.enumerated() {
            let item = conformance + (index == conformances.count - 1 ? "" : ",")
            if !current.isEmpty, ("    " + current + " " + item).count > width {
                lines.append("    " + current)
                current = item
            } else {
                current = current.isEmpty ? item : current + " " + item
            }
        }
        return lines + ["    " + current]
    }

    /// `header {`, the body indented, `}`: a header of several lines puts its brace on a line of its own.
    private func block(_ header: [String], into writer: inout CodeWriter, _ body: (inout CodeWriter) -> Void) {
        if header.count == 1 {
            writer.block(header[0], body)
        } else {
            writer.lines(header)
            writer.line("{")
            writer.indented(body)
            writer.line("}")
        }
    }

    private func parameterList(_ parameters: [SwiftParameter]) -> String {
        parameters.map(parameter).joined(separator: ", ")
    }

    private func parameter(_ parameter: SwiftParameter) -> String {
        let label = parameter.label.map { $0 + " " } ?? ""
        let value = parameter.defaultValue.map { " = " + expression($0) } ?? ""
        return "\(label)\(parameter.name): \(parameter.type)\(value)"
    }

    /// `head(parameters)tail` on one line, or one parameter per line when that is wider than `width`.
    private func signature(_ head: String, _ parameters: [SwiftParameter], _ tail: String, width: Int) -> [String] {
        let single = head + "(" + parameterList(parameters) + ")" + tail
        guard single.count > width, !parameters.isEmpty else { return [single] }
        return [head + "("] + parameters.enumerated().map { "    " + parameter($0.element) + ($0.offset == parameters.count - 1 ? "" : ",") } + [")" + tail]
    }

    // MARK: Statements

    func statements(_ list: [SwiftStatement], into writer: inout CodeWriter) {
        for statement in list { render(statement, into: &writer) }
    }

    func render(_ statement: SwiftStatement, into writer: inout CodeWriter) {
        switch statement {
        case .expression(let value):
            writer.lines(wrapped(value, prefix: "", suffix: "", width: writer.available))
        case .declare(let isLet, let name, let type, let value):
            let head = (isLet ? "let " : "var ") + name + (type.map { ": " + $0 } ?? "")
            if let value {
                writer.lines(wrapped(value, prefix: head + " = ", suffix: "", width: writer.available))
            } else {
                writer.line(head)
            }
        case .assign(let target, let value, let op):
            writer.lines(wrapped(value, prefix: "\(expression(target)) \(op) ", suffix: "", width: writer.available))
        case .if(let conditions, let then, let otherwise):
            writer.lines(conditionLines("if ", conditions, " {", width: writer.available))
            writer.indented { statements(then, into: &$0) }
            if let otherwise {
                if otherwise.count == 1, case .if(let nested, let nestedThen, let nestedOtherwise) = otherwise[0] {
                    // `else if` chains stay flat.
                    var chain = CodeWriter()
                    render(.if(conditions: nested, then: nestedThen, otherwise: nestedOtherwise), into: &chain)
                    writer.line("} else " + (chain.lines.first ?? ""))
                    for line in chain.lines.dropFirst() { writer.line(line) }
                    return
                }
                writer.line("} else {")
                writer.indented { statements(otherwise, into: &$0) }
            }
            writer.line("}")
        case .guard(let conditions, let otherwise):
            var inner = CodeWriter()
            if otherwise.count == 1, isSimpleExit(otherwise[0]) { render(otherwise[0], into: &inner) }
            let short = "guard \(conditionList(conditions)) else { \(inner.lines.first ?? "") }"
            if otherwise.count == 1, isSimpleExit(otherwise[0]), short.count <= writer.available {
                writer.line(short)
            } else {
                writer.lines(conditionLines("guard ", conditions, " else {", width: writer.available))
                writer.indented { statements(otherwise, into: &$0) }
                writer.line("}")
            }
        case .switch(let subject, let cases):
            writer.line("switch \(expression(subject)) {")
            for switchCase in cases {
                let patterns = switchCase.patterns + switchCase.values.map { expression($0) }
                writer.line(patterns.isEmpty ? "default:" : "case \(patterns.joined(separator: ", ")):")
                writer.indented { statements(switchCase.body.isEmpty ? [.break] : switchCase.body, into: &$0) }
            }
            writer.line("}")
        case .for(let pattern, let sequence, let body):
            writer.block("for \(pattern) in \(expression(sequence))") { statements(body, into: &$0) }
        case .while(let condition, let body):
            writer.block("while \(expression(condition))") { statements(body, into: &$0) }
        case .return(let value):
            if let value {
                writer.lines(wrapped(value, prefix: "return ", suffix: "", width: writer.available))
            } else {
                writer.line("return")
            }
        case .throw(let value):
            writer.lines(wrapped(value, prefix: "throw ", suffix: "", width: writer.available))
        case .break:
            writer.line("break")
        case .continue:
            writer.line("continue")
        case .comment(let text):
            writer.comment(text)
        case .commented(let inner, let text):
            var nested = CodeWriter()
            render(inner, into: &nested)
            // The note goes after the statement when the line stays within the width, above it otherwise.
            if nested.lines.count == 1, let only = nested.lines.first, (only + " // " + text).count <= writer.available {
                writer.line(only + " // " + text)
            } else {
                writer.comment(text)
                writer.lines(nested.lines)
            }
        }
    }

    private func isSimpleExit(_ statement: SwiftStatement) -> Bool {
        switch statement {
        case .return(let value): value.map(isShort) ?? true
        case .throw(let value): isShort(value)
        case .break, .continue: true
        default: false
        }
    }

    private func conditionList(_ conditions: [SwiftCondition]) -> String {
        conditions.map { condition in
            switch condition {
            // A trailing closure in a condition would be read as the statement's body: parenthesize.
            case .expression(let value): expression(value).contains("{") ? "(" + expression(value) + ")" : expression(value)
            case .bind(let name, let value): "let \(name) = \(expression(value))"
            case .pattern(let pattern, let value): "case \(pattern) = \(expression(value))"
            }
        }.joined(separator: ", ")
    }

    /// `keyword conditions tail` on one line, or a single long condition laid out over several.
    private func conditionLines(_ keyword: String, _ conditions: [SwiftCondition], _ tail: String, width: Int) -> [String] {
        let single = keyword + conditionList(conditions) + tail
        guard single.count > width, conditions.count == 1, case .expression(let value) = conditions[0] else { return [single] }
        // A trailing closure in a condition would be read as the statement's body: parenthesize.
        let condition: SwiftExpression = expression(value).contains("{") ? .parenthesized(value) : value
        return wrapped(condition, prefix: keyword, suffix: tail, width: width)
    }

    // MARK: Expressions

    /// `prefix value suffix` on one line when it fits in `width`; otherwise laid out over several lines, the
    /// arguments of a call and the elements of an array or dictionary one per line, an operator or a ternary's
    /// branches starting a line. Lines after the first are indented relative to it.
    func wrapped(_ value: SwiftExpression, prefix: String, suffix: String, width: Int) -> [String] {
        let single = prefix + expression(value) + suffix
        guard single.count > width else { return [single] }
        let inner = max(40, width - 4)
        func indent(_ lines: [String]) -> [String] { lines.map { "    " + $0 } }
        func list(_ open: String, _ items: [(label: String, value: SwiftExpression)], _ close: String) -> [String] {
            var lines = [prefix + open]
            for (index, item) in items.enumerated() {
                lines += indent(wrapped(item.value, prefix: item.label, suffix: index == items.count - 1 ? "" : ",", width: inner))
            }
            return lines + [close + suffix]
        }
        func closureBody(_ closure: SwiftClosure) -> [String] {
            var body = CodeWriter()
            if closure.body.count == 1, case .expression(let single) = closure.body[0] {
                body.lines(wrapped(single, prefix: "", suffix: "", width: inner))
            } else if closure.body.count == 1, case .return(let single?) = closure.body[0] {
                body.lines(wrapped(single, prefix: "", suffix: "", width: inner))
            } else {
                statements(closure.body, into: &body)
            }
            return indent(body.lines)
        }
        func closureHead(_ closure: SwiftClosure) -> String {
            closure.parameters.isEmpty ? "" : " " + closure.parameters.joined(separator: ", ") + " in"
        }
        switch value {
        case .call(let callee, let arguments, nil) where arguments.isEmpty:
            // `f()` with a long `f`, such as a closure called at once, `({ ... })()`: its statements one per line.
            return wrapped(asOperand(callee), prefix: prefix, suffix: "()" + suffix, width: width)
        case .call(.member(let base?, let name), let arguments, nil) where (prefix + operand(.member(base, name)) + "(").count > width - 20:
            // A long receiver (`["AT", "BE", ...].contains(x)`): the receiver is laid out, the call follows it.
            let flat = arguments.map { ($0.label.map { $0 + ": " } ?? "") + expression($0.value) }.joined(separator: ", ")
            return wrapped(asOperand(base), prefix: prefix, suffix: "." + name + "(" + flat + ")" + suffix, width: width)
        case .call(let callee, let arguments, nil):
            return list(operand(callee) + "(", arguments.map { ($0.label.map { $0 + ": " } ?? "", $0.value) }, ")")
        case .call(let callee, let arguments, let trailing?):
            let head = operand(callee) + (arguments.isEmpty ? "" : "(" + arguments.map { ($0.label.map { $0 + ": " } ?? "") + expression($0.value) }.joined(separator: ", ") + ")")
            let opening = head + " {" + closureHead(trailing)
            guard (prefix + opening).count > width else {
                return [prefix + opening] + closureBody(trailing) + ["}" + suffix]
            }
            guard !arguments.isEmpty else {
                // A long receiver (`[a, b, c].filter { ... }`): the receiver is laid out, the closure follows it.
                return wrapped(asOperand(callee), prefix: prefix, suffix: " {" + closureHead(trailing), width: width) + closureBody(trailing) + ["}" + suffix]
            }
            // The arguments too long for one line: one per line, the closure after them.
            var lines = [prefix + operand(callee) + "("]
            for (index, argument) in arguments.enumerated() {
                lines += indent(wrapped(argument.value, prefix: argument.label.map { $0 + ": " } ?? "", suffix: index == arguments.count - 1 ? "" : ",", width: inner))
            }
            return lines + [") {" + closureHead(trailing)] + closureBody(trailing) + ["}" + suffix]
        case .closure(let closure):
            return [prefix + "{" + closureHead(closure)] + closureBody(closure) + ["}" + suffix]
        case .tuple(let elements) where elements.count > 1:
            return list("(", elements.map { ("", $0) }, ")")
        case .prefix(let op, let inner):
            return operand(inner).hasPrefix("(") && !expression(inner).hasPrefix("(")
                ? wrapped(.parenthesized(inner), prefix: prefix + op, suffix: suffix, width: width)
                : wrapped(inner, prefix: prefix + op, suffix: suffix, width: width)
        case .string(let text):
            return multilineStringLiteral(text, prefix: prefix, suffix: suffix, width: width) ?? [single]
        case .array(let elements) where !elements.isEmpty:
            return list("[", elements.map { ("", $0) }, "]")
        case .dictionary(let entries) where !entries.isEmpty:
            return list("[", entries.map { (expression($0.key) + ": ", $0.value) }, "]")
        case .member(let base?, let name):
            return wrapped(asOperand(base), prefix: prefix, suffix: "." + name + suffix, width: width)
        case .subscript(let base, let index):
            return wrapped(asOperand(base), prefix: prefix, suffix: "[" + expression(index) + "]" + suffix, width: width)
        case .try(let inner):
            return wrapped(inner, prefix: prefix + "try ", suffix: suffix, width: width)
        case .await(let inner):
            return wrapped(inner, prefix: prefix + "await ", suffix: suffix, width: width)
        case .parenthesized(let inner):
            return wrapped(inner, prefix: prefix + "(", suffix: ")" + suffix, width: width)
        case .binary(let op, let lhs, let rhs):
            return wrappedOperand(lhs, prefix: prefix, suffix: "", width: width)
                + indent(wrappedOperand(rhs, prefix: op + " ", suffix: suffix, width: inner))
        case .ternary(let condition, let then, let otherwise):
            return wrappedOperand(condition, prefix: prefix, suffix: "", width: width)
                + indent(wrappedOperand(then, prefix: "? ", suffix: "", width: inner))
                + indent(wrappedOperand(otherwise, prefix: ": ", suffix: suffix, width: inner))
        default:
            return [single]
        }
    }

    /// An operand of a binary operator or a ternary, laid out as `wrapped` does, parenthesized as `binaryOperand` does.
    private func wrappedOperand(_ value: SwiftExpression, prefix: String, suffix: String, width: Int) -> [String] {
        switch value {
        case .binary, .ternary, .try, .closure: wrapped(value, prefix: prefix + "(", suffix: ")" + suffix, width: width)
        default: wrapped(value, prefix: prefix, suffix: suffix, width: width)
        }
    }

    /// `value` as the receiver of a member or a call: parenthesized where `operand` writes it in parentheses.
    private func asOperand(_ value: SwiftExpression) -> SwiftExpression {
        operand(value) == expression(value) ? value : .parenthesized(value)
    }

    private func isShort(_ value: SwiftExpression) -> Bool { expression(value).count <= 80 }

    func expression(_ value: SwiftExpression) -> String {
        switch value {
        case .identifier(let name): return name
        case .string(let text): return stringLiteral(text)
        case .int(let number): return String(number)
        case .member(let base, let name): return (base.map { operand($0) } ?? "") + "." + name
        case .call(let callee, let arguments, let trailing):
            let list = arguments.map { ($0.label.map { $0 + ": " } ?? "") + expression($0.value) }.joined(separator: ", ")
            let head = operand(callee)
            if let trailing {
                return (arguments.isEmpty ? head : "\(head)(\(list))") + " " + closure(trailing)
            }
            return "\(head)(\(list))"
        case .subscript(let base, let index): return "\(operand(base))[\(expression(index))]"
        case .binary(let op, let lhs, let rhs): return "\(binaryOperand(lhs)) \(op) \(binaryOperand(rhs))"
        case .prefix(let op, let operandValue): return op + operand(operandValue)
        case .postfix(let operandValue, let op): return operand(operandValue) + op
        case .try(let inner): return "try " + expression(inner)
        case .await(let inner): return "await " + expression(inner)
        case .tuple(let elements): return "(" + elements.map(expression).joined(separator: ", ") + ")"
        case .ternary(let condition, let then, let otherwise):
            return "\(binaryOperand(condition)) ? \(binaryOperand(then)) : \(binaryOperand(otherwise))"
        case .array(let elements): return "[" + elements.map(expression).joined(separator: ", ") + "]"
        case .closure(let body): return closure(body)
        case .parenthesized(let inner): return "(" + expression(inner) + ")"
        case .dictionary(let entries):
            return entries.isEmpty ? "[:]" : "[" + entries.map { expression($0.key) + ": " + expression($0.value) }.joined(separator: ", ") + "]"
        case .arrayLines(let elements, _): return "[" + elements.map(expression).joined(separator: ", ") + "]"
        case .numberRows(let rows, _): return "[" + rows.flatMap { $0.map(String.init) }.joined(separator: ", ") + "]"
        case .multilineString(let lines): return stringLiteral(lines.joined(separator: "\n"))
        }
    }

    /// Operands of postfix syntax (member, call, subscript) need parentheses unless they are primary.
    private func operand(_ value: SwiftExpression) -> String {
        switch value {
        case .binary, .prefix, .try, .ternary, .closure: return "(" + expression(value) + ")"
        default: return expression(value)
        }
    }

    private func binaryOperand(_ value: SwiftExpression) -> String {
        switch value {
        case .binary, .ternary, .try, .closure: return "(" + expression(value) + ")"
        default: return expression(value)
        }
    }

    private func closure(_ body: SwiftClosure) -> String {
        let head = body.parameters.isEmpty ? "" : " " + body.parameters.joined(separator: ", ") + " in"
        if body.body.count == 1, case .expression(let single) = body.body[0] { return "{\(head) \(expression(single)) }" }
        if body.body.count == 1, case .return(let single?) = body.body[0] { return "{\(head) \(expression(single)) }" }
        // Written on one line, statements joined by `;`: nothing inside may take several lines.
        var writer = CodeWriter()
        writer.wraps = false
        writer.indented { statements(body.body, into: &$0) }
        return "{\(head) " + writer.lines.map { $0.trimmingPrefixSpaces() }.joined(separator: "; ") + " }"
    }

    /// A long string as a multi-line literal whose lines end in `\` (a line break that is not part of the text), cut
    /// after spaces; nil when the text has no space to cut at.
    private func multilineStringLiteral(_ text: String, prefix: String, suffix: String, width: Int) -> [String]? {
        // The escaped text of the one-line literal reads the same inside `"""`: a space is never part of an escape.
        let escaped = String(stringLiteral(text).dropFirst().dropLast())
        guard !escaped.hasPrefix(" "), !escaped.hasSuffix(" "), escaped.contains(" ") else { return nil }
        let limit = max(40, width - 4)
        var lines: [String] = []
        var current = ""
        for word in escaped.split(separator: " ", omittingEmptySubsequences: false) {
            if !current.isEmpty, (current + " " + word + " \\").count > limit {
                lines.append(current + " \\")
                current = String(word)
            } else {
                current = current.isEmpty && lines.isEmpty ? String(word) : current + " " + word
            }
        }
        guard !lines.isEmpty else { return nil }
        return [prefix + "\"\"\""] + lines + [current, "\"\"\"" + suffix]
    }

    /// One line of a raw multi-line literal (`#"""`) cut after spaces into lines that end in `\#` (a line break that
    /// is not part of the text), so that no line runs past `width`; the line itself when it fits or has no space to cut at.
    private func rawContinuedLines(_ line: String, width: Int) -> [String] {
        let limit = max(40, width)
        guard line.count > limit, !line.hasSuffix(" ") else { return [line] }
        var pieces: [String] = []
        var current = ""
        for word in line.split(separator: " ", omittingEmptySubsequences: false) {
            if !current.isEmpty, (current + " " + word + " \\#").count > limit {
                pieces.append(current + " \\#")
                current = String(word)
            } else {
                current = current.isEmpty && pieces.isEmpty ? String(word) : current + " " + word
            }
        }
        return pieces + [current]
    }

    private func stringLiteral(_ text: String) -> String {
        doubleQuoted(text) { "\\u{" + String($0, radix: 16) + "}" }
    }
}

extension String {
    fileprivate func trimmingPrefixSpaces() -> String { String(drop { $0 == " " }) }
}
