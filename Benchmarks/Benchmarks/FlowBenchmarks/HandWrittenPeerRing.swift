/// The ring of the peers' semantics written by hand as a flat table: the baseline the generated machine
/// is held to (at least 1/3 of its speed). Screens 0..<N, then the shared error sheet N. `next` moves on
/// while `attempts < 3`, counting `steps`; `back` goes to the preceding screen and clears `attempts`;
/// `error` counts an attempt and opens the sheet; `retry` in the sheet goes back to the screen that opened it.
struct HandWrittenPeerRing {
    enum Event: Int, CaseIterable {
        case next, back, error, retry
    }

    /// Target of each screen's events, `eventCount` per screen; -1 where the screen does not take the event,
    /// `returnToOpener` for the sheet's `retry`.
    let targets: [Int32]
    let errorSheet: Int32
    static let eventCount = 4
    static let returnToOpener: Int32 = -2

    var screen: Int32 = 0
    var sheetOpener: Int32 = 0
    var steps = 0
    var attempts = 0

    init(screens n: Int) {
        var targets = [Int32](repeating: -1, count: (n + 1) * Self.eventCount)
        for screen in 0..<n {
            let row = screen * Self.eventCount
            targets[row + Event.next.rawValue] = Int32((screen + 1) % n)
            targets[row + Event.back.rawValue] = Int32((screen + n - 1) % n)
            targets[row + Event.error.rawValue] = Int32(n)
        }
        targets[n * Self.eventCount + Event.retry.rawValue] = Self.returnToOpener
        self.targets = targets
        errorSheet = Int32(n)
    }

    mutating func send(_ event: Event) {
        let target = targets[Int(screen) * Self.eventCount + event.rawValue]
        guard target != -1 else { return }
        switch event {
        case .next:
            guard attempts < 3 else { return }
            steps += 1
            screen = target
        case .back:
            attempts = 0
            screen = target
        case .error:
            attempts += 1
            sheetOpener = screen
            screen = target
        case .retry:
            screen = sheetOpener
        }
    }
}
