import FlowChecker
import FlowIR
import FlowSource
import FlowSyntax
import Testing

/// How a component and the screen that uses it merge: the component's entries first, the screen's own after them
/// (replacing an entry of the same name), its entry actions before the screen's; and a choice of an enum reads
/// its options as the enum's labels.
@Suite struct ComponentExpansionTests {
    static func check(_ yaml: String) throws -> (App, [Diagnostic]) {
        let bag = DiagnosticBag()
        let syntax = try #require(parseFlowFile(SourceFile(path: "app.flow.yaml", text: yaml), diagnostics: bag))
        let app = try #require(checkApp(AppSourcesSyntax(root: syntax, parts: []), defaultID: "test", diagnostics: bag))
        return (app, bag.diagnostics)
    }

    static let app = """
        app: { name: Parts, currency: GBP, locale: en-GB, start: main }
        types:
          Bank:
            enum: [monzo, barclays]
            labels: { monzo: Monzo, barclays: Barclays }
        state:
          opened: { type: int, initial: 0 }
        components:
          picker:
            parameters:
              field: name
              next: { type: screen, default: done }
            enter:
              - set: { opened: opened + 1 }
            fields:
              ${{ field }}: { type: choice(Bank) }
            texts:
              title: Choose a bank
            on:
              tap_continue: "${{ next }}"
              tap_help: done
        flows:
          main:
            start: first
            screens:
              first:
                name: First
                use:
                  - picker: { field: bank }
                enter:
                  - set: { opened: opened * 10 }
                fields:
                  nickname: { type: text }
                texts:
                  title: Pick your bank
                on:
                  tap_help: second
              second:
                name: Second
                use: { picker: { field: other_bank, next: first } }
              done: { name: Done, terminal: true }
        """

    @Test func theComponentComesFirstAndTheScreenDecides() throws {
        let (app, diagnostics) = try Self.check(Self.app)
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics)")
        let first = try #require(app.screens.first { $0.id == "first" })
        #expect(first.fields.map(\.name) == ["bank", "nickname"])
        #expect(first.texts.map(\.name) == ["title"])
        let help = first.transitions.filter { $0.event == "tap_help" }
        let secondIndex = try #require(app.screens.firstIndex { $0.id == "second" })
        #expect(help.count == 1)
        if case .screen(let target) = help.first?.target { #expect(target == secondIndex) } else { Issue.record("tap_help leads elsewhere") }
        // The component's entry action runs before the screen's own (both written in this file, component first).
        #expect(first.enter.count == 2)
        #expect(first.enter.map(\.range.start.line) == first.enter.map(\.range.start.line).sorted())
        let second = try #require(app.screens.first { $0.id == "second" })
        #expect(second.fields.map(\.name) == ["other_bank"])
    }

    @Test func aChoiceOfAnEnumReadsItsLabels() throws {
        let (app, _) = try Self.check(Self.app)
        let first = try #require(app.screens.first { $0.id == "first" })
        let bank = try #require(first.fields.first { $0.name == "bank" })
        #expect(bank.options.map(\.label) == ["Monzo", "Barclays"])
    }

    @Test func aMistakeInsideAComponentNamesEachUse() throws {
        let (_, diagnostics) = try Self.check(Self.app.replacingOccurrences(of: "tap_help: done", with: "tap_help: dnoe"))
        let unknown = try #require(diagnostics.first { $0.code == "unknown-target" })
        let uses = unknown.notes.filter { $0.message.hasPrefix("in component 'picker'") }
        #expect(uses.map(\.message).contains("in component 'picker', used by screen 'second' here"))
    }
}
