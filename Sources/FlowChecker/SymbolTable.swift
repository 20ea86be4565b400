import FlowSource

/// Names declared in one app, with where each was first declared.
///
/// A second declaration of the same name is reported as `duplicate-declaration` with a note
/// pointing at the first, and ignored afterwards.
struct SymbolTable<Entry> {
    let kind: String
    private(set) var indices: [String: Int] = [:]
    private(set) var entries: [(name: String, range: SourceRange, value: Entry)] = []

    init(kind: String) {
        self.kind = kind
    }

    /// Declares `name`; returns its index, or nil when it was already declared.
    @discardableResult
    mutating func declare(_ name: String, at range: SourceRange, _ value: Entry, diagnostics: some DiagnosticCollector) -> Int? {
        if let existing = indices[name] {
            diagnostics.error("duplicate-declaration", "\(kind) '\(name)' is declared twice; rename or remove one",
                              at: range, notes: [.init("first declared here", at: entries[existing].range)])
            return nil
        }
        indices[name] = entries.count
        entries.append((name, range, value))
        return entries.count - 1
    }

    subscript(_ name: String) -> Int? { indices[name] }

    /// Room for `count` entries, so declaring the screens of a big app does not move them again and again.
    mutating func reserveCapacity(_ count: Int) {
        indices.reserveCapacity(count)
        entries.reserveCapacity(count)
    }

    var names: [String] { entries.map(\.name) }

    /// The did-you-mean note for a name not in the table.
    func suggestion(for name: String) -> [Diagnostic.Note] {
        guard let match = closestMatch(to: name, among: names), let index = indices[match] else { return [] }
        return [.init("did you mean '\(match)'? declared here", at: entries[index].range)]
    }
}
