import FlowSource

/// `document:`: the seed document's section headings, verbatim and in order, so the reports can show the
/// sections no requirement traces.
public struct DocumentSyntax: Sendable {
    public var sections: [Located<String>]
    public var range: SourceRange
}

/// One requirement sentence of the seed document (`requirements:`): where the flows encode it and what proves it.
public struct RequirementSyntax: Sendable {
    public var id: Located<String>
    public var section: Located<String>?
    public var text: Located<String>?
    /// Flow elements that encode the sentence: screen IDs, `<screen ID>.<field>`, flow names, services and
    /// `service.operation`, state and derived values, events, invariants, scenarios.
    public var encodedBy: [Located<String>]
    /// Criteria whose evidence proves the sentence.
    public var provedBy: [Located<String>]
    public var notAutomatable: Located<String>?
    /// The open question the document leaves for this sentence.
    public var question: Located<String>?
    public var range: SourceRange
}
