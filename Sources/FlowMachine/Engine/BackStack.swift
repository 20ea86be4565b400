/// The back stack: the screens `back` returns to, most recent last, by screen number.
///
/// Going to a screen already on the stack goes back to it, so the engine asks on every step whether
/// the target is on the stack (above the current sub-flow's floor). Each screen's last position is
/// kept, with a link from every entry to the same screen's entry below it, so that question costs
/// the same on a stack of 10,000 screens as on one of 3: a scan made the generated machine on the
/// 10,000-screen ring four times slower. FlowRuntime's interpreter and the generated engine share it.
public struct BackStack: Sendable, Equatable, Codable {
    /// The screen numbers, oldest first.
    @inlinable public var screens: [Int32] { entries.map(\.screen) }
    /// The entries, oldest first: each screen with the index of the entry of the same screen below it
    /// (-1: none). One array, so a push or a pop touches one buffer besides `topmost`.
    @usableFromInline var entries: [Entry] = []
    /// For each screen number, the index of its topmost entry (-1: not on the stack); grown on demand.
    @usableFromInline var topmost: [Int32] = []

    @usableFromInline struct Entry: Sendable {
        @usableFromInline var screen: Int32
        @usableFromInline var below: Int32
        @inlinable init(screen: Int32, below: Int32) { self.screen = screen; self.below = below }
    }

    @inlinable public init() {}

    /// A stack holding `screens`, oldest first.
    @inlinable public init(_ screens: [Int32]) {
        for screen in screens { push(screen) }
    }

    @inlinable public var count: Int { entries.count }
    @inlinable public var isEmpty: Bool { entries.isEmpty }
    @inlinable public var last: Int32? { entries.last?.screen }

    @inlinable @inline(__always) public mutating func push(_ screen: Int32) {
        let slot = Int(screen)
        if slot >= topmost.count { topmost.append(contentsOf: repeatElement(-1, count: slot - topmost.count + 1)) }
        entries.append(Entry(screen: screen, below: topmost[slot]))
        topmost[slot] = Int32(truncatingIfNeeded: entries.count - 1)
    }

    @inlinable @inline(__always) @discardableResult public mutating func pop() -> Int32? {
        guard let entry = entries.popLast() else { return nil }
        topmost[Int(entry.screen)] = entry.below
        return entry.screen
    }

    /// Drops every entry from `count` on.
    @inlinable public mutating func truncate(to count: Int) {
        let kept = max(0, count)
        while entries.count > kept {
            let entry = entries.removeLast()
            topmost[Int(entry.screen)] = entry.below
        }
    }

    /// The index of the topmost entry of `screen` at or above `floor`, or nil when it is not there.
    @inlinable public func lastIndex(of screen: Int32, from floor: Int) -> Int? {
        let slot = Int(screen)
        guard slot >= 0, slot < topmost.count else { return nil }
        let index = Int(topmost[slot])
        return index >= floor ? index : nil
    }

    public static func == (lhs: BackStack, rhs: BackStack) -> Bool { lhs.entries.elementsEqual(rhs.entries) { $0.screen == $1.screen } }

    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode([Int32].self))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(screens)
    }
}
