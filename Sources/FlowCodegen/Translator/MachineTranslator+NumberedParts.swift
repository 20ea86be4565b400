import FlowLowering

extension MachineTranslator {
    /// A numbered `switch` (the action lists) longer than this is split into functions of this many cases each.
    static let casesPerPart = 24

    /// The body of a function that runs numbered body `id`, and the functions it calls: up to `casesPerPart` bodies
    /// stay one `switch`; more are split into private functions of `casesPerPart` cases each (`runActionsPart1` for
    /// ids 1…24, …), which the body picks by range. The optimiser's passes (load and store elimination, CFG
    /// simplification) grow faster than linearly with a function's size, and one `switch` over Tempo's 242 action
    /// lists, each inlining its effects and state writes, was the largest single share of the module's SIL
    /// optimisation (14 %); parts of 24 cost about what their cases cost apart. At run time a step pays one more
    /// call; an app with no more than 24 bodies (the peer ring) gets the same single `switch` as before. Validators
    /// stay one `switch`: split, Tempo's 44 took a larger share of the optimiser's time, not a smaller one.
    func numberedParts(_ name: String, modifiers: [String], parameters: [SwiftParameter], effects: [String], returns: String?,
                       bodies: [LoweredCodeTranslator.Body], fallback: [SwiftStatement]) -> (body: [SwiftStatement], parts: [SwiftDeclaration]) {
        guard bodies.count > Self.casesPerPart else { return (numberedSwitch(bodies, fallback: fallback), []) }
        let idParameter = SwiftParameter(label: "_", name: "id", type: "Int32")
        let arguments = [SwiftArgument(nil, .id("id"))] + parameters.map { parameter in
            let value: SwiftExpression = parameter.type.hasPrefix("inout ") ? .prefix("&", .id(parameter.name)) : .id(parameter.name)
            return SwiftArgument(parameter.label == "_" ? nil : (parameter.label ?? parameter.name), value)
        }
        guard case .switch(let subject, let cases)? = numberedSwitch(bodies, fallback: fallback).first else { return (numberedSwitch(bodies, fallback: fallback), []) }
        var dispatch: [SwiftSwitchCase] = []
        var parts: [SwiftDeclaration] = []
        for start in stride(from: 0, to: bodies.count, by: Self.casesPerPart) {
            let end = min(start + Self.casesPerPart, bodies.count)
            let partName = "\(name)Part\(parts.count + 1)"
            // Each part keeps the tables' ids: its `switch` is `numberedSwitch`'s, with only its own cases.
            let body: [SwiftStatement] = [.switch(subject, Array(cases[start..<end]) + [.default(fallback)])]
            parts.append(SwiftDeclaration(doc: [], access: .private, attributes: ["@inline(never)"],
                                          .function(modifiers: modifiers, name: partName, parameters: [idParameter] + parameters, effects: effects,
                                                    returns: returns, body: body)))
            let call = SwiftExpression.try(.call(.id(partName), arguments))
            dispatch.append(SwiftSwitchCase(["\(start + 1)...\(end)"], [returns == nil ? .expression(call) : .return(call)]))
        }
        return ([.switch(.id("id"), dispatch + [.default(fallback)])], parts)
    }
}
