import FlowMachine

/// Services that answer at once, as a test double or a SwiftUI preview would: the order goes through,
/// the postcode lookup finds two addresses, and the freeze change is refused once (`failFreezeChanges`)
/// to show what the flows do then. Every call is printed as it is made.
public actor DemoServices: CardsServices {
    private var failFreezeChanges: Int

    /// - Parameter failFreezeChanges: How many freeze changes Equals refuses before it confirms them again.
    public init(failFreezeChanges: Int = 0) { self.failFreezeChanges = failFreezeChanges }

    public func equalsSetCardFrozen(frozen: Bool) async throws -> CardsOutcome.EqualsSetCardFrozen {
        log("equals.set_card_frozen(frozen: \(frozen))")
        guard failFreezeChanges == 0 else {
            failFreezeChanges -= 1
            return .failed
        }
        return .done
    }

    public func equalsOrderPhysicalCard(deliveryAddress: String, payWith: PayWith) async throws -> CardsOutcome.EqualsOrderPhysicalCard {
        log("equals.order_physical_card(delivery_address: \(deliveryAddress), pay_with: \(payWith.rawValue))")
        return .placed
    }

    public func postcodeLookupFindAddresses(postcode: String) async throws -> CardsOutcome.PostcodeLookupFindAddresses {
        log("postcode_lookup.find_addresses(postcode: \(postcode))")
        return .found(addresses: ["1 Silverstone Circuit, Towcester \(postcode)", "2 Silverstone Circuit, Towcester \(postcode)"])
    }

    public func paymentsCharge(method: PaymentMethod, amount: Money, purpose: String) async throws -> CardsOutcome.PaymentsCharge {
        log("payments.charge(method: \(method.rawValue), amount: \(amount), purpose: \(purpose))")
        return .succeeded
    }

    private func log(_ call: String) { print("  call       \(call)") }
}
