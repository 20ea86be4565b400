import FlowExpression
@_spi(Generated) import FlowMachine

// A record's (the state's, a domain record's) `Codable`, `==`, `hash(into:)` and `flowDescription` as one table of
// its fields (`RecordFields` in FlowMachine: a flow name and a key path per field) and one-line members that hand
// the table to FlowMachine's generic code. Written out per field, or synthesized by Swift, they were five functions
// of one statement per field each: for Tempo's state of 150 fields 17 % of the module's LLVM IR (measured in
// Benchmarks/README.md, "Session 13 (branch recordtables)").

extension TypesTranslator {
    /// The members of record `typeName` that its fields' table drives: the table, `flowDescription`, `Codable`,
    /// `==` and `hash(into:)`. The coded layout is the one Swift synthesizes (`{"flow_name": value}`, a nil optional
    /// left out); the text is the interpreter's (`{name: value, ...}`, by name).
    func recordTableMembers(typeName: String, fields: [(name: String, type: ValueType)]) -> [SwiftDeclaration] {
        let tableType = "RecordFields<\(typeName)>"
        var build: [SwiftStatement] = [.declare(isLet: false, name: "fields", type: nil, value: .call(.id(tableType), []))]
        for field in fields {
            let stored = names.storedType(field.type)
            var arguments = [SwiftArgument(nil, .string(field.name)), SwiftArgument(nil, .id("\\." + Naming.member(field.name)))]
            if !recordTextIsValueText(field.type) {
                let text = names.describing(.id("$0"), field.type, quoted: true, stored: true)
                arguments.append(SwiftArgument("text", .closure(SwiftClosure(parameters: [], body: [.expression(text)]))))
            }
            build.append(.expression(.call(.member(.id("fields"), stored.hasSuffix("?") ? "optional" : "value"), arguments)))
        }
        build.append(.return(.id("fields")))
        let table = SwiftExpression.member(.id("Self"), "recordFields")
        return [
            SwiftDeclaration(doc: ["The fields by their names in the flows, which `Codable`, `==`, `hash(into:)` and `flowDescription` go through."],
                             access: .private, .variable(isLet: true, isStatic: true, name: "recordFields", type: tableType, value: .call(.id("makeRecordFields"), []), getter: nil)),
            SwiftDeclaration(access: .private, .function(modifiers: ["static"], name: "makeRecordFields", parameters: [], effects: [], returns: tableType, body: build)),
            SwiftDeclaration(doc: ["The record as flows write it: `{name: value, ...}`."], access: options.publicAccess,
                             .variable(isLet: false, isStatic: false, name: "flowDescription", type: "String", value: nil,
                                       getter: [.return(.call(.member(table, "description"), [SwiftArgument("of", .id("self"))]))])),
            SwiftDeclaration(doc: ["Decodes the record from an object keyed by the fields' names in the flows (a field left out is nil if optional, else an error)."],
                             access: options.publicAccess, .initializer(parameters: [SwiftParameter(label: "from", name: "decoder", type: "any Decoder")], effects: ["throws"], body: [
                                 .expression(.call(.member(.id("self"), "init"), [])),
                                 .expression(.try(.call(.member(table, "decode"), [SwiftArgument(nil, .prefix("&", .id("self"))), SwiftArgument("from", .id("decoder"))]))),
                             ])),
            SwiftDeclaration(doc: ["Encodes the record as an object keyed by the fields' names in the flows (a nil field left out)."], access: options.publicAccess,
                             .function(modifiers: [], name: "encode", parameters: [SwiftParameter(label: "to", name: "encoder", type: "any Encoder")], effects: ["throws"], returns: nil, body: [
                                 .expression(.try(.call(.member(table, "encode"), [SwiftArgument(nil, .id("self")), SwiftArgument("to", .id("encoder"))]))),
                             ])),
            SwiftDeclaration(doc: ["Whether every field is equal."], access: options.publicAccess,
                             .function(modifiers: ["static"], name: "==", parameters: [SwiftParameter(name: "lhs", type: "Self"), SwiftParameter(name: "rhs", type: "Self")], effects: [], returns: "Bool", body: [
                                 .return(.call(.member(table, "equal"), [SwiftArgument(nil, .id("lhs")), SwiftArgument(nil, .id("rhs"))])),
                             ])),
            SwiftDeclaration(doc: ["Hashes every field."], access: options.publicAccess,
                             .function(modifiers: [], name: "hash", parameters: [SwiftParameter(label: "into", name: "hasher", type: "inout Hasher")], effects: [], returns: nil, body: [
                                 .expression(.call(.member(table, "hash"), [SwiftArgument(nil, .id("self")), SwiftArgument("into", .prefix("&", .id("hasher")))])),
                             ])),
        ]
    }

    /// Whether FlowMachine's `FlowRecordValue.recordText` of a field of `type` is what the interpreter writes for it
    /// inside a record; where it is not (a duration, which is an `Int` written as `1m30s`; null and error values),
    /// the table gets the text as a closure.
    private func recordTextIsValueText(_ type: ValueType) -> Bool {
        switch type {
        case .bool, .int, .decimal, .money, .text, .date, .timestamp, .record: true
        case .enumeration(let name): app.types.contains { $0.name == name }
        case .list(let element), .optional(let element): recordTextIsValueText(element)
        case .duration, .null, .error: false
        }
    }
}
