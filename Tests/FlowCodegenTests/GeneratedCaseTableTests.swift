@_spi(Generated) import FlowMachine
import Foundation
import TempoFlow
import Testing

/// The events' and calls' `Codable`, `==` and `hash(into:)` go through FlowMachine's table of their cases
/// (`CaseTable`, `CaseValue`, `CaseReader`), and the outcomes' `==` and `hash(into:)` through their event. The JSON
/// below is what the per-case code before them wrote (snapshots keep events that started a sub-flow, traces keep
/// calls): it must stay byte for byte, and what does not fit a case is refused with a reason, never a trap.
@Suite struct GeneratedCaseTableTests {
    private func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    private static let amount = Money(amount: Decimal(string: "4.35", locale: Locale(identifier: "en_US_POSIX")) ?? 0, currency: "GBP")
    private static let rate = Decimal(string: "1.17", locale: Locale(identifier: "en_US_POSIX")) ?? 0

    @Test func callsAndEventsKeepTheirLayout() throws {
        let written: [(TempoServiceCall, String)] = [
            (.equalsGetOnboardingStatus(userId: nil), #"{"equalsGetOnboardingStatus":{}}"#),
            (.equalsGetOnboardingStatus(userId: "u-1"), #"{"equalsGetOnboardingStatus":{"userId":"u-1"}}"#),
            (.equalsListTransactions, #"{"equalsListTransactions":{}}"#),
            (.fxLockRate(currency: "EUR", rate: Self.rate, amount: Self.amount),
             #"{"fxLockRate":{"amount":{"amount":4.35,"currency":"GBP"},"currency":"EUR","rate":1.17}}"#),
        ]
        for (call, text) in written {
            #expect(try json(call) == text)
            let decoded = try JSONDecoder().decode(TempoServiceCall.self, from: Data(text.utf8))
            #expect(decoded == call)
            #expect(decoded.hashValue == call.hashValue)
        }
        let events: [(TempoEvent, String)] = [
            (.cardPaymentRequested(merchant: "Pret", amount: Self.amount), #"{"cardPaymentRequested":{"amount":{"amount":4.35,"currency":"GBP"},"merchant":"Pret"}}"#),
            (.topUpBooked(raisedBy: RaisedByFlows()), #"{"topUpBooked":{"raisedBy":{}}}"#),
            (.postcodeLookupFindAddressesFound(addresses: ["1 High St"]), #"{"postcodeLookupFindAddressesFound":{"addresses":["1 High St"]}}"#),
            (.ecosystemHighlightTapped(slot: 2, campaignId: "c-7"), #"{"ecosystemHighlightTapped":{"campaignId":"c-7","slot":2}}"#),
        ]
        for (event, text) in events {
            #expect(try json(event) == text)
            #expect(try JSONDecoder().decode(TempoEvent.self, from: Data(text.utf8)) == event)
        }
        // An optional written as null, as another encoder may write it, reads as nil.
        #expect(try JSONDecoder().decode(TempoServiceCall.self, from: Data(#"{"equalsGetOnboardingStatus":{"userId":null}}"#.utf8))
                == .equalsGetOnboardingStatus(userId: nil))
    }

    /// Each kind of damage a stored event or call can have, refused as a `DecodingError`.
    @Test func damagedPayloadsAreRefused() {
        let damaged = [
            #"{"countrySelected":{"country":5}}"#,
            #"{"countrySelected":"GB"}"#,
            #"{"cardPaymentRequested":{"merchant":"Pret","amount":"4.35"}}"#,
            #"{"cardPaymentRequested":{"merchant":"Pret"}}"#,
            #"{"postcodeLookupFindAddressesFound":{"addresses":"1 High St"}}"#,
            #"{"timerFired":{"token":{}}}"#,
            #"[]"#,
        ]
        for text in damaged {
            #expect(throws: DecodingError.self, "\(text)") { try JSONDecoder().decode(TempoEvent.self, from: Data(text.utf8)) }
        }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(TempoServiceCall.self, from: Data(#"{"equalsGetOnboardingStatus":{"userId":7}}"#.utf8)) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(TempoServiceCall.self, from: Data(#"{"equalsLogOut":{}}"#.utf8)) }
    }

    @Test func equalityAndHashingFollowEveryPayloadField() {
        let pret = TempoEvent.cardPaymentRequested(merchant: "Pret", amount: Self.amount)
        #expect(pret == .cardPaymentRequested(merchant: "Pret", amount: Self.amount))
        #expect(pret != .cardPaymentRequested(merchant: "Pret", amount: Money(amount: 4, currency: "GBP")))
        #expect(pret != .cardPaymentRequested(merchant: "Pret", amount: Money(amount: Self.amount.amount, currency: "EUR")))
        #expect(pret != .bankTransferReceived(sender: "Pret", amount: Self.amount))
        #expect(TempoEvent.postcodeLookupFindAddressesFound(addresses: ["a"]) != .postcodeLookupFindAddressesFound(addresses: ["a", "b"]))
        #expect(TempoServiceCall.equalsGetOnboardingStatus(userId: nil) != .equalsGetOnboardingStatus(userId: "u-1"))
        #expect(TempoServiceCall.equalsGetOnboardingStatus(userId: nil) == .equalsGetOnboardingStatus(userId: nil))
        #expect(TempoServiceCall.equalsListTransactions != .equalsListSessions)
        #expect(Set<TempoServiceCall>([.equalsListTransactions, .equalsListTransactions, .equalsGetOnboardingStatus(userId: nil),
                                       .equalsGetOnboardingStatus(userId: "u-1")]).count == 3)
    }

    /// An outcome's event carries exactly its outputs, so outcomes compare and hash through it.
    @Test func outcomesCompareThroughTheirEvents() {
        #expect(TempoOutcome.EqualsLogIn.success(userId: "u-1") == .success(userId: "u-1"))
        #expect(TempoOutcome.EqualsLogIn.success(userId: "u-1") != .success(userId: "u-2"))
        #expect(TempoOutcome.EqualsLogIn.success(userId: "u-1") != .wrongKeycode)
        #expect(TempoOutcome.EqualsLogIn.wrongKeycode == .wrongKeycode)
        #expect(Set<TempoOutcome.EqualsLogIn>([.success(userId: "u-1"), .success(userId: "u-1"), .wrongKeycode]).count == 2)
        #expect(TempoOutcome.EqualsLogIn.success(userId: "u-1").event == .equalsLogInSuccess(userId: "u-1"))
    }
}
