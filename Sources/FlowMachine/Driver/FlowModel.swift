#if canImport(Observation)
import Observation

/// A `FlowDriver` for SwiftUI: `machine` is observed, so a view that reads `model.screen` or
/// `model.machine.errors` redraws after every step.
///
/// ```swift
/// @State var model = FlowModel(FlowDriver(try TempoMachine(), services: LiveServices()))
///
/// var body: some View {
///     switch model.screen {
///     case .wal008b: CardControlsView(model: model)
///     ...
///     }
/// }
/// ```
@available(macOS 14.0, iOS 17.0, tvOS 17.0, watchOS 10.0, *)
@Observable @MainActor
public final class FlowModel<Machine: FlowStateMachine> {
    /// The machine after the last step.
    public private(set) var machine: Machine
    @ObservationIgnored public let driver: FlowDriver<Machine>

    public init(_ driver: FlowDriver<Machine>) {
        self.driver = driver
        machine = driver.machine
        driver.onChange = { [weak self] machine in self?.machine = machine }
    }

    public var screen: Machine.Screen { machine.screen }
    /// Where the texts come from by key (the app's bundle: `FlowBundleTexts(bundle: .main, table: "Tempo")`).
    public var textLookup: any FlowTextLookup {
        get { machine.textLookup }
        set { driver.textLookup = newValue }
    }
    public func message(for field: Machine.Field) -> String? { machine.errors[field] }
    public func text(of field: Machine.Field) -> String {
        if case .text(let text)? = machine.input(field) { return text }
        return ""
    }

    // MARK: Navigation

    /// The stack and the sheet as they are now (`root`, `path`, `sheet`).
    public var navigation: FlowNavigation<Machine.Screen> {
        _ = refusals
        return FlowNavigation(of: machine)
    }

    /// `NavigationStack(path: $model.path)`: the screens over the root, the current one last. A pop by the person
    /// (a swipe back, the back button) is sent to the machine as `back`; where the machine refuses it (`back: blocked`,
    /// or a push a view made by itself) the path SwiftUI sees is the machine's again, so the pop is undone.
    public var path: [Machine.Screen] {
        get { navigation.path }
        set { if !driver.popNavigation(to: newValue) { refusals += 1 } }
    }

    /// `.sheet(item: $model.sheet)`: the screen presented as a sheet. Pulling it down is `back`; where the screen blocks
    /// back the sheet is presented again (and `sheet.backBlocked` says to set `.interactiveDismissDisabled()`).
    public var sheet: FlowSheet<Machine.Screen>? {
        get { navigation.sheet }
        set {
            // SwiftUI only ever sets nil (the sheet was dismissed); anything else is not the person's to decide.
            if newValue != nil || !driver.dismissSheet() { refusals += 1 }
        }
    }

    /// Whether `back` would move now (hide the back button where it is false).
    public var canGoBack: Bool { machine.canGoBack }

    /// Counts the navigation changes the machine refused: the views read it through `path` and `sheet`, so a refused
    /// pop makes them read the machine's navigation again even when the machine did not change.
    private var refusals = 0

    public func start() { driver.start() }
    public func send(_ event: Machine.Event) { driver.send(event) }
    @discardableResult public func back() -> Bool { driver.back() }
    /// Types into a field of the current screen; a field it does not show goes to `FlowSinks.failure`.
    public func fill(_ field: Machine.Field, text: String) { driver.fillReporting(field, text: text) }
}
#endif
