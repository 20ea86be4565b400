import FlowMachine
import Foundation
import TempoFlow
import Testing

/// Reads never throw: `variant()`, `texts()` and the derived values return their documented fallbacks when the flows
/// cannot compute them, and `readFailure()` (what `FlowDriver` reports once after a step) says why.
@Suite struct ReadsTests {
    /// WAL-013h (Order Placed) shows "expected by {physical_card_expected_by}", which no step has set on a machine
    /// started there: the texts fall back to none, and the failure is named.
    @Test func aTextTheFlowsCannotComputeFallsBackAndIsReported() throws {
        let machine = try TempoMachine(start: .wal013h)
        #expect(machine.texts() == [:])
        #expect(machine.texts()[.expectedDelivery] == nil)
        #expect(throws: FlowFailure.self) { try machine.computeTexts() }
        let failure = try #require(machine.readFailure())
        #expect(failure.hasPrefix("the texts of 'WAL-013h' cannot be computed: "), "\(failure)")
        // The variant of a screen without variants computes: nothing to report there.
        #expect(machine.variant() == nil)
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
