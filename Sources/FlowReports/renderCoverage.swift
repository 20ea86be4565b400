import FlowIR

/// The shape of `coverage.json`.
struct CoverageDocument: Encodable {
    struct Count: Encodable { var covered: Int; var total: Int }
    struct ScreenEntry: Encodable { var id: String; var name: String; var flow: String; var location: String; var visited: Bool }
    struct VariantEntry: Encodable { var screen: String; var variant: String; var seen: Bool }
    struct RowGestureEntry: Encodable { var screen: String; var list: String; var gesture: String; var event: String; var location: String; var performed: Bool }
    struct TransitionEntry: Encodable {
        var name: String
        var flow: String
        var screen: String?
        var event: String
        var alternative: Int
        var global: Bool
        var condition: String?
        var location: String
        var taken: Bool
    }
    struct GuardEntry: Encodable { var transition: String; var source: String; var location: String; var seenTrue: Bool; var seenFalse: Bool }
    struct RuleEntry: Encodable {
        var screen: String; var field: String; var rule: String; var message: String; var location: String
        var seenPassing: Bool; var seenFailing: Bool
    }
    struct OutcomeEntry: Encodable { var event: String; var location: String; var taken: Bool }
    /// Outcomes of a call that the screen the answer arrives on does not handle (ignored at run time).
    struct UnhandledEntry: Encodable { var screen: String; var operation: String; var outcomes: [String]; var location: String }
    struct EffectEntry: Encodable { var kind: String; var value: String; var location: String?; var emitted: Int }
    struct UncoveredEntry: Encodable { var kind: String; var name: String; var location: String? }
    var app: String
    var summary: [String: Count]
    var screens: [ScreenEntry]
    var variants: [VariantEntry]
    var rowGestures: [RowGestureEntry]
    var transitions: [TransitionEntry]
    var guards: [GuardEntry]
    var rules: [RuleEntry]
    var serviceOutcomes: [OutcomeEntry]
    var unhandledOutcomes: [UnhandledEntry]
    var effects: [EffectEntry]
    var uncovered: [UncoveredEntry]
}

/// Renders `coverage.json`: every item with whether the traces exercised it, and the uncovered list.
func renderCoverageJSON(_ coverage: CoverageReport, app: App) -> [UInt8] {
    var summary: [String: CoverageDocument.Count] = [:]
    for entry in coverage.summary { summary[entry.kind.replacingSpaces()] = .init(covered: entry.covered, total: entry.total) }
    let document = CoverageDocument(
        app: app.id,
        summary: summary,
        screens: coverage.screens.map {
            .init(id: $0.screen.id, name: $0.screen.name, flow: app.flows[$0.screen.flow].name, location: location($0.screen.range), visited: $0.visited)
        },
        variants: coverage.variants.map { .init(screen: $0.screen, variant: $0.variant, seen: $0.seen) },
        rowGestures: coverage.rowGestures.map {
            .init(screen: $0.screen, list: $0.list, gesture: $0.gesture, event: $0.event, location: location($0.range), performed: $0.performed)
        },
        transitions: coverage.transitions.map { item in
            .init(name: item.name(in: app), flow: app.flows[item.flow].name, screen: item.screen.map { app.screens[$0].id }, event: item.event,
                  alternative: item.alternative, global: item.screen == nil, condition: item.transition.conditionSource,
                  location: location(item.transition.range), taken: item.taken)
        },
        guards: coverage.guards.map { item in
            let transition = coverage.transitions[item.transition]
            return .init(transition: transition.name(in: app), source: item.source, location: location(transition.transition.range),
                         seenTrue: item.seenTrue, seenFalse: item.seenFalse)
        },
        rules: coverage.rules.map {
            .init(screen: $0.screen, field: $0.field, rule: $0.rule.name, message: $0.rule.message, location: location($0.rule.range),
                  seenPassing: $0.seenPassing, seenFailing: $0.seenFailing)
        },
        serviceOutcomes: coverage.outcomes.map { .init(event: $0.event, location: location($0.range), taken: $0.taken) },
        unhandledOutcomes: app.unhandledOutcomes().map {
            .init(screen: app.screens[$0.screen].id, operation: operationName($0, in: app), outcomes: $0.outcomes, location: location($0.call))
        },
        effects: coverage.effects.map { .init(kind: $0.kind, value: $0.value, location: $0.range.map(location), emitted: $0.count) },
        uncovered: coverage.uncovered(in: app).map { .init(kind: $0.kind, name: $0.name, location: $0.range.map(location)) })
    return renderJSON(document)
}

/// Renders `coverage.md`: totals, every uncovered item with its `file:line`, a Mermaid state diagram
/// per flow, and the detail tables.
func renderCoverageMarkdown(_ coverage: CoverageReport, app: App) -> [UInt8] {
    let yes = "✅"
    let no = "❌"
    var lines: [String] = []
    lines.append("# Coverage report: \(escapeMarkdown(app.name)) (`\(app.id)`)")
    lines.append("")
    lines.append("What the scenario traces exercised. Every item no scenario reached is listed under **Uncovered** with where it is declared.")
    lines.append("")
    lines.append("| Item | Covered | Total |")
    lines.append("| --- | ---: | ---: |")
    for entry in coverage.summary { lines.append("| \(entry.kind.prefix(1).uppercased() + entry.kind.dropFirst()) | \(entry.covered) | \(entry.total) |") }
    lines.append("")
    lines.append("## Uncovered")
    lines.append("")
    let uncovered = coverage.uncovered(in: app)
    if uncovered.isEmpty { lines.append("_Nothing: every item was exercised._") }
    for item in uncovered {
        lines.append("- \(item.kind): \(escapeMarkdown(item.name))" + (item.range.map { " (\(markdownCode(location($0))))" } ?? ""))
    }
    lines.append("")
    lines.append("## Flows")
    lines.append("")
    for index in app.flows.indices {
        let flow = app.flows[index]
        lines.append("### \(escapeMarkdown(flow.title ?? flow.name)) (`\(flow.name)`)")
        lines.append("")
        lines.append("```mermaid")
        lines.append(contentsOf: renderMermaid(FlowDiagram(flow: index, app: app, coverage: coverage)))
        lines.append("```")
        lines.append("")
    }
    lines.append("## Screens")
    lines.append("")
    lines.append("| Screen | Name | Flow | Visited | Declared at |")
    lines.append("| --- | --- | --- | :---: | --- |")
    for item in coverage.screens {
        lines.append("| \(markdownCellCode(item.screen.id)) | \(escapeMarkdown(item.screen.name)) | \(markdownCellCode(app.flows[item.screen.flow].name)) | "
                     + "\(item.visited ? yes : no) | \(markdownCellCode(location(item.screen.range))) |")
    }
    lines.append("")
    if !coverage.variants.isEmpty {
        lines.append("## Variants")
        lines.append("")
        lines.append("| Screen | Variant | Seen |")
        lines.append("| --- | --- | :---: |")
        for item in coverage.variants { lines.append("| \(markdownCellCode(item.screen)) | \(markdownCellCode(item.variant)) | \(item.seen ? yes : no) |") }
        lines.append("")
    }
    if !coverage.rowGestures.isEmpty {
        lines.append("## Row gestures")
        lines.append("")
        lines.append("| Screen | List | Gesture | Event | Performed | Declared at |")
        lines.append("| --- | --- | --- | --- | :---: | --- |")
        for item in coverage.rowGestures {
            lines.append("| \(markdownCellCode(item.screen)) | \(markdownCellCode(item.list)) | \(markdownCellCode(item.gesture)) | \(markdownCellCode(item.event)) | "
                         + "\(item.performed ? yes : no) | \(markdownCellCode(location(item.range))) |")
        }
        lines.append("")
    }
    lines.append("## Transitions")
    lines.append("")
    lines.append("| Transition | Guard | Taken | Declared at |")
    lines.append("| --- | --- | :---: | --- |")
    for item in coverage.transitions {
        lines.append("| \(markdownCellCode(item.name(in: app))) | \(item.transition.conditionSource.map(markdownCellCode) ?? "") | \(item.taken ? yes : no) | "
                     + "\(markdownCellCode(location(item.transition.range))) |")
    }
    lines.append("")
    if !coverage.guards.isEmpty {
        lines.append("## Guards")
        lines.append("")
        lines.append("| Transition | Guard | Seen true | Seen false |")
        lines.append("| --- | --- | :---: | :---: |")
        for item in coverage.guards {
            lines.append("| \(markdownCellCode(coverage.transitions[item.transition].name(in: app))) | \(markdownCellCode(item.source)) | "
                         + "\(item.seenTrue ? yes : no) | \(item.seenFalse ? yes : no) |")
        }
        lines.append("")
    }
    if !coverage.rules.isEmpty {
        lines.append("## Validation rules")
        lines.append("")
        lines.append("| Screen | Field | Rule | Message | Seen passing | Seen failing | Declared at |")
        lines.append("| --- | --- | --- | --- | :---: | :---: | --- |")
        for item in coverage.rules {
            lines.append("| \(markdownCellCode(item.screen)) | \(markdownCellCode(item.field)) | \(markdownCellCode(item.rule.name)) | \(escapeMarkdown(item.rule.message)) | "
                         + "\(item.seenPassing ? yes : no) | \(item.seenFailing ? yes : no) | \(markdownCellCode(location(item.rule.range))) |")
        }
        lines.append("")
    }
    if !coverage.outcomes.isEmpty {
        lines.append("## Service outcomes")
        lines.append("")
        lines.append("| Outcome event | Exercised |")
        lines.append("| --- | :---: |")
        for item in coverage.outcomes { lines.append("| \(markdownCellCode(item.event)) | \(item.taken ? yes : no) |") }
        lines.append("")
    }
    let unhandled = app.unhandledOutcomes()
    if !unhandled.isEmpty {
        lines.append("## Unhandled service outcomes")
        lines.append("")
        lines.append("Answers that arrive on a screen with no transition for them (nor in its flow or the app): ignored at run time.")
        lines.append("")
        lines.append("| Screen | Operation | Unhandled outcomes | Called at |")
        lines.append("| --- | --- | --- | --- |")
        for item in unhandled {
            lines.append("| \(markdownCellCode(app.screens[item.screen].id)) | \(markdownCellCode(operationName(item, in: app))) | "
                         + "\(item.outcomes.map(markdownCellCode).joined(separator: ", ")) | \(markdownCellCode(location(item.call))) |")
        }
        lines.append("")
    }
    if !coverage.effects.isEmpty {
        lines.append("## Effects")
        lines.append("")
        lines.append("| Kind | Value | Emitted | Declared at |")
        lines.append("| --- | --- | ---: | --- |")
        for item in coverage.effects {
            lines.append("| \(item.kind) | \(escapeMarkdown(item.value)) | \(item.count) | \(item.range.map { markdownCellCode(location($0)) } ?? "") |")
        }
        lines.append("")
    }
    while lines.last == "" { lines.removeLast() }
    return Array((lines.joined(separator: "\n") + "\n").utf8)
}

extension String {
    /// `guard outcomes` → `guardOutcomes`, for JSON keys.
    fileprivate func replacingSpaces() -> String {
        let words = split(separator: " ")
        guard let first = words.first else { return self }
        return String(first) + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}

/// `service.operation` of an unhandled-outcomes item.
func operationName(_ item: UnhandledOutcomes, in app: App) -> String {
    let service = app.services[item.service]
    return "\(service.name).\(service.operations[item.operation].name)"
}
