import FlowExplore
import FlowIR
import FlowReports
import FlowRuntime

/// The bounds of the exploration `flowc build` runs for an app's properties: small enough to cost a few seconds per
/// app, counted (never timed), so the reports are the same on every machine. The search starts from the launch and
/// from every state the scenarios pass through, so a shallow depth reaches deep into the app. `flowc explore` goes further.
public let buildExplorationBounds = ExploreBounds(depth: 4, states: 4_000, steps: 50_000)

/// Each property of the app with what a bounded exploration found: held on every step (and how far it went), or the
/// violation. None for an app without properties (nothing is explored).
public func propertyVerdicts(of program: RuntimeProgram, bounds: ExploreBounds = buildExplorationBounds) -> [String: PropertyVerdict] {
    let app = program.app
    guard !app.properties.isEmpty else { return [:] }
    let result = explore(program, bounds: bounds)
    var verdicts: [String: PropertyVerdict] = [:]
    for property in app.properties {
        if let broken = result.violations.first(where: { $0.kind == .property(property.name) }) {
            verdicts[property.name] = PropertyVerdict(held: false, evidence: broken.message + "; run 'flowc explore \(app.id)' for the counterexample scenario")
        } else {
            verdicts[property.name] = PropertyVerdict(held: true, evidence: result.evidenceText)
        }
    }
    return verdicts
}
