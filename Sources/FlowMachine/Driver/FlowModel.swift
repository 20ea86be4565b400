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
    public func message(for field: Machine.Field) -> String? { machine.errors[field] }
    public func text(of field: Machine.Field) -> String {
        if case .text(let text)? = machine.input(field) { return text }
        return ""
    }

    public func start() { driver.start() }
    public func send(_ event: Machine.Event) { driver.send(event) }
    @discardableResult public func back() -> Bool { driver.back() }
    /// Types into a field of the current screen; a field it does not show goes to `FlowSinks.failure`.
    public func fill(_ field: Machine.Field, text: String) { driver.fillReporting(field, text: text) }
}
#endif
