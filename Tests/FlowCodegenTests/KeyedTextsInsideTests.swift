import FlowExpression
import FlowIR
@_spi(Generated) import FlowMachine
@_spi(Generated) import FlowRuntime
import FlowTestSupport
import Foundation
@_spi(Generated) import RailFlow
import Testing
@_spi(Generated) import YOLEFlow

/// The texts shown inside a larger expression are looked up by their keys too: a `when:` text and an empty state
/// (inside their condition), a list's row texts and row actions' labels (inside the map over the rows), and an enum
/// value's label inside a value (`{system_status}`). A host's words win there as for a whole text, in the app's
/// current locale, and without them the generated machine reads as the interpreter, row by row, in every locale.
@Suite struct KeyedTextsInsideTests {
    typealias Words = KeyedTextsTests.Words

    /// `machine` with the state values in `values` (as JSON), through a snapshot as a host restores one.
    static func with<Machine: FlowStateMachine>(_ machine: Machine, _ values: [String: Any]) throws -> Machine {
        let data = try JSONEncoder().encode(machine.snapshot())
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var state = try #require(object["state"] as? [String: Any])
        for (name, value) in values { state[name] = value }
        object["state"] = state
        let changed = try JSONSerialization.data(withJSONObject: object)
        return try Machine(restoring: JSONDecoder().decode(FlowSnapshot<Machine.State>.self, from: changed))
    }

    /// YOLE's favourites (STEP-15) in `language`, with `favorites` and whether they failed to load.
    static func favourites(_ favorites: [String], failed: Bool, language: String) throws -> YOLEMachine {
        var machine = try with(try YOLEMachine(start: .step15), ["favorites": favorites, "favorites_error": failed, "language": language])
        var effects: [YOLEEffect] = []
        try machine.start(into: &effects)
        return machine
    }

    @Test func aWhenTextAnEmptyStateRowTextsAndActionLabelsTakeTheHostsWords() throws {
        var machine = try Self.favourites(["Ada"], failed: true, language: "fr")
        #expect(machine.texts()[.error] == "Impossible de charger les favoris")
        #expect(try machine.computeRows()[.favorites]?.first?[.name] == "Ada")
        let compiledLabels = try machine.computeRowActions(.favorites, at: 0).map(\.label)
        let host = Words(["fr-FR\u{0}STEP-15.error": "Favoris indisponibles",
                          "fr-FR\u{0}STEP-15.favorites.name": "★ %1$@",
                          "fr-FR\u{0}STEP-15.favorites.swipe.remove": "Retirer",
                          "en-US\u{0}STEP-15.favorites.long_press.send_money": "Pay"])
        machine.textLookup = host
        #expect(machine.texts()[.error] == "Favoris indisponibles")
        #expect(try machine.computeRows()[.favorites]?.first?[.name] == "★ Ada")
        let labels = try machine.computeRowActions(.favorites, at: 0).map(\.label)
        #expect(labels == ["Retirer", compiledLabels[1]], "the English words of a key do not show while French is")
        #expect(host.reported.isEmpty)

        var empty = try Self.favourites([], failed: false, language: "en")
        let compiledEmpty = try #require(empty.texts()[.noFavorites])
        #expect(!compiledEmpty.isEmpty)
        #expect(empty.texts()[.error] == "", "a when: text reads as nothing while its condition does not hold")
        empty.textLookup = Words(["en-US\u{0}STEP-15.no_favorites": "Nobody yet", "en-US\u{0}STEP-15.error": "Never shown"])
        #expect(empty.texts()[.noFavorites] == "Nobody yet")
        #expect(empty.texts()[.error] == "")
    }

    @Test func anEnumsLabelInsideAValueTakesTheHostsWords() throws {
        var machine = try Self.with(try RailMachine(start: .station), ["system_status": "paused"])
        var effects: [RailEffect] = []
        try machine.start(into: &effects)
        let compiled = try #require(machine.texts()[.status])
        #expect(compiled.contains("Paused"), "\(compiled)")
        let host = Words(["en-US\u{0}SystemStatus.paused": "On hold"])
        machine.textLookup = host
        let shown = try #require(machine.texts()[.status])
        #expect(shown == compiled.replacingOccurrences(of: "Paused", with: "On hold"))
        #expect(host.reported.isEmpty)
        // A host that words the label with a value it cannot have keeps the compiled-in label and says so.
        let wrong = Words(["en-US\u{0}SystemStatus.paused": "On hold since %1$@"])
        machine.textLookup = wrong
        #expect(machine.texts()[.status] == compiled)
        #expect(wrong.reported.map(\.key) == ["SystemStatus.paused"])
    }

    /// Row by row, every row text and every action label of YOLE's favourites in both locales, as the interpreter
    /// shows them (the flows' translations as expressions) and as the generated machine does (its table, filled in).
    @Test func rowsAndActionLabelsReadAsTheInterpreterInEveryLocale() throws {
        let app = try #require(DifferentialTests.apps().first { $0.id == "yole" })
        let program = RuntimeProgram(app: app)
        let index = try #require(app.screens.firstIndex { $0.id == "STEP-15" })
        let names = ["Ada Lovelace", "Grace Hopper", "100% Ngozi"]
        let favorites = TypedExpression(type: .list(.text), span: 0..<0, kind: .list(names.map {
            TypedExpression(type: .text, span: 0..<0, kind: .literal(.text($0)))
        }))
        var compared = 0
        for language in ["en", "fr"] {
            let locale = TypedExpression(type: .enumeration("Language"), span: 0..<0, kind: .enumCase(type: "Language", name: language))
            let interpreter = try Interpreter(program: program, start: index, state: [(["favorites"], favorites), (["language"], locale)])
            let machine = try Self.favourites(names, failed: false, language: language)
            let interpreted = try #require(try interpreter.rows()["favorites"])
            let generated = try #require(try machine.computeRows()[.favorites])
            #expect(interpreted.map(\.id) == generated.map(\.id))
            #expect(interpreted.map { $0.texts["name"] } == generated.map { $0[.name] }, "\(language)")
            for (action, labels) in try interpreter.rowActions("favorites") {
                let typed = try #require(YOLERowAction(rawValue: action.name))
                for row in names.indices {
                    let offered = try machine.computeRowActions(.favorites, at: row)
                    #expect(offered.first { $0.action == typed }?.label == labels[row], "\(action.name) of row \(row) in \(language)")
                    compared += 1
                }
            }
            compared += generated.count
        }
        #expect(compared == 18)
    }
}
