import FlowMachine
import TempoCards

/// Plays a person freezing their card, then ordering the physical card, through `FlowDriver`: the host
/// code is `DemoServices` (the generated `CardsServices` protocol) and the sinks below, nothing else.
@MainActor
final class Demo {
    let services = DemoServices(failFreezeChanges: 1)
    var driver: FlowDriver<CardsMachine>!

    func run() async throws {
        let sinks = FlowSinks(analytics: { print("  analytics  \($0.name)") },
                              push: { print("  push       \($0)") },
                              toast: { print("  toast      \($0)") },
                              failure: { print("  FAILURE    \($0)") })
        driver = FlowDriver(try CardsMachine(), services: services, sinks: sinks)
        driver.start()
        try show()

        // Freeze: WAL-011 asks first. Equals refuses the first change (the card shows unfrozen again, with a
        // toast), then confirms the second; unfreezing needs no confirmation.
        try await send(.toggleFreeze)
        try await send(.tapFreeze)
        try await send(.toggleFreeze)
        try await send(.tapFreeze)
        try await send(.toggleFreeze)

        // The physical card order, WAL-013a → WAL-013h.
        try await send(.tapOrderPhysicalCard)
        try await fill(.payWith, "balance")
        try await send(.tapContinue)
        try await fill(.payWith, "other_card")
        try await send(.tapContinue)
        // A swipe back on WAL-013b, as `NavigationStack(path: $model.path)` reports it: the path without its last
        // screen, sent to the machine as `back`.
        swipeBack()
        try await send(.tapContinue)
        try await send(.tapChangeAddress)
        try await fill(.postcode, "NN12 8TN")
        try await send(.tapFindAddress)
        let address = try requireFirst(driver.machine.state.addressResults)
        try await send(.addressSelected(address: address))
        try await send(.tapConfirmAddress)
        try await send(.tapContinue)
        try await fill(.pin, "480317")
        try await send(.pinEntered)
        try await fill(.pinConfirm, "480318")
        try await send(.pinEntered)
        try await send(.tapTryAgain)
        try await fill(.pin, "480317")
        try await send(.pinEntered)
        try await fill(.pinConfirm, "480317")
        try await send(.pinEntered)
        print("  texts      \(driver.machine.texts().map { "\($0.key.rawValue): \($0.value)" }.sorted().joined(separator: "; "))")
        try await send(.tapDone)
        print("physical card: \(driver.machine.state.physicalCard), paid with: \(driver.machine.state.physicalCardPayWith.map(\.rawValue) ?? "-")")
    }

    func send(_ event: CardsEvent) async throws {
        print("send \(event.name)")
        driver.send(event)
        await driver.idle()   // every call the step made has answered, and its outcome's step ran
        try show()
    }

    func swipeBack() {
        print("swipe back")
        let taken = driver.popNavigation(to: Array(driver.navigation.path.dropLast()))
        print("  screen     \(driver.machine.screen.rawValue) \(driver.machine.screen.name)\(taken ? "" : " (back refused: the pop is undone)")")
        printNavigation()
    }

    func printNavigation() {
        let navigation = driver.navigation
        var line = "  stack      " + navigation.stack.map(\.rawValue).joined(separator: " > ")
        if let sheet = navigation.sheet { line += ", sheet \(sheet.screen.rawValue)" + (sheet.backBlocked ? " (back blocked)" : "") }
        print(line)
    }

    func fill(_ field: CardsField, _ text: String) async throws {
        print("fill \(field.rawValue) = \(text)")
        try driver.fill(field, text: text)
    }

    func show() throws {
        let machine = driver.machine
        var line = "  screen     \(machine.screen.rawValue) \(machine.screen.name)"
        if let variant = machine.variant() { line += " [\(variant.rawValue)]" }
        print(line)
        printNavigation()
        for (field, message) in machine.errors.sorted(by: { $0.key.rawValue < $1.key.rawValue }) { print("  error      \(field.rawValue): \(message)") }
    }
}

/// The first element, or an error saying the list was empty.
func requireFirst<T>(_ list: [T]) throws -> T {
    guard let first = list.first else { throw FlowFailure("the postcode lookup found no address") }
    return first
}

try await Demo().run()
