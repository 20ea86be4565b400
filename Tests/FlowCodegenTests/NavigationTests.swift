import FlowMachine
import Foundation
import Observation
import SemanticsFlow
import TempoFlow
import Testing

/// The navigation model a SwiftUI `NavigationStack(path:)` and `.sheet(item:)` bind to (`FlowModel.path`,
/// `FlowModel.sheet`), on Linux: `ShownNavigation` plays SwiftUI's part (it keeps what it shows, changes it itself on
/// a gesture, and reads the binding again only when Observation says something it read changed), and after every
/// gesture what it shows must be the machine's navigation.
@MainActor
@Suite struct NavigationTests {
    /// Answers nothing: these flows never call the bank.
    struct NoBank: SemanticsServices {
        func bankTransfer(amount: Money) async throws -> SemanticsOutcome.BankTransfer { .failed }
        func bankAuthorise(amount: Money) async throws -> SemanticsOutcome.BankAuthorise { .declined }
        func bankStatus() async throws -> SemanticsOutcome.BankStatus { .known }
    }

    /// How a view reads and writes the navigation: the model's bindable properties, or a planted mistake.
    @MainActor struct Binding {
        var path: @MainActor () -> [SemanticsScreen]
        var setPath: @MainActor ([SemanticsScreen]) -> Void
        var sheet: @MainActor () -> FlowSheet<SemanticsScreen>?
        var setSheet: @MainActor (FlowSheet<SemanticsScreen>?) -> Void

        static func model(_ model: FlowModel<SemanticsMachine>) -> Binding {
            Binding(path: { model.path }, setPath: { model.path = $0 }, sheet: { model.sheet }, setSheet: { model.sheet = $0 })
        }
    }

    /// What SwiftUI shows: the path and sheet it last read, changed by the person's gestures until Observation tells it
    /// to read the binding again.
    @MainActor final class ShownNavigation {
        let binding: Binding
        private(set) var path: [SemanticsScreen] = []
        private(set) var sheet: FlowSheet<SemanticsScreen>?
        private var stale = false

        init(_ binding: Binding) {
            self.binding = binding
            render()
        }

        private func render() {
            stale = false
            withObservationTracking {
                path = binding.path()
                sheet = binding.sheet()
            } onChange: { [weak self] in
                // Observation calls this inside the change; SwiftUI reads again on its next update.
                MainActor.assumeIsolated { self?.stale = true }
            }
        }

        /// SwiftUI's next update: it reads the binding again if something it read changed.
        private func update() { if stale { render() } }

        /// A swipe back: SwiftUI pops the screen it shows, then tells the binding.
        func swipeBack() {
            guard !path.isEmpty else { return }
            path.removeLast()
            binding.setPath(path)
            update()
        }

        /// A long press on the back button, picking the root: every pushed screen goes at once.
        func popToRoot() {
            path.removeAll()
            binding.setPath(path)
            update()
        }

        /// A `NavigationLink(value:)` pushing a screen by itself, not through the machine.
        func linkPush(_ screen: SemanticsScreen) {
            path.append(screen)
            binding.setPath(path)
            update()
        }

        /// The sheet pulled down.
        func pullSheetDown() {
            guard sheet != nil else { return }
            sheet = nil
            binding.setSheet(nil)
            update()
        }

        /// A step of the machine (an event sent): SwiftUI updates.
        func stepped() { update() }
    }

    func model(start: SemanticsScreen) throws -> FlowModel<SemanticsMachine> {
        let model = FlowModel(FlowDriver(try SemanticsMachine(start: start), services: NoBank(), clock: ManualClock()))
        model.start()
        return model
    }

    /// Where the shown navigation and the machine's differ, in words (nil: they agree).
    func mismatch(_ shown: ShownNavigation, _ model: FlowModel<SemanticsMachine>) -> String? {
        let machine = SemanticsNavigation(of: model.driver.machine)
        if shown.path != machine.path { return "shows path \(shown.path.map(\.rawValue)), the machine is at \(machine.path.map(\.rawValue))" }
        if shown.sheet != machine.sheet { return "shows sheet \(shown.sheet?.screen.rawValue ?? "none"), the machine \(machine.sheet?.screen.rawValue ?? "none")" }
        return nil
    }

    /// Every gesture of the test, played on a view bound through `binding`; the mismatches found, in order.
    func playGestures(_ binding: @MainActor (FlowModel<SemanticsMachine>) -> Binding) throws -> [String] {
        var found: [String] = []
        func check(_ step: String, _ shown: ShownNavigation, _ model: FlowModel<SemanticsMachine>) {
            if let mismatch = mismatch(shown, model) { found.append("\(step): \(mismatch)") }
        }

        // A stack: BCK-1 → BCK-2 → BCK-3 → BCK-LOCK (back: blocked).
        let stack = try model(start: .bck1)
        let shownStack = ShownNavigation(binding(stack))
        stack.send(.next)
        stack.send(.next)
        shownStack.stepped()
        check("two screens pushed", shownStack, stack)
        shownStack.swipeBack()
        check("swipe back from BCK-3", shownStack, stack)
        stack.send(.next)
        shownStack.stepped()
        shownStack.linkPush(.hub)
        check("a link pushing HUB by itself", shownStack, stack)
        stack.send(.lock)
        shownStack.stepped()
        shownStack.swipeBack()
        check("swipe back on BCK-LOCK (back: blocked)", shownStack, stack)
        stack.send(.done)
        stack.send(.goBack)
        stack.send(.next)
        stack.send(.next)
        shownStack.stepped()
        shownStack.popToRoot()
        check("pop to the root from BCK-3", shownStack, stack)

        // Sheets: SHT-S closes when pulled down; SHT-LOCK (a modal with back: blocked) stays.
        let sheets = try model(start: .sht1)
        let shownSheets = ShownNavigation(binding(sheets))
        sheets.send(.open)
        shownSheets.stepped()
        check("a sheet opened", shownSheets, sheets)
        shownSheets.pullSheetDown()
        check("the sheet pulled down", shownSheets, sheets)
        sheets.send(.lock)
        shownSheets.stepped()
        shownSheets.pullSheetDown()
        check("the locked modal pulled down", shownSheets, sheets)
        return found
    }

    @Test func swipesAndSheetsFollowTheMachine() throws {
        #expect(try playGestures(Binding.model) == [])

        // What the machine did with each gesture.
        let model = try model(start: .bck1)
        let shown = ShownNavigation(.model(model))
        model.send(.next)
        model.send(.next)
        #expect(model.navigation == FlowNavigation(root: .bck1, path: [.bck2, .bck3]))
        shown.stepped()
        shown.swipeBack()
        #expect(model.screen == .bck2 && model.path == [.bck2])
        model.send(.next)
        model.send(.lock)
        #expect(model.path == [.bck2, .bck3, .bckLOCK] && !model.canGoBack)
        shown.stepped()
        shown.swipeBack()
        #expect(model.screen == .bckLOCK && shown.path == [.bck2, .bck3, .bckLOCK], "the refused pop is undone")
        model.send(.done)
        #expect(model.navigation == FlowNavigation(root: .bck1, path: [.bck2, .bck3, .bckLOCK, .hub]))

        let sheets = try self.model(start: .sht1)
        sheets.send(.lock)
        #expect(sheets.navigation == FlowNavigation(root: .sht1, path: [], sheet: FlowSheet(screen: .shtLOCK, backBlocked: true)))
        sheets.sheet = nil
        #expect(sheets.screen == .shtLOCK, "a modal with back: blocked stays")
        sheets.send(.unlock)
        sheets.send(.open)
        #expect(sheets.sheet == FlowSheet(screen: .shtS) && sheets.path == [])
        sheets.sheet = nil
        #expect(sheets.screen == .sht1 && sheets.sheet == nil)
    }

    /// Planted mistakes, each caught: a view that reads the navigation off the driver, redrawn when the machine
    /// changes but not told of a refusal (a push the machine refused stays on screen), and one that pops without
    /// telling the machine.
    @Test func plantedMistakesAreCaught() throws {
        let unobserved = try playGestures { model in
            Binding(path: { _ = model.machine; return model.driver.navigation.path }, setPath: { model.driver.popNavigation(to: $0) },
                    sheet: { _ = model.machine; return model.driver.navigation.sheet }, setSheet: { _ in model.driver.dismissSheet() })
        }
        #expect(unobserved == ["a link pushing HUB by itself: shows path [\"BCK-2\", \"BCK-3\", \"HUB\"], the machine is at [\"BCK-2\", \"BCK-3\"]"])

        let untold = try playGestures { model in
            Binding(path: { model.path }, setPath: { _ in }, sheet: { model.sheet }, setSheet: { _ in })
        }
        #expect(untold.contains("swipe back from BCK-3: shows path [\"BCK-2\"], the machine is at [\"BCK-2\", \"BCK-3\"]"), "\(untold)")
        #expect(untold.contains("the sheet pulled down: shows sheet none, the machine SHT-S"), "\(untold)")
    }

    /// Tempo's generated navigation: XC-COMPROMISED (pushed over any screen, `back: blocked`) and XC-LOCK (a modal,
    /// `back: blocked`) refuse the system back; the machine says so before a view tries.
    @Test func tempoBlocksBackWhereItsFlowsSay() throws {
        var machine = try TempoMachine()
        var effects: [TempoEffect] = []
        try machine.start(into: &effects)
        #expect(TempoNavigation(of: machine) == FlowNavigation(root: .onb000))
        #expect(!machine.canGoBack)
        try machine.send(.deviceCheckIntegrityCompromised, into: &effects)
        #expect(TempoNavigation(of: machine) == FlowNavigation(root: .onb000, path: [.xcCOMPROMISED]))
        #expect(!machine.canGoBack)
        #expect(try !machine.back(into: &effects) && machine.screen == .xcCOMPROMISED)
    }
}
