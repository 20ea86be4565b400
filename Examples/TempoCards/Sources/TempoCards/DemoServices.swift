import FlowMachine

/// Services that answer at once, as a test double or a SwiftUI preview would: the order goes through,
/// the postcode lookup finds two addresses, and the freeze change is refused once (`failFreezeChanges`)
/// to show what the flows do then. Every call and its outcome are printed as they are made.
public actor DemoServices: CardsServices {
    private var failFreezeChanges: Int

    /// - Parameter failFreezeChanges: How many freeze changes Equals refuses before it confirms them again.
    public init(failFreezeChanges: Int = 0) { self.failFreezeChanges = failFreezeChanges }

    public func equalsSetCardFrozen(frozen: Bool) async throws -> CardsOutcome.EqualsSetCardFrozen {
        log("equals.set_card_frozen(frozen: \(frozen))")
        guard failFreezeChanges == 0 else {
            failFreezeChanges -= 1
            return answer(.failed, \.event)
        }
        return answer(.done, \.event)
    }

    public func equalsOrderPhysicalCard(deliveryAddress: String, payWith: CardsPayWith) async throws -> CardsOutcome.EqualsOrderPhysicalCard {
        log("equals.order_physical_card(delivery_address: \(deliveryAddress), pay_with: \(payWith.rawValue))")
        return answer(.placed, \.event)
    }

    public func postcodeLookupFindAddresses(postcode: String) async throws -> CardsOutcome.PostcodeLookupFindAddresses {
        log("postcode_lookup.find_addresses(postcode: \(postcode))")
        return answer(.found(addresses: ["1 Silverstone Circuit, Towcester \(postcode)", "2 Silverstone Circuit, Towcester \(postcode)"]), \.event)
    }

    public func paymentsCharge(method: CardsPaymentMethod, amount: Money, purpose: String) async throws -> CardsOutcome.PaymentsCharge {
        log("payments.charge(method: \(method.rawValue), amount: \(amount), purpose: \(purpose))")
        return answer(.succeeded, \.event)
    }

    private func log(_ call: String) { print("  call       \(call)") }

    /// Prints the outcome as the machine will hear it, and returns it.
    private func answer<Outcome>(_ outcome: Outcome, _ event: (Outcome) -> CardsEvent) -> Outcome {
        print("  outcome    \(event(outcome).name)")
        return outcome
    }
}
