import FlowSource

extension FlowParser {
    func parseDocument(_ node: YAMLNode) -> DocumentSyntax? {
        let what = "the 'document' section"
        guard let fields = reader.mapping(node, what, keys: ["sections"]) else { return nil }
        let sections = reader.required(fields, "sections", in: what, hint: "list the document's section headings, verbatim and in order")
            .map { reader.distinctTextList($0, "'sections' of \(what)", allowSingle: false) } ?? []
        return DocumentSyntax(sections: sections, range: node.range)
    }

    func parseRequirement(_ id: Located<String>, _ node: YAMLNode) -> RequirementSyntax? {
        let what = "requirement '\(id.value)'"
        let keys = ["section", "text", "encoded_by", "proved_by", "not_automatable", "question"]
        guard let fields = reader.mapping(node, what, keys: keys, owner: id.range) else { return nil }
        return RequirementSyntax(
            id: id,
            section: reader.required(fields, "section", in: what, hint: "name the document's section, as listed under 'document: sections'")
                .flatMap { reader.text($0, "'section' of \(what)") },
            text: reader.required(fields, "text", in: what, hint: "quote the document's sentence word for word")
                .flatMap { reader.text($0, "'text' of \(what)") },
            encodedBy: fields["encoded_by"].map { reader.distinctTextList($0, "'encoded_by' of \(what)") } ?? [],
            provedBy: fields["proved_by"].map { reader.distinctTextList($0, "'proved_by' of \(what)") } ?? [],
            notAutomatable: optionalText(fields, "not_automatable", what),
            question: optionalText(fields, "question", what),
            range: id.range)
    }
}
