// Part of FlowMachine, the runtime library every generated module imports.

import Foundation

/// `sort_by` / `sort_by_desc`: the list ordered by `key` (largest first when `descending`), stable: equal keys
/// keep their order. The interpreter sorts with this same function (MacroFold), so a failing comparison names the same pair.
@_spi(Generated) public func sortedBy<T, Key>(_ list: [T], descending: Bool, _ key: (T) throws -> Key,
                                               compare: (Key, Key) throws -> Int) throws -> [T] {
    let keys = try list.map(key)
    var order = Array(list.indices)
    var failure: (any Error)?
    order.sort { a, b in
        guard failure == nil else { return a < b }
        do {
            let sign = try compare(keys[a], keys[b])
            if sign == 0 { return a < b }
            return descending ? sign > 0 : sign < 0
        } catch {
            failure = error
            return a < b
        }
    }
    if let failure { throw failure }
    return order.map { list[$0] }
}

@_spi(Generated) public func sortedBy<T, Key: Comparable>(_ list: [T], descending: Bool, _ key: (T) throws -> Key) throws -> [T] {
    try sortedBy(list, descending: descending, key, compare: { a, b in a < b ? -1 : (a == b ? 0 : 1) })
}

@_spi(Generated) public func sortedBy<T>(_ list: [T], descending: Bool, _ key: (T) throws -> Money) throws -> [T] {
    try sortedBy(list, descending: descending, key, compare: { a, b in try compare(a, b) })
}
