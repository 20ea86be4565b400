import FlowSource

/// An acceptance criterion quoted from the seed, with how it is verified.
public struct CriterionSyntax: Sendable {
    public enum Verification: Sendable {
        case scenarios([Located<String>])
        case invariant(Located<String>)
        /// A property `flowc explore` checks on every explored step.
        case property(Located<String>)
        /// `static: screenshot_protected`: a static proof over the flows.
        case staticProof(Located<String>)
        case notAutomatable(Located<String>)
    }
    public var id: Located<String>
    public var text: Located<String>?
    public var section: Located<String>?
    public var screens: [Located<String>]
    public var transitions: [Located<String>]
    /// `concerns:`: the parts of screens the criterion's text is about (`PAY-003 field amount`, `PAY-011 enter`,
    /// `XC-LOCK back`, `PAY-011 tap_top_up_now`, a whole `WAL-006`); nil when not written.
    public var concerns: [Located<String>]?
    public var verification: Verification?
    /// `not_automatable:` written beside `scenarios:` or `invariant:`: the part of the criterion that needs a device,
    /// with the reason (the criterion is then proved in part).
    public var notAutomatablePart: Located<String>? = nil
    /// `no_property:` under `verified_by:`: why a criterion whose text reads as a rule ("always", "never", "only")
    /// is not checked by a property on every explored path.
    public var noProperty: Located<String>? = nil
    /// `property:` written beside `scenarios:` or `invariant:`: a second kind of evidence for the same criterion.
    public var propertyBeside: Located<String>? = nil
    /// Whether `verified_by:` was written (a broken one is reported where it is, not again as missing).
    public var hasVerifiedBy = false
    /// `survivors:`: surviving mutants (by key, `PAY-003 field amount: amount.decimal_places: 2 → 1`) and why
    /// each may survive.
    public var survivors: [(mutant: Located<String>, reason: Located<String>)] = []
    public var range: SourceRange
}

/// An open question from the seed and what the flows assume meanwhile.
public struct QuestionSyntax: Sendable {
    public var id: Located<String>
    public var text: Located<String>?
    public var section: Located<String>?
    public var assumption: Located<String>?
    public var screens: [Located<String>]
}

/// An acceptance scenario: a starting situation, steps, and expectations.
public struct ScenarioSyntax: Sendable {
    public var name: Located<String>
    public var description: Located<String>?
    public var flow: Located<String>?
    public var start: Located<String>?
    public var givenState: [AssignmentSyntax]
    public var givenServices: [OutcomeChoiceSyntax]
    public var givenClock: Located<String>?
    public var steps: [StepSyntax]
    public var range: SourceRange
    /// `locale: fr-FR`: the run starts in this locale (the app's `locale` state value).
    public var locale: Located<String>? = nil
}

/// `equals.submit_application: approved`, or with output values:
/// `equals.send_transfer: { outcome: sent, output: { transfer_id: "'EQ-1'" } }`
public struct OutcomeChoiceSyntax: Sendable {
    public var operation: Located<String>
    public var outcome: Located<String>
    public var output: [AssignmentSyntax] = []
}

/// A value typed into a field: text, or several picks for a multi-choice field.
public enum FillValueSyntax: Sendable {
    case text(Located<String>)
    case list([Located<String>])
}

public struct FillSyntax: Sendable {
    public var field: Located<String>
    public var value: FillValueSyntax
}

public struct EffectSyntax: Sendable {
    public var kind: Located<String>
    public var value: Located<String>
    /// Analytics property values the event must carry (`properties: { slot: 1 }`), or a call's arguments (`with:`)
    /// (`with: { email: form.new_email }`).
    public var properties: [AssignmentSyntax] = []
    /// Whether `properties:`/`with:` was written (even empty): in `exact_effects` the written set is the whole set.
    public var detailsWritten = false
}

public struct ExpectSyntax: Sendable {
    public var screen: Located<String>?
    public var variant: Located<String>?
    public var errors: [FillSyntax]?
    public var state: [AssignmentSyntax]
    public var effects: [EffectSyntax]
    public var noEffects: [EffectSyntax]
    /// `exact_effects:`: these effects and no others since the previous expectation, in this order.
    public var exactEffects: [EffectSyntax]?
    /// `texts:`: what the screen's texts read now, exactly.
    public var texts: [FillSyntax] = []
    /// `rows:`: what each row of a screen's lists shows now, list by list (`{ assets: [{ name: ISA }] }`).
    public var rows: [(list: Located<String>, rows: [[FillSyntax]])] = []
    /// `check:`: yes/no expressions that must hold now (`size(assets) == 4`).
    public var checks: [ExpressionSource] = []
    /// `options:`: the labels a choice field's options read now, in order (`{ document_type: [Passport, …] }`).
    public var options: [(field: Located<String>, labels: [Located<String>])] = []
    /// `row_actions:`: the label each row's actions read now, row by row (`{ favorites: [{ remove: Remove }] }`).
    public var rowActions: [(list: Located<String>, rows: [[FillSyntax]])] = []
    /// `labels:`, `placeholders:` and `hints:`: the words a field's label, placeholder or hint reads now
    /// (`{ email: Adresse e-mail }`); `caption` is `label`, `placeholder` or `hint`.
    public var captions: [(caption: String, field: Located<String>, words: Located<String>)] = []
}

public struct StepSyntax: Sendable {
    public enum Kind: Sendable {
        case send(Located<String>, payload: [AssignmentSyntax])
        case fill([FillSyntax])
        /// `fill_refused:`: the app must not take these values (a choice outside its options, a hidden field).
        case fillRefused([FillSyntax])
        case advance(Located<String>)
        case outcome([OutcomeChoiceSyntax])
        case back
        /// `restart: true`: the app is closed and launched again; only persisted state survives.
        case restart
        /// `tap_row: { list: assets, index: 0 }` or `{ list: assets, key: A1 }`: a tap on a row of a screen's list.
        case tapRow(list: Located<String>, index: Located<Int>?, key: Located<String>?)
        /// `swipe_row: { list: assets, key: A1, action: delete }` (or `long_press_row:`): a row action of a screen's list.
        case rowAction(RowGesture, list: Located<String>, index: Located<Int>?, key: Located<String>?, action: Located<String>)
        case expect(ExpectSyntax)
    }
    public var kind: Kind
    public var range: SourceRange
}
