import FlowExpression
import FlowIR
import FlowRuntime

/// What an exploration found and reached.
public struct ExploreResult: Sendable {
    public enum Stop: String, Sendable {
        /// Every reachable state was visited (within the moves an explorer tries).
        case complete
        case depth, states, steps, time
    }

    /// The program the exploration ran: replaying, shrinking and the suite run on it, so the app is lowered once.
    public let program: RuntimeProgram
    public var app: App { program.app }
    /// The moves the findings' paths number.
    public let moves: [ExploreMove]
    public var states: Int
    public var steps: Int
    public var depthReached: Int
    public var bounds: ExploreBounds
    public var shard: ExploreShard?
    public var stoppedBy: Stop
    /// States reached but not expanded when a bound stopped the run.
    public var unexpanded: Int
    public var findings: [Finding]
    public var coverage: Coverage
    /// The properties checked on every step, by name.
    public var properties: [String]
    /// Wall-clock seconds (never written to files: outputs stay deterministic).
    public var seconds: Double
    /// The shortest path (move numbers) found to each coverage item, when the exploration collected them.
    public var firstReached: [String: [Int32]] = [:]
    /// The states of the app's scenarios the search started from besides the launch, numbered by `Finding.seed`.
    public var seeds: [ExploreSeed] = []
    /// Payload and output variants (events sent with a payload, answers with outputs): how many distinct ones were
    /// sent, and how many the app's domains give at `bounds.payloadValues` values per field.
    public var payloadVariants = PayloadVariantCount(tried: 0, drawn: 0)
    /// What the random walks beyond the bound did; nil when none were asked for.
    public var walks: WalkReport? = nil

    public struct WalkReport: Sendable, Hashable {
        public var walks: RandomWalks
        /// Moves the walks took.
        public var moves: Int
        /// Distinct states the walks reached that the breadth-first search had not visited.
        public var newStates: Int
    }

    /// "random walks: 100 of up to 50 moves from the states beyond the bound (seed 7): 4,873 moves, 1,203 states the search had not visited".
    public var walkText: String? {
        walks.map { report in
            "random walks: \(grouped(report.walks.count)) of up to \(grouped(report.walks.length)) moves beyond the breadth-first bound (seed \(report.walks.seed)): "
                + "\(grouped(report.moves)) moves, \(grouped(report.newStates)) states the search had not visited"
        }
    }

    public struct PayloadVariantCount: Sendable, Hashable {
        public var tried: Int
        public var drawn: Int
    }

    /// "payload and output variants: 41 sent of 52 drawn (at most 8 values per field)".
    public var payloadVariantText: String {
        "payload and output variants: \(grouped(payloadVariants.tried)) sent of \(grouped(payloadVariants.drawn)) drawn from their domains (at most \(bounds.payloadValues) value\(bounds.payloadValues == 1 ? "" : "s") per field)"
    }

    /// "bounded: depth 12 reached with 3,410 states not expanded", or "complete: every reachable state visited".
    public var boundText: String { Self.boundText(stoppedBy, bounds: bounds, unexpanded: unexpanded) }

    static func boundText(_ stoppedBy: Stop, bounds: ExploreBounds, unexpanded: Int) -> String {
        switch stoppedBy {
        case .complete: "complete: every state reachable with the explored moves was visited"
        case .depth: "bounded: paths end at depth \(bounds.depth); \(unexpanded) states at that depth were not expanded"
        case .states: "bounded: stopped at \(bounds.states) states; \(unexpanded) states were not expanded"
        case .steps: "bounded: stopped after \(bounds.steps) steps; \(unexpanded) states were not expanded"
        case .time: "bounded: stopped after \(Int(bounds.seconds ?? 0)) s; \(unexpanded) states were not expanded"
        }
    }

    /// The moves of a finding's path.
    public func moves(of finding: Finding) -> [ExploreMove] { finding.path.map { moves[Int($0)] } }

    /// The scenario state a finding's path starts from; nil when it starts at the launch.
    public func seed(of finding: Finding) -> ExploreSeed? {
        finding.seed.flatMap { seeds.indices.contains(Int($0)) ? seeds[Int($0)] : nil }
    }

    /// The findings that are violations (run failures, broken invariants and properties), not warnings.
    public var violations: [Finding] { findings.filter(\.kind.isViolation) }
}

/// A problem found on an explored path, with the shortest path that reaches it (as found: breadth-first).
public struct Finding: Sendable, Hashable {
    public enum Kind: Sendable, Hashable, Comparable {
        /// A run failure: an invariant broken, a null evaluated, a derived value failing, a raise or timer loop.
        case runFailure
        case property(String)
        /// A screen that is not terminal where nothing can happen.
        case stuck
        /// An answer to a call that arrives where nothing handles it: the call waits forever.
        case unhandledAnswer

        public var isViolation: Bool {
            switch self {
            case .runFailure, .property: true
            case .stuck, .unhandledAnswer: false
            }
        }

        public var name: String {
            switch self {
            case .runFailure: "run failure"
            case .property(let name): "property \(name)"
            case .stuck: "stuck"
            case .unhandledAnswer: "answer nobody handles"
            }
        }
    }
    public var kind: Kind
    /// What makes two findings the same (a property's name, a failure's message, a screen).
    public var key: String
    public var message: String
    /// Move numbers (into `ExploreResult.moves`) from the launch, or from the seed.
    public var path: [Int32]
    /// The seed (into `ExploreResult.seeds`) the path starts from; nil: the launch.
    public var seed: Int32? = nil
}

struct FindingCollector {
    private var byKey: [String: Finding] = [:]

    /// Keeps the shortest path to each finding (the first found, as the search is breadth-first), one from the
    /// launch rather than from a scenario's state when they are as short.
    mutating func add(_ kind: Finding.Kind, key: String, message: String, path: [Int32], seed: Int32? = nil) {
        let identity = "\(kind.name)\u{0}\(key)"
        if let known = byKey[identity], known.path.count < path.count || (known.path.count == path.count && (known.seed == nil || seed != nil)) {
            return
        }
        byKey[identity] = Finding(kind: kind, key: key, message: message, path: path, seed: seed)
    }

    /// Answers arriving where no transition takes them: the call they answer waits forever.
    mutating func noteUnhandledAnswers(_ steps: [MacroStep], move: ExploreMove, path: [Int32], seed: Int32?) {
        guard case .outcome(let operation, let outcome, _) = move else { return }
        let event = "\(operation).\(outcome)"
        for step in steps {
            for micro in step.microSteps where micro.event == event {
                if case .ignored(let screen) = micro.outcome {
                    add(.unhandledAnswer, key: "\(screen) \(event)",
                        message: "\(event) arrives on \(screen) and nothing there handles it: the call waits forever", path: path, seed: seed)
                }
            }
        }
    }

    func sorted() -> [Finding] {
        byKey.values.sorted { ($0.kind, $0.key) < ($1.kind, $1.key) }
    }
}

/// What the explored paths reached, in the words coverage reports use.
public struct Coverage: Sendable {
    public var screens: Set<Int> = []
    /// `ONB-003 tap_select`, `ONB-003 tap_select #2` for the second alternative, `flow settings: tap_sign_out` for a global one.
    public var transitions: Set<String> = []
    /// `ONB-003 tap_select: plan != null → false`.
    public var guards: Set<String> = []
    /// `ONB-004 given_name min_length failed`.
    public var rules: Set<String> = []
    /// `equals.log_in.failure`.
    public var outcomes: Set<String> = []

    /// Screen IDs to their flow's name, for a global transition's key.
    var flowOfScreen: [String: String] = [:]

    mutating func record(_ step: MacroStep?, app: App) {
        guard let step else { return }
        if flowOfScreen.isEmpty {
            for screen in app.screens { flowOfScreen[screen.id] = app.flows[screen.flow].name }
        }
        for micro in step.microSteps {
            if case .taken(let from, _, let alternative, let global) = micro.outcome {
                let suffix = alternative > 0 ? " #\(alternative + 1)" : ""
                transitions.insert(global ? "flow \(flowOfScreen[from] ?? from): \(micro.event)\(suffix)" : "\(from) \(micro.event)\(suffix)")
                if micro.event.split(separator: ".").count == 3 { outcomes.insert(micro.event) }
            }
            if case .ignored = micro.outcome, micro.event.split(separator: ".").count == 3 { outcomes.insert(micro.event) }
            if case .rejected = micro.outcome, micro.event.split(separator: ".").count == 3 { outcomes.insert(micro.event) }
            let place: String = switch micro.outcome {
            case .taken(let from, _, _, _): from
            case .rejected(let screen, _), .ignored(let screen), .decided(let screen, _): screen
            }
            for check in micro.guards { guards.insert("\(place) \(micro.event): \(check.source) → \(check.value)") }
        }
        for rule in step.rules { rules.insert("\(rule.screen) \(rule.field) \(rule.rule) \(rule.passed ? "passed" : "failed")") }
    }

    /// Everything the app declares that a path could reach, in the same words, in declaration order.
    public static func declared(by app: App) -> (screens: [String], transitions: [String], guards: [String], rules: [String], outcomes: [String]) {
        var transitions: [String] = []
        var guards: [String] = []
        var rules: [String] = []
        func add(_ list: [Transition], group: String, global: Bool, event: ((Transition) -> String)? = nil) {
            var alternatives: [String: Int] = [:]
            for transition in list {
                let name = event?(transition) ?? transition.event
                let alternative = alternatives[name, default: 0]
                alternatives[name] = alternative + 1
                transitions.append(global ? "flow \(group): \(name)" + (alternative > 0 ? " #\(alternative + 1)" : "")
                                   : "\(group) \(name)" + (alternative > 0 ? " #\(alternative + 1)" : ""))
                if let source = transition.conditionSource, !global {
                    guards.append("\(group) \(name): \(source) → true")
                    guards.append("\(group) \(name): \(source) → false")
                }
            }
        }
        for screen in app.screens {
            add(screen.transitions, group: screen.id, global: false)
            for timer in screen.timers { add(timer.transitions, group: screen.id, global: false) { _ in "after \(timer.delaySource)" } }
            for field in screen.fields {
                for check in field.checks {
                    rules.append("\(screen.id) \(field.name) \(check.rule) passed")
                    rules.append("\(screen.id) \(field.name) \(check.rule) failed")
                }
            }
        }
        for flow in app.flows {
            add(flow.globalTransitions, group: flow.name, global: true)
            for timer in flow.globalTimers { add(timer.transitions, group: flow.name, global: true) { _ in "after \(timer.delaySource)" } }
        }
        var outcomes: [String] = []
        for service in app.services {
            for operation in service.operations {
                for outcome in operation.outcomes { outcomes.append("\(service.name).\(operation.name).\(outcome.name)") }
            }
        }
        return (app.screens.map(\.id), transitions, guards, unique(rules), outcomes)
    }

    /// What the app declares and no explored path reached.
    public func unreached(in app: App) -> (screens: [String], transitions: [String], guards: [String], rules: [String], outcomes: [String]) {
        let all = Self.declared(by: app)
        let reachedScreens = Set(screens.map { app.screens[$0].id })
        return (all.screens.filter { !reachedScreens.contains($0) },
                all.transitions.filter { !transitions.contains($0) },
                all.guards.filter { !guards.contains($0) },
                all.rules.filter { !rules.contains($0) },
                all.outcomes.filter { !outcomes.contains($0) })
    }

    /// Every transition, guard outcome, rule outcome and service outcome reached, each with a prefix saying which.
    var items: Set<String> {
        Set(transitions.map { "transition " + $0 } + guards.map { "guard " + $0 } + rules.map { "rule " + $0 } + outcomes.map { "outcome " + $0 })
    }

    /// Merges what another shard reached.
    public mutating func formUnion(_ other: Coverage) {
        screens.formUnion(other.screens); transitions.formUnion(other.transitions); guards.formUnion(other.guards)
        rules.formUnion(other.rules); outcomes.formUnion(other.outcomes)
    }
}

private func unique(_ items: [String]) -> [String] {
    var seen: Set<String> = []
    return items.filter { seen.insert($0).inserted }
}
