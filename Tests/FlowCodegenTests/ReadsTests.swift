import FlowMachine
import Foundation
import TempoFlow
import Testing

/// Reads never throw: `variant()`, `texts()` and the derived values return their documented fallbacks when the flows
/// cannot compute them, and `readFailure()` (what `FlowDriver` reports once after a step) says why.
@Suite struct ReadsTests {
    /// PAY-008 (Confirm) shows "You send £{…} + £{…} fee · £{transfer_amount + transfer_fee} in all". A stored
    /// state whose fee is in another currency (a value the flows never write, brought back by a snapshot) makes that
    /// sum fail: the texts fall back to none, and the failure is named.
    @Test func aTextTheFlowsCannotComputeFallsBackAndIsReported() throws {
        var snapshot = try TempoMachine(start: .pay008).snapshot()
        snapshot.state.transferAmount = Money(amount: 100, currency: "GBP")
        snapshot.state.transferFee = Money(amount: 2, currency: "EUR")
        let machine = try TempoMachine(restoring: snapshot)
        #expect(machine.texts() == [:])
        #expect(machine.texts()[.youSend] == nil)
        #expect(throws: FlowFailure.self) { try machine.computeTexts() }
        let failure = try #require(machine.readFailure())
        #expect(failure.hasPrefix("the texts of 'PAY-008' cannot be computed: "), "\(failure)")
        // The screen's variant does not read the sum: it computes, and is the one the state chooses.
        #expect(throws: Never.self) { _ = try machine.computeVariant() }
    }

    /// A screen whose reads all compute reports nothing, and its texts are the flows' own words.
    @Test func readsThatComputeAreReturnedAsTheyAre() throws {
        let machine = try TempoMachine(start: .wal003)
        #expect(machine.readFailure() == nil)
        #expect(machine.texts() == [.lastUpdated: "Last updated 0 min ago"])
    }

    /// A derived value the flows cannot compute returns its type's empty value: `plan_change_prorated` needs the billing
    /// cycle, which a new machine does not have yet.
    @Test func aDerivedValueFallsBackToItsEmptyValue() throws {
        let machine = try TempoMachine()
        #expect(machine.derivedPlanChangeProrated() == Money(amount: 0, currency: "GBP"))
        #expect(machine.derivedCardActive() == false)
    }
}
