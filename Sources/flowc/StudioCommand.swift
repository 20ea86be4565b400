import ArgumentParser
import FlowStudio
import Foundation

struct StudioCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "studio",
        abstract: "Walk an app in the browser as a clickable prototype, and record the walk as a scenario.",
        discussion: reflowed("""
            Serves the app on this machine only (127.0.0.1) and prints the address to open. The page shows the current
            screen with its texts, fields and buttons, the service calls waiting for an answer (a button per outcome),
            the timers and the clock, the flow picture with the path taken, the state, and the criteria about the screen.
            Every click is recorded: "Expect this" captures what the screen shows, "Save" appends the walk as a scenario
            to the app's scenario file. Editing a flow file reloads the page and replays the walk.

            Examples:
              flowc studio tempo
              flowc studio tempo --port 8123
              flowc studio --flows path/to/flows myapp
            """)
    )

    @Argument(help: "The app id (may be left out when the flows hold one app).")
    var app: String?

    @Option(help: "Where the flows are.")
    var flows: String = "flows"

    @Option(help: "The port to listen on (0: any free port).")
    var port: UInt16 = 8765

    func run() throws {
        let studio: Studio
        do {
            studio = try Studio(flowsPath: projectRelative(flows), appID: app)
        } catch let error as Studio.LoadError {
            FileHandle.standardError.write(Data("\(error.description)\n".utf8))
            throw ExitCode(ExitStatus.failure.rawValue)
        }
        // The command stays synchronous like the others; the server runs on Swift concurrency's pool.
        let started = StartResult()
        let server = StudioServer(studio: studio, port: port)
        let semaphore = DispatchSemaphore(value: 0)
        Task {
            do { started.set(.success(try await server.start().port)) } catch { started.set(.failure(error)) }
            semaphore.signal()
        }
        semaphore.wait()
        switch started.get() {
        case .success(let port)?:
            printLine("flowc studio: open http://127.0.0.1:\(port)/ (Ctrl-C stops it)")
        case .failure(let error)?:
            throw ValidationError("cannot listen on 127.0.0.1:\(port) (\(error)); choose another with --port")
        case nil:
            throw ValidationError("the studio's server did not start")
        }
        while true { sleep(3600) }
    }
}

/// The server's start, handed from its task to the waiting command.
private final class StartResult: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<UInt16, any Error>?
    func set(_ value: Result<UInt16, any Error>) { lock.lock(); result = value; lock.unlock() }
    func get() -> Result<UInt16, any Error>? { lock.lock(); defer { lock.unlock() }; return result }
}
