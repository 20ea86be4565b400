import FlowSource

/// One requirement sentence of the seed document, traced to the flow elements that encode it and to the
/// evidence that proves it (`requirements:`), or to why it cannot be proved (not automatable, an open question).
public struct Requirement: Sendable {
    /// A flow element named in `encoded_by`, resolved.
    public enum Element: Sendable, Hashable {
        case screen(Int)
        case field(screen: Int, name: String)
        case flow(Int)
        case service(Int)
        case operation(service: Int, operation: Int)
        /// A state or derived value, by name.
        case value(String)
        case event(String)
        case invariant(Int)
        case scenario(Int)
    }
    public var id: String
    public var section: String
    public var text: String
    public var encodedBy: [Element]
    /// Indices in `App.criteria`.
    public var provedBy: [Int]
    public var notAutomatable: String?
    /// Index in `App.questions`.
    public var question: Int?
    public var range: SourceRange

    public init(id: String, section: String, text: String, encodedBy: [Element], provedBy: [Int],
                notAutomatable: String?, question: Int?, range: SourceRange) {
        self.id = id; self.section = section; self.text = text; self.encodedBy = encodedBy; self.provedBy = provedBy
        self.notAutomatable = notAutomatable; self.question = question; self.range = range
    }
}

/// The seed document's traceability table: its sections in order and its requirement sentences.
public struct Traceability: Sendable {
    /// Section headings, verbatim and in document order.
    public var sections: [String]
    public var requirements: [Requirement]
    public init(sections: [String], requirements: [Requirement]) { self.sections = sections; self.requirements = requirements }
}
