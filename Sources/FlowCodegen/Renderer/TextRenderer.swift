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
        for line in declaration.doc { writer.line(line.isEmpty ? "///" : "/// " + line) }
        for attribute in declaration.attributes { writer.line(attribute) }
        let access = declaration.access.map { $0 == .internal ? "" : $0.rawValue + " " } ?? ""
        switch declaration.kind {
        case .struct(let name, let conformances, let members):
            writer.block("\(access)struct \(name)\(inheritance(conformances))") { writer in
                renderMembers(members, into: &writer)
            }
        case .enum(let name, let conformances, let cases, let members):
            writer.block("\(access)enum \(name)\(inheritance(conformances))") { writer in
                for enumCase in cases {
                    if enumCase.doc.count > 0, writer.lines.last?.hasSuffix("{") == false { writer.blank() }
                    for line in enumCase.doc { writer.line(line.isEmpty ? "///" : "/// " + line) }
                    var text = "case " + enumCase.name
                    if !enumCase.associated.isEmpty {
                        text += "(" + enumCase.associated.map { $0.name == "_" ? $0.type : "\($0.name): \($0.type)" }.joined(separator: ", ") + ")"
                    }
                    if let raw = enumCase.rawValue { text += " = " + expression(raw) }
                    writer.line(text)
                }
                if !members.isEmpty, !cases.isEmpty { writer.line("") }
                renderMembers(members, into: &writer)
            }
        case .extension(let name, let conformances, let members):
            writer.block("\(access)extension \(name)\(inheritance(conformances))") { writer in
                renderMembers(members, into: &writer)
            }
        case .variable(let isLet, let isStatic, let name, let type, let value, let getter):
            var text = access + (isStatic ? "static " : "") + (isLet ? "let " : "var ") + name
            if let type { text += ": " + type }
            if let getter {
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
            } else if case .multilineString(let lines)? = value {
                writer.line(text + " = #\"\"\"")
                for line in lines { writer.line(line) }
                writer.line("\"\"\"#")
            } else {
                if let value { text += " = " + expression(value) }
                writer.line(text)
            }
        case .function(let modifiers, let name, let parameters, let effects, let returns, let body):
            let prefix = access + modifiers.map { $0 + " " }.joined()
            let signature = "\(prefix)func \(name)(\(parameterList(parameters)))" + effects.map { " " + $0 }.joined()
                + (returns.map { " -> " + $0 } ?? "")
            writer.block(signature) { writer in statements(body, into: &writer) }
        case .initializer(let parameters, let effects, let body):
            let failable = effects.contains("?") ? "?" : ""
            let rest = effects.filter { $0 != "?" }.map { " " + $0 }.joined()
            writer.block("\(access)init\(failable)(\(parameterList(parameters)))" + rest) { writer in
                statements(body, into: &writer)
            }
        case .typealias(let name, let type):
            writer.line("\(access)typealias \(name) = \(type)")
        case .protocol(let name, let conformances, let members):
            writer.block("\(access)protocol \(name)\(inheritance(conformances))") { writer in
                renderMembers(members, into: &writer)
            }
        case .requirement(let name, let parameters, let effects, let returns):
            writer.line("func \(name)(\(parameterList(parameters)))" + effects.map { " " + $0 }.joined() + (returns.map { " -> " + $0 } ?? ""))
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

    private func parameterList(_ parameters: [SwiftParameter]) -> String {
        parameters.map { parameter in
            let label = parameter.label.map { $0 + " " } ?? ""
            let value = parameter.defaultValue.map { " = " + expression($0) } ?? ""
            return "\(label)\(parameter.name): \(parameter.type)\(value)"
        }.joined(separator: ", ")
    }

    // MARK: Statements

    func statements(_ list: [SwiftStatement], into writer: inout CodeWriter) {
        for statement in list { render(statement, into: &writer) }
    }

    func render(_ statement: SwiftStatement, into writer: inout CodeWriter) {
        switch statement {
        case .expression(let value):
            writer.line(expression(value))
        case .declare(let isLet, let name, let type, let value):
            writer.line((isLet ? "let " : "var ") + name + (type.map { ": " + $0 } ?? "") + (value.map { " = " + expression($0) } ?? ""))
        case .assign(let target, let value, let op):
            writer.line("\(expression(target)) \(op) \(expression(value))")
        case .if(let conditions, let then, let otherwise):
            writer.line("if \(conditionList(conditions)) {")
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
            if otherwise.count == 1, isSimpleExit(otherwise[0]) {
                var inner = CodeWriter()
                render(otherwise[0], into: &inner)
                writer.line("guard \(conditionList(conditions)) else { \(inner.lines.first ?? "") }")
            } else {
                writer.line("guard \(conditionList(conditions)) else {")
                writer.indented { statements(otherwise, into: &$0) }
                writer.line("}")
            }
        case .switch(let subject, let cases):
            writer.line("switch \(expression(subject)) {")
            for switchCase in cases {
                writer.line(switchCase.patterns.isEmpty ? "default:" : "case \(switchCase.patterns.joined(separator: ", ")):")
                writer.indented { statements(switchCase.body.isEmpty ? [.break] : switchCase.body, into: &$0) }
            }
            writer.line("}")
        case .for(let pattern, let sequence, let body):
            writer.block("for \(pattern) in \(expression(sequence))") { statements(body, into: &$0) }
        case .while(let condition, let body):
            writer.block("while \(expression(condition))") { statements(body, into: &$0) }
        case .return(let value):
            writer.line(value.map { "return " + expression($0) } ?? "return")
        case .throw(let value):
            writer.line("throw " + expression(value))
        case .break:
            writer.line("break")
        case .continue:
            writer.line("continue")
        case .comment(let text):
            writer.line("// " + text)
        case .commented(let inner, let text):
            var nested = CodeWriter()
            render(inner, into: &nested)
            for (index, line) in nested.lines.enumerated() {
                writer.line(index == nested.lines.count - 1 ? line + " // " + text : line)
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

    // MARK: Expressions

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
        var writer = CodeWriter()
        writer.indented { statements(body.body, into: &$0) }
        return "{\(head) " + writer.lines.map { $0.trimmingPrefixSpaces() }.joined(separator: "; ") + " }"
    }

    private func stringLiteral(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    out += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}

extension String {
    fileprivate func trimmingPrefixSpaces() -> String { String(drop { $0 == " " }) }
}
