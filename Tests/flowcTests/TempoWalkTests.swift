import Foundation
import FlowTestSupport
import Testing

/// `flowc run --script` drives the walks a person takes through Tempo, answering each service call as it waits.
@Suite(.serialized) struct TempoWalkTests {
    /// The walks (Tests/Fixtures/walks/tempo-*.jsonl): a new user from the splash screen through card selection, the
    /// 12-step form, Veriff, the initial payment and the legal agreements to Wallet Home; log in, top up,
    /// then a UK transfer; an international transfer whose 30-second FX lock expires once; card activation, freeze and
    /// the physical card order up to its ATM activation. Every line must run, and each walk ends where it should.
    /// (Each walk also answers `equals.get_onboarding_status: active`, which Log In calls on tempo-onboarding's
    /// re-login routing; where nothing calls it, the answer just waits unused.)
    @Test(arguments: [
        ("tempo-new-user-onboarding.jsonl", "WAL-001", "0.00 GBP"),
        ("tempo-uk-transfer.jsonl", "WAL-001", "380.00 GBP"),
        ("tempo-international-fx-lock-expiry.jsonl", "WAL-005", "297.50 GBP"),
        ("tempo-card-freeze-and-physical-order.jsonl", "WAL-008c", "495.01 GBP"),  // OK on WAL-013j opens the active card's hub
    ])
    func tempoWalks(file: String, endScreen: String, endBalance: String) async throws {
        let script = fixturesDirectory().appendingPathComponent("walks/\(file)")
        let result = try await runFlowc(["run", "tempo", "--script", script.path], in: packageRoot())
        #expect(result.status == 0, "\(result.stdout)\n\(result.stderr)")
        let objects = try result.stdout.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any] }
        for (index, object) in objects.enumerated() {
            #expect(object?["error"] == nil, "\(file) line \(index): \(object?["error"] ?? "")")
        }
        let last = try #require(objects.last ?? nil)
        #expect(last["screen"] as? String == endScreen)
        #expect((last["state"] as? [String: Any])?["balance"] as? String == endBalance)
    }
}
