// The old names of two types renamed on the codebase branch (issue 30), kept only so that branches written
// against them at the same time still build once merged. Delete this file when no code uses them.

/// Renamed `EvaluationScope`: FlowCodegen has an `ExpressionScope` of its own (what names translate to in Swift).
@available(*, deprecated, renamed: "EvaluationScope")
public typealias ExpressionScope = EvaluationScope

/// Renamed `CurrencyCodes`: FlowMachine's `Currencies` is the table; this is what people type for a code.
@available(*, deprecated, renamed: "CurrencyCodes")
typealias Currencies = CurrencyCodes
