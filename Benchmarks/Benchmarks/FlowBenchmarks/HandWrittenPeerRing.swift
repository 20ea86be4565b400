/// The ring of the peers' semantics written by hand as a flat table: the baseline the generated machine
/// is held to (at least 1/3 of its speed). Screens 0..<N, then the shared error sheet N. `next` moves on
/// while `attempts < 3`, counting `steps`; `back` goes to the preceding screen and clears `attempts`;
/// `error` counts an attempt and opens the sheet; `retry` in the sheet goes back to the screen that opened it.
///
/// It keeps what the flows make observable, as the generated machine must: the screen, both counters, the
/// sheet's opener and the back stack (the system back gesture and `backStack` read it). Going to a screen
/// that is already on the back stack goes back to it, dropping what was above it (the flows' rule), so
/// `back` to the preceding screen pops it and a lap round the ring empties the stack; each screen's place on
/// the stack is kept so that question is one load, as an engineer would write it for 10,000 screens.
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
    /// The back stack, oldest first.
    var history: [Int32] = []
    /// Each screen's index in `history`, -1 when it is not there.
    var historyIndex: [Int32]

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
        historyIndex = [Int32](repeating: -1, count: n + 1)
        history.reserveCapacity(n)
    }

    mutating func send(_ event: Event) {
        let target = targets[Int(screen) * Self.eventCount + event.rawValue]
        guard target != -1 else { return }
        switch event {
        case .next:
            guard attempts < 3 else { return }
            steps += 1
            go(to: target)
        case .back:
            attempts = 0
            go(to: target)
        case .error:
            attempts += 1
            sheetOpener = screen
            screen = target
        case .retry:
            screen = sheetOpener
        }
    }

    /// Moves to `target`: back to it when it is on the back stack, else over the current screen.
    @inline(__always)
    mutating func go(to target: Int32) {
        let index = historyIndex[Int(target)]
        if index >= 0 {
            while history.count > Int(index) { historyIndex[Int(history.removeLast())] = -1 }
        } else {
            historyIndex[Int(screen)] = Int32(history.count)
            history.append(screen)
        }
        screen = target
    }
}
