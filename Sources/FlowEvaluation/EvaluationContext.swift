import FlowExpression

/// What an evaluation can see: variable values and the virtual clock. No wall clock anywhere.
///
/// ```swift
/// let context = EvaluationContext(
///     variables: ["balance": .money(Money(amount: 10, currency: "GBP"))],
///     now: Timestamp(parsing: "2026-01-05T09:00:00Z")!, defaultCurrency: "GBP")
/// ```
public struct EvaluationContext: Sendable {
    /// Values of the top-level variables, by name.
    public var variables: [String: Value]
    /// The virtual clock's current instant: `now()`; `today()` is its UTC date.
    public var now: Timestamp
    /// The app's currency: the currency of `sum` over an empty list of money. Without it that sum is an error.
    public var defaultCurrency: String?

    public init(variables: [String: Value] = [:], now: Timestamp, defaultCurrency: String? = nil) {
        self.variables = variables
        self.now = now
        self.defaultCurrency = defaultCurrency
    }
}
