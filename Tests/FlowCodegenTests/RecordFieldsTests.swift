@_spi(Generated) import FlowMachine
import Foundation
import TempoFlow
import Testing

/// The state's and records' `Codable`, `==`, `hash(into:)` and `flowDescription` go through one table of fields
/// (`RecordFields`). A snapshot's state is untrusted input: each kind of damage is refused as a `DecodingError`,
/// and a change to any one field is seen by `==`, `hash` and the flows' text.
@Suite struct RecordFieldsTests {
    private func object(_ state: TempoState) throws -> [String: Any] {
        let data = try JSONEncoder().encode(state)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    private func decoded(_ object: [String: Any]) throws -> TempoState {
        try JSONDecoder().decode(TempoState.self, from: try JSONSerialization.data(withJSONObject: object))
    }

    @Test func stateRoundTripsUnderTheFlowsNames() throws {
        var state = TempoState()
        state.plan = .plus
        state.loggedIn = true
        state.applicant.givenName = "Ada"
        let written = try object(state)
        #expect(written["plan"] as? String == "plus")
        #expect(written["logged_in"] as? Bool == true)
        #expect(written["phone_country"] as? String == "GB")
        #expect(written["user_id"] == nil, "a nil optional is left out")
        #expect((written["applicant"] as? [String: Any])?["given_name"] as? String == "Ada")
        let read = try decoded(written)
        #expect(read == state)
        #expect(read.hashValue == state.hashValue)
        #expect(read.flowDescription == state.flowDescription)
    }

    @Test func damagedStatesAreRefused() throws {
        let good = try object(TempoState())
        var missing = good
        missing["phone_country"] = nil
        var mistyped = good
        mistyped["logged_in"] = "yes"
        var unknownCase = good
        unknownCase["email_code_status"] = "bogus"
        var nestedMissing = good
        var applicant = try #require(good["applicant"] as? [String: Any])
        applicant["surname"] = nil
        nestedMissing["applicant"] = applicant
        for damaged in [missing, mistyped, unknownCase, nestedMissing] {
            #expect(throws: DecodingError.self) { _ = try decoded(damaged) }
        }
        // An optional written as null, as another encoder may write it, reads as nil.
        var null = good
        null["plan"] = NSNull()
        #expect(try decoded(null).plan == nil)
    }

    /// Planted: one field changed at a time, top level and inside a record; each must make the states differ.
    @Test func aChangeToAnyOneFieldIsSeen() {
        let base = TempoState()
        var changes: [(String, TempoState)] = []
        var state = base
        state.plan = .premium
        changes.append(("plan", state))
        state = base
        state.loggedIn = true
        changes.append(("logged_in", state))
        state = base
        state.phoneCountry = "FR"
        changes.append(("phone_country", state))
        state = base
        state.applicant.surname = "Lovelace"
        changes.append(("applicant.surname", state))
        for (field, changed) in changes {
            #expect(changed != base, "== missed a change of \(field)")
            #expect(changed.hashValue != base.hashValue, "hash missed a change of \(field)")
            #expect(changed.flowDescription != base.flowDescription, "flowDescription missed a change of \(field)")
        }
    }
}
