// `Codable`, `Equatable` and `Hashable` for the generated enums with payloads (events, service calls, outcomes),
// shaped so swiftc has little to do. Each enum gets two small `switch`es: `caseValue` (the value as its case's number
// and its payload's values) and `init(caseNumber:_:)` (the value from a case number, its fields read in order through a
// `CaseReader`); `init(from:)`, `encode(to:)`, `==`, `hash(into:)` and an event's `init(name:payload:)` are one call
// each into FlowMachine (`decodeCase`, `encodeCase`, `CaseValue`, `eventNamed`), compiled once with FlowMachine
// rather than case by case in every app's module. Before, each of those five was a `switch` over the payload
// cases with every field's decoding, encoding, comparison and hashing inlined: a third of Tempo's module's IR was
// its events', calls' and outcomes' (measured in Benchmarks/README.md, "Session 13 (branch eventtables)").
@_spi(Generated) import FlowMachine

extension TypesTranslator {
    /// `Codable` (in the layout Swift synthesizes: `{"case": {"label": value}}`, so encoded events and calls read as
    /// before), `==` and `hash(into:)` for an enum with `cases`. `caseNumber` is a member giving each case its index
    /// in `cases` for the cases without a payload (the events' `number`); nil writes them all in `caseValue`.
    /// `fieldNames` are each case's payload fields by their names in the flows, where they differ from the labels
    /// (an event's, read by name).
    func conformanceMembers(_ cases: [SwiftEnumCase], typeName: String, caseNumber: String? = nil, fieldNames: [[String]]? = nil) -> [SwiftDeclaration] {
        guard !cases.isEmpty else { return [] }
        let lines = cases.enumerated().map { index, enumCase -> String in
            let flowNames = fieldNames.map { $0.indices.contains(index) ? $0[index] : [] } ?? []
            let words = enumCase.associated.enumerated().map { position, value -> String in
                let field = flowNames.indices.contains(position) ? flowNames[position] : value.name
                return field == value.name ? value.name : value.name + "=" + field
            }
            return ([enumCase.name.replacingOccurrences(of: "`", with: "")] + words).joined(separator: " ")
        }
        var valueCases: [SwiftSwitchCase] = []
        var readCases: [SwiftSwitchCase] = []
        for (index, enumCase) in cases.enumerated() {
            guard !enumCase.associated.isEmpty else {
                readCases.append(SwiftSwitchCase(["\(index)"], [.assign(.id("self"), .member(nil, enumCase.name))]))
                if caseNumber == nil { valueCases.append(SwiftSwitchCase([".\(enumCase.name)"], [.return(.call(.id("CaseValue"), [SwiftArgument(nil, .int(index))]))])) }
                continue
            }
            let bound = enumCase.associated.indices.map { "value\($0)" }
            valueCases.append(SwiftSwitchCase(["let .\(enumCase.name)(" + bound.joined(separator: ", ") + ")"], [
                .return(.call(.id("CaseValue"), [SwiftArgument(nil, .int(index)), SwiftArgument(nil, .array(bound.map { .id($0) }))])),
            ]))
            let values = enumCase.associated.map { value in
                SwiftArgument(value.name, .call(.id("read"), [SwiftArgument(nil, .id(value.type + ".self"))]))
            }
            readCases.append(SwiftSwitchCase(["\(index)"], [.assign(.id("self"), .try(.call(.member(nil, enumCase.name), values)))]))
        }
        if let caseNumber, cases.contains(where: { $0.associated.isEmpty }) {
            valueCases.append(.default([.return(.call(.id("CaseValue"), [SwiftArgument(nil, .id(caseNumber))]))]))
        }
        readCases.append(.default([.throw(.call(.member(.id("read"), "unknownCase"), []))]))
        let table = SwiftExpression.member(.id("Self"), "codingCases")
        return [
            SwiftDeclaration(doc: ["The cases by number, one per line: the name `Codable` writes, then the payload's labels (FlowMachine's `CaseTable`)."],
                             access: .private, .variable(isLet: true, isStatic: true, name: "codingCasesData", type: nil, value: .multilineString(lines), getter: nil)),
            SwiftDeclaration(access: .private, .variable(isLet: true, isStatic: true, name: "codingCases", type: nil,
                                                         value: .call(.id("CaseTable"), [SwiftArgument("lines", .id("codingCasesData"))]), getter: nil)),
            SwiftDeclaration(doc: ["The value as data: its case's number in `codingCases` and its payload, for `Codable`, `==` and `hash(into:)`."], access: .private,
                             .variable(isLet: false, isStatic: false, name: "caseValue", type: "CaseValue", value: nil, getter: [.switch(.id("self"), valueCases)])),
            SwiftDeclaration(doc: ["The case numbered `number` in `codingCases`, its payload's fields read in order by `read`."], access: .private,
                             .initializer(parameters: [SwiftParameter(label: "caseNumber", name: "number", type: "Int32"), SwiftParameter(label: "_", name: "read", type: "inout CaseReader")],
                                          effects: ["throws"], body: [.switch(.id("number"), readCases)])),
            SwiftDeclaration(doc: ["Decodes the value from `{\"case\": {\"label\": value}}`, the layout Swift's own `Codable` gives an enum with payloads."],
                             access: options.publicAccess, .initializer(parameters: [SwiftParameter(label: "from", name: "decoder", type: "any Decoder")], effects: ["throws"], body: [
                                .assign(.id("self"), .try(.call(.id("decodeCase"), [SwiftArgument(nil, .id("decoder")), SwiftArgument(nil, table),
                                                                                     SwiftArgument("typeName", .string(typeName)), SwiftArgument(nil, .id("Self.init(caseNumber:_:)"))]))),
                             ])),
            SwiftDeclaration(doc: ["Encodes the value as `{\"case\": {\"label\": value}}`, the layout Swift's own `Codable` gives an enum with payloads."],
                             access: options.publicAccess, .function(modifiers: [], name: "encode", parameters: [SwiftParameter(label: "to", name: "encoder", type: "any Encoder")],
                                                                     effects: ["throws"], returns: nil, body: [
                                .expression(.try(.call(.id("encodeCase"), [SwiftArgument(nil, .id("caseValue")), SwiftArgument(nil, table), SwiftArgument("to", .id("encoder"))]))),
                             ])),
            SwiftDeclaration(doc: ["Whether two values are the same case with equal payloads."], access: options.publicAccess,
                             .function(modifiers: ["static"], name: "==", parameters: [SwiftParameter(name: "lhs", type: "Self"), SwiftParameter(name: "rhs", type: "Self")],
                                       effects: [], returns: "Bool", body: [.return(.binary("==", .member(.id("lhs"), "caseValue"), .member(.id("rhs"), "caseValue")))])),
            SwiftDeclaration(doc: ["Hashes the case and its payload."], access: options.publicAccess,
                             .function(modifiers: [], name: "hash", parameters: [SwiftParameter(label: "into", name: "hasher", type: "inout Hasher")],
                                       effects: [], returns: nil, body: [.expression(.call(.member(.id("caseValue"), "hash"), [SwiftArgument("into", .prefix("&", .id("hasher")))]))])),
        ]
    }
}
