/// The CEL comprehension macros.
public enum MacroKind: String, Hashable, Sendable, CaseIterable {
    case all
    case exists
    case existsOne = "exists_one"
    case map
    case filter
}
