@_spi(Generated) import FlowMachine

extension Interpreter {
    /// The calls the engine waits for (operations with a `timeout:` or a `when_left:`), oldest first, each with the
    /// screen its answer arrives on: what a generated machine's `waitingCalls` lists, for the differential test.
    /// (`pendingCalls` also holds the calls of other operations, which `flowc run` lets a person answer.)
    public var waitingCalls: [(operation: String, screen: String)] {
        engine.pendingCalls.map { call in
            let operation = tables.strings[Int(tables.callPolicies[Int(call.policy)].operation)]
            let screen = call.screen < 0 ? engine.screenNumber : call.screen
            return (operation, tables.strings[Int(tables.screenIDs[Int(screen)])])
        }
    }
}
