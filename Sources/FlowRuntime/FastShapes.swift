import FlowExpression
import FlowIR

/// A guard of the commonest shape, a whole-number state value against a constant (`attempts < 3`), kept as
/// plain numbers so the step reads the slot and compares in place, without the expression's closures. When the
/// slot does not hold a whole number (null, a decimal) the guard's compiled expression answers instead, so the
/// result and any failure are the expression's own.
struct FastGuard: Sendable {
    enum Comparison: UInt8, Sendable { case none, less, lessOrEqual, greater, greaterOrEqual, equal, notEqual }
    var comparison: Comparison
    var slot: Int32
    var constant: Int

    static let none = FastGuard(comparison: .none, slot: 0, constant: 0)

    /// The comparison of `expression` when it is `slot op constant` or `constant op slot` over a state slot.
    init(_ expression: TypedExpression, stateSlots: [String: Int]) {
        self = .none
        guard case .binary(let op, let lhs, let rhs) = expression.kind else { return }
        let flipped: Bool
        let name: String
        let constant: Int
        if case .variable(let left) = lhs.kind, case .literal(.int(let right)) = rhs.kind {
            (flipped, name, constant) = (false, left, right)
        } else if case .literal(.int(let left)) = lhs.kind, case .variable(let right) = rhs.kind {
            (flipped, name, constant) = (true, right, left)
        } else {
            return
        }
        guard let slot = stateSlots[name] else { return }
        let comparison: Comparison
        switch op {
        case .less: comparison = flipped ? .greater : .less
        case .lessOrEqual: comparison = flipped ? .greaterOrEqual : .lessOrEqual
        case .greater: comparison = flipped ? .less : .greater
        case .greaterOrEqual: comparison = flipped ? .lessOrEqual : .greaterOrEqual
        case .equal: comparison = .equal
        case .notEqual: comparison = .notEqual
        default: return
        }
        self.init(comparison: comparison, slot: Int32(truncatingIfNeeded: slot), constant: constant)
    }

    private init(comparison: Comparison, slot: Int32, constant: Int) {
        self.comparison = comparison; self.slot = slot; self.constant = constant
    }

    /// The guard's value for the whole number `value` of its slot.
    @inline(__always)
    func holds(_ value: Int) -> Bool {
        switch comparison {
        case .less: value < constant
        case .lessOrEqual: value <= constant
        case .greater: value > constant
        case .greaterOrEqual: value >= constant
        case .equal: value == constant
        case .notEqual, .none: value != constant
        }
    }
}

/// An action of the commonest shapes, kept as plain numbers: `set counter = other ± constant` over whole numbers,
/// and `set x = <whole number or yes/no constant>`. `add` falls back to the action's general form when the source
/// slot does not hold a whole number or the sum overflows, so nulls and overflow fail exactly as they do there.
struct FastAction: Sendable {
    enum Kind: UInt8, Sendable { case general, add, setInt, setBool }
    var kind: Kind
    var slot: Int32
    /// `add`: the slot read.
    var source: Int32
    /// `add`: the amount added (negative for `-`); `setInt`: the value; `setBool`: 1 for true.
    var constant: Int

    static let general = FastAction(kind: .general, slot: 0, source: 0, constant: 0)

    /// The fast form of `action` (`general` when it has none).
    init(_ action: RuntimeAction, stateSlots: [String: Int]) {
        self = .general
        guard case .setSlot(let slot, let value, _) = action else { return }
        let target = Int32(truncatingIfNeeded: slot)
        switch value.expression.kind {
        case .literal(.int(let constant)):
            self.init(kind: .setInt, slot: target, source: 0, constant: constant)
        case .literal(.bool(let constant)):
            self.init(kind: .setBool, slot: target, source: 0, constant: constant ? 1 : 0)
        case .binary(let op, let lhs, let rhs) where op == .add || op == .subtract:
            guard case .variable(let name) = lhs.kind, let source = stateSlots[name],
                  case .literal(.int(let amount)) = rhs.kind else { return }
            let (delta, overflow) = op == .add ? (amount, false) : (0 as Int).subtractingReportingOverflow(amount)
            guard !overflow else { return }
            self.init(kind: .add, slot: target, source: Int32(truncatingIfNeeded: source), constant: delta)
        default:
            return
        }
    }

    private init(kind: Kind, slot: Int32, source: Int32, constant: Int) {
        self.kind = kind; self.slot = slot; self.source = source; self.constant = constant
    }
}

/// Where the fast forms of an action list are in `RuntimeProgram.fastActions`; `start` is -1 when some action of the
/// list has no fast form (the list then runs as written).
struct FastActionList: Sendable {
    var start: Int32
    var end: Int32
}
