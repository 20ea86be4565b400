import FlowIR
import FlowMutation
import FlowRuntime
import FlowTestSupport
import Testing

/// `action-label-changed`: row actions', choice options' and fields' labels exchanged (or a list's only action reading
/// as its name). A scenario that checks `row_actions:`, `options:` and `labels:` kills every one; the same run without those checks
/// lets them all live, so the operator measures exactly whether the labels people pick by are checked.
@Suite struct LabelMutationTests {
    static func yaml(checksLabels: Bool) -> String {
        let checks = checksLabels ? """
                      options: { document_type: [Passport, National ID card, Driving licence] }
                      row_actions: { assets: [{ delete: Delete, share: Share Flat }], notes: [{ archive: Archive }] }
                      labels: { email: Email, nickname: Nickname }
            """ : ""
        return """
        app:
          name: Ledger
          id: ledger
          currency: GBP
          locale: en-GB
          start: main
        types:
          DocumentType: { enum: [passport, national_id, driving_licence] }
          Asset:
            record:
              id: text
              name: text
        events:
          asset_deleted: { description: Swipe left on an asset then Delete, payload: { id: text } }
          asset_shared: { description: Swipe left on an asset then Share, payload: { id: text } }
          note_archived: { description: Long press a note then Archive, payload: { index: int } }
        state:
          assets: { type: "list<Asset>", initial: "[Asset{id: 'A1', name: 'Flat'}]" }
          notes: { type: "list<text>", initial: "['Call the bank']" }
          shared: { type: int, initial: 0 }
        flows:
          main:
            start: assets
            screens:
              assets:
                name: Assets
                terminal: true
                fields:
                  document_type:
                    type: choice(DocumentType)
                    options: { passport: Passport, national_id: National ID card, driving_licence: Driving licence }
                  email: { type: email, label: Email }
                  nickname: { type: text, label: Nickname }
                lists:
                  assets:
                    rows: assets
                    row: asset
                    key: asset.id
                    texts:
                      name: "{asset.name}"
                    swipe:
                      delete: { label: Delete, event: asset_deleted, role: destructive }
                      share: { label: "Share {asset.name}", event: asset_shared }
                  notes:
                    rows: notes
                    row: note
                    texts:
                      text: "{note}"
                    long_press:
                      archive: { label: Archive, event: note_archived }
                on:
                  asset_deleted:
                    do:
                      - set: { assets: "assets.filter(a, a.id != event.id)" }
                  asset_shared:
                    do:
                      - set: { shared: shared + 1 }
                  note_archived:
                    do:
                      - set: { notes: "[]" }
        scenarios:
          labels_people_pick_by:
            steps:
              - expect:
                  screen: assets
        \(checks)
              - swipe_row: { list: assets, key: A1, action: share }
              - expect: { screen: assets, state: { shared: 1 } }
        """
    }

    @Test func eachLabelEditIsPlanted() throws {
        let app = try checkedApp(Self.yaml(checksLabels: true), id: "ledger")
        let changes = enumerateMutants(of: app).filter { $0.operator == .actionLabelChanged }.map { $0.key(in: app) }
        #expect(changes == [
            "assets list assets: swipe delete label ↔ share label",
            "assets list notes: long_press archive: label → 'archive'",
            "assets field document_type: option passport label ↔ national_id label",
            "assets field document_type: option national_id label ↔ driving_licence label",
            "assets field email: label ↔ nickname label",
        ])
    }

    @Test func aScenarioThatChecksTheLabelsKillsThemAndOnlyThen() throws {
        let checked = MutationDocument(MutationReport(run: runMutation(of: try checkedApp(Self.yaml(checksLabels: true), id: "ledger"))), fingerprint: "test")
        let planted = checked.mutants.filter { $0.operator == "action-label-changed" }
        #expect(planted.count == 5)
        #expect(planted.allSatisfy { $0.killedBy.map(\.name) == ["labels_people_pick_by"] }, "\(planted.map(\.killedBy))")
        let unchecked = MutationDocument(MutationReport(run: runMutation(of: try checkedApp(Self.yaml(checksLabels: false), id: "ledger"))), fingerprint: "test")
        let survived = unchecked.mutants.filter { $0.operator == "action-label-changed" }
        #expect(survived.count == 5)
        #expect(survived.allSatisfy { $0.killedBy.isEmpty }, "\(survived.map(\.killedBy))")
    }

    @Test func aWrongLabelInAScenarioFailsWithTheWordsShown() throws {
        let wrongOption = Self.yaml(checksLabels: true).replacingOccurrences(of: "[Passport, National ID card, Driving licence]",
                                                                         with: "[Passport, Driving licence, National ID card]")
        let wrongAction = Self.yaml(checksLabels: true).replacingOccurrences(of: "share: Share Flat", with: "share: Share")
        let fewerRows = Self.yaml(checksLabels: true).replacingOccurrences(of: "notes: [{ archive: Archive }]", with: "notes: []")
        var failures: [String] = []
        for yaml in [wrongOption, wrongAction, fewerRows] {
            let app = try checkedApp(yaml, id: "ledger")
            let scenario = try #require(app.scenarios.first)
            failures.append(runScenario(scenario, of: app).failure?.message ?? "passed")
        }
        #expect(failures == [
            "expected option 1 of document_type on assets to read \"Driving licence\", found \"National ID card\"",
            "expected row 0 of list assets on assets to offer share \"Share\", found \"Share Flat\"",
            "expected 0 rows in list notes on assets, found 1",
        ])
    }
}
