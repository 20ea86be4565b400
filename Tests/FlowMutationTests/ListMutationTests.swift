import FlowChecker
import FlowIR
@testable import FlowMutation
import FlowSource
import FlowSyntax
import FlowTestSupport
import Testing

/// The list operators: a row's texts swapped, a row's tap dropped, a row action dropped or sending the tap's event,
/// an update writing the wrong field; each planted and each caught by the scenario that checks rows, taps a row,
/// reads the renamed row and swipes one away.
@Suite struct ListMutationTests {
    static let yaml = """
        app:
          name: Ledger
          id: ledger
          currency: GBP
          locale: en-GB
          start: main

        types:
          AssetCategory: { enum: [cash, property], labels: { cash: Cash, property: Property } }
          Asset:
            record:
              id: text
              name: text
              category: AssetCategory
              value: money

        events:
          asset_tapped:
            description: An asset row was tapped
            payload: { id: text, index: int }
          asset_deleted:
            description: Swipe left on an asset, then Delete
            payload: { id: text }

        state:
          assets:
            type: list<Asset>
            initial: "[Asset{id: 'A1', name: 'Emergency Fund', category: AssetCategory.cash, value: 10000.00 GBP}, Asset{id: 'A2', name: 'Flat', category: AssetCategory.property, value: 250000.00 GBP}]"
          editing_id: { type: text, initial: "''" }

        flows:
          main:
            start: assets
            screens:
              assets:
                name: Assets
                lists:
                  assets:
                    rows: assets
                    row: asset
                    key: asset.id
                    texts:
                      name: "{asset.name}"
                      detail: "{asset.category} · {asset.value}"
                    tap: asset_tapped
                    swipe:
                      delete: { label: "Delete {asset.name}", event: asset_deleted, role: destructive }
                    empty:
                      no_assets: No assets yet
                on:
                  asset_tapped:
                    to: edit
                    do:
                      - set: { editing_id: event.id }
                  asset_deleted:
                    do:
                      - set: { assets: "assets.filter(a, a.id != event.id)" }
                  tap_clear:
                    do:
                      - set: { assets: "[]" }
              edit:
                name: Edit
                on:
                  tap_rename:
                    to: back
                    do:
                      - set: { assets: "assets.update(a, a.id == editing_id, a with {name: a.name + ' (renamed)'})" }

        scenarios:
          rows_show_and_tap:
            steps:
              - expect:
                  screen: assets
                  rows: { assets: [{ name: Emergency Fund, detail: "Cash · £10,000.00" }, { name: Flat }] }
                  texts: { no_assets: "" }
              - tap_row: { list: assets, key: A2 }
              - expect: { screen: edit, state: { editing_id: "'A2'" } }
              - send: tap_rename
              - expect: { screen: assets, rows: { assets: [{ name: Emergency Fund }, { name: Flat (renamed) }] } }
              - swipe_row: { list: assets, key: A1, action: delete }
              - expect: { screen: assets, rows: { assets: [{ name: Flat (renamed) }] } }
              - send: tap_clear
              - expect: { screen: assets, rows: { assets: [] }, texts: { no_assets: No assets yet } }
        """

    static func app() throws -> App {
        try checkedApp(yaml, id: "ledger")
    }

    @Test func eachListOperatorIsPlanted() throws {
        let mutants = enumerateMutants(of: try Self.app())
        let operators: [MutationOperator] = [.rowTextSwapped, .rowEventDropped, .rowActionDropped, .rowActionSwapped, .updateFieldSwapped]
        let listed = mutants.filter { operators.contains($0.operator) }
        let changes = Dictionary(grouping: listed, by: \.operator).mapValues { $0.map(\.change) }
        #expect(changes[.rowTextSwapped] == ["row texts name ↔ detail"])
        #expect(changes[.rowEventDropped] == ["tap: asset_tapped → dropped"])
        #expect(changes[.rowActionDropped] == ["swipe delete: asset_deleted → dropped"])
        #expect(changes[.rowActionSwapped] == ["swipe delete: asset_deleted ↔ tap: asset_tapped"])
        let app = try Self.app()
        #expect(listed.filter { $0.operator != .updateFieldSwapped }.map { $0.key(in: app) }.sorted() == [
            "assets list assets: row texts name ↔ detail", "assets list assets: swipe delete: asset_deleted → dropped",
            "assets list assets: swipe delete: asset_deleted ↔ tap: asset_tapped", "assets list assets: tap: asset_tapped → dropped",
        ])
        #expect(changes[.updateFieldSwapped] == ["set assets: with {name: …} → {id: …} (Asset)"])
    }

    @Test func theScenarioThatChecksRowsKillsThem() throws {
        let report = MutationReport(run: runMutation(of: try Self.app()))
        let document = MutationDocument(report, fingerprint: "test")
        for op in ["row-text-swapped", "row-event-dropped", "row-action-dropped", "row-action-swapped", "update-field-swapped"] {
            let planted = document.mutants.filter { $0.operator == op }
            #expect(!planted.isEmpty, "\(op)")
            #expect(planted.allSatisfy { $0.killedBy.map(\.name) == ["rows_show_and_tap"] }, "\(op): \(planted.map(\.killedBy))")
        }
    }
}
