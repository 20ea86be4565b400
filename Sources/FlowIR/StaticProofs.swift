import FlowExpression
import FlowSource

/// A property of the flows themselves, proved by reading them rather than by running them: evidence for criteria that
/// no headless run can observe (what a screenshot shows, what an analytics tool receives) but that the flows decide.
/// A criterion names one with `verified_by: { static: <name> }`.
public enum StaticProof: String, Sendable, CaseIterable {
    /// No analytics property and no push text is computed from data marked `personal: true`, directly or through
    /// derived values and values set from it.
    case noPersonalDataInAnalyticsOrPushes = "no_personal_data_in_analytics_or_pushes"
    /// Every screen the criterion names carries `screenshot_protected: true` (the generated screen type exposes it as
    /// `isScreenshotProtected`).
    case screenshotProtected = "screenshot_protected"
    /// Every screen the criterion names that waits for a service's answer has a `loading: true` variant, shown by a
    /// value the action making the call sets or the answer sets (or the fallback variant).
    case loadingStateWhileWaiting = "loading_state_while_waiting"
}

/// What a static proof found: what it checked, in words, and each place that breaks it.
public struct StaticProofVerdict: Sendable {
    public struct Finding: Sendable {
        public var message: String
        public var range: SourceRange
        public init(message: String, range: SourceRange) { self.message = message; self.range = range }
    }
    public var proof: StaticProof
    /// What was checked (`"4 screens carry screenshot_protected: WAL-012, …"`), shown in the reports as the evidence.
    public var checked: String
    public var findings: [Finding]
    public var holds: Bool { findings.isEmpty }
    public init(proof: StaticProof, checked: String, findings: [Finding]) {
        self.proof = proof; self.checked = checked; self.findings = findings
    }
}

extension App {
    /// Runs `proof` over the flows; `screens` are the criterion's screens (indices in `screens`), which the
    /// screenshot and loading proofs check (the personal-data proof reads the whole app).
    public func prove(_ proof: StaticProof, screens named: [Int]) -> StaticProofVerdict {
        switch proof {
        case .noPersonalDataInAnalyticsOrPushes: return personalDataProof()
        case .screenshotProtected: return screenshotProof(named.filter(screens.indices.contains))
        case .loadingStateWhileWaiting: return loadingProof(named.filter(screens.indices.contains))
        }
    }

    // MARK: Screenshot protection

    func screenshotProof(_ named: [Int]) -> StaticProofVerdict {
        let unprotected = named.filter { !screens[$0].screenshotProtected }
        let findings = unprotected.map { index in
            StaticProofVerdict.Finding(message: "screen '\(screens[index].id)' (\(screens[index].name)) does not carry 'screenshot_protected: true'",
                                       range: screens[index].range)
        }
        let ids = named.map { screens[$0].id }.joined(separator: ", ")
        let checked = named.isEmpty ? "the criterion names no screen to check"
            : "\(count(named.count, "screen")) \(named.count == 1 ? "carries" : "carry") screenshot_protected (\(ids)); the generated screen type answers isScreenshotProtected for them"
        return StaticProofVerdict(proof: .screenshotProtected, checked: checked,
                                  findings: named.isEmpty ? [.init(message: "the criterion names no screen to check", range: range)] : findings)
    }

    // MARK: Loading states

    func loadingProof(_ named: [Int]) -> StaticProofVerdict {
        // Each operation (service, operation) with the paths every action list that calls it sets.
        var setByCall: [OperationKey: Set<[String]>] = [:]
        forEachActionList { actions, _ in
            let written = Set(actions.compactMap { action -> [String]? in
                switch action.kind {
                case .set(let path, _), .append(let path, _), .clear(let path): path
                default: nil
                }
            })
            for action in actions {
                if case .call(let service, let operation, _) = action.kind {
                    setByCall[OperationKey(service: service, operation: operation), default: []].formUnion(written)
                }
            }
        }
        var findings: [StaticProofVerdict.Finding] = []
        var waiting = 0
        for index in named {
            let screen = screens[index]
            let awaited = Set(screen.transitions.compactMap { operationAnswered(by: $0.event) })
            guard !awaited.isEmpty else { continue }
            waiting += 1
            let loadingVariants = screen.variants.filter(\.loading)
            for key in awaited.sorted(by: { ($0.service, $0.operation) < ($1.service, $1.operation) }) {
                // Tied to the call: a value the call sets (`refreshing: true`) or one its answers here set (the address
                // still empty until it arrives).
                var set = setByCall[key] ?? []
                for transition in screen.transitions where operationAnswered(by: transition.event) == key {
                    set.formUnion(transition.actions.compactMap { action -> [String]? in
                        switch action.kind {
                        case .set(let path, _), .append(let path, _), .clear(let path): path
                        default: nil
                        }
                    })
                }
                let shown = loadingVariants.contains { variant in
                    guard let condition = variant.condition else { return true }   // the fallback: shown unless another holds
                    return accessPaths(of: condition).contains { read in set.contains { overlaps(read, $0) } }
                }
                guard !shown else { continue }
                let operation = operationName(key)
                let message = loadingVariants.isEmpty
                    ? "screen '\(screen.id)' waits for \(operation) but has no 'loading: true' variant"
                    : "screen '\(screen.id)' waits for \(operation), but no 'loading: true' variant reads a value the call or its answer sets (\(loadingVariants.map { "'\($0.name)'" }.joined(separator: ", ")))"
                findings.append(.init(message: message, range: screen.range))
            }
        }
        let checked = "\(count(named.count, "screen")) named, \(waiting) of them waiting for a service's answer; each shows a loading variant tied to the call or its answer"
        return StaticProofVerdict(proof: .loadingStateWhileWaiting, checked: checked, findings: findings)
    }

    struct OperationKey: Hashable { var service: Int; var operation: Int }

    /// `equals.list_transactions.listed` → that operation.
    func operationAnswered(by event: String) -> OperationKey? {
        let parts = event.split(separator: ".").map(String.init)
        guard parts.count == 3, let service = services.firstIndex(where: { $0.name == parts[0] }),
              let operation = services[service].operations.firstIndex(where: { $0.name == parts[1] }) else { return nil }
        return OperationKey(service: service, operation: operation)
    }

    func operationName(_ key: OperationKey) -> String {
        guard services.indices.contains(key.service), services[key.service].operations.indices.contains(key.operation) else { return "a call" }
        return "\(services[key.service].name).\(services[key.service].operations[key.operation].name)"
    }

    // MARK: Personal data

    func personalDataProof() -> StaticProofVerdict {
        // Each personal path with the way it came to be personal, for the path of a leak:
        // `email_domain (derived) ← contact (set on HOME tap_save) ← email, marked personal`.
        var origins: [[String]: String] = [:]
        for variable in state where variable.personal { origins[[variable.name]] = "\(variable.name), marked personal" }
        var personalFields: [Int: Set<String>] = [:]
        for (index, screen) in screens.enumerated() {
            for field in screen.fields where field.personal { personalFields[index, default: []].insert(field.name) }
        }
        let marked = origins.count + personalFields.values.reduce(0) { $0 + $1.count }
        /// The first personal path `expression` reads, on `screen` (for `form.<field>`), with how it is personal.
        func personalRead(_ expression: TypedExpression, screen: Int?) -> String? {
            for read in accessPaths(of: expression).sorted(by: { $0.joined(separator: ".") < $1.joined(separator: ".") }) {
                let name = read.joined(separator: ".")
                if read.first == "form", read.count > 1, let screen, personalFields[screen]?.contains(read[1]) == true {
                    return "form.\(read[1]), a field of \(screens[screen].id) marked personal"
                }
                if let hit = origins.filter({ overlaps(read, $0.key) }).min(by: { $0.key.count < $1.key.count }) {
                    return hit.key == read ? hit.value : "\(name) ← \(hit.value)"
                }
            }
            return nil
        }
        // Values computed from personal data are personal too: derived values and values set from it, to a fixpoint.
        var changed = true
        while changed {
            changed = false
            for value in derived where origins[[value.name]] == nil {
                if let expression = value.value, let read = personalRead(expression, screen: nil) {
                    origins[[value.name]] = "\(value.name) (derived) ← \(read)"
                    changed = true
                }
            }
            forEachActionList { actions, context in
                for action in actions {
                    let write: (path: [String], value: TypedExpression)
                    switch action.kind {
                    case .set(let path, let value), .append(let path, let value): write = (path, value)
                    default: continue
                    }
                    guard !origins.keys.contains(where: { overlaps(write.path, $0) && $0.count <= write.path.count }),
                          let read = personalRead(write.value, screen: context.screen) else { continue }
                    origins[write.path] = "\(write.path.joined(separator: ".")) (set \(context.place)) ← \(read)"
                    changed = true
                }
            }
        }
        var findings: [StaticProofVerdict.Finding] = []
        var sinks = 0
        forEachActionList { actions, context in
            for action in actions {
                switch action.kind {
                case .analytics(let event, let properties):
                    for property in properties {
                        sinks += 1
                        if let read = personalRead(property.value, screen: context.screen) {
                            findings.append(.init(message: "analytics '\(event)' property '\(property.name)' \(context.place) is computed from personal data: \(read)",
                                                  range: action.range))
                        }
                    }
                case .push(let text):
                    sinks += 1
                    if let read = personalRead(text.value, screen: context.screen) {
                        findings.append(.init(message: "push '\(text.source)' \(context.place) is computed from personal data: \(read)", range: action.range))
                    }
                default: continue
                }
            }
        }
        let checked = "\(count(sinks, "analytics property and push text", plural: "analytics properties and push texts")) read none of the \(count(marked, "value")) marked personal, directly or through derived and set values"
        return StaticProofVerdict(proof: .noPersonalDataInAnalyticsOrPushes, checked: checked,
                                  findings: marked == 0 ? [.init(message: "no state value or field is marked 'personal: true', so nothing was proved", range: range)] : findings)
    }

    /// Where an action list runs, for messages: the screen (for `form.<field>`) and `on WAL-001 tap_send`.
    struct ActionContext { var screen: Int?; var place: String }

    /// Calls `body` with every action list of the flows (enter, exit, each transition, timer and sub-flow return).
    func forEachActionList(_ body: ([Action], ActionContext) -> Void) {
        func visit(_ list: [Transition], screen: Int?, owner: String, timer: String? = nil) {
            for transition in list {
                body(transition.actions, ActionContext(screen: screen, place: "on \(owner) \(timer ?? transition.event)"))
                if case .subflow(_, let returns) = transition.target {
                    for route in returns { visit(route.transitions, screen: screen, owner: owner, timer: "\(transition.event) → \(route.outcome)") }
                }
            }
        }
        for flow in flows {
            for index in flow.screens where screens.indices.contains(index) {
                let screen = screens[index]
                body(screen.enter, ActionContext(screen: index, place: "on entering \(screen.id)"))
                visit(screen.transitions, screen: index, owner: screen.id)
                for timer in screen.timers { visit(timer.transitions, screen: index, owner: screen.id, timer: "after \(timer.delaySource)") }
                body(screen.exit, ActionContext(screen: index, place: "on leaving \(screen.id)"))
            }
            visit(flow.globalTransitions, screen: nil, owner: "flow \(flow.name)")
            for timer in flow.globalTimers { visit(timer.transitions, screen: nil, owner: "flow \(flow.name)", timer: "after \(timer.delaySource)") }
        }
        for timer in recurringTimers { visit(timer.transitions, screen: nil, owner: "the app", timer: "every \(timer.delaySource)") }
    }
}

/// The paths an expression reads: a variable with the members taken of it (`applicant.email`, `form.name`); an index
/// or a call ends the path where it is.
func accessPaths(of expression: TypedExpression) -> Set<[String]> {
    var paths = Set<[String]>()
    func path(_ node: TypedExpression) -> [String]? {
        switch node.kind {
        case .variable(let name): [name]
        case .member(let base, let name): path(base).map { $0 + [name] }
        default: nil
        }
    }
    func walk(_ node: TypedExpression) {
        if let whole = path(node) { paths.insert(whole); return }
        for child in node.children { walk(child) }
    }
    walk(expression)
    return paths
}

/// Whether reading or writing `a` touches `b`: one is a prefix of the other (reading a record reads its personal field).
func overlaps(_ a: [String], _ b: [String]) -> Bool {
    let shorter = min(a.count, b.count)
    return shorter > 0 && Array(a.prefix(shorter)) == Array(b.prefix(shorter))
}

private func count(_ number: Int, _ noun: String, plural: String? = nil) -> String {
    "\(number) \(number == 1 ? noun : plural ?? noun + "s")"
}
