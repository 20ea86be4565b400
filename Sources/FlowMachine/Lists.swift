// Part of FlowMachine, the runtime library every generated module imports.

import Foundation

/// `take(list, n)`: the first `count` elements (all of them when there are fewer). Named apart from
/// the engine's `take` of table rows.
@_spi(Generated) public func takeElements<Element>(_ list: [Element], _ count: Int) throws -> [Element] {
    guard count >= 0 else { throw FlowFailure("take needs a count of 0 or more, found \(count)", argument: 1) }
    return Array(list.prefix(count))
}

/// `reverse(list)`: the elements last first.
@_spi(Generated) public func reversedElements<Element>(_ list: [Element]) -> [Element] {
    Array(list.reversed())
}

/// `drop(list, n)`: the elements after the first `count` (none when there are fewer).
@_spi(Generated) public func dropElements<Element>(_ list: [Element], _ count: Int) throws -> [Element] {
    guard count >= 0 else { throw FlowFailure("drop needs a count of 0 or more, found \(count)", argument: 1) }
    return Array(list.dropFirst(count))
}
