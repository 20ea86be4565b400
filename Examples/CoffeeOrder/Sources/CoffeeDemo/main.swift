import CoffeeFlow
import FlowMachine

/// How an app hosts a generated machine: a model object owns it, sends UI events in, performs the
/// effects that come out, and feeds service outcomes and due timers back in. A SwiftUI view would
/// observe `screen` (e.g. with @Observable); here a script plays the user.
@MainActor
final class OrderModel {
    private(set) var machine: CoffeeMachine
    private var effects: [CoffeeEffect] = []
    /// Timers the machine asked for, with the time left; a real app would use `Task.sleep`.
    private var timers: [TimerToken: Int] = [:]
    var log: [String] = []

    init() throws {
        machine = try CoffeeMachine()
        try machine.start(into: &effects)
        try perform()
    }

    var screen: CoffeeScreen { machine.screen }

    func send(_ event: CoffeeEvent) throws {
        try machine.send(event, into: &effects)
        try perform()
    }

    func fill(_ field: CoffeeField, _ value: String) throws {
        try machine.fill(field, .text(value))
    }

    /// Lets `milliseconds` pass, firing due timers in order.
    func wait(_ milliseconds: Int) throws {
        for (token, remaining) in timers.sorted(by: { $0.value < $1.value }) {
            if remaining <= milliseconds {
                timers[token] = nil
                try send(.timerFired(token: token))
            } else {
                timers[token] = remaining - milliseconds
            }
        }
    }

    /// Performs what the last step asked for; outcomes come back as events.
    private func perform() throws {
        while !effects.isEmpty {
            let batch = effects
            effects.removeAll(keepingCapacity: true)
            for effect in batch {
                switch effect {
                case .analytics(let event): log.append("analytics \(event.name)")
                case .toast(let text): log.append("toast \(text)")
                case .push(let text): log.append("push \(text)")
                case .startTimer(let token, let milliseconds): timers[token] = milliseconds
                case .cancelTimer(let token): timers[token] = nil
                case .call(.paymentsCharge(let drink)):
                    // A real app calls its payment SDK here and sends the outcome when it answers.
                    log.append("charging for \(drink)")
                    try machine.send(drink == "espresso" ? .paymentsChargeDeclined : .paymentsChargePaid, into: &effects)
                }
            }
        }
    }
}

@MainActor
func demo() throws {
    let model = try OrderModel()
    try model.send(.tapPay)
    print("without a drink:", model.machine.errors.map { "\($0.key.rawValue): \($0.value)" })
    try model.fill(.drink, "espresso")
    try model.send(.tapPay)
    try model.fill(.drink, "flat_white")
    try model.send(.tapPay)
    print("after paying:", model.screen.rawValue, model.screen.name, "brewing:", model.machine.isBrewing)
    try model.wait(30_000)
    print("after 30 s:", model.screen.rawValue, "cups:", model.machine.state.cups)
    print(model.log.joined(separator: "\n"))
}

try demo()
