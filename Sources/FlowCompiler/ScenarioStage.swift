import Foundation
import FlowLowering
import FlowRuntime

/// One scenario's result and how long it took to run (wall clock, never written to a report: reports stay
/// byte-identical from run to run).
public struct TimedScenarioResult: Sendable {
    public var result: ScenarioResult
    public var milliseconds: Double
}

/// The scenario part of the acceptance stage on its own, for `flowc test --scenario`: runs the scenarios of the
/// lowered app that `filter` names (all without one), in declaration order, on one program, each timed.
public func runScenarios(_ lowered: LoweredApp, matching filter: ScenarioFilter? = nil) -> [TimedScenarioResult] {
    runScenarios(of: RuntimeProgram(lowered: lowered), matching: filter)
}

/// As above, on a program already made from the lowered app (the acceptance stage shares it with the properties, the
/// studio with its sessions).
public func runScenarios(of program: RuntimeProgram, matching filter: ScenarioFilter? = nil) -> [TimedScenarioResult] {
    program.app.scenarios.filter { filter?.matches($0.name) ?? true }.map { scenario in
        let started = DispatchTime.now().uptimeNanoseconds
        let result = runScenario(scenario, of: program)
        return TimedScenarioResult(result: result, milliseconds: Double(DispatchTime.now().uptimeNanoseconds - started) / 1_000_000)
    }
}
