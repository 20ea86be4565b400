import FlowIR
import FlowRuntime
import FlowSource

/// Per criterion, per section and per flow: how many of the mutants that touch it its evidence kills.
///
/// A mutant touches a criterion when it edits one of the criterion's transitions (for a flow-global
/// transition: the same event on a screen of that flow) or one of its screens: anything on it (fields,
/// rules, entry and exit, transitions and timers), except that when the criterion also names
/// transitions of that screen, its other transitions are left out; for a criterion verified by an invariant, the
/// mutant must also change an action list or transition that writes a variable the invariant reads
/// (directly or through derived values). A criterion verified by scenarios kills a
/// mutant when one of those scenarios fails on it; one verified by an invariant kills it when a
/// scenario stops because that invariant broke.
public struct MutationReport: Sendable {
    public struct CriterionScore: Sendable {
        public var id: String
        public var section: String?
        /// Whether the criterion passes on the app as written (all its evidence passes).
        public var passed: Bool
        /// `scenarios` or `invariant`; criteria without automated evidence are not scored.
        public var verification: String
        public var touching: [Int]
        public var killed: [Int]
        public var survivors: [Int] { touching.filter { !killed.contains($0) } }
        /// Survivors the criterion's `survivors:` explains, with the reason, by mutant number.
        public var explained: [Int: String] = [:]
        /// Explanations that no longer fit: the key names no mutant touching the criterion, or its mutants are
        /// killed now (a complete run only; a partial one may simply not have run them).
        /// Explanations the run proves untrue (`false-survivor-explanation`): they name a scenario or criterion that does not
        /// catch the change, claim another scenario does without naming it, or call a change equivalent without saying why.
        /// Their survivors count as unexplained.
        public var staleNotes: [(note: AcceptanceCriterion.SurvivorNote, problem: String, code: String)] = []
        /// Survivors with no explanation.
        public var unexplained: [Int] { survivors.filter { explained[$0] == nil } }
    }
    public struct Tally: Sendable {
        public var name: String
        public var mutants: Int
        public var killed: Int
    }

    public var run: MutationRun
    public var criteria: [CriterionScore]
    /// Per criterion section (criterion–mutant pairs), in order of first appearance.
    public var sections: [Tally]
    /// Per flow: the mutants editing it, killed by any scenario.
    public var flows: [Tally]

    public var killedCount: Int { run.results.filter(\.killed).count }

    /// One warning per `survivors:` entry that explains no surviving mutant (`stale-survivor-explanation`), at the
    /// entry; a complete run only.
    public var staleExplanations: [Diagnostic] {
        criteria.flatMap { score in
            score.staleNotes.map { Diagnostic.warning($0.code, "survivor '\($0.note.mutant)' \($0.problem)", at: $0.note.range) }
        }
    }

    /// One warning per criterion whose `concerns:` name only screens none of its scenarios ever reaches
    /// (`unreached-concerns`): its evidence cannot read what it says the criterion is about, so no change there can be caught.
    public var unreachedConcerns: [Diagnostic] = []

    /// What `flowc mutate` prints: the stale and false explanations, then the criteria whose concerns their evidence never reaches.
    public var warnings: [Diagnostic] { staleExplanations + unreachedConcerns }

    public init(run: MutationRun) {
        self.run = run
        let app = run.app
        var criteria: [CriterionScore] = []
        for criterion in app.criteria {
            if let concerns = criterion.concerns, !concerns.isEmpty, case .scenarios(let indices) = criterion.verification,
               !indices.isEmpty, indices.allSatisfy({ run.baseline.indices.contains($0) && run.baseline[$0].passed }) {
                let reached = indices.reduce(into: Set<String>()) { $0.formUnion(screensVisited(by: run.baseline[$1].trace)) }
                let named = concerns.filter { app.screens.indices.contains($0.screen) }
                if !named.isEmpty, !named.contains(where: { reached.contains(app.screens[$0.screen].id) }) {
                    let list = named.map { [app.screens[$0.screen].id, $0.part?.text].compactMap { $0 }.joined(separator: " ") }
                    unreachedConcerns.append(.warning("unreached-concerns",
                        "criterion '\(criterion.id)' concerns \(list.map { "'\($0)'" }.joined(separator: ", ")), but none of its scenarios reaches "
                        + "\(named.count == 1 ? "that screen" : "those screens"); name what its scenarios check, or add a scenario that gets there",
                        at: criterion.range))
                }
            }
            var verification: String
            var passed: Bool
            var kills: (MutantResult) -> Bool
            switch criterion.verification {
            case .scenarios(let indices):
                verification = "scenarios"
                passed = !indices.isEmpty && indices.allSatisfy { run.baseline.indices.contains($0) && run.baseline[$0].passed }
                kills = { result in result.failures.contains { indices.contains($0.scenario) } }
            case .invariant(let index):
                verification = "invariant"
                let name = app.invariants.indices.contains(index) ? app.invariants[index].name : ""
                passed = !run.baseline.isEmpty && run.baseline.allSatisfy { !($0.failure?.message.contains("invariant") ?? false) }
                kills = { result in result.failures.contains { $0.message.contains("invariant '\(name)'") } }
            case .property(let index):
                // Killed when a bounded exploration of the mutant (from every scenario state) breaks the property.
                verification = "property"
                let name = app.properties.indices.contains(index) ? app.properties[index].name : ""
                passed = !run.propertiesBrokenOnBaseline.contains(name)
                kills = { result in result.brokenProperties.contains(name) }
            case .staticProof, .notAutomatable, .unverified:
                // A static proof reads the flows' declarations (markings, variants), which no mutant edits: planted
                // tests show each proof fails on the mistake it names (StaticProofTests).
                continue
            }
            if let index = criterion.propertyBeside {
                // Both kinds of evidence: a touching change is caught when either catches it, and the criterion's
                // evidence passes on the unchanged app only when both do.
                let name = app.properties.indices.contains(index) ? app.properties[index].name : ""
                let killedByRuns = kills
                verification += "+property"
                passed = passed && !run.propertiesBrokenOnBaseline.contains(name)
                kills = { result in killedByRuns(result) || result.brokenProperties.contains(name) }
            }
            var touching = run.results.filter { touches($0.mutant, criterion, in: app) }
            if case .invariant(let index) = criterion.verification, app.invariants.indices.contains(index) {
                var reads = app.invariants[index].check?.referencedVariables ?? []
                // Through derived values to the state they are computed from.
                var pending = Array(reads)
                while let name = pending.popLast() {
                    guard let derived = app.derived.first(where: { $0.name == name }), let value = derived.value else { continue }
                    for variable in value.referencedVariables where reads.insert(variable).inserted { pending.append(variable) }
                }
                touching = touching.filter { !$0.mutant.writes.isDisjoint(with: reads) }
            }
            var score = CriterionScore(id: criterion.id, section: criterion.section, passed: passed, verification: verification,
                                       touching: touching.map(\.mutant.number), killed: touching.filter(kills).map(\.mutant.number))
            let killedSet = Set(score.killed)
            for note in criterion.survivorNotes {
                let named = touching.filter { explanation(note.mutant, covers: $0.mutant.key(in: app)) }
                let living = named.filter { !killedSet.contains($0.mutant.number) }
                if let problem = falseClaim(in: note.reason, about: living, criterion: criterion.id, of: app) {
                    if run.selection.isComplete { score.staleNotes.append((note, problem, "false-survivor-explanation")) }
                    continue
                }
                for result in living { score.explained[result.mutant.number] = note.reason }
                guard run.selection.isComplete, living.isEmpty else { continue }
                score.staleNotes.append((note, named.isEmpty
                    ? "names no mutant touching criterion '\(criterion.id)'; the change or what the criterion concerns has changed"
                    : "names a mutant that the evidence of criterion '\(criterion.id)' kills now; remove the explanation",
                    "stale-survivor-explanation"))
            }
            criteria.append(score)
        }
        self.criteria = criteria
        var sections: [Tally] = []
        for score in criteria {
            let name = score.section ?? "(no section)"
            if let index = sections.firstIndex(where: { $0.name == name }) {
                sections[index].mutants += score.touching.count
                sections[index].killed += score.killed.count
            } else {
                sections.append(Tally(name: name, mutants: score.touching.count, killed: score.killed.count))
            }
        }
        self.sections = sections
        flows = app.flows.indices.map { index in
            let mine = run.results.filter { $0.mutant.flow == index && !$0.mutant.appWide }
            return Tally(name: app.flows[index].name, mutants: mine.count, killed: mine.filter(\.killed).count)
        }
        let appWide = run.results.filter(\.mutant.appWide)
        if !appWide.isEmpty { flows.append(Tally(name: "(app-wide)", mutants: appWide.count, killed: appWide.filter(\.killed).count)) }
    }
}

/// Why a survivor's explanation is untrue, or nil when the run bears it out.
///
/// A reason that names scenarios or criteria (`killed by card_freeze_blocks_payments`, `AC-WAL-03 checks the amount`) claims
/// that they catch the change: every survivor it explains must make one of the named scenarios (or one of the named
/// criteria's scenarios) fail. A reason that says another scenario or criterion catches it must name it, so that the claim
/// can be checked. A reason calling the change equivalent must say why.
func falseClaim(in reason: String, about living: [MutantResult], criterion: String, of app: App) -> String? {
    guard !living.isEmpty else { return nil }
    let words = reason.split { !($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }.map(String.init)
    let scenarioIndex = Dictionary(app.scenarios.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
    var named: [String] = []
    var catching = Set<Int>()
    for word in words where !named.contains(word) {
        if let index = scenarioIndex[word] {
            named.append(word)
            catching.insert(index)
        } else if word != criterion, let other = app.criteria.first(where: { $0.id == word }) {
            named.append(word)
            if case .scenarios(let indices) = other.verification { catching.formUnion(indices) }
            if case .invariant = other.verification { catching.formUnion(app.scenarios.indices) }
        }
    }
    let lowered = reason.lowercased()
    // An equivalence argument may name scenarios as context ("… the scenario x shows it"): it claims no scenario can
    // catch the change, so it is held to giving a reason, below, not to a kill.
    let arguesEquivalence = lowered.contains("equivalent")
    if !named.isEmpty, !arguesEquivalence {
        guard let missed = living.first(where: { result in !result.failures.contains { catching.contains($0.scenario) } }) else { return nil }
        let killers = missed.failures.map { app.scenarios.indices.contains($0.scenario) ? app.scenarios[$0.scenario].name : "?" }
        return "says \(named.map { "'\($0)'" }.joined(separator: ", ")) \(named.count == 1 ? "catches" : "catch") the change, but "
            + (killers.isEmpty ? "no scenario fails on mutant #\(missed.mutant.number)" : "mutant #\(missed.mutant.number) is caught only by \(killers.map { "'\($0)'" }.joined(separator: ", "))")
            + "; correct or remove the explanation"
    }
    let claims = ["another scenario", "other scenario", "another criterion", "other criteri", "checked by", "caught by", "killed by",
                  "covered by", "tested by", "checked elsewhere", "covered elsewhere", "tested elsewhere"]
    if !arguesEquivalence, claims.contains(where: lowered.contains) {
        return "says another scenario or criterion catches the change without naming one; name it (flowc checks that it fails on the change) or give the real reason"
    }
    if arguesEquivalence {
        let filler: Set<String> = ["equivalent", "mutant", "mutants", "change", "changes", "an", "a", "the", "this", "it", "is", "are", "to", "of"]
        if words.filter({ !filler.contains($0.lowercased()) }).count < 3 {
            return "calls the change equivalent without saying why; say what makes every run the same"
        }
    }
    return nil
}

/// Whether a `survivors:` key names a mutant's key: the same text, or, for a key ending in `*`, any key that
/// starts with what comes before it (`PAY-001 tap_uk_transfer: drop clear *`: every dropped `clear` there).
func explanation(_ written: String, covers key: String) -> Bool {
    guard written.hasSuffix("*") else { return written == key }
    return key.hasPrefix(written.dropLast())
}

/// Whether `mutant` edits a screen or transition `criterion` concerns.
func touches(_ mutant: Mutant, _ criterion: AcceptanceCriterion, in app: App) -> Bool {
    // With `concerns:`, the criterion's transitions and the named parts (or whole screens); its screens are for reports.
    let transitions = criterion.transitions + (criterion.concerns ?? []).compactMap { concern in
        if case .transition(let event) = concern.part { return AcceptanceCriterion.TransitionReference(screen: concern.screen, event: event) }
        return nil
    }
    if let concerns = criterion.concerns, let screen = mutant.screen {
        if let event = mutant.event, transitions.contains(where: { $0.screen == screen && $0.event == event }) { return true }
        return concerns.contains { $0.screen == screen && ($0.part == nil || ($0.part == mutant.part && mutant.event == nil)) }
    }
    if let screen = mutant.screen {
        if let event = mutant.event, transitions.contains(where: { $0.screen == screen && $0.event == event }) { return true }
        guard criterion.screens.contains(screen) else { return false }
        // A criterion that names transitions of a listed screen concerns those transitions and the
        // screen's own declarations (fields, rules, entry, exit), not its other transitions.
        return mutant.event == nil || !criterion.transitions.contains { $0.screen == screen }
    }
    guard let event = mutant.event else { return false }
    return transitions.contains { reference in
        reference.event == event && app.screens.indices.contains(reference.screen)
            && (mutant.appWide || app.screens[reference.screen].flow == mutant.flow)
    }
}

/// `5 of 7 (71%)`; `0 of 0` when nothing touches it. Whole percents, rounded down, so no floating point reaches a report.
public func scoreText(killed: Int, of total: Int) -> String {
    total == 0 ? "0 of 0" : "\(killed) of \(total) (\(killed * 100 / total)%)"
}
