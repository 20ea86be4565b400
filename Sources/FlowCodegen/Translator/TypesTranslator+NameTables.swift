import FlowIR

extension TypesTranslator {
    /// An enum of names (screens, fields, variants, endings, texts, lists, sub-flows, operations, a domain type's values)
    /// as a `FlowNameCases` enum: plain cases, a `caseNumber` switch and the raw values as one table, so `rawValue`,
    /// `init?(rawValue:)`, `==`, `hash(into:)` and `Codable` are FlowMachine's code, compiled once. An enum with a
    /// `String` raw type instead had each of its witnesses inline a `switch` over every case's string (measured in
    /// Benchmarks/README.md, "Session 14 (branch nametables)").
    func nameTableEnum(name: String, doc: [String], cases: [SwiftEnumCase], conformances: [String] = [], members: [SwiftDeclaration] = []) -> SwiftDeclaration {
        let numberCases = cases.enumerated().map { index, enumCase in SwiftSwitchCase([".\(enumCase.name)"], [.return(.int(index))]) }
        let tableMembers: [SwiftDeclaration] = [
            // Not inlined: FlowMachine's `rawValue`, `==`, `hash` and `Codable` each call it through the enum's witnesses,
            // which would otherwise each hold a copy of the switch.
            SwiftDeclaration(doc: ["The case's position in `allCases`."], access: options.publicAccess, attributes: ["@inline(never)"],
                             .variable(isLet: false, isStatic: false, name: "caseNumber", type: "Int", value: nil, getter: [.switch(.id("self"), numberCases)])),
            SwiftDeclaration(doc: ["The cases' raw values (their names in the flows), by case number."], access: options.publicAccess,
                             .variable(isLet: true, isStatic: true, name: "rawValues", type: nil,
                                       value: .call(.id("FlowNameTable"), [SwiftArgument("lines", .id("rawValuesData"))]), getter: nil)),
            SwiftDeclaration(doc: ["The raw values, one per line."], access: .private,
                             .variable(isLet: true, isStatic: true, name: "rawValuesData", type: nil, value: .multilineString(cases.map(Self.rawName)), getter: nil)),
        ]
        let plainCases = cases.map { SwiftEnumCase(doc: $0.doc, name: $0.name, associated: $0.associated) }
        return SwiftDeclaration(doc: doc, access: options.publicAccess,
                                .enum(name: name, conformances: ["FlowNameCases"] + conformances, cases: plainCases, members: members + tableMembers))
    }

    /// The raw value a case had as a `String`-raw-value case: its string, or its name without backticks.
    static func rawName(_ enumCase: SwiftEnumCase) -> String {
        if case .string(let text)? = enumCase.rawValue { return text }
        return enumCase.name.replacingOccurrences(of: "`", with: "")
    }
}
