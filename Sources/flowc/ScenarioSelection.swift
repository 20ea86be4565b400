import FlowIR
import FlowRuntime
import FlowSource

/// Refuses `--scenario` patterns that name no scenario of `app`, with the closest name when one is near: a typo
/// must not pass as "0 scenarios, all fine".
func requireScenarios(matching patterns: [String], in app: App) {
    requireScenarios(matching: patterns, in: [app])
}

/// As above, over several apps: a pattern must match a scenario of at least one of them.
func requireScenarios(matching patterns: [String], in apps: [App]) {
    let names = apps.flatMap { $0.scenarios.map(\.name) }
    let missing = ScenarioFilter(patterns).unmatched(among: names)
    guard let first = missing.first else { return }
    let appList = apps.map { "'\($0.id)'" }.joined(separator: ", ")
    let suggestion = first.contains("*") || first.contains("?") ? nil : closestMatch(to: first, among: names)
    refuse("no scenario of \(appList) matches '\(first)'"
                          + (suggestion.map { "; did you mean '\($0)'?" } ?? "; 'flowc test\(apps.count == 1 ? " \(apps[0].id)" : "")' lists them all"))
}
