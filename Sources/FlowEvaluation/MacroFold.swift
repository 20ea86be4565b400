@_spi(Generated) import FlowMachine
import FlowExpression

/// Folds a macro's elements into its result, one element at a time; both evaluators use it, so
/// `all`, `exists`, `exists_one`, `filter` and `map` mean the same thing in both.
package struct MacroFold {
    let macro: MacroKind
    private var kept: [Value] = []
    private var keys: [Value] = []
    private var matches = 0
    /// The first error of an element, kept by `all` and `exists` as CEL does: a later element that decides the
    /// result (false for `all`, true for `exists`) wins over it, as the deciding side of `&&` and `||` does.
    private var firstError: (any Error)?

    package init(_ macro: MacroKind) { self.macro = macro }

    /// Whether the body's result must be a bool (every macro but `map`).
    package var judgesElements: Bool { macro != .map && !sorts }

    /// Whether the macro orders the list by its body (the key) rather than judging or mapping elements.
    package var sorts: Bool { macro == .sortBy || macro == .sortByDescending }

    /// Takes one element and the body's result for it; returns the macro's result when it is decided early.
    package mutating func add(_ element: Value, result: Value, holds: Bool) -> Value? {
        switch macro {
        case .all: if !holds { return .bool(false) }
        case .exists: if holds { return .bool(true) }
        case .existsOne: if holds { matches += 1 }
        case .filter: if holds { kept.append(element) }
        case .map: kept.append(result)
        case .sortBy, .sortByDescending:
            kept.append(element)
            keys.append(result)
        }
        return nil
    }

    /// Keeps an element's error when this macro can still be decided by another element; false: rethrow it.
    package mutating func absorb(_ error: any Error) -> Bool {
        guard macro == .all || macro == .exists else { return false }
        if firstError == nil { firstError = error }
        return true
    }

    /// The result once every element has been taken: an absorbed error if nothing decided the result; for the
    /// sorting macros, the list in key order, where `compare` orders two keys (-1, 0, 1) and throws for keys that
    /// cannot be ordered (money in two currencies). The sort is stable in both directions.
    package func finish(compare: (Value, Value) throws -> Int) throws -> Value {
        if let firstError { throw firstError }
        guard sorts else { return result }
        // FlowMachine's one stable sort, which generated code calls too.
        let sorted = try FlowMachine.sortedBy(Array(zip(kept, keys)), descending: macro == .sortByDescending, { $0.1 }, compare: compare)
        return .list(sorted.map(\.0))
    }

    /// The result once every element has been taken.
    package var result: Value {
        switch macro {
        case .all: .bool(true)
        case .exists: .bool(false)
        case .existsOne: .bool(matches == 1)
        case .filter, .map, .sortBy, .sortByDescending: .list(kept)
        }
    }
}
