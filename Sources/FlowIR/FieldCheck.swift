import FlowExpression

/// One validation rule as both back ends run it: what `lowerFieldRules` made of the rule as declared.
///
/// The declared `ValidationRule` says what the author wrote (`iban: true`, `min_age: 18`, `range:`); its
/// lowering says what is tested, once, so the interpreter and the generated code cannot read a rule two
/// ways. Library rules become yes/no expressions over `value` and `form` (`is_iban(value)`,
/// `age(value) >= 18`); a `range` becomes two bound checks. The back ends decide only how a test runs
/// (a blank field skips every test but `filled`; text that cannot be read as the field's type fails the
/// first test that needs a value).
public struct FieldCheck: Sendable, Hashable {
    public enum Test: Sendable, Hashable {
        /// Something was typed or picked (`required`).
        case filled
        /// The typed text has at least `min` and at most `max` characters.
        case textLength(min: Int?, max: Int?)
        /// The whole typed text matches the regular expression.
        case pattern(String)
        /// The field's value is not before / not after the bound; values without an order between them fail.
        case atLeast(TypedExpression), atMost(TypedExpression)
        /// The typed text, or every picked option, is one of these.
        case oneOf([String])
        /// The typed text, or no picked option, is one of these.
        case noneOf([String])
        /// The field holds exactly what was typed into another field of the screen.
        case sameInput(asField: String)
        /// A yes/no expression over `value` (the field's value) and `form` holds.
        case holds(TypedExpression)
    }

    /// The rule key as written (`min_length`), for traces and coverage.
    public var rule: String
    /// The exact message shown when the test fails.
    public var message: String
    public var test: Test
    /// `when:` of the rule: the test applies only while this holds.
    public var condition: TypedExpression?
    /// The message in the current locale, when the app translates it (nil: `message` in every locale).
    public var localisedMessage: TypedExpression? = nil

    public init(rule: String, message: String, test: Test, condition: TypedExpression? = nil) {
        self.rule = rule; self.message = message; self.test = test; self.condition = condition
    }
}
