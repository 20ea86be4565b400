import FlowIR
import FlowSource

/// The kinds of change `flowc mutate` plants, in the order they are listed in reports.
public enum MutationOperator: String, Sendable, CaseIterable, Codable {
    /// A timer's delay one unit longer, one unit shorter, or doubled (`after: 6s → 7s`).
    case timer
    /// A service operation's call policy weakened: its `timeout:` dropped or doubled, `when_left: cancel → wait`.
    case callPolicy = "call-policy"
    /// A guard removed: the transition is taken whenever its event arrives.
    case guardDropped = "guard-dropped"
    /// A guard negated: `if: x` becomes `if: !(x)`.
    case guardNegated = "guard-negated"
    /// A transition's target screen replaced by the next screen of that flow; `end:` by the flow's next outcome.
    case targetSwapped = "target-swapped"
    /// One action of a transition, or of a screen's entry or exit, removed.
    case actionDropped = "action-dropped"
    /// Two adjacent actions run in the other order.
    case actionsSwapped = "actions-swapped"
    /// A validation rule's parameter moved by one (`min_length: 2 → 3`), or one listed value removed.
    case ruleParameter = "rule-parameter"
    /// A validation rule's message changed.
    case ruleMessage = "rule-message"
    /// A validation rule removed.
    case ruleDropped = "rule-dropped"
    /// Two service (or sub-flow) outcomes of one screen exchange their handling.
    case outcomeRerouted = "outcome-rerouted"
    /// A screen's `back: blocked` removed: the system back gesture leaves it again.
    case backAllowed = "back-allowed"
    /// A screen's screen-view analytics (`analytics:`) removed.
    case screenViewDropped = "screen-view-dropped"
    /// A field's `secret:` removed: what is typed stays after the screen is left (and in saved snapshots).
    case secretDropped = "secret-dropped"
    /// A comparison's boundary moved: `<` ↔ `<=`, `>` ↔ `>=` (in guards, values, arguments, variants, derived values).
    case relationalBoundary = "relational-boundary"
    /// A sub-condition negated: `a > b` → `a <= b`, `==` ↔ `!=`, `is_frozen` → `!is_frozen`, `!x` → `x`.
    case conditionNegated = "condition-negated"
    /// `&&` ↔ `||`.
    case logicalReplaced = "logical-replaced"
    /// `+` ↔ `-`, `*` ↔ `/`, `%` → `*` on numbers and money.
    case arithmeticReplaced = "arithmetic-replaced"
    /// A constant moved: ±1, ×2, zero; money in another currency (`0.99 GBP → 0.99 EUR`); a rounding's places.
    case constant
    /// A rounding mode turned (`half_even` ↔ `half_up`, `up` ↔ `down`; `round(x, 2)` rounded `up`); its places move by `constant`.
    case rounding
    /// An enum or choice value swapped for the next case of its type (`RoundingMode.half_even → RoundingMode.up`, `Currency.CHF → Currency.EUR`).
    case enumSwapped = "enum-swapped"
    /// A list literal in the other order.
    case listReversed = "list-reversed"
    /// A service call's argument replaced by another state or derived value of its type (`amount` → `balance`).
    case argumentReplaced = "argument-replaced"
    /// A service call's optional argument left out.
    case argumentDropped = "argument-dropped"
    /// Two arguments of one call, of the same type, exchanged (`from` ↔ `to`, `amount` ↔ `fee`).
    case argumentSwapped = "argument-swapped"
    /// An analytics property left out.
    case propertyDropped = "property-dropped"
    /// A push or toast text changed.
    case effectText = "effect-text-changed"
    /// A translated text (a screen's text, a toast, a push) shown in the source language whatever the locale.
    case translationDropped = "translation-dropped"
    /// A state value's `persist: true` removed: it starts over after a restart.
    case persistDropped = "persist-dropped"
    /// Two texts of a list's rows exchange their values (a row shows its value where its name goes).
    case rowTextSwapped = "row-text-swapped"
    /// A list's `tap:` removed: tapping a row sends nothing.
    case rowEventDropped = "row-event-dropped"
    /// A row action (`swipe:`, `long_press:`) removed: the button is not there.
    case rowActionDropped = "row-action-dropped"
    /// A row action sends the event of the list's tap or of another of its actions, and that one sends the action's.
    case rowActionSwapped = "row-action-swapped"
    /// A `with` (or `update`) writes its new value into another field of the same type, keeping the field it meant to change.
    case updateFieldSwapped = "update-field-swapped"
    /// Two row actions' (or two choice options') labels exchanged, or a list's only action reading as its name.
    case actionLabelChanged = "action-label-changed"
}

/// One small, deterministic edit of a checked app.
///
/// ```swift
/// let mutants = enumerateMutants(of: tempo)
/// var mutated = tempo
/// mutants[0].apply(&mutated)     // e.g. "flows/tempo/wallet.flow.yaml:610:9: after: 6s → 7s"
/// ```
public struct Mutant: Sendable {
    /// 1-based, stable: the order in which `enumerateMutants` meets the sites, which follows declaration order.
    public var number: Int
    public var `operator`: MutationOperator
    /// The change, as `before → after` (`after: 6s → 7s`, `if: balance > 0 → dropped`).
    public var change: String
    /// Where the edited declaration is written.
    public var range: SourceRange
    /// The screen it edits (`nil` for a flow-global transition or timer).
    public var screen: Int?
    /// The flow it edits (the screen's flow for a screen's own declarations).
    public var flow: Int
    /// The transition's event (`tap_continue`, `after 6s`), or nil for a screen's fields, entry or exit.
    public var event: String?
    /// State variables written by the actions the edit affects: an invariant criterion is touched only
    /// by mutants that change how its variables are written.
    public var writes: Set<String>
    /// Makes the edit.
    public var apply: @Sendable (inout App) -> Void
    /// An edit of an app-wide transition (`app.on`): it applies in every flow, so every scenario may meet it.
    public var appWide = false
    /// What on the screen (or flow) it edits: a transition's event, a field's rules, entry, exit, `back`.
    public var part: ScreenPart?

    /// How `survivors:` names it: where, then the change. `PAY-003 field amount: amount.decimal_places: 2 → 1`,
    /// `WAL-006 payments.charge.succeeded: drop set add_funds_sheet_open`, `wallet card_payment_requested: …` for a
    /// flow's own transition, `app app_foregrounded: …` for an app-wide one. Line numbers are left out, so an edit
    /// elsewhere in the file does not change it.
    public func key(in app: App) -> String {
        let place: String
        if let screen, app.screens.indices.contains(screen) {
            place = app.screens[screen].id
        } else if appWide {
            place = "app"
        } else {
            place = app.flows.indices.contains(flow) ? app.flows[flow].name : "?"
        }
        return [place, part?.text].compactMap { $0 }.joined(separator: " ") + ": " + change
    }

    /// `flows/tempo/wallet.flow.yaml:610:9`.
    public var location: String { range.description }
}
