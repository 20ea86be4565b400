import FlowExpression
import FlowIR
import FlowRuntime
import FlowSource
import Foundation

/// A session asked for in a way the app cannot give (`--start`, `--state`, `--scenario`); the message says why.
public struct SessionSetupError: Error, Equatable, CustomStringConvertible {
    public var description: String
    public init(_ description: String) { self.description = description }
}

/// What a line typed at the session's prompt asks for.
public enum SessionReply: Equatable, Sendable {
    /// `quit` or `exit`.
    case quit
    /// `help`: the caller knows the commands.
    case help
    /// The text to print: a change line, the state, the screen, a saved scenario, or `error: ...`.
    case text(String)
}

extension Session {
    /// The session `flowc run` starts.
    /// - Parameters:
    ///   - startScreenID: A screen to start on instead of the app's start screen.
    ///   - stateJSON: State values to start with, as a JSON object of state variables (`"12.50 GBP"` for money).
    ///   - scenarioName: A scenario to replay first (its given state, start screen, services and clock, then its steps).
    ///   - echo: Receives, while the scenario replays, the lines a person would have seen typing its steps.
    public static func start(app: App, startScreenID: String?, stateJSON: String?, scenarioName: String?,
                             echo: ((String) -> Void)? = nil) throws -> Session {
        var startScreen: Int?
        if let start = startScreenID {
            guard let index = app.screens.firstIndex(where: { $0.id == start }) else {
                let suggestion = closestMatch(to: start, among: app.screens.map(\.id)).map { "; did you mean '\($0)'?" } ?? ""
                throw SessionSetupError("--start: app '\(app.id)' has no screen '\(start)'\(suggestion)")
            }
            startScreen = index
        }
        var overrides: [(path: [String], value: TypedExpression)] = []
        if let state = stateJSON {
            guard let raw = try? JSONSerialization.jsonObject(with: Data(state.utf8)) as? [String: Any] else {
                throw SessionSetupError("--state takes a JSON object of state variables, such as '{\"balance\": \"120.00 GBP\"}'")
            }
            let values = ScriptValues(app: app)
            for name in raw.keys.sorted() {
                guard let variable = app.state.first(where: { $0.name == name }), let value = raw[name] else {
                    let suggestion = closestMatch(to: name, among: app.state.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
                    throw SessionSetupError("--state: app '\(app.id)' has no state variable '\(name)'\(suggestion)")
                }
                do {
                    overrides.append(([name], try values.value(value, as: variable.type, for: "--state '\(name)'").asLiteral(of: variable.type)))
                } catch {
                    throw SessionSetupError("\(error)")
                }
            }
        }
        guard let name = scenarioName else { return try Session(app: app, start: startScreen, state: overrides) }
        guard let replayed = app.scenarios.first(where: { $0.name == name }) else {
            let suggestion = closestMatch(to: name, among: app.scenarios.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
            throw SessionSetupError("--scenario: app '\(app.id)' has no scenario '\(name)'\(suggestion)")
        }
        var session = try Session(app: app, scenario: replayed, start: startScreen, state: overrides)
        echo?("Replaying scenario '\(name)' (\(location(of: replayed.range))):")
        for (offset, step) in replayed.steps.enumerated() {
            let before = SessionSnapshot(session.interpreter, app: app)
            let description = describeStep(step.kind, app: app)
            do {
                guard try session.replay(step) else { continue }
            } catch {
                throw SessionSetupError("scenario '\(name)' step \(offset + 1) (\(description)) at \(location(of: step.range)): \(error)")
            }
            echo?("\(app.id)> \(description)")
            echo?(session.changeLines(since: before))
        }
        return session
    }

    /// Runs a script of JSON lines (blank lines skipped), giving one JSON object per step to `emit`, the start
    /// first. A script has no undo and may run for a million steps: the session keeps no history and a
    /// bounded trace. A line that fails is reported with its number and leaves the run as it was.
    /// - Returns: false when some line failed.
    public mutating func runScript(_ lines: some Sequence<String>, emit: (String) -> Void) -> Bool {
        keepsHistory = false
        interpreter.retainedSteps = 100
        emit(json(status: "start", error: nil))
        var failed = false
        for (offset, line) in lines.enumerated() where !line.allSatisfy(\.isWhitespace) {
            do {
                try perform(jsonLine: line)
                emit(json(status: "ok", error: nil))
            } catch {
                failed = true
                let reason = (error as? RuntimeFailure)?.message ?? "\(error)"
                emit(json(status: "error", error: "line \(offset + 1): \(reason)"))
            }
        }
        return !failed
    }

    /// Answers one line typed at the prompt; nil for a blank line.
    public mutating func respond(to line: String) -> SessionReply? {
        // `outcome` takes three words and then JSON, `swipe_row`/`long_press_row` three and then a row's key (which may
        // have spaces); every other command takes at most two and then the rest.
        let splits = line.hasPrefix("outcome ") || line.hasPrefix("swipe_row ") || line.hasPrefix("long_press_row ") ? 3 : 2
        let words = line.split(separator: " ", maxSplits: splits).map(String.init)
        guard let command = words.first else { return nil }
        switch command {
        case "quit", "exit": return .quit
        case "help": return .help
        case "state": return .text(stateLines())
        case "show": return .text(screenSummary())
        default:
            do {
                let before = SessionSnapshot(interpreter, app: app)
                if let output = try perform(command: command, arguments: Array(words.dropFirst())) { return .text(output) }
                return .text(changeLines(since: before))
            } catch let refusal as UnknownEvent {
                return .text("error: \(refusal) ('help' lists the commands)")
            } catch {
                return .text("error: \(error)")
            }
        }
    }
}
