/// One row of a list a screen shows (`lists:` in the flows), ready for SwiftUI:
///
/// ```swift
/// List(machine.rows(.assets)) { row in
///     HStack { Text(row[.name]); Spacer(); Text(row[.value]) }
///         .onTapGesture { if let tap = try? machine.rowEvent(.assets, at: row.index) { model.send(tap) } }
/// }
/// ```
public struct FlowRow<Text: FlowName>: Identifiable, Hashable, Sendable {
    /// What tells the row apart: its key (`key:` in the flows), or its position when the list has none.
    public let id: String
    /// Its position in the list, from 0 (what `rowEvent(_:at:)` takes).
    public let index: Int
    /// Its texts with the row's values filled in, by name.
    public let texts: [Text: String]

    public init(id: String, index: Int, texts: [Text: String]) {
        self.id = id; self.index = index; self.texts = texts
    }

    /// The row's text `text`; empty when the row has no such text.
    public subscript(_ text: Text) -> String { texts[text] ?? "" }

    /// Rows from each text's values in row order (the generated machine computes each text over the whole list).
    public static func rows(count: Int, ids: [String]?, texts: [(Text, [String])]) -> [FlowRow] {
        (0..<count).map { index in
            var shown: [Text: String] = [:]
            for (name, values) in texts where values.indices.contains(index) { shown[name] = values[index] }
            let id = ids.flatMap { $0.indices.contains(index) ? $0[index] : nil } ?? String(index)
            return FlowRow(id: id, index: index, texts: shown)
        }
    }
}

/// A generated machine whose screens show lists: their rows now, and the event a tap on a row sends.
public protocol FlowListShowing: FlowStateMachine {
    /// Every list name of the app (`TempoList`).
    associatedtype List: FlowName
    /// The current screen's lists by name, each row with its texts; throws the `FlowFailure` of a value the flows
    /// cannot compute now. Views read `rows(_:)`, which does not throw.
    func computeRows() throws -> [List: [FlowRow<Text>]]
    /// The event a tap on row `index` of `list` sends, its payload filled from the row; nil when the current screen
    /// does not show `list`, its rows send nothing, or it has no row `index`.
    func rowEvent(_ list: List, at index: Int) throws -> Event?
}

extension FlowListShowing {
    /// The rows of `list` now; none when the current screen does not show it, or when they cannot be computed
    /// (`readFailure()` says why).
    public func rows(_ list: List) -> [FlowRow<Text>] { ((try? computeRows()) ?? [:])[list] ?? [] }
}
