/// The CEL comprehension macros.
public enum MacroKind: String, Hashable, Sendable, CaseIterable {
    case all
    case exists
    case existsOne = "exists_one"
    case map
    case filter
}

/// Folds a macro's elements into its result, one element at a time; both evaluators use it, so
/// `all`, `exists`, `exists_one`, `filter` and `map` mean the same thing in both.
struct MacroFold {
    let macro: MacroKind
    private var kept: [Value] = []
    private var matches = 0
    /// The first error of an element, kept by `all` and `exists` as CEL does: a later element that decides the
    /// result (false for `all`, true for `exists`) wins over it, as the deciding side of `&&` and `||` does.
    private var firstError: (any Error)?

    init(_ macro: MacroKind) { self.macro = macro }

    /// Whether the body's result must be a bool (every macro but `map`).
    var judgesElements: Bool { macro != .map }

    /// Takes one element and the body's result for it; returns the macro's result when it is decided early.
    mutating func add(_ element: Value, result: Value, holds: Bool) -> Value? {
        switch macro {
        case .all: if !holds { return .bool(false) }
        case .exists: if holds { return .bool(true) }
        case .existsOne: if holds { matches += 1 }
        case .filter: if holds { kept.append(element) }
        case .map: kept.append(result)
        }
        return nil
    }

    /// Keeps an element's error when this macro can still be decided by another element; false: rethrow it.
    mutating func absorb(_ error: any Error) -> Bool {
        guard macro == .all || macro == .exists else { return false }
        if firstError == nil { firstError = error }
        return true
    }

    /// The result once every element has been taken: an absorbed error if nothing decided the result.
    func finish() throws -> Value {
        if let firstError { throw firstError }
        return result
    }

    /// The result once every element has been taken.
    var result: Value {
        switch macro {
        case .all: .bool(true)
        case .exists: .bool(false)
        case .existsOne: .bool(matches == 1)
        case .filter, .map: .list(kept)
        }
    }
}
