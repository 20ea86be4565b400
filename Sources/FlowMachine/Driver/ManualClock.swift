import Foundation

/// A clock that moves only when told to: inject it into `FlowDriver` in tests, then `advance(by:)`
/// to make timers due without waiting.
///
/// ```swift
/// let clock = ManualClock()
/// let driver = FlowDriver(machine, services: FakeServices(), clock: clock)
/// driver.start()                         // WAL-013e starts its 3 s timer
/// await clock.advance(by: .seconds(3))   // the timer fires; the machine moves on
/// ```
///
/// A sleep whose deadline has passed returns at once; a cancelled sleep throws `CancellationError`.
public final class ManualClock: Clock, @unchecked Sendable {
    /// A point on the manual clock: the time advanced since it was made.
    public struct Instant: InstantProtocol, Hashable, Sendable {
        public var offset: Duration
        public init(offset: Duration) { self.offset = offset }
        public func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        public func duration(to other: Instant) -> Duration { other.offset - offset }
        public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        var id: Int
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    // Guards everything below; sleepers are resumed outside it.
    private let lock = NSLock()
    private var current = Instant(offset: .zero)
    private var sleepers: [Sleeper] = []
    private var cancelled: Set<Int> = []
    private var nextID = 0

    public init() {}

    public var now: Instant { lock.withLock { current } }
    public var minimumResolution: Duration { .zero }

    /// How many sleeps are waiting for the clock to reach their deadline.
    public var waitingSleeps: Int { lock.withLock { sleepers.count } }

    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id: Int = lock.withLock {
            nextID += 1
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let outcome: Result<Void, any Error>? = lock.withLock {
                    if cancelled.remove(id) != nil { return .failure(CancellationError()) }
                    if deadline <= current { return .success(()) }
                    sleepers.append(Sleeper(id: id, deadline: deadline, continuation: continuation))
                    return nil
                }
                if let outcome { continuation.resume(with: outcome) }
            }
        } onCancel: {
            let sleeper: Sleeper? = lock.withLock {
                guard let index = sleepers.firstIndex(where: { $0.id == id }) else {
                    cancelled.insert(id)   // not waiting yet: the sleep throws as soon as it starts
                    return nil
                }
                return sleepers.remove(at: index)
            }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves the clock on by `duration`, waking every sleep that is then due, earliest deadline first.
    public func advance(by duration: Duration) async {
        let due: [Sleeper] = lock.withLock {
            current = current.advanced(by: duration)
            let now = current
            let due = sleepers.filter { $0.deadline <= now }.sorted { $0.deadline < $1.deadline }
            sleepers.removeAll { $0.deadline <= now }
            return due
        }
        for sleeper in due { sleeper.continuation.resume() }
        await Task.yield()
    }
}
