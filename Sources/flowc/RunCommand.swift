import ArgumentParser
import FlowCompiler
import FlowExpression
import FlowIR
import FlowRuntime
import FlowSession
import FlowSource
import Foundation

struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Run an app headlessly: by hand in a terminal, or from a script of JSON lines.",
        discussion: reflowed("""
            Interactive commands (one per line; ← → ↑ ↓ and Tab work at a terminal):
              <event>  or  send <event> [{"payload": ...}]   send an event
              fill <field> <text>                           type into a field (lists: a,b,c)
              advance <duration>                            move the virtual clock (30s, 5m)
              outcome <service.operation> <outcome> [{...}] answer a pending service call, with output values
              back                                          the system back gesture
              restart                                       close the app and launch it again (persisted state stays)
              tap_row <list> <key or position>              tap a row of a list on the screen (tap_row assets A2)
              swipe_row <list> <action> <key or position>   swipe a row and press a button (swipe_row assets delete A2)
              long_press_row <list> <action> <key or pos.>  press and hold a row and pick an action
              state                                         the whole state
              show                                          the whole screen: fields, events, timers, state
              undo                                          take back the last command
              save <name>                                   print the session as a scenario
              help, quit
            After each command one short account: the screen now, the transitions taken, the fields, state
            and effects that changed, and what can happen next (the screen's events, the service calls it waits
            for and their outcomes, the timers).

            Script mode reads JSON lines and prints one JSON object per step:
              {"send": "tap_im_new"}   {"send": "submit", "payload": {"amount": "10.00 GBP"}}
              {"fill": {"given_name": "Ayrton"}}   {"advance": "30s"}
              {"outcome": {"equals.log_in": "success"}, "output": {"user_id": "U-1"}}   {"back": true}   {"restart": true}
              {"tap_row": {"list": "assets", "key": "A2"}}   {"swipe_row": {"list": "assets", "action": "delete", "index": 0}}
              {"long_press_row": {"list": "favorites", "action": "send_money", "key": "R-1"}}   (a row by key or position)
            Payloads and outputs are read as the types the app declares ("12.50" or "12.50 GBP" for money).

            Examples:
              flowc run tempo
              flowc run tempo --start WAL-001 --state '{"balance": "120.00 GBP"}'
              flowc run tempo --scenario login_as_u42      # replay a saved scenario, then go on by hand
              flowc run tempo --script onboarding.jsonl
              echo '{"send": "tap_im_new"}' | flowc run tempo --script -
            """)
    )

    @Argument(help: "The app id.")
    var app: String

    @Option(help: "A file of JSON lines to run, or - for standard input.")
    var script: String?

    @Option(help: "Where the flows are.")
    var flows: String = "flows"

    @Option(help: "Start on this screen (its ID) instead of the app's start screen.")
    var start: String?

    @Option(help: "Start with these state values, as a JSON object of state variables (\"12.50 GBP\" for money).")
    var state: String?

    @Option(help: "Replay a scenario of the app (its given state, start screen and services, then its steps), then go on.")
    var scenario: String?

    func run() throws {
        let program = checkedProgram(flows: flows)
        guard let app = program.apps.first(where: { $0.id == self.app }) else {
            refuse("no app '\(self.app)'; apps: \(program.apps.map(\.id).joined(separator: ", "))")
        }
        if script == nil {
            printLine("\(app.name) (\(app.id)): 'help' lists the commands, 'state' shows the whole state, 'show' the whole screen.")
        }
        var session: Session
        do {
            // A replayed scenario prints each step and its change line as a person's command would (a script's
            // output stays one JSON object per line).
            session = try Session.start(app: app, startScreenID: start, stateJSON: state, scenarioName: scenario,
                                        echo: script == nil ? { printLine($0) } : nil)
        } catch let mistake as SessionSetupError {
            refuse(mistake.description)
        }
        if let script {
            let lines: ScriptLines
            if script == "-" {
                lines = ScriptLines(handle: .standardInput)
            } else {
                guard let handle = FileHandle(forReadingAtPath: script) else {
                    refuse("cannot read script '\(script)'")
                }
                lines = ScriptLines(handle: handle)
            }
            finish(session.runScript(lines) { printLine($0) } ? .success : .failure)
        }
        if scenario == nil { printLine(session.changeLines(since: session.startSnapshot)) }
        var editor = LineEditor()
        while true {
            editor.complete = { [session] line in session.completions(for: line) }
            guard let line = editor.readLine(prompt: "\(app.id)> ") else { break }
            switch session.respond(to: line) {
            case nil: continue
            case .quit?: finish(.success)
            case .help?: printLine(Self.configuration.discussion + "\n" + session.helpNow)
            case .text(let text)?: printLine(text)
            }
        }
        finish(.success)
    }
}
