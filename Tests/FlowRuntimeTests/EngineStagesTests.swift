import FlowCompiler
import FlowIR
@_spi(Generated) import FlowMachine
@_spi(Generated) import FlowRuntime
import FlowSource
import FlowTestSupport
import Foundation
import Testing

/// The interpreter takes only the stages of the engine its app reaches, as the app's generated machine does
/// (FlowLowering derives them from the tables). Every scenario of every app must run exactly as it runs with
/// every stage on: same verdict, same trace. A stage left out of the derivation wrongly is caught here without
/// compiling any generated code (and again by the differential test, which runs the interpreter with every stage).
@Suite struct EngineStagesTests {
    static func apps() throws -> [App] {
        let root = packageRoot()
        let inputs = [root.appendingPathComponent("flows").path,
                      fixturesDirectory().appendingPathComponent("semantics").appendingPathComponent("input").path]
        let apps = compileCleanly(CompilerConfig(inputs: inputs, generatesOutputs: false), allowing: ["late-answer-unhandled"]).program.apps
        #expect(apps.count >= 5, "the four apps of flows/ and the semantics fixture")
        return apps
    }

    /// The first scenario that runs differently on the two programs, described; nil when none does.
    static func firstDifference(_ app: App, _ program: RuntimeProgram, _ reference: RuntimeProgram) -> String? {
        for scenario in app.scenarios {
            let taken = runScenario(scenario, of: program), full = runScenario(scenario, of: reference)
            if taken.passed != full.passed || taken.failure != full.failure {
                return "\(app.id) \(scenario.name): \(taken.failure?.message ?? "passed") with the derived stages, "
                    + "\(full.failure?.message ?? "passed") with every stage"
            }
            if let step = zip(taken.trace.steps, full.trace.steps).first(where: { $0.0 != $0.1 }) {
                return "\(app.id) \(scenario.name): step \(step.0.index) differs:\n\(step.0)\nwith every stage:\n\(step.1)"
            }
            if taken.trace.steps.count != full.trace.steps.count {
                return "\(app.id) \(scenario.name): \(taken.trace.steps.count) steps with the derived stages, \(full.trace.steps.count) with every stage"
            }
        }
        return nil
    }

    @Test func everyScenarioRunsAsWithEveryStage() throws {
        for app in try Self.apps() {
            let derived = RuntimeProgram(app: app)
            #expect(derived.features != .all || app.id == "semantics", "\(app.id) reaches every stage: nothing is left out to check")
            let difference = Self.firstDifference(app, derived, RuntimeProgram(app: app, engineStages: .all))
            #expect(difference == nil, "\(difference ?? "")")
        }
    }

    /// The check can fail: each stage the semantics fixture reaches, left out, changes some scenario's run. (Not
    /// `invariants`: the interpreter checks its invariants itself once a step is recorded, so the engine's stage is
    /// empty for it, and a generated machine's invariants are the differential test's to compare.)
    @Test func aStageLeftOutIsCaught() throws {
        let app = try #require(try Self.apps().first { $0.id == "semantics" })
        let reference = RuntimeProgram(app: app, engineStages: .all)
        let derived = RuntimeProgram(app: app).features
        let observable: [(EngineFeatures, String)] = [
            (.timers, "timers"), (.flowTimers, "flowTimers"), (.variantTimers, "variantTimers"), (.screenViews, "screenViews"),
            (.entryActions, "entryActions"), (.exitActions, "exitActions"), (.forms, "forms"), (.overlays, "overlays"),
            (.subflows, "subflows"), (.endings, "endings"), (.globalTransitions, "globalTransitions"), (.raisedEvents, "raisedEvents"),
            (.secretFields, "secretFields"),
        ]
        for (stage, name) in observable {
            #expect(derived.contains(stage), "the semantics fixture does not reach '\(name)'")
            let planted = RuntimeProgram(app: app, engineStages: derived.subtracting(stage))
            #expect(Self.firstDifference(app, planted, reference) != nil, "leaving out '\(name)' went unnoticed")
        }
    }
}
