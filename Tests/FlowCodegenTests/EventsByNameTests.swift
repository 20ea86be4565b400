import FlowMachine
import Foundation
import SemanticsFlow
import TempoFlow
import Testing

/// `TempoEvent(name:payload:)`, the events scripts, deep links and replays build from text: every payload field
/// read as its type, and a missing or mistyped one refused with `FlowEventError` (it used to become zero).
@Suite struct EventsByNameTests {
    @Test func payloadFieldsAreReadAsTheirTypes() throws {
        #expect(try TempoEvent(name: "card_payment_requested", payload: ["merchant": "Pret", "amount": "4.35"])
                == .cardPaymentRequested(merchant: "Pret", amount: Money(amount: Decimal(string: "4.35", locale: Locale(identifier: "en_US_POSIX"))!, currency: "GBP")))
        #expect(try TempoEvent(name: "fx_rate_quoted", payload: ["rate": "1.1725", "fee": "0.50"])
                == .fxRateQuoted(rate: Decimal(string: "1.1725", locale: Locale(identifier: "en_US_POSIX"))!, fee: Money(amount: Decimal(string: "0.5")!, currency: "GBP")))
        #expect(try TempoEvent(name: "notification_toggled", payload: ["preference": "push_card_payments", "enabled": "true"])
                == .notificationToggled(preference: .pushCardPayments, enabled: true))
        #expect(try TempoEvent(name: "history_range_picked", payload: ["from": "2026-01-01", "to": "2026-01-31"])
                == .historyRangePicked(from: CalendarDate(year: 2026, month: 1, day: 1)!, to: CalendarDate(year: 2026, month: 1, day: 31)!))
        #expect(try TempoEvent(name: "ecosystem_highlight_tapped", payload: ["slot": "2", "campaign_id": "c-7", "unrelated": "x"])
                == .ecosystemHighlightTapped(slot: 2, campaignId: "c-7"))
        #expect(try TempoEvent(name: "bank_transfer_received", payload: ["sender": "Ada", "amount": "12.00 EUR"])
                == .bankTransferReceived(sender: "Ada", amount: Money(amount: 12, currency: "EUR")))
        #expect(try TempoEvent(name: "tap_continue") == .tapContinue)
    }

    /// Each kind of mistake, with the words a script's author reads.
    @Test func missingAndMistypedPayloadsAreRefused() {
        let refusals: [(String, [String: String], String)] = [
            ("card_payment_requested", ["merchant": "Pret"], "event 'card_payment_requested' needs 'amount' in its payload (money, e.g. 4.35 or 4.35 GBP)"),
            ("card_payment_requested", ["merchant": "Pret", "amount": "4.35abc"], "event 'card_payment_requested': 'amount' must be money, e.g. 4.35 or 4.35 GBP, not '4.35abc'"),
            ("card_payment_requested", ["merchant": "Pret", "amount": ""], "event 'card_payment_requested': 'amount' must be money, e.g. 4.35 or 4.35 GBP, not ''"),
            ("card_payment_requested", ["merchant": "Pret", "amount": "4.35 pounds"],
             "event 'card_payment_requested': 'amount' must be money, e.g. 4.35 or 4.35 GBP, not '4.35 pounds'"),
            ("country_selected", [:], "event 'country_selected' needs 'country' in its payload (text)"),
            ("fx_rate_quoted", ["rate": "1,17", "fee": "0.50"], "event 'fx_rate_quoted': 'rate' must be a number, e.g. 1.25, not '1,17'"),
            ("ecosystem_highlight_tapped", ["slot": "2.5", "campaign_id": "c"], "event 'ecosystem_highlight_tapped': 'slot' must be a whole number, not '2.5'"),
            ("notification_toggled", ["preference": "push_card_payments", "enabled": "yes"], "event 'notification_toggled': 'enabled' must be true or false, not 'yes'"),
            ("notification_toggled", ["preference": "carrier_pigeon", "enabled": "true"],
             "event 'notification_toggled': 'preference' must be one of the names of TempoNotificationPreference, not 'carrier_pigeon'"),
            ("history_range_picked", ["from": "2026-02-30", "to": "2026-03-01"], "event 'history_range_picked': 'from' must be a date, e.g. 2026-01-31, not '2026-02-30'"),
            ("tap_contineu", [:], "the flows have no event 'tap_contineu'"),
            ("session_check", [:], "event 'session_check' is raised by the flows themselves; the app cannot send it"),
        ]
        for (name, payload, message) in refusals {
            do {
                _ = try TempoEvent(name: name, payload: payload)
                Issue.record("\(name) \(payload) was accepted")
            } catch {
                #expect(error.description == message)
            }
        }
    }

    /// A list is given as JSON; a raised event and an unknown name are refused whatever the payload.
    @Test func listsAreJSONAndRaisedEventsAreRefused() throws {
        #expect(try TempoEvent(name: "postcode_lookup.find_addresses.found", payload: ["addresses": #"["1 High St","2 High St"]"#])
                == .postcodeLookupFindAddressesFound(addresses: ["1 High St", "2 High St"]))
        #expect(throws: FlowEventError(event: "postcode_lookup.find_addresses.found",
                                       reason: .mistypedPayload(field: "addresses", expected: "JSON of Array<String>", text: "1 High St"))) {
            try TempoEvent(name: "postcode_lookup.find_addresses.found", payload: ["addresses": "1 High St"])
        }
        #expect(try SemanticsEvent(name: "go_chain", payload: [:]) == .goChain)
        #expect(throws: FlowEventError(event: "chain_b", reason: .raisedByFlows)) { try SemanticsEvent(name: "chain_b", payload: [:]) }
    }
}
