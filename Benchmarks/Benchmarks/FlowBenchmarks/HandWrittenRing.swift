/// The synthetic ring written by hand as a flat transition table: the baseline DESIGN.md sets for
/// the generated machine (within 3x). Same behaviour on the path the benchmark drives: `next`
/// validates the code field on every tenth screen (required, not a sequence), then moves on while
/// the counter is under the limit, counting, keeping the history and logging the screen view.
struct HandWrittenRing {
    enum Effect {
        case analytics(String)
    }

    static let screenCount: Int32 = 10_000
    static let screenViews: [String] = (0..<10_000).map { "s_\($0)_view" }
    /// `next` target per screen (the flat table).
    static let nextScreen: [Int32] = (0..<10_000).map { Int32(($0 + 1) % 10_000) }
    static let errorScreen: Int32 = 10_000

    var screen: Int32 = 0
    var counter = 0
    let limit = 1_000_000_000
    var history: [Int32] = []
    var codes: [Int32: String] = [:]
    var errors: [String: String] = [:]

    mutating func fillCode(_ code: String) {
        codes[screen] = code
    }

    mutating func next(into effects: inout [Effect]) {
        if screen % 10 == 0 {
            guard let code = codes[screen], !code.allSatisfy(\.isWhitespace) else {
                errors["code"] = "Enter the 6-digit code"
                return
            }
            if Self.isSequence(code) {
                errors["code"] = "Avoid obvious sequences"
                return
            }
            if !errors.isEmpty { errors = [:] }
        }
        history.append(screen)
        if counter < limit {
            counter += 1
            screen = Self.nextScreen[Int(screen)]
            effects.append(.analytics(Self.screenViews[Int(screen)]))
        } else {
            screen = Self.errorScreen
        }
    }

    static func isSequence(_ text: String) -> Bool {
        let digits = text.utf8.map { Int($0) - 0x30 }
        guard digits.count >= 2, digits.allSatisfy({ (0...9).contains($0) }) else { return false }
        let step = digits[1] - digits[0]
        return (-1...1).contains(step) && zip(digits, digits.dropFirst()).allSatisfy { $1 - $0 == step }
    }
}
