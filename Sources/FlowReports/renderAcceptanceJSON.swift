import FlowIR

/// The shape of `acceptance.json`.
struct AcceptanceDocument: Encodable {
    struct Count: Encodable { var visited: Int; var total: Int }
    struct Coverage: Encodable { var screens: Count; var transitions: Count }
    struct Evidence: Encodable {
        var scenario: String
        var ran: Bool
        /// Whether the scenario passed: a run that failed is never `true`, whatever criterion it is listed under.
        var passed: Bool
        /// For an invariant criterion: whether the run kept the invariants (up to its failure, if it failed otherwise).
        var keptInvariants: Bool?
    }
    struct Mutation: Encodable { var killed: Int; var mutants: Int; var explained: Int?; var unexplained: Int }
    struct Criterion: Encodable {
        var id: String
        var text: String
        var section: String?
        var status: String
        /// The status as the other reports word it: `passed · 23 of 26 changes caught` when survivors are unexplained.
        var statusText: String
        var verification: String
        var invariant: String?
        var reason: String?
        /// The part only a device can check, when the evidence proves the rest.
        var notAutomatablePart: String?
        /// Why a rule-like criterion has no property checked on every explored path.
        var noProperty: String? = nil
        var screens: [String]
        var transitions: [String]
        var location: String
        var evidence: [Evidence]
        var mutation: Mutation?
        /// For a property: how far `flowc explore` went and that it held, or what broke it.
        var exploration: String? = nil
        /// A property checked beside the scenarios or invariant (`exploration` is then its verdict).
        var property: String? = nil
    }
    struct Failure: Encodable {
        var step: Int
        var location: String
        var message: String
    }
    struct ScenarioEntry: Encodable {
        var name: String
        var description: String?
        var ran: Bool
        var passed: Bool
        var failure: Failure?
        var location: String
    }
    struct Question: Encodable {
        var id: String
        var text: String
        var section: String?
        var assumption: String
        var location: String
    }
    var app: String
    var name: String
    var summary: [String: Int]
    var criteria: [Criterion]
    /// IDs of the passed criteria that leave unexplained survivors, weakest first.
    var weakest: [String]
    var scenarios: [ScenarioEntry]
    var coverage: Coverage
    var questions: [Question]
    /// The seed document traced sentence by sentence (absent when the app has no `requirements:`).
    var traceability: TraceabilityDocument?
}

/// Renders `acceptance.json`: every criterion with its status and evidence, every scenario, coverage totals and open questions.
func renderAcceptanceJSON(_ report: AcceptanceReport) -> [UInt8] {
    let app = report.app
    let screenID = { (index: Int) in app.screens.indices.contains(index) ? app.screens[index].id : "#\(index)" }
    var summary: [String: Int] = [:]
    for entry in report.counts { summary[entry.status.rawValue] = entry.count }
    let document = AcceptanceDocument(
        app: app.id,
        name: app.name,
        summary: summary,
        criteria: report.criteria.map { item in
            AcceptanceDocument.Criterion(
                id: item.criterion.id, text: item.criterion.text, section: item.criterion.section, status: item.status.rawValue,
                statusText: item.displayStatus, verification: item.verification, invariant: item.invariant, reason: item.reason,
                notAutomatablePart: item.criterion.notAutomatablePart,
                noProperty: item.criterion.noPropertyReason,
                screens: item.criterion.screens.map(screenID),
                transitions: item.criterion.transitions.map { "\(screenID($0.screen)) \($0.event)" },
                location: location(item.criterion.range),
                evidence: item.evidence.map { evidence in
                    .init(scenario: evidence.scenario, ran: evidence.ran, passed: evidence.scenarioPassed,
                          keptInvariants: item.verification == "invariant" ? evidence.passed : nil)
                },
                mutation: item.mutation.map {
                    .init(killed: $0.killed, mutants: $0.mutants, explained: $0.killed < $0.mutants ? $0.explained : nil, unexplained: $0.unexplained)
                },
                exploration: item.exploration, property: item.propertyBeside)
        },
        weakest: report.weakest.map(\.criterion.id),
        scenarios: report.scenarios.map { entry in
            AcceptanceDocument.ScenarioEntry(
                name: entry.scenario.name, description: entry.scenario.description, ran: entry.result != nil,
                passed: entry.result?.passed ?? false,
                failure: entry.result?.failure.map { .init(step: $0.step, location: location($0.range), message: $0.message) },
                location: location(entry.scenario.range))
        },
        coverage: .init(screens: .init(visited: report.coverage.screensVisited, total: report.coverage.screens.count),
                        transitions: .init(visited: report.coverage.transitionsTaken, total: report.coverage.transitions.count)),
        questions: app.questions.map {
            .init(id: $0.id, text: $0.text, section: $0.section, assumption: $0.assumption, location: location($0.range))
        },
        traceability: report.traceability.map { TraceabilityDocument($0, app: app) })
    return renderJSON(document)
}
