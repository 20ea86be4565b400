// The state machine of this target is generated at build time by FlowcPlugin from flows/.
// Hand-written additions to the generated types go here.

extension CoffeeMachine {
    /// Whether the customer has a drink on its way.
    public var isBrewing: Bool { screen == .wai002 }
}
