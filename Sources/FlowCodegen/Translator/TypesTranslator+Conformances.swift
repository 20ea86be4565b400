// `Codable`, `Equatable` and `Hashable` written out for the generated enums with payloads (events, service calls,
// outcomes), shaped so swiftc has little to do: Tempo's events are 234 cases of which 33 carry a payload, and
// what Swift synthesizes for them is a `switch` over every case (a tuple `switch` over both sides for `==`, a key
// enum whose `rawValue` and `init(stringValue:)` are `switch`es over 234 string literals for `Codable`). Here the
// cases without a payload are one `default` that works on the case's number, and only the payload cases are
// written out (measured in Benchmarks/README.md, "What an app pays to compile a generated module").
@_spi(Generated) import FlowMachine

extension TypesTranslator {
    /// `Codable` (in the layout Swift synthesizes: `{"case": {"label": value}}`, so encoded events and calls read as
    /// before), `==` and `hash(into:)` for an enum with `cases`. `caseNumber` is a member giving each case its index
    /// in `cases` (the events' `number`); nil declares a private one.
    func conformanceMembers(_ cases: [SwiftEnumCase], typeName: String, caseNumber: String? = nil) -> [SwiftDeclaration] {
        guard !cases.isEmpty else { return [] }
        let number = caseNumber ?? "codingCase"
        var members: [SwiftDeclaration] = []
        if caseNumber == nil {
            members.append(SwiftDeclaration(doc: ["The case's number in `codingCases`."], access: .private,
                                            .variable(isLet: false, isStatic: false, name: number, type: "Int32", value: nil, getter: [
                                                .switch(.id("self"), cases.enumerated().map { SwiftSwitchCase([".\($0.element.name)"], [.return(.int($0.offset))]) }),
                                            ])))
        }
        members.append(SwiftDeclaration(doc: ["The cases' names as `Codable` writes them, one per line, by number."], access: .private,
                                        .variable(isLet: true, isStatic: true, name: "codingCasesData", type: nil,
                                                  value: .multilineString(cases.map { $0.name.replacingOccurrences(of: "`", with: "") }), getter: nil)))
        members.append(SwiftDeclaration(access: .private, .variable(isLet: true, isStatic: true, name: "codingCases", type: nil,
                                                                    value: .call(.id("NameTable"), [SwiftArgument("lines", .id("codingCasesData"))]), getter: nil)))
        return members + codableMembers(cases, typeName: typeName, number: number) + equatableMembers(cases, number: number)
    }

    private static func key(_ name: String) -> String {
        let raw = name.replacingOccurrences(of: "`", with: "")
        return Naming.keywords.contains(raw) || raw == "description" ? "`\(raw)`" : raw
    }

    private func codableMembers(_ cases: [SwiftEnumCase], typeName: String, number: String) -> [SwiftDeclaration] {
        var labels: [String] = []
        for enumCase in cases { for value in enumCase.associated where !labels.contains(value.name) { labels.append(value.name) } }
        let fieldKeys = SwiftDeclaration(access: .private, .enum(name: "FieldKey", conformances: ["String", "CodingKey"],
                                                                 cases: labels.map { SwiftEnumCase(name: Self.key($0)) }, members: []))
        func optional(_ type: String) -> String? { type.hasSuffix("?") ? String(type.dropLast()) : nil }
        var decodeCases: [SwiftSwitchCase] = []
        var encodeCases: [SwiftSwitchCase] = []
        for (index, enumCase) in cases.enumerated() {
            let raw = enumCase.name.replacingOccurrences(of: "`", with: "")
            guard !enumCase.associated.isEmpty else {
                decodeCases.append(SwiftSwitchCase(["\(index)"], [.assign(.id("self"), .member(nil, enumCase.name))]))
                continue
            }
            let values = enumCase.associated.map { value -> SwiftArgument in
                let method = optional(value.type) == nil ? "decode" : "decodeIfPresent"
                return SwiftArgument(value.name, .try(.call(.member(.id("fields"), method), [SwiftArgument(nil, .id((optional(value.type) ?? value.type) + ".self")),
                                                                                           SwiftArgument("forKey", .member(nil, Self.key(value.name)))])))
            }
            decodeCases.append(SwiftSwitchCase(["\(index)"], [
                .declare(isLet: true, name: "fields", type: nil, value: .try(.call(.member(.id("coded"), "fields"), [SwiftArgument(nil, .id("FieldKey.self"))]))),
                .assign(.id("self"), .call(.member(nil, enumCase.name), values)),
            ]))
            let bound = enumCase.associated.indices.map { "value\($0)" }
            var body: [SwiftStatement] = [.declare(isLet: false, name: "fields", type: nil, value: .call(.member(.id("coded"), "fields"), [
                SwiftArgument(nil, .string(raw)), SwiftArgument(nil, .id("FieldKey.self")),
            ]))]
            for (index, value) in enumCase.associated.enumerated() {
                let method = optional(value.type) == nil ? "encode" : "encodeIfPresent"
                body.append(.expression(.try(.call(.member(.id("fields"), method), [SwiftArgument(nil, .id(bound[index])), SwiftArgument("forKey", .member(nil, Self.key(value.name)))]))))
            }
            encodeCases.append(SwiftSwitchCase([".\(enumCase.name)(" + bound.map { "let " + $0 }.joined(separator: ", ") + ")"], body))
        }
        decodeCases.append(.default([.throw(.call(.member(.id("coded"), "unknownCase"), []))]))
        let plain = SwiftStatement.expression(.call(.member(.id("coded"), "plain"), [SwiftArgument(nil, .subscript(.member(.id("Self"), "codingCases"), .id(number)))]))
        let hasPlainCases = cases.contains { $0.associated.isEmpty }
        let encodeBody: [SwiftStatement] = encodeCases.isEmpty ? [plain] : [.switch(.id("self"), encodeCases + (hasPlainCases ? [.default([plain])] : []))]
        let decode = SwiftDeclaration(doc: ["Decodes the value from `{\"case\": {\"label\": value}}`, the layout Swift's own `Codable` gives an enum with payloads."],
                                      access: options.publicAccess, .initializer(parameters: [SwiftParameter(label: "from", name: "decoder", type: "any Decoder")], effects: ["throws"], body: [
            .declare(isLet: true, name: "coded", type: nil, value: .try(.call(.id("CaseDecoder"), [
                SwiftArgument(nil, .id("decoder")), SwiftArgument("cases", .member(.id("Self"), "codingCases")), SwiftArgument("typeName", .string(typeName)),
            ]))),
            .switch(.member(.id("coded"), "number"), decodeCases),
        ]))
        let encode = SwiftDeclaration(doc: ["Encodes the value as `{\"case\": {\"label\": value}}`, the layout Swift's own `Codable` gives an enum with payloads."],
                                      access: options.publicAccess, .function(modifiers: [], name: "encode", parameters: [SwiftParameter(label: "to", name: "encoder", type: "any Encoder")],
                                                                      effects: ["throws"], returns: nil, body: [
            .declare(isLet: false, name: "coded", type: nil, value: .call(.id("CaseEncoder"), [SwiftArgument(nil, .id("encoder"))])),
        ] + encodeBody))
        return (labels.isEmpty ? [] : [fieldKeys]) + [decode, encode]
    }

    /// `==` and `hash(into:)`: a `switch` on the left value's payload cases, each comparing with the right value's
    /// payload through `guard case` (linear, where Swift's synthesized `==` switches over both values at once), and
    /// the case's number for the cases without a payload.
    private func equatableMembers(_ cases: [SwiftEnumCase], number: String) -> [SwiftDeclaration] {
        var equalCases: [SwiftSwitchCase] = []
        var hashCases: [SwiftSwitchCase] = []
        for enumCase in cases where !enumCase.associated.isEmpty {
            let left = enumCase.associated.indices.map { "l\($0)" }
            let right = enumCase.associated.indices.map { "r\($0)" }
            let compared = zip(left, right).map { SwiftExpression.binary("==", .id($0.0), .id($0.1)) }
            equalCases.append(SwiftSwitchCase(["let .\(enumCase.name)(" + left.joined(separator: ", ") + ")"], [
                .guard(conditions: [.pattern("let .\(enumCase.name)(" + right.joined(separator: ", ") + ")", .id("rhs"))], otherwise: [.return(.id("false"))]),
                .return(compared.dropFirst().reduce(compared[0]) { .binary("&&", $0, $1) }),
            ]))
            hashCases.append(SwiftSwitchCase(["let .\(enumCase.name)(" + left.joined(separator: ", ") + ")"],
                                             left.map { .expression(.call(.member(.id("hasher"), "combine"), [SwiftArgument(nil, .id($0))])) }))
        }
        let sameNumber = SwiftStatement.return(.binary("==", .member(.id("lhs"), number), .member(.id("rhs"), number)))
        let hasPlainCases = cases.contains { $0.associated.isEmpty }
        let equalBody: [SwiftStatement] = equalCases.isEmpty ? [sameNumber] : [.switch(.id("lhs"), equalCases + (hasPlainCases ? [.default([sameNumber])] : []))]
        let combineNumber = SwiftStatement.expression(.call(.member(.id("hasher"), "combine"), [SwiftArgument(nil, .id(number))]))
        let hashBody: [SwiftStatement] = [combineNumber] + (hashCases.isEmpty ? [] : [.switch(.id("self"), hashCases + (hasPlainCases ? [.default([.break])] : []))])
        return [
            SwiftDeclaration(doc: ["Whether two values are the same case with equal payloads."], access: options.publicAccess,
                             .function(modifiers: ["static"], name: "==", parameters: [SwiftParameter(name: "lhs", type: "Self"), SwiftParameter(name: "rhs", type: "Self")],
                                       effects: [], returns: "Bool", body: equalBody)),
            SwiftDeclaration(doc: ["Hashes the case and its payload."], access: options.publicAccess,
                             .function(modifiers: [], name: "hash", parameters: [SwiftParameter(label: "into", name: "hasher", type: "inout Hasher")],
                                       effects: [], returns: nil, body: hashBody)),
        ]
    }
}
