/// The CEL comprehension macros.
public enum MacroKind: String, Hashable, Sendable, CaseIterable {
    case all
    case exists
    case existsOne = "exists_one"
    case map
    case filter
    /// The list in ascending order of the key (stable: equal keys keep their order).
    case sortBy = "sort_by"
    /// The list in descending order of the key, largest first (stable).
    case sortByDescending = "sort_by_desc"
}
