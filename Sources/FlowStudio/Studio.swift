import FlowCompiler
import FlowExpression
import FlowIR
import FlowReports
import FlowRuntime
import FlowSession
import FlowSource
import Foundation

/// One live walk of an app for `flowc studio`: the checked flows, the session the page drives, what has been
/// recorded, and the reports' views. Every request from the page is untrusted: it is read into an `Action`,
/// anything else is refused with a message, and nothing the page sends reaches the disk except a scenario the
/// person asks to save, appended to one of the app's own scenario files.
public actor Studio {
    /// What the page asks for, read from its JSON.
    enum Action {
        case send(event: String, payload: String?)
        case fill(field: String, value: String)
        case outcome(operation: String, outcome: String, output: String?)
        case advance(String)
        case advanceToNextTimer
        case back
        case restart
        case undo
        case reset
        case expectThis
        case save(name: String)
        /// Starts over in a scenario's world (start screen, state, services, clock), to step through it.
        case open(scenario: String)
        /// The opened scenario's next step.
        case nextStep
    }

    /// One thing done in the walk, to replay it on edited flows.
    enum Performed {
        case command(String, [String])
        /// Step `index` of the opened scenario.
        case scenarioStep(Int)
    }

    public struct LoadError: Error, CustomStringConvertible {
        public var description: String
    }

    let flowsPath: String
    let appID: String
    let fileSystem: any FileSystem
    /// The app, lowered once per load: every session (reset, an opened scenario, a replay after an edit) runs on it.
    var program: RuntimeProgram
    var app: App { program.app }
    var views: StudioReportViews
    var session: Session
    /// The commands performed, to replay the walk on edited flows (`undo` takes one off).
    var commands: [Performed] = []
    /// The scenario whose world the walk started in (`open`), and the next of its steps to run.
    var opened: (name: String, next: Int)?
    /// Scenario step lines of the walk so far (from the session), and expectations the person captured, each
    /// after a number of those lines.
    var expectations: [(afterLine: Int, lines: [String])] = []
    var lastExpectationStep = 0
    var visited: [String] = []
    var previousState: [String: String] = [:]
    var pictures: [Int: String] = [:]
    var fingerprint: [String: Date] = [:]
    var diagnostics: String?
    var notice: String?

    /// Checks the flows at `flowsPath` and starts a walk of app `appID` (nil: the only app).
    public init(flowsPath: String, appID: String?, fileSystem: any FileSystem = DiskFileSystem()) throws {
        self.flowsPath = flowsPath
        self.fileSystem = fileSystem
        let loaded = try Self.load(flowsPath: flowsPath, appID: appID, fileSystem: fileSystem)
        self.appID = loaded.app.id
        program = loaded.program
        views = loaded.views
        session = try Session(program: loaded.program)
        visited = [session.interpreter.currentScreen.id]
        fingerprint = Self.fingerprint(of: loaded.app, flowsPath: flowsPath)
    }

    static func load(flowsPath: String, appID: String?, fileSystem: any FileSystem) throws -> (app: App, program: RuntimeProgram, views: StudioReportViews) {
        let bag = DiagnosticBag()
        var config = CompilerConfig(inputs: [flowsPath], generatesOutputs: false)
        config.lowersApps = true
        let compilation = compile(config, fileSystem: fileSystem, diagnostics: bag)
        let errors = bag.diagnostics.filter { $0.severity == .error }
        if !errors.isEmpty {
            throw LoadError(description: DiagnosticRenderer(format: .text, sources: compilation.sources).render(errors))
        }
        let apps = compilation.program.apps
        let chosen: App?
        if let appID {
            chosen = apps.first { $0.id == appID }
        } else {
            chosen = apps.count == 1 ? apps.first : nil
        }
        guard let app = chosen, let lowered = compilation.lowered.first(where: { $0.app.id == app.id }) else {
            let ids = apps.map(\.id).joined(separator: ", ")
            throw LoadError(description: appID.map { "no app '\($0)' in \(flowsPath); apps: \(ids)" }
                            ?? "\(flowsPath) has \(apps.count) apps (\(ids)); name one: flowc studio <app>")
        }
        let program = RuntimeProgram(lowered: lowered)
        let results = runScenarios(of: program).map(\.result)
        return (app, program, StudioReportViews(app: app, results: results))
    }

    /// When each of the app's files was last changed, to notice an edit.
    static func fingerprint(of app: App, flowsPath: String) -> [String: Date] {
        var dates: [String: Date] = [:]
        for file in app.files {
            dates[file] = (try? FileManager.default.attributesOfItem(atPath: file))?[.modificationDate] as? Date ?? .distantPast
        }
        return dates
    }

    // MARK: Requests

    /// The page's view now, after reloading the flows if a file changed.
    public func view() -> Data {
        reloadIfEdited()
        return encode(makeView(error: nil))
    }

    /// Runs one action the page sent (a JSON object) and answers with the new view, or the view with the refusal.
    public func perform(json body: Data) -> Data {
        reloadIfEdited()
        do {
            let action = try Self.action(from: body)
            try perform(action)
            return encode(makeView(error: nil))
        } catch {
            return encode(makeView(error: "\(error)"))
        }
    }

    static func action(from body: Data) throws -> Action {
        guard body.count <= 64 * 1024 else { throw LoadError(description: "the request is too large") }
        guard let object = (try? JSONSerialization.jsonObject(with: body)) as? [String: Any], let kind = object["do"] as? String else {
            throw LoadError(description: "a request is a JSON object such as {\"do\": \"send\", \"event\": \"tap_continue\"}")
        }
        func text(_ key: String) throws -> String {
            guard let value = object[key] as? String, !value.isEmpty else { throw LoadError(description: "'\(kind)' needs \"\(key)\" (text)") }
            return value
        }
        func json(_ key: String) throws -> String? {
            guard let value = object[key], !(value is NSNull) else { return nil }
            guard value is [String: Any], let data = try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]) else {
                throw LoadError(description: "\"\(key)\" is a JSON object of values")
            }
            return String(decoding: data, as: UTF8.self)
        }
        switch kind {
        case "send": return .send(event: try text("event"), payload: try json("payload"))
        case "fill":
            guard let value = object["value"] as? String else { throw LoadError(description: "'fill' needs \"value\" (text)") }
            return .fill(field: try text("field"), value: value)
        case "outcome": return .outcome(operation: try text("operation"), outcome: try text("outcome"), output: try json("output"))
        case "advance": return .advance(try text("by"))
        case "advance-to-next-timer": return .advanceToNextTimer
        case "back": return .back
        case "restart": return .restart
        case "undo": return .undo
        case "reset": return .reset
        case "expect": return .expectThis
        case "save": return .save(name: try text("name"))
        case "open": return .open(scenario: try text("scenario"))
        case "next-step": return .nextStep
        default:
            throw LoadError(description: "unknown action '\(kind)'; use send, fill, outcome, advance, advance-to-next-timer, back, restart, undo, reset, expect, save, open or next-step")
        }
    }

    func perform(_ action: Action) throws {
        notice = nil
        switch action {
        case .send(let event, let payload):
            try run("send", [event] + (payload.map { [$0] } ?? []))
        case .fill(let field, let value):
            guard session.interpreter.currentScreen.fields.contains(where: { $0.name == field }) else {
                throw LoadError(description: "screen '\(session.interpreter.currentScreen.id)' has no field '\(field)'")
            }
            try run("fill", [field, value])
        case .outcome(let operation, let outcome, let output):
            try run("outcome", [operation, outcome] + (output.map { [$0] } ?? []))
        case .advance(let duration):
            guard parseDuration(duration) != nil else { throw LoadError(description: "'\(duration)' is not a duration such as 30s or 5m") }
            try run("advance", [duration])
        case .advanceToNextTimer:
            guard let next = session.interpreter.upcomingTimers.first else { throw LoadError(description: "no timer is running") }
            let milliseconds = max(0, next.remaining)
            try run("advance", [milliseconds % 1000 == 0 ? "\(milliseconds / 1000)s" : "\(milliseconds)ms"])
        case .back:
            guard !session.interpreter.currentScreen.backBlocked else {
                throw LoadError(description: "'\(session.interpreter.currentScreen.id)' blocks back")
            }
            try run("back", [])
        case .restart:
            try run("restart", [])
        case .undo:
            guard !commands.isEmpty else { throw LoadError(description: "nothing to undo") }
            _ = try session.perform(command: "undo", arguments: [])
            if case .scenarioStep(let index)? = commands.last, let current = opened { opened = (current.name, index) }
            commands.removeLast()
            let lines = stepLines().count
            expectations.removeAll { $0.afterLine > lines }
            if visited.count > 1 { visited.removeLast() }
        case .reset:
            try startOver(Session(program: program), opened: nil)
        case .open(let name):
            guard let scenario = app.scenarios.first(where: { $0.name == name }) else {
                let suggestion = closestMatch(to: name, among: app.scenarios.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
                throw LoadError(description: "app '\(app.id)' has no scenario '\(name)'\(suggestion)")
            }
            try startOver(Session(program: program, scenario: scenario, start: nil, state: []), opened: (name, 0))
        case .nextStep:
            guard let current = opened, let scenario = app.scenarios.first(where: { $0.name == current.name }) else {
                throw LoadError(description: "no scenario is open; open one to step through it")
            }
            var index = current.next
            // Expectations are what `flowc test` checks; stepping runs the actions between them.
            while index < scenario.steps.count {
                let ran = try session.replay(scenario.steps[index])
                index += 1
                if ran {
                    commands.append(.scenarioStep(index - 1))
                    visited.append(session.interpreter.currentScreen.id)
                    break
                }
            }
            opened = (current.name, index)
            if index >= scenario.steps.count && !commands.contains(where: { if case .scenarioStep = $0 { true } else { false } }) {
                throw LoadError(description: "scenario '\(current.name)' has no steps to run")
            }
        case .expectThis:
            expectations.append((stepLines().count, expectationLines()))
            lastExpectationStep = session.interpreter.stepCount
        case .save(let name):
            if let opened { throw LoadError(description: "this walk started in scenario '\(opened.name)'s world; start over to record a walk to save") }
            try save(name: name)
        }
    }

    func startOver(_ fresh: Session, opened: (name: String, next: Int)?) throws {
        session = fresh
        self.opened = opened
        commands = []
        expectations = []
        lastExpectationStep = 0
        visited = [session.interpreter.currentScreen.id]
    }

    /// Runs one session command and remembers it for replay.
    func run(_ command: String, _ arguments: [String]) throws {
        _ = try session.perform(command: command, arguments: arguments)
        commands.append(.command(command, arguments))
        visited.append(session.interpreter.currentScreen.id)
        if visited.count > Self.visitedLimit { visited.removeFirst(visited.count - Self.visitedLimit) }
    }

    /// The path drawn on the picture keeps this many screens (a long walk stays bounded).
    static let visitedLimit = 500

    // MARK: Recording

    /// The walk's action steps as scenario lines, from the session (the same lines `flowc run`'s `save` writes).
    func stepLines() -> [String] {
        session.steps.map { "      \($0)" }
    }

    /// What the person sees now, as an expectation: the screen (and variant), field errors, and the toasts, pushes,
    /// analytics and calls (with their arguments) since the last expectation.
    func expectationLines() -> [String] {
        let interpreter = session.interpreter
        var lines = ["      - expect:", "          screen: \(interpreter.currentScreen.id)"]
        if let variant = (try? interpreter.currentVariant()) ?? nil { lines.append("          variant: \(variant)") }
        let errors = interpreter.errors
        if !errors.isEmpty {
            lines.append("          errors: { " + errors.keys.sorted().map { "\($0): \(yamlQuoted(errors[$0] ?? ""))" }.joined(separator: ", ") + " }")
        }
        let effects = interpreter.steps(from: lastExpectationStep).flatMap(\.effects)
        if !effects.isEmpty {
            lines.append("          effects:")
            for effect in effects { lines.append("            - " + effectYAML(effect)) }
        }
        return lines
    }

    func effectYAML(_ effect: Effect) -> String {
        switch effect {
        case .analytics(let event, let properties):
            let written = properties.keys.sorted().compactMap { name in properties[name]?.expressionSource.map { "\(name): \(yamlQuoted($0))" } }
            return written.isEmpty ? "{ analytics: \(event) }" : "{ analytics: { event: \(event), properties: { \(written.joined(separator: ", ")) } } }"
        case .push(let text): return "{ push: \(yamlQuoted(text)) }"
        case .toast(let text): return "{ toast: \(yamlQuoted(text)) }"
        case .call(let operation, let arguments):
            let written = arguments.keys.sorted().compactMap { name in arguments[name]?.expressionSource.map { "\(name): \(yamlQuoted($0))" } }
            return written.isEmpty ? "{ call: \(operation) }" : "{ call: { service: \(operation), with: { \(written.joined(separator: ", ")) } } }"
        }
    }


    /// The walk as a scenario: its steps with the captured expectations in place, ending on the current screen.
    func scenarioYAML(name: String) -> String {
        let steps = stepLines()
        var lines = ["scenarios:", "  \(name):", "    description: Recorded in flowc studio.", "    steps:"]
        var position = 0
        for expectation in expectations {
            while position < min(expectation.afterLine, steps.count) { lines.append(steps[position]); position += 1 }
            lines += expectation.lines
        }
        while position < steps.count { lines.append(steps[position]); position += 1 }
        if expectations.last.map({ $0.afterLine < steps.count }) ?? true {
            lines += expectationLines()
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Appends the walk as a scenario to the app's scenario file whose last section is `scenarios:`, then reloads.
    func save(name: String) throws {
        guard name.first.map({ ("a"..."z").contains($0) }) == true,
              name.allSatisfy({ ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }), name.count <= 100 else {
            throw LoadError(description: "a scenario name is snake_case, such as 'walk_to_wallet'")
        }
        guard !app.scenarios.contains(where: { $0.name == name }) else {
            throw LoadError(description: "app '\(app.id)' already has a scenario '\(name)'; choose another name")
        }
        guard let file = app.files.reversed().first(where: { endsWithScenariosSection($0) }) else {
            throw LoadError(description: "no file of app '\(app.id)' ends with a 'scenarios:' section to add the walk to; copy it from the page instead")
        }
        let entry = scenarioYAML(name: name).split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
        guard let handle = FileHandle(forWritingAtPath: file) else { throw LoadError(description: "cannot write '\(file)'") }
        defer { try? handle.close() }
        try handle.seekToEnd()
        try handle.write(contentsOf: Data(("\n" + entry).utf8))
        notice = "saved scenario '\(name)' in \(file)"
    }

    /// Whether the last top-level key of `file` is `scenarios:`, so an entry appended at its end belongs to it.
    func endsWithScenariosSection(_ file: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: file) else { return false }
        let topLevel = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init).filter { line in
            guard let first = line.first else { return false }
            return first != " " && first != "#" && first != "-" && line.contains(":")
        }
        return topLevel.last.map { $0.hasPrefix("scenarios:") } ?? false
    }

    // MARK: Live reload

    /// Reloads the flows when one of the app's files changed, and replays the walk on them as far as it goes.
    func reloadIfEdited() {
        let now = Self.fingerprint(of: app, flowsPath: flowsPath)
        guard now != fingerprint else { return }
        fingerprint = now
        do {
            let loaded = try Self.load(flowsPath: flowsPath, appID: appID, fileSystem: fileSystem)
            diagnostics = nil
            let scenario = opened.flatMap { opened in loaded.app.scenarios.first { $0.name == opened.name } }
            var replayed = try scenario.map { try Session(program: loaded.program, scenario: $0, start: nil, state: []) } ?? Session(program: loaded.program)
            var kept: [Performed] = []
            var stopped: String?
            for entry in commands {
                do {
                    switch entry {
                    case .command(let command, let arguments): _ = try replayed.perform(command: command, arguments: arguments)
                    case .scenarioStep(let index):
                        guard let scenario, scenario.steps.indices.contains(index) else { throw LoadError(description: "the scenario changed") }
                        _ = try replayed.replay(scenario.steps[index])
                    }
                    kept.append(entry)
                } catch {
                    stopped = "the walk was replayed up to step \(kept.count + 1) of \(commands.count), which the edited flows refuse: \(error)"
                    break
                }
            }
            if opened != nil && scenario == nil { opened = nil }
            let before = session.interpreter.currentScreen.id
            let after = replayed.interpreter.currentScreen.id
            program = loaded.program
            views = loaded.views
            session = replayed
            commands = kept
            pictures = [:]
            fingerprint = Self.fingerprint(of: loaded.app, flowsPath: flowsPath)
            let lines = stepLines().count
            expectations.removeAll { $0.afterLine > lines }
            let ending = before == after ? "" : " and now ends on \(after), not \(before)"
            notice = stopped ?? "reloaded the edited flows; the walk was replayed (\(kept.count) step\(kept.count == 1 ? "" : "s"))\(ending)"
        } catch {
            diagnostics = "\(error)"
        }
    }

    // MARK: The view

    func makeView(error: String?) -> StudioView {
        let interpreter = session.interpreter
        let screen = interpreter.currentScreen
        let own = Set(screen.transitions.map(\.event))
        // What a person can send, as `flowc run` offers it: service answers are the pending calls' outcomes below.
        let events = session.sendableEvents.all.map { event -> StudioView.Event in
            let payload = app.events.first { $0.name == event }?.payload.map { StudioView.Typed(name: $0.name, type: "\($0.type)") } ?? []
            let reason = payload.isEmpty ? blockedReason(event) : nil
            return StudioView.Event(name: event, enabled: reason == nil, reason: reason, payload: payload, global: !own.contains(event))
        }
        let pending = interpreter.pendingCalls.map { name -> StudioView.PendingCall in
            let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
            let operation = parts.count == 2 ? app.services.first { $0.name == parts[0] }?.operations.first { $0.name == parts[1] } : nil
            return StudioView.PendingCall(operation: name, outcomes: operation?.outcomes.map { outcome in
                StudioView.Outcome(name: outcome.name, output: outcome.output.map { StudioView.Typed(name: $0.name, type: "\($0.type)") })
            } ?? [])
        }
        let form = interpreter.form
        let fields = screen.fields.map { field -> StudioView.Field in
            let value: String = switch form[field.name] {
            case .text(let text)?: text
            case .list(let items)?: items.joined(separator: ", ")
            case nil: ""
            }
            // The label and placeholder in the locale the app shows now, as `flowc run show` and the generated code show them.
            let captions = (try? interpreter.captions(of: field.name)) ?? [:]
            return StudioView.Field(name: field.name, label: captions[.label] ?? field.label ?? field.name,
                                    placeholder: captions[.placeholder] ?? field.placeholder ?? "", kind: field.kind.name,
                                    // Each label in the locale the app shows now, as `flowc run` and the generated `options(_:)` show it.
                                    options: ((try? interpreter.options(of: field.name)) ?? field.options.map { ($0.value, $0.label ?? $0.value) })
                                        .map { StudioView.Option(value: $0.value, label: $0.label) },
                                    value: value, error: interpreter.errors[field.name], secret: field.secret)
        }
        let texts = ((try? interpreter.texts()) ?? [:]).sorted { $0.key < $1.key }.map { StudioView.Typed(name: $0.key, type: $0.value) }
        var state: [StudioView.StateValue] = []
        var current: [String: String] = [:]
        for variable in app.state {
            let value = interpreter.state[variable.name]?.description ?? "null"
            current[variable.name] = value
            state.append(StudioView.StateValue(name: variable.name, value: value, derived: false,
                                               changed: previousState[variable.name].map { $0 != value } ?? false))
        }
        for derived in app.derived {
            let value = (try? interpreter.read([derived.name]))?.description ?? "(cannot be computed now)"
            current[derived.name] = value
            state.append(StudioView.StateValue(name: derived.name, value: value, derived: true,
                                               changed: previousState[derived.name].map { $0 != value } ?? false))
        }
        previousState = current
        let recent = interpreter.steps(from: max(0, interpreter.stepCount - 1))
        var steps = stepLines()
        var position = 0
        var recording: [String] = []
        for expectation in expectations {
            while position < min(expectation.afterLine, steps.count) { recording.append(steps[position]); position += 1 }
            recording += expectation.lines
        }
        if position < steps.count { recording += steps[position...] }
        steps = []
        let picture: String
        if let cached = pictures[interpreter.screen] {
            picture = cached
        } else {
            picture = views.picture(around: interpreter.screen)
            pictures[interpreter.screen] = picture
        }
        return StudioView(
            app: app.id, appName: app.name, screen: screen.id, screenName: screen.name, presentation: screen.presentation.rawValue,
            variant: (try? interpreter.currentVariant()) ?? nil, step: screen.step, terminal: screen.terminal, backBlocked: screen.backBlocked,
            ended: interpreter.ended, clockMilliseconds: interpreter.elapsed, texts: texts, fields: fields, events: events, pending: pending,
            timers: interpreter.upcomingTimers.map { StudioView.Timer(delay: $0.delay, remainingMilliseconds: $0.remaining) },
            effects: recent.flatMap(\.effects).map { StudioView.Effect(kind: $0.kind, value: $0.value) },
            transitions: recent.flatMap(\.microSteps).map(\.description),
            state: state, recording: recording, scenarioYAML: scenarioYAML(name: "recorded_walk"), canUndo: !commands.isEmpty,
            path: visited, picture: picture,
            criteria: views.criteria.filter { $0.screens.contains(interpreter.screen) }.map { StudioView.Criterion(id: $0.id, text: $0.text, status: $0.status) },
            error: error, diagnostics: diagnostics, notice: notice, scenarios: app.scenarios.map(\.name),
            openedScenario: opened?.name, openedNextStep: opened?.next,
            openedSteps: opened.flatMap { opened in app.scenarios.first { $0.name == opened.name }?.steps.count })
    }

    /// Why sending `event` now would do nothing: it is ignored because no guard holds (tried on a copy of the run).
    func blockedReason(_ event: String) -> String? {
        var copy = session.interpreter
        guard let step = try? copy.send(event), let first = step.microSteps.first else { return nil }
        guard case .ignored = first.outcome else { return nil }
        let guards = first.guards.filter { !$0.value }.map(\.source)
        return guards.isEmpty ? "nothing happens on this screen now" : "blocked: " + guards.map { "\($0) does not hold" }.joined(separator: "; ")
    }

    func encode(_ view: StudioView) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(view)) ?? Data("{\"error\":\"the view could not be encoded\"}".utf8)
    }
}
