import FlowSource

extension FlowParser {
    func parseCriterion(_ id: Located<String>, _ node: YAMLNode) -> CriterionSyntax? {
        let what = "criterion '\(id.value)'"
        guard let fields = reader.mapping(node, what, keys: ["text", "section", "screens", "transitions", "concerns", "verified_by", "survivors"], owner: id.range) else { return nil }
        var verification: CriterionSyntax.Verification?
        var notAutomatablePart: Located<String>?
        var noProperty: Located<String>?
        var propertyBeside: Located<String>?
        if let verifiedBy = fields["verified_by"] {
            let verificationWhat = "'verified_by' of \(what)"
            if let kinds = reader.mapping(verifiedBy, verificationWhat, keys: ["scenarios", "invariant", "property", "static", "not_automatable", "no_property"]) {
                // Beside scenarios or an invariant, not_automatable is the part of the criterion that needs a device, and
                // property is a second kind of evidence (checked on every explored step) for the same criterion.
                let runs = (kinds["scenarios"] == nil ? 0 : 1) + (kinds["invariant"] == nil ? 0 : 1)
                if runs == 1, let property = kinds["property"] {
                    propertyBeside = reader.text(property, "'property' of \(what)")
                }
                let proofs = runs + (kinds["property"] == nil || runs == 1 ? 0 : 1) + (kinds["static"] == nil ? 0 : 1)
                noProperty = kinds["no_property"].flatMap { reader.text($0, "'no_property' of \(what)") }
                if proofs == 1, let reason = kinds["not_automatable"] {
                    notAutomatablePart = reader.text(reason, "'not_automatable' of \(what)")
                }
                if proofs > 1 {
                    reader.report("conflicting-keys", (kinds["static"] != nil ? "\(verificationWhat) names more than one of 'scenarios', 'invariant', 'property' and 'static'" : kinds["property"] == nil ? "\(verificationWhat) has both 'scenarios' and 'invariant'" : "\(verificationWhat) names more than one of 'scenarios', 'invariant' and 'property'") + "; use one (a 'property' may stand beside 'scenarios' or 'invariant', and 'not_automatable' beside any of them for a part that needs a device)", at: verifiedBy.range)
                } else if let scenarios = kinds["scenarios"] {
                    verification = .scenarios(reader.distinctTextList(scenarios, "'scenarios' of \(what)"))
                } else if let invariant = kinds["invariant"] {
                    verification = reader.text(invariant, "'invariant' of \(what)").map { .invariant($0) }
                } else if let property = kinds["property"] {
                    verification = reader.text(property, "'property' of \(what)").map { .property($0) }
                } else if let proof = kinds["static"] {
                    verification = reader.text(proof, "'static' of \(what)").map { .staticProof($0) }
                } else if let reason = kinds["not_automatable"] {
                    verification = reader.text(reason, "'not_automatable' of \(what)").map { .notAutomatable($0) }
                } else {
                    reader.report("missing-key", "\(verificationWhat) is empty; use one of 'scenarios', 'invariant', 'property', 'static' or 'not_automatable'", at: verifiedBy.range)
                }
            }
        }
        var criterion = CriterionSyntax(
            id: id,
            text: reader.required(fields, "text", in: what, hint: "quote the spec's text word for word").flatMap { reader.text($0, "'text' of \(what)") },
            section: optionalText(fields, "section", what),
            screens: fields["screens"].map { reader.distinctTextList($0, "'screens' of \(what)") } ?? [],
            transitions: fields["transitions"].map { reader.distinctTextList($0, "'transitions' of \(what)") } ?? [],
            concerns: fields["concerns"].map { reader.distinctTextList($0, "'concerns' of \(what)") },
            verification: verification,
            notAutomatablePart: notAutomatablePart,
            propertyBeside: propertyBeside,
            hasVerifiedBy: fields["verified_by"] != nil,
            survivors: fields["survivors"].map { node in
                reader.entries(node, "'survivors' of \(what)").compactMap { key, value in
                    reader.text(value, "the reason for survivor '\(key.value)' of \(what)").map { (mutant: key, reason: $0) }
                }
            } ?? [],
            range: id.range)
        criterion.noProperty = noProperty
        return criterion
    }

    func parseQuestion(_ id: Located<String>, _ node: YAMLNode) -> QuestionSyntax? {
        let what = "question '\(id.value)'"
        guard let fields = reader.mapping(node, what, keys: ["text", "section", "assumption", "screens"], owner: id.range) else { return nil }
        return QuestionSyntax(
            id: id,
            text: reader.required(fields, "text", in: what, hint: "quote the spec's question word for word").flatMap { reader.text($0, "'text' of \(what)") },
            section: optionalText(fields, "section", what),
            assumption: reader.required(fields, "assumption", in: what, hint: "write down what the flows assume meanwhile").flatMap { reader.text($0, "'assumption' of \(what)") },
            screens: fields["screens"].map { reader.distinctTextList($0, "'screens' of \(what)") } ?? [])
    }
}
