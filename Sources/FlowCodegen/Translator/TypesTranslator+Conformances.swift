@_spi(Generated) import FlowMachine

extension TypesTranslator {
    /// `Codable` for a record (the state, a domain record), in the layout Swift synthesizes (`{"flow_name": value}`,
    /// optionals left out when nil) but written as the initial value followed by one assignment per field: Swift's
    /// synthesized `init(from:)` initializes the fields one by one, and every `try` on the way needs its own cleanup
    /// of the fields already set, which for Tempo's state of 150 fields was the module's largest function but two.
    func recordCodableMembers(_ fields: [(key: String, member: String, type: String)]) -> [SwiftDeclaration] {
        func optional(_ type: String) -> String? { type.hasSuffix("?") ? String(type.dropLast()) : nil }
        func key(_ name: String) -> SwiftArgument { SwiftArgument("forKey", .call(.id("FlowCodingKey"), [SwiftArgument(nil, .string(name))])) }
        let container = SwiftExpression.call(.member(.id("decoder"), "container"), [SwiftArgument("keyedBy", .id("FlowCodingKey.self"))])
        var decode: [SwiftStatement] = [.expression(.call(.member(.id("self"), "init"), []))]
        decode.append(fields.isEmpty ? .assign(.id("_"), .try(container)) : .declare(isLet: true, name: "fields", type: nil, value: .try(container)))
        let encodeContainer = SwiftExpression.call(.member(.id("encoder"), "container"), [SwiftArgument("keyedBy", .id("FlowCodingKey.self"))])
        var encode: [SwiftStatement] = [fields.isEmpty ? .assign(.id("_"), encodeContainer) : .declare(isLet: false, name: "fields", type: nil, value: encodeContainer)]
        for field in fields {
            let base = optional(field.type) ?? field.type
            decode.append(.assign(.id(field.member), .try(.call(.member(.id("fields"), optional(field.type) == nil ? "decode" : "decodeIfPresent"),
                                                                [SwiftArgument(nil, .id(base + ".self")), key(field.key)]))))
            encode.append(.expression(.try(.call(.member(.id("fields"), optional(field.type) == nil ? "encode" : "encodeIfPresent"),
                                                 [SwiftArgument(nil, .id(field.member)), key(field.key)]))))
        }
        return [
            SwiftDeclaration(doc: ["Decodes the record from an object keyed by the fields' names in the flows."], access: options.publicAccess,
                             .initializer(parameters: [SwiftParameter(label: "from", name: "decoder", type: "any Decoder")], effects: ["throws"], body: decode)),
            SwiftDeclaration(doc: ["Encodes the record as an object keyed by the fields' names in the flows (a nil field left out)."], access: options.publicAccess,
                             .function(modifiers: [], name: "encode", parameters: [SwiftParameter(label: "to", name: "encoder", type: "any Encoder")],
                                       effects: ["throws"], returns: nil, body: encode)),
        ]
    }
}
