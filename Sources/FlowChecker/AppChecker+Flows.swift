import FlowExpression
import FlowIR
import FlowSource
import FlowSyntax

/// The place an expression is written, which decides what names it sees.
struct ScreenContext {
    var screen: Int?
    var fields: [(name: String, type: ValueType)]
}

extension AppChecker {
    func resolveFlows() {
        // Screens first, so targets anywhere in the app resolve to indices.
        app.screens.reserveCapacity(screenTable.entries.count)
        for entry in screenTable.entries {
            let syntax = entry.value.syntax
            var presentation = Presentation.screen
            if let written = syntax.presentation {
                if let value = Presentation(rawValue: written.value) {
                    presentation = value
                } else {
                    let names = Presentation.allCases.map(\.rawValue)
                    // "bottom sheet" means sheet: a name the value contains is the best guess.
                    let guess = names.first { written.value.lowercased().contains($0) } ?? closestMatch(to: written.value, among: names)
                    error("invalid-value", "presentation '\(written.value)' is not one of: \(names.joined(separator: ", "))",
                          at: written.range, notes: guess.map { [.init("did you mean '\($0)'?")] } ?? [])
                }
            }
            if let analytics = syntax.analytics, !NamePattern.eventName.matches(analytics.value) {
                error("invalid-name", "analytics event '\(analytics.value)' must be \(NamePattern.eventName.description)", at: analytics.range)
            }
            var backBlocked = false
            if let written = syntax.back {
                switch written.value {
                case "blocked": backBlocked = true
                case "allowed": break
                default:
                    error("invalid-value", "back '\(written.value)' is not one of: allowed, blocked", at: written.range,
                          notes: closestMatch(to: written.value, among: ["allowed", "blocked"]).map { [.init("did you mean '\($0)'?")] } ?? [])
                }
            }
            var screen = Screen(id: entry.name, name: syntax.name?.value ?? entry.name, flow: entry.value.flow,
                                step: syntax.step?.value, description: syntax.description?.value, presentation: presentation,
                                analytics: syntax.analytics?.value, terminal: syntax.terminal?.value ?? false, range: entry.range)
            screen.backBlocked = backBlocked
            screen.screenshotProtected = syntax.screenshotProtected?.value ?? false
            app.screens.append(screen)
        }
        for (flowIndex, entry) in flowTable.entries.enumerated() {
            let syntax = entry.value
            var start = -1
            if let startName = syntax.start, !syntax.screens.isEmpty {
                if let index = screenTable[startName.value] {
                    if screenTable.entries[index].value.flow == flowIndex {
                        start = index
                    } else {
                        error("start-outside-flow", "start screen '\(startName.value)' belongs to flow '\(flowTable.entries[screenTable.entries[index].value.flow].name)', not '\(entry.name)'",
                              at: startName.range)
                    }
                } else {
                    error("unknown-screen", "start screen '\(startName.value)' is not a screen of flow '\(entry.name)'", at: startName.range,
                          notes: suggestion(forScreen: startName.value))
                }
            }
            if syntax.screens.isEmpty {
                error("empty-flow", "flow '\(entry.name)' has no screens", at: entry.range)
            }
            for outcome in syntax.outcomes { checkSnakeCase(outcome, "outcome") }
            let screens = screenTable.entries.indices.filter { screenTable.entries[$0].value.flow == flowIndex }
            app.flows.append(Flow(name: entry.name, title: syntax.title?.value, description: syntax.description?.value,
                                  start: start, outcomes: syntax.outcomes.map(\.value), screens: screens,
                                  globalTransitions: [], globalTimers: [], range: entry.range))
        }
        if let start = sources.root.app?.start {
            if let index = flowTable[start.value] {
                app.startFlow = index
            } else {
                error("unknown-flow", "start flow '\(start.value)' is not a flow of this app", at: start.range, notes: flowTable.suggestion(for: start.value))
            }
        }
        for (index, entry) in screenTable.entries.enumerated() {
            resolveScreen(index, entry.value.syntax)
        }
        for (flowIndex, entry) in flowTable.entries.enumerated() {
            let context = ScreenContext(screen: nil, fields: [])
            app.flows[flowIndex].globalTransitions = resolveEventTransitions(entry.value.on, context: context, flow: flowIndex, isGlobal: true)
            app.flows[flowIndex].globalTimers = resolveTimers(entry.value.after, context: context, flow: flowIndex)
        }
        app.recurringTimers = resolveRecurringTimers(sources.root.app?.every ?? [])
    }

    /// `60000` as `60,000`.
    static func grouped(_ number: Int) -> String {
        var digits = Array(String(number))
        var index = digits.count - 3
        while index > 0 { digits.insert(",", at: index); index -= 3 }
        return String(digits)
    }

    /// The shortest `app.every`, in milliseconds.
    static var shortestRecurringTimer: Int { 1_000 }

    /// `app.every`: timers that keep firing wherever the person is. They only run actions (set, call, raise...):
    /// moving the person elsewhere every so long is not something an app does behind their back.
    func resolveRecurringTimers(_ list: [TimerSyntax]) -> [FlowIR.Timer] {
        var usable: [TimerSyntax] = []
        for timer in list {
            if let moving = timer.transitions.first(where: { $0.target != nil }), let target = moving.target {
                error("recurring-timer-target", "a recurring timer (every \(timer.delay.value)) runs wherever the person is and cannot move them; give it actions only (set, call, raise) and let a screen react",
                      at: target.range)
                continue
            }
            if let delay = parseDuration(timer.delay.value), delay == 0 {
                error("timer-loop", "a recurring timer of \(timer.delay.value) would fire forever at one instant; give it a length (e.g. 15m)", at: timer.delay.range)
                continue
            }
            // A recurring timer fires wherever the person is, for as long as the app runs: at under a second it
            // would be thousands of steps per minute of a scenario (every 1ms: 60,000), in every run and exploration.
            if let delay = parseDuration(timer.delay.value), delay > 0, delay < Self.shortestRecurringTimer {
                error("timer-too-frequent", "a recurring timer of \(timer.delay.value) would fire \(Self.grouped(60_000 / delay)) times a minute wherever the person is; the shortest is 1s (a poll every 15s or 1m is what apps do)",
                      at: timer.delay.range)
                continue
            }
            usable.append(timer)
        }
        var timers = resolveTimers(usable, context: ScreenContext(screen: nil, fields: []), flow: app.startFlow)
        // Reports and the inventory name a recurring timer's firing as the trace does: `every 15m`.
        for index in timers.indices {
            for transition in timers[index].transitions.indices {
                timers[index].transitions[transition].event = "every \(timers[index].delaySource)"
            }
        }
        return timers
    }

    func suggestion(forScreen name: String) -> [Diagnostic.Note] {
        screenTable.suggestion(for: name)
    }

    func resolveScreen(_ index: Int, _ syntax: ScreenSyntax) {
        if syntax.hasSyntaxErrors { screensWithBrokenTargets.insert(index) }
        let flow = app.screens[index].flow
        var fields: [Field] = []
        var fieldTypes: [(name: String, type: ValueType)] = []
        for field in syntax.fields {
            checkSnakeCase(field.name, "field")
            if fieldTypes.contains(where: { $0.name == field.name.value }) { continue }
            let kind = resolveFieldKind(field)
            fieldTypes.append((field.name.value, kind?.valueType ?? .error))
        }
        let context = ScreenContext(screen: index, fields: fieldTypes)
        for field in syntax.fields {
            if var resolved = resolveField(field, on: syntax.id.value, context: context) {
                resolved.captions = keyedCaptions(of: field, on: syntax)
                fields.append(resolved)
            }
        }
        app.screens[index].fields = fields
        let environment = screenEnvironment(context, event: nil)
        var variantNames: Set<String> = []
        for variant in syntax.variants {
            checkSnakeCase(variant.name, "variant")
            guard variantNames.insert(variant.name.value).inserted else { continue }
            let condition = variant.when.flatMap { check($0, expected: .bool, in: environment, role: "variant condition") }
            var checked = Screen.Variant(name: variant.name.value, condition: condition, description: variant.description?.value)
            checked.loading = variant.loading?.value ?? false
            app.screens[index].variants.append(checked)
        }
        var textNames: Set<String> = []
        for text in syntax.texts {
            checkSnakeCase(text.name, "text")
            guard textNames.insert(text.name.value).inserted else {
                error("duplicate-declaration", "screen '\(syntax.id.value)' has two texts named '\(text.name.value)'", at: text.name.range)
                continue
            }
            let key = textKey(text.name.value, writtenAt: text.template.range, on: syntax.id.value)
            // A text shown only while its `when:` holds reads the values that condition rules null out, as `?:` does.
            var textEnvironment = environment
            if let condition = syntax.textConditions[text.name.value] { textEnvironment.nonNullPaths.formUnion(guardFacts(condition, when: true)) }
            if let keyed = checkKeyedText(text.template, key: key.key, kind: .text, comment: "\(key.place(syntax)), text '\(text.name.value)'",
                                          in: textEnvironment, what: "text '\(text.name.value)'", componentArguments: key.arguments) {
                app.screens[index].texts.append((text.name.value, shownWhile(syntax.textConditions[text.name.value], keyed.value, in: environment)))
                app.localisation.screenTexts["\(syntax.id.value).\(text.name.value)"] = keyed
                // Shown only while its condition holds: the generated code looks it up inside `condition ? text : ''`.
                if syntax.textConditions[text.name.value] != nil { app.localisation.shownInside.append(keyed) }
            }
        }
        checkLists(syntax, screen: index, context: context, environment: environment)
        currentScreen = index
        defer { currentScreen = nil }
        // Defaults fill their fields before the screen's own entry actions run, so those can read them.
        let defaults = fields.compactMap { field in
            field.defaultValue.map { Action(kind: .fillField(field: field.name, value: $0, onlyWhenEmpty: true), range: field.range) }
        }
        app.screens[index].enter = defaults + resolveActions(syntax.enter, context: context, event: nil)
        app.screens[index].exit = resolveActions(syntax.exit, context: context, event: nil)
        app.screens[index].transitions = resolveEventTransitions(syntax.on, context: context, flow: flow, isGlobal: false)
        app.screens[index].timers = resolveTimers(syntax.after, context: context, flow: flow)
            + resolveScreenRecurringTimers(syntax.every, context: context, flow: flow)
        // A variant's timers sit with the screen's (so every reader of timers sees them), marked with the variant.
        var checkedVariants: Set<String> = []
        for variant in syntax.variants where checkedVariants.insert(variant.name.value).inserted {
            guard !variant.after.isEmpty, let position = app.screens[index].variants.firstIndex(where: { $0.name == variant.name.value }) else { continue }
            app.screens[index].timers += resolveTimers(variant.after, context: context, flow: flow).map { timer in
                var timer = timer
                timer.variant = position
                return timer
            }
        }
    }

    /// Names visible on a screen: the domain, `form` (the screen's fields), and `event` (the payload, if any).
    /// With `emptyFieldsVisible`, every `form.<field>` is optional: a field's `when:` reads fields that may be empty.
    func screenEnvironment(_ context: ScreenContext, event: String?, extra: [String: ValueType] = [:], emptyFieldsVisible: Bool = false) -> TypeEnvironment {
        screenEnvironmentAndContent(context, event: event, extra: extra, emptyFieldsVisible: emptyFieldsVisible).environment
    }

    /// The environment, with the number of its content when it is a screen's (or flow's) own, for `check`'s cache.
    func screenEnvironmentAndContent(_ context: ScreenContext, event: String?, extra: [String: ValueType] = [:],
                                     emptyFieldsVisible: Bool = false) -> (environment: TypeEnvironment, content: Int?) {
        // Most transitions share their screen's environment; build it once per screen (and payload).
        let payloadEvent = event.flatMap { name in eventIndex[name].flatMap { app.events[$0].payload.isEmpty ? nil : name } }
        if emptyFieldsVisible {
            let optional = ScreenContext(screen: context.screen, fields: context.fields.map { ($0.name, $0.type.isNullable ? $0.type : .optional($0.type)) })
            return (buildScreenEnvironment(optional, event: payloadEvent, extra: extra), nil)
        }
        guard extra.isEmpty else { return (buildScreenEnvironment(context, event: payloadEvent, extra: extra), nil) }
        let key = EnvironmentKey(screen: context.screen, event: payloadEvent, withFields: !context.fields.isEmpty)
        if let cached = environmentCache[key] { return cached }
        // Screens with the same fields share one environment (10,000 screens of a ring have two kinds).
        let content = EnvironmentContent(hasScreen: context.screen != nil, fieldNames: context.fields.map(\.name),
                                         fieldTypes: context.fields.map(\.type), event: payloadEvent)
        let number: Int
        if let known = environmentContents[content] {
            number = known
        } else {
            number = environmentsByContent.count
            environmentContents[content] = number
            environmentsByContent.append(buildScreenEnvironment(context, event: payloadEvent, extra: [:]))
        }
        environmentCache[key] = (environmentsByContent[number], number)
        return (environmentsByContent[number], number)
    }

    private func buildScreenEnvironment(_ context: ScreenContext, event: String?, extra: [String: ValueType]) -> TypeEnvironment {
        var variables = extra
        var extraRecords: [String: [(name: String, type: ValueType)]] = [:]
        if context.screen != nil {
            variables["form"] = .record("form")
            extraRecords["form"] = context.fields
        }
        if let event, let index = eventIndex[event], !app.events[index].payload.isEmpty {
            variables["event"] = .record("event")
            extraRecords["event"] = app.events[index].payload.map { ($0.name, $0.type) }
        }
        return domainEnvironment(extra: variables, extraRecords: extraRecords)
    }

    func resolveEventTransitions(_ list: [EventTransitionsSyntax], context: ScreenContext, flow: Int, isGlobal: Bool) -> [Transition] {
        var result: [Transition] = []
        for entry in list {
            guard resolveEventName(entry.event) else {
                if let screen = context.screen { screensWithBrokenTargets.insert(screen) }
                continue
            }
            handledEvents.insert(entry.event.value)
            let transitions = resolveAlternatives(entry.transitions, event: entry.event.value, context: context, flow: flow, isGlobal: isGlobal)
            checkAlternatives(entry.transitions, event: entry.event)
            if result.isEmpty { result = transitions } else { result += transitions }
        }
        return result
    }

    func resolveTimers(_ list: [TimerSyntax], context: ScreenContext, flow: Int) -> [FlowIR.Timer] {
        list.compactMap { timer in
            var length: TypedExpression?
            let delay: Int
            if let literal = parseDuration(timer.delay.value) {
                delay = literal
            } else if let due = timerDueTime(timer.delay) {
                // A timer at a time (`at consent_expires_at - 5d`).
                guard let typed = resolveTimerDue(due, context: context) else {
                    if let screen = context.screen { screensWithBrokenTargets.insert(screen) }
                    return nil
                }
                length = typed
                delay = 0
            } else if isStatePathText(timer.delay.value) {
                // Rail "Session timeout configurable in settings": the length is read from the state each time the timer starts.
                guard let typed = resolveTimerLength(timer.delay, context: context) else {
                    if let screen = context.screen { screensWithBrokenTargets.insert(screen) }
                    return nil
                }
                length = typed
                delay = 0
            } else {
                if let screen = context.screen { screensWithBrokenTargets.insert(screen) }
                error("invalid-duration", "'\(timer.delay.value)' is not a duration; write a whole number with ms, s, m, h or d, e.g. 30s, or the name of a duration in the state", at: timer.delay.range)
                return nil
            }
            let event = timer.delay.value.hasPrefix("at ") ? timer.delay.value : "after \(timer.delay.value)"
            let transitions = resolveAlternatives(timer.transitions, event: event, context: context, flow: flow, isGlobal: true)
            checkAlternatives(timer.transitions, event: timer.delay)
            // A timer of no length that leads back to where it starts again fires forever at one instant.
            if delay == 0 && length == nil {
                for transition in transitions {
                    guard case .screen(let target) = transition.target else { continue }
                    let restarts = context.screen.map { $0 == target } ?? (app.screens[target].flow == flow)
                    guard restarts else { continue }
                    error("timer-loop", "a timer of \(timer.delay.value) that leads to '\(app.screens[target].id)' starts again there at once and fires forever; give it a length (e.g. 1s) or lead elsewhere",
                          at: timer.delay.range)
                }
            }
            return FlowIR.Timer(delayMilliseconds: delay, delaySource: timer.delay.value, transitions: transitions, length: length)
        }
    }

    /// The alternatives of one event in order; each knows what the guards before it ruled out
    /// (after `if: fee == null`, the next alternatives read `fee` as not null).
    func resolveAlternatives(_ list: [TransitionSyntax], event: String, context: ScreenContext, flow: Int, isGlobal: Bool,
                             isReturn: Bool = false) -> [Transition] {
        var ruledOut: Set<String> = []
        var result: [Transition] = []
        for syntax in list {
            if let transition = resolveTransition(syntax, event: event, context: context, flow: flow, isGlobal: isGlobal,
                                                  isReturn: isReturn, nonNull: ruledOut) {
                result.append(transition)
            }
            if let condition = syntax.guardExpression { ruledOut.formUnion(guardFacts(condition, when: false)) }
        }
        return result
    }

    /// What a guard says about null when it is `outcome`; nothing for a guard that does not parse.
    func guardFacts(_ source: ExpressionSource, when outcome: Bool) -> Set<String> {
        let parsed = parsedExpressions[source.text] ?? parseExpression(source.text)
        return parsed.0.map { nonNullPaths(in: $0, when: outcome) } ?? []
    }

    /// A timer key written as a name (`session_timeout`) rather than a literal (`5m`).
    func isStatePathText(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || ("a"..."z").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || $0 == "." || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) }
    }

    /// The length of a timer read from a state or derived value: it must be a `duration` that is never null.
    func resolveTimerLength(_ delay: Located<String>, context: ScreenContext) -> TypedExpression? {
        let source = ExpressionSource(text: delay.value, range: delay.range, firstCharacter: delay.range.start)
        let environment = screenEnvironment(ScreenContext(screen: context.screen, fields: []), event: nil)
        guard let typed = check(source, expected: nil, in: environment, role: "timer length") else { return nil }
        guard typed.type == .duration || typed.type == .error else {
            error("invalid-timer-length", "timer length '\(delay.value)' is \(typed.type.isNullable ? "a '\(typed.type)', which may be null" : "a '\(typed.type)'"); a timer lasts a duration: a literal (5m) or a 'duration' value of the state that is never null",
                  at: delay.range)
            return nil
        }
        return typed
    }

    /// `isReturn`: a route a sub-flow's ending takes on the caller's screen; like a global transition it validates
    /// nothing by default, since the person submitted nothing on that screen.
    func resolveTransition(_ syntax: TransitionSyntax, event: String, context: ScreenContext, flow: Int, isGlobal: Bool,
                           isReturn: Bool = false, nonNull: Set<String> = []) -> Transition? {
        let scope = screenEnvironmentAndContent(context, event: event)
        let content = scope.content
        var environment = scope.environment
        environment.nonNullPaths = nonNull
        let condition = syntax.guardExpression.flatMap { check($0, expected: .bool, in: environment, content: content, role: "guard") }
        let known = nonNull.union(syntax.guardExpression.map { guardFacts($0, when: true) } ?? [])
        var target = Transition.Target.stay
        var forward = false
        switch syntax.target {
        case nil:
            target = .stay
        case .back:
            target = .back
        case .screen(let name):
            guard let index = resolveScreenReference(name, as: "transition target") else { return nil }
            // Inside a sub-flow, `to:` a screen of another flow would leave the call unfinished: the app would
            // be shown elsewhere with nothing to return to. Flows that are never run as sub-flows are sections
            // of the app, and moving between them with `to:` is a change of section.
            let appWide = (sources.root.app?.on ?? []).contains { group in group.transitions.contains { $0.range == syntax.range } }
            if app.screens[index].flow != flow && !appWide && subflowNames.contains(app.flows[flow].name) {
                let other = app.flows[app.screens[index].flow].name
                error("cross-flow-target", "'\(name.value)' is a screen of flow '\(other)', but '\(app.flows[flow].name)' runs as a sub-flow, so the call would never finish; end '\(app.flows[flow].name)' with an outcome (end: ...) and route it in the caller's returns:, or use an app-wide transition (app.on)",
                      at: name.range)
                return nil
            }
            target = .screen(index)
            forward = true
        case .overlay(let name):
            guard let index = resolveScreenReference(name, as: "overlay") else { return nil }
            target = .overlay(index)
        case .flow(let name, let returns):
            guard let flowIndex = flowTable[name.value] else {
                if let currentScreen { screensWithBrokenTargets.insert(currentScreen) }
                error("unknown-flow", "'\(name.value)' is not a flow of this app", at: name.range, notes: flowTable.suggestion(for: name.value))
                return nil
            }
            if flowIndex == flow {
                error("recursive-flow", "flow '\(name.value)' starts itself as a sub-flow; use a screen target instead", at: name.range)
            }
            var resolvedReturns: [SubflowReturn] = []
            let declared = app.flows[flowIndex].outcomes
            for entry in returns {
                if !declared.contains(entry.event.value) {
                    var notes: [Diagnostic.Note] = []
                    if let match = closestMatch(to: entry.event.value, among: declared) { notes.append(.init("did you mean '\(match)'?")) }
                    error("unknown-outcome", "flow '\(name.value)' has no outcome '\(entry.event.value)'; its outcomes are \(declared.isEmpty ? "none (declare them with 'outcomes:')" : declared.map { "'\($0)'" }.joined(separator: ", "))",
                          at: entry.event.range, notes: notes)
                    continue
                }
                let transitions = resolveAlternatives(entry.transitions, event: event, context: context, flow: flow, isGlobal: isGlobal, isReturn: true)
                resolvedReturns.append(SubflowReturn(outcome: entry.event.value, transitions: transitions))
            }
            for outcome in declared where !returns.contains(where: { $0.event.value == outcome }) {
                warning("unhandled-outcome", "sub-flow '\(name.value)' can end with '\(outcome)', but 'returns' does not say where that leads",
                        at: name.range)
            }
            target = .subflow(flowIndex, returns: resolvedReturns)
            forward = true
        case .end(let outcome):
            let declared = app.flows[flow].outcomes
            if !declared.isEmpty && !declared.contains(outcome.value) {
                var notes: [Diagnostic.Note] = []
                if let match = closestMatch(to: outcome.value, among: declared) { notes.append(.init("did you mean '\(match)'?")) }
                error("unknown-outcome", "flow '\(app.flows[flow].name)' declares no outcome '\(outcome.value)'; add it to 'outcomes:' or use one of \(declared.map { "'\($0)'" }.joined(separator: ", "))",
                      at: outcome.range, notes: notes)
            }
            target = .end(outcome.value)
            forward = true
        }
        let hasFields = !context.fields.isEmpty
        let validates = syntax.validate?.value ?? (forward && hasFields && !isGlobal && !isReturn)
        if syntax.validate?.value == true && !hasFields, let validate = syntax.validate {
            warning("validate-without-fields", "'validate: true' has no effect: this screen has no fields", at: validate.range)
        }
        return Transition(event: event, condition: condition, conditionSource: syntax.guardExpression?.text, target: target,
                          actions: resolveActions(syntax.actions, context: context, event: event, nonNull: known),
                          validates: validates, note: syntax.note?.value, range: syntax.range)
    }

    /// The value type of a field of the screen an action runs on, for `fill:` and `clear: [form.<field>]`.
    func resolveFormField(_ name: String, at range: SourceRange, context: ScreenContext, action: String) -> ValueType? {
        guard context.screen != nil else {
            error("unknown-field", "'\(action)' types into the fields of the screen it runs on; a flow's global transitions have no screen of their own",
                  at: range)
            return nil
        }
        guard let field = context.fields.first(where: { $0.name == name }) else {
            error("unknown-field", "this screen has no field '\(name)'", at: range,
                  notes: closestMatch(to: name, among: context.fields.map(\.name)).map { [.init("did you mean '\($0)'?")] } ?? [])
            return nil
        }
        return field.type
    }

    func resolveScreenReference(_ name: Located<String>, as what: String) -> Int? {
        if let index = screenTable[name.value] { return index }
        if let currentScreen { screensWithBrokenTargets.insert(currentScreen) }
        error("unknown-target", "\(what) '\(name.value)' is not a screen of app '\(app.id)'", at: name.range,
              notes: suggestion(forScreen: name.value))
        return nil
    }

    /// `nonNull`: paths the transition's guard showed not to be null; a write to one of them in these actions
    /// keeps it only when the value written cannot be null.
    func resolveActions(_ list: [ActionSyntax], context: ScreenContext, event: String?, nonNull: Set<String> = []) -> [Action] {
        let scope = screenEnvironmentAndContent(context, event: event)
        let content = scope.content
        var environment = scope.environment
        environment.nonNullPaths = nonNull
        func wrote(_ path: String, nullable: Bool) {
            environment.nonNullPaths = environment.nonNullPaths.filter { $0 != path && !$0.hasPrefix(path + ".") }
            if !nullable { environment.nonNullPaths.insert(path) }
        }
        var actions: [Action] = []
        for action in list {
            switch action.kind {
            case .set(let assignments), .append(let assignments):
                let isAppend: Bool = if case .append = action.kind { true } else { false }
                for assignment in assignments {
                    guard let (path, type) = resolveStatePath(assignment.path) else { continue }
                    var expected = type
                    if isAppend {
                        guard case .list(let element) = type else {
                            if type != .error {
                                error("type-mismatch", "'append' needs a list, but '\(assignment.path.value)' is '\(type)'", at: assignment.path.range)
                            }
                            continue
                        }
                        expected = element
                    }
                    let role = isAppend ? "element appended to '\(assignment.path.value)'" : "value for '\(assignment.path.value)'"
                    guard let value = check(assignment.value, expected: expected, in: environment, content: content, role: role) else {
                        wrote(assignment.path.value, nullable: true)
                        continue
                    }
                    wrote(assignment.path.value, nullable: !isAppend && value.type.isNullable)
                    actions.append(Action(kind: isAppend ? .append(path: path, value: value) : .set(path: path, value: value), range: action.range))
                }
            case .clear(let paths):
                for path in paths {
                    if path.value == "form" {
                        if context.screen == nil {
                            error("unknown-state", "'form' can only be cleared on a screen", at: path.range)
                        }
                        actions.append(Action(kind: .clearFields, range: action.range))
                    } else if path.value.hasPrefix("form.") {
                        let name = String(path.value.dropFirst("form.".count))
                        if resolveFormField(name, at: path.range, context: context, action: "clear") != nil {
                            actions.append(Action(kind: .fillField(field: name, value: nil, onlyWhenEmpty: false), range: action.range))
                        }
                    } else if let (components, _) = resolveStatePath(path) {
                        wrote(path.value, nullable: true)
                        actions.append(Action(kind: .clear(path: components), range: action.range))
                    }
                }
            case .fill(let assignments):
                for assignment in assignments {
                    guard let type = resolveFormField(assignment.path.value, at: assignment.path.range, context: context, action: "fill"),
                          // A null empties the field, as a person clearing it would.
                          let value = check(assignment.value, expected: type.asOptional, in: environment, content: content, role: "value for field '\(assignment.path.value)'") else { continue }
                    actions.append(Action(kind: .fillField(field: assignment.path.value, value: value, onlyWhenEmpty: false), range: action.range))
                }
            case .call(let name, let arguments):
                guard let (service, operation) = resolveOperation(name) else { continue }
                let inputs = app.services[service].operations[operation].input
                var resolved: [(name: String, value: TypedExpression)] = []
                var meant: Set<String> = []
                for argument in arguments {
                    guard let input = inputs.first(where: { $0.name == argument.path.value }) else {
                        var notes: [Diagnostic.Note] = []
                        if let match = closestMatch(to: argument.path.value, among: inputs.map(\.name)) {
                            notes.append(.init("did you mean '\(match)'?"))
                            meant.insert(match)
                        }
                        error("unknown-argument", "operation '\(name.value)' has no input '\(argument.path.value)'", at: argument.path.range, notes: notes)
                        continue
                    }
                    if let value = check(argument.value, expected: input.type, in: environment, content: content, role: "input '\(input.name)' of '\(name.value)'") {
                        resolved.append((input.name, value))
                    }
                }
                for input in inputs where !arguments.contains(where: { $0.path.value == input.name }) && !meant.contains(input.name) {
                    if case .optional = input.type { continue }
                    error("missing-argument", "call of '\(name.value)' does not pass its input '\(input.name)'; add it under 'with:'", at: name.range)
                }
                actions.append(Action(kind: .call(service: service, operation: operation, arguments: resolved), range: action.range))
            case .analytics(let name, let properties):
                if !NamePattern.eventName.matches(name.value) {
                    error("invalid-name", "analytics event '\(name.value)' must be \(NamePattern.eventName.description)", at: name.range)
                }
                var resolved: [(name: String, value: TypedExpression)] = []
                for property in properties {
                    if let value = check(property.value, expected: nil, in: environment, content: content) {
                        resolved.append((property.path.value, value))
                    }
                }
                actions.append(Action(kind: .analytics(event: name.value, properties: resolved), range: action.range))
            case .push(let text):
                if let shown = checkActionText(text, kind: .push, in: environment) { actions.append(Action(kind: .push(shown), range: action.range)) }
            case .toast(let text):
                if let shown = checkActionText(text, kind: .toast, in: environment) { actions.append(Action(kind: .toast(shown), range: action.range)) }
            case .raise(let name):
                raisedEvents.append((name.value, name.range))
                actions.append(Action(kind: .raise(name.value), range: action.range))
            }
        }
        return actions
    }
}

extension AppChecker {
    /// Names of the flows some transition runs as a sub-flow (`flow: <name>`), found once.
    var subflowNames: Set<String> {
        if let known = subflowNamesFound { return known }
        let names = findSubflowNames()
        subflowNamesFound = names
        return names
    }

    private func findSubflowNames() -> Set<String> {
        var names = Set<String>()
        func visit(_ transitions: [TransitionSyntax]) {
            for transition in transitions {
                if case .flow(let name, let returns)? = transition.target {
                    names.insert(name.value)
                    for route in returns { visit(route.transitions) }
                }
            }
        }
        for file in sources.files {
            for flow in file.flows {
                for group in flow.on { visit(group.transitions) }
                for timer in flow.after { visit(timer.transitions) }
                for screen in flow.screens {
                    for group in screen.on { visit(group.transitions) }
                    for timer in screen.after + screen.variants.flatMap(\.after) { visit(timer.transitions) }
                }
            }
        }
        return names
    }
}

