import FlowMachine
import Foundation
import TempoFlow
import Testing

/// `Codable`, `==` and `hash(into:)` of the generated enums with payloads and of the state are written out by the
/// generator (cheap to compile, see Benchmarks/README.md): they must behave as Swift's synthesized ones did, in the
/// same JSON layout.
@Suite struct GeneratedConformanceTests {
    private func json(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    @Test func eventsKeepSwiftsLayout() throws {
        #expect(try json(TempoEvent.countrySelected(country: "GB")) == #"{"countrySelected":{"country":"GB"}}"#)
        #expect(try json(TempoEvent.tapStart) == #"{"tapStart":{}}"#)
        #expect(try json(TempoEvent.timerFired(token: TimerToken(rawValue: 7))) == #"{"timerFired":{"token":{"rawValue":7}}}"#)
        let events: [TempoEvent] = [.countrySelected(country: "GB"), .tapStart, .tapLogOut, .sessionSignOutTapped(sessionId: "s-1"),
                                    .timerFired(token: TimerToken(rawValue: 7))]
        for event in events {
            let decoded = try JSONDecoder().decode(TempoEvent.self, from: Data(try json(event).utf8))
            #expect(decoded == event)
            #expect(decoded.hashValue == event.hashValue)
        }
    }

    @Test func equalityComparesCaseAndPayload() {
        #expect(TempoEvent.countrySelected(country: "GB") == .countrySelected(country: "GB"))
        #expect(TempoEvent.countrySelected(country: "GB") != .countrySelected(country: "FR"))
        #expect(TempoEvent.countrySelected(country: "GB") != .addressSelected(address: "GB"))
        #expect(TempoEvent.countrySelected(country: "GB") != .tapStart)
        #expect(TempoEvent.tapStart != .countrySelected(country: "GB"))
        #expect(TempoEvent.tapStart == .tapStart)
        #expect(TempoEvent.tapStart != .tapLogOut)
        #expect(Set<TempoEvent>([.tapStart, .tapStart, .tapLogOut, .countrySelected(country: "GB"), .countrySelected(country: "FR")]).count == 4)
    }

    @Test func unknownOrAmbiguousCasesAreRefused() {
        for text in [#"{"noSuchEvent":{}}"#, #"{}"#, #"{"tapStart":{},"tapLogOut":{}}"#, #"{"countrySelected":{}}"#] {
            #expect(throws: DecodingError.self, "\(text)") { try JSONDecoder().decode(TempoEvent.self, from: Data(text.utf8)) }
        }
    }

    @Test func stateRoundTripsAndRefusesAMissingField() throws {
        var state = TempoState()
        state.userId = "u-1"
        state.transferReference = "rent"
        let text = try json(state)
        #expect(text.contains(#""user_id":"u-1""#))
        #expect(try JSONDecoder().decode(TempoState.self, from: Data(text.utf8)) == state)
        // `transfer_reference` is not optional: a state without it is refused, as Swift's own decoding refused it.
        var object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        object["transfer_reference"] = nil
        let missing = try JSONSerialization.data(withJSONObject: object)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(TempoState.self, from: missing) }
    }
}
