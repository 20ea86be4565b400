import Foundation
import FlowIR
import FlowSource

/// `inventory.json`: a machine-readable list of everything each app declares.
///
/// Documented in docs/inventory.md; keys are stable and sorted, arrays are in declaration order.
struct Inventory: Encodable {
    struct AppEntry: Encodable {
        var name: String
        var seed: String?
        var currency: String
        var locale: String
        var files: [String]
        var flows: [FlowEntry]
        var screens: [ScreenEntry]
        var transitions: [TransitionEntry]
        var fields: [FieldEntry]
        var services: [ServiceEntry]
        var criteria: [CriterionEntry]
        var scenarios: [String]
        var questions: [QuestionEntry]
        var counts: [String: Int]
    }
    struct FlowEntry: Encodable {
        var name: String
        var title: String?
        var start: String?
        var screens: Int
        var outcomes: [String]
    }
    struct ScreenEntry: Encodable {
        var id: String
        var name: String
        var flow: String
        var presentation: String
        var terminal: Bool
        var variants: [String]
        var analytics: String?
        var location: String
    }
    struct TransitionEntry: Encodable {
        var from: String
        var event: String
        var to: String
        var kind: String
        var guardExpression: String?
        var global: Bool

        enum CodingKeys: String, CodingKey {
            case from, event, to, kind, global
            case guardExpression = "guard"
        }
    }
    struct RuleEntry: Encodable {
        var rule: String
        var message: String
        /// The rule's `when:` condition; absent when the rule always applies.
        var when: String?
    }
    struct FieldEntry: Encodable {
        var screen: String
        var field: String
        var type: String
        var required: Bool
        var rules: [RuleEntry]
    }
    struct ServiceEntry: Encodable {
        var name: String
        var operations: [String: [String]]
    }
    struct CriterionEntry: Encodable {
        var id: String
        var text: String
        var verification: String
        var screens: [String]
        var evidence: [String]
        var reason: String?
    }
    struct QuestionEntry: Encodable {
        var id: String
        var text: String
        var assumption: String
    }

    var version = 1
    var apps: [String: AppEntry]
}

/// Renders `inventory.json` for all apps.
func renderInventory(_ program: FlowProgram) -> OutputFile {
    var apps: [String: Inventory.AppEntry] = [:]
    for app in program.apps {
        apps[app.id] = inventoryEntry(for: app)
    }
    return OutputFile(path: "inventory.json", contents: sortedJSON(Inventory(apps: apps)))
}

func inventoryEntry(for app: App) -> Inventory.AppEntry {
    let screenID = { (index: Int) in app.screens.indices.contains(index) ? app.screens[index].id : "?" }
    var transitions: [Inventory.TransitionEntry] = []
    func add(_ transition: Transition, from screen: Screen, global: Bool) {
        let (to, kind): (String, String) = switch transition.target {
        case .screen(let index): (screenID(index), "screen")
        case .overlay(let index): (screenID(index), "overlay")
        case .back: ("back", "back")
        case .subflow(let flow, _): (screenID(app.flows[flow].start), "flow")
        case .end(let outcome): ("end:\(outcome)", "end")
        case .stay: (screen.id, "stay")
        }
        transitions.append(.init(from: screen.id, event: transition.event, to: to, kind: kind,
                                 guardExpression: transition.conditionSource, global: global))
        if case .subflow(_, let returns) = transition.target {
            for entry in returns {
                for inner in entry.transitions {
                    var copy = inner
                    copy.event = "\(app.flows[flowIndex(of: transition)].name).\(entry.outcome)"
                    add(copy, from: screen, global: global)
                }
            }
        }
    }
    func flowIndex(of transition: Transition) -> Int {
        if case .subflow(let flow, _) = transition.target { return flow }
        return 0
    }
    for screen in app.screens {
        let own = Set(screen.transitions.map(\.event))
        for transition in screen.transitions { add(transition, from: screen, global: false) }
        for timer in screen.timers { for transition in timer.transitions { add(transition, from: screen, global: false) } }
        let flow = app.flows[screen.flow]
        for transition in flow.globalTransitions where !own.contains(transition.event) { add(transition, from: screen, global: true) }
        for timer in flow.globalTimers { for transition in timer.transitions { add(transition, from: screen, global: true) } }
        for timer in app.recurringTimers { for transition in timer.transitions { add(transition, from: screen, global: true) } }
    }
    let fields = app.screens.flatMap { screen in
        screen.fields.map { field in
            Inventory.FieldEntry(screen: screen.id, field: field.name, type: field.kind.name, required: field.isRequired,
                                 rules: field.rules.map { .init(rule: $0.name, message: $0.message, when: $0.conditionSource) })
        }
    }
    let criteria = app.criteria.map { criterion in
        let (evidence, reason): ([String], String?) = switch criterion.verification {
        case .scenarios(let indices): (indices.map { app.scenarios[$0].name }, nil)
        case .invariant(let index): ([app.invariants[index].name], nil)
        case .property(let index): ([app.properties[index].name], nil)
        case .staticProof(let verdict): ([verdict.proof.rawValue], nil)
        case .notAutomatable(let reason): ([], reason)
        case .unverified: ([], nil)
        }
        let property = criterion.propertyBeside.map { app.properties[$0].name }
        return Inventory.CriterionEntry(id: criterion.id, text: criterion.text, verification: criterion.verification.kindName + (property == nil ? "" : "+property"),
                                        screens: criterion.screens.map(screenID), evidence: evidence + (property.map { [$0] } ?? []), reason: reason)
    }
    let ruleCount = app.screens.reduce(0) { $0 + $1.fields.reduce(0) { $0 + $1.rules.count } }
    return Inventory.AppEntry(
        name: app.name, seed: app.seed, currency: app.currency, locale: app.locale, files: app.files,
        flows: app.flows.map { .init(name: $0.name, title: $0.title, start: $0.start >= 0 ? screenID($0.start) : nil, screens: $0.screens.count, outcomes: $0.outcomes) },
        screens: app.screens.map { screen in
            .init(id: screen.id, name: screen.name, flow: app.flows[screen.flow].name, presentation: screen.presentation.rawValue,
                  terminal: screen.terminal, variants: screen.variants.map(\.name), analytics: screen.analytics,
                  location: "\(screen.range.file):\(screen.range.start.line)")
        },
        transitions: transitions,
        fields: fields,
        services: app.services.map { service in
            .init(name: service.name, operations: Dictionary(uniqueKeysWithValues: service.operations.map { ($0.name, $0.outcomes.map(\.name)) }))
        },
        criteria: criteria,
        scenarios: app.scenarios.map(\.name),
        questions: app.questions.map { .init(id: $0.id, text: $0.text, assumption: $0.assumption) },
        counts: ["screens": app.screens.count, "transitions": transitions.count, "fields": fields.count, "rules": ruleCount,
                 "criteria": app.criteria.count, "scenarios": app.scenarios.count, "questions": app.questions.count])
}
