import Benchmark
import FlowCompiler
import FlowIR
@_spi(Generated) import FlowMachine
@_spi(Generated) import FlowRuntime
import FlowSource
import Foundation
import PeerRing10000Flow
import PeerRing1000Flow
import PeerRing10Flow

// The ring the peers are measured on (issue 11; Benchmarks/Peers/ runs the same ring on pytransitions
// and Qt SCXML): N screens with `next [attempts < 3] / steps += 1`, `back / attempts = 0`, `error /
// attempts += 1` opening a shared error sheet, `retry` back to where the error came from.

/// The events every implementation is sent, over and over: from a screen with `attempts == 0` it goes
/// on twice, opens and closes the error sheet three times (so `attempts` reaches 3), is refused a `next`
/// (the guard fails), goes back (clearing `attempts`) and on three screens: every transition and both
/// outcomes of the guard, three screens further round the ring per round.
let peerRingPattern = ["next", "next", "error", "retry", "error", "retry", "error", "retry", "next", "back", "next", "next"]

let peerRingSizes = [10, 1_000, 10_000]

/// The flows of the peer ring of `screens` screens, written by scripts/make-synthetic-app.py (the
/// generator of Benchmarks/Generated/PeerRing*Flow, so the interpreter runs exactly those flows),
/// loaded and checked with FlowCompiler.
func peerRingProgram(screens: Int) -> RuntimeProgram? {
    let packageFolder = URL(fileURLWithPath: flowsFolder).deletingLastPathComponent()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("flowc-peer-ring-\(screens)-\(getpid())")
    defer { try? FileManager.default.removeItem(at: folder) }
    let generator = Process()
    generator.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    generator.arguments = ["python3", packageFolder.appendingPathComponent("scripts/make-synthetic-app.py").path,
                           "--peer-ring", "--screens", String(screens), "--out", folder.path]
    do {
        try generator.run()
        generator.waitUntilExit()
    } catch {
        print("peer ring \(screens): cannot run make-synthetic-app.py: \(error)")
        return nil
    }
    let diagnostics = DiagnosticBag()
    let result = compile(CompilerConfig(inputs: [folder.path], generatesOutputs: false), diagnostics: diagnostics)
    guard generator.terminationStatus == 0, let app = result.program.apps.first else {
        print("peer ring \(screens): the flows did not load")
        return nil
    }
    return RuntimeProgram(app: app)
}

/// Where the hand-written table is after `events` events of the pattern (the screen's ID and the back
/// stack's, oldest first): every implementation must end there (a benchmark that measured different
/// semantics would say nothing).
func expectedEnd(screens: Int, events: Int) -> (screen: String, backStack: [String]) {
    var ring = HandWrittenPeerRing(screens: screens)
    let pattern = peerRingPattern.compactMap { name in HandWrittenPeerRing.Event.allCases.first { "\($0)" == name } }
    for index in 0..<events { ring.send(pattern[index % pattern.count]) }
    func id(_ screen: Int32) -> String { screen == ring.errorSheet ? "ERR" : "S-\(screen)" }
    return (id(ring.screen), ring.history.map(id))
}

/// Fails the benchmark (the tool prints the reason; a benchmark's own output is not shown) when `screenID`
/// or the back stack is not where the hand-written table ends.
func reportDivergence(_ label: String, screens: Int, events: Int, endedOn screenID: String, backStack: [String], _ benchmark: Benchmark) {
    let expected = expectedEnd(screens: screens, events: events)
    if screenID != expected.screen {
        benchmark.error("peer ring \(screens) \(label): ended on \(screenID) after \(events) events, the hand-written table on \(expected.screen)")
    } else if backStack != expected.backStack {
        benchmark.error("peer ring \(screens) \(label): ended with a back stack of \(backStack.count) screens (top \(backStack.last ?? "none")) after \(events) events, "
            + "the hand-written table with \(expected.backStack.count) (top \(expected.backStack.last ?? "none"))")
    }
}

/// One event of the pattern per scaled iteration, so the figures are per event.
func runGenerated<Machine: FlowStateMachine>(_: Machine.Type, screens: Int, _ benchmark: Benchmark) throws {
    let pattern = peerRingPattern.compactMap { try? Machine.Event(name: $0, payload: [:]) }
    guard pattern.count == peerRingPattern.count else {
        benchmark.error("peer ring \(screens) generated machine: an event of the pattern is missing")
        return
    }
    var effects: [Machine.Effect] = []
    effects.reserveCapacity(16)
    var machine = try Machine(startScreenID: nil, now: Timestamp(millisecondsSince1970: 1_767_225_600_000))
    try machine.start(into: &effects)
    var position = 0
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
        try machine.send(pattern[position], into: &effects)
        // A host performs the effects a step asks for, then reuses the buffer; the ring's steps ask for none,
        // and clearing an empty array is not free (a tenth of a step before).
        if !effects.isEmpty {
            for effect in effects { blackHole(effect) }
            effects.removeAll(keepingCapacity: true)
        }
        position = position == pattern.count - 1 ? 0 : position + 1
    }
    benchmark.stopMeasurement()
    reportDivergence("generated machine", screens: screens, events: benchmark.scaledIterations.count, endedOn: machine.screenID,
                     backStack: machine.backStack.map(\.rawValue), benchmark)
}

/// `events` events of the pattern through the interpreter, keeping the last 1,000 steps of the trace
/// (as `flowc run --script` does on a long run).
func runInterpreter(_ program: RuntimeProgram, screens: Int, events: Range<Int>, _ benchmark: Benchmark) throws {
    var run = try Interpreter(program: program)
    run.retainedSteps = 1_000
    let pattern = peerRingPattern.compactMap { run.eventNumber($0) }
    guard pattern.count == peerRingPattern.count else {
        benchmark.error("peer ring \(screens) interpreter: an event of the pattern is missing")
        return
    }
    var position = 0
    benchmark.startMeasurement()
    for _ in events {
        try run.send(eventNumber: pattern[position])
        position = position == pattern.count - 1 ? 0 : position + 1
    }
    benchmark.stopMeasurement()
    reportDivergence("interpreter", screens: screens, events: events.count, endedOn: run.currentScreen.id,
                     backStack: run.engine.history.screens.map { run.app.screens[Int($0)].id }, benchmark)
}

func peerRingBenchmarks() {
    // A million events per iteration, so each run goes round even the 10,000-screen ring (three screens per
    // 12 events) and the back stack reaches its steady size; times marked * are per event.
    let perEvent = Benchmark.Configuration(metrics: [.wallClock, .throughput, .mallocCountTotal], scalingFactor: .mega,
                                           maxDuration: .seconds(5), maxIterations: 20)
    Benchmark("peer ring 10 generated machine, events", configuration: perEvent) { try runGenerated(PeerRing10Machine.self, screens: 10, $0) }
    Benchmark("peer ring 1000 generated machine, events", configuration: perEvent) { try runGenerated(PeerRing1000Machine.self, screens: 1000, $0) }
    Benchmark("peer ring 10000 generated machine, events", configuration: perEvent) { try runGenerated(PeerRing10000Machine.self, screens: 10000, $0) }

    for screens in peerRingSizes {
        // The table is built once, outside the measurement, as the generated machine's tables are.
        let pattern = peerRingPattern.compactMap { name in HandWrittenPeerRing.Event.allCases.first { "\($0)" == name } }
        let freshRing = HandWrittenPeerRing(screens: screens)
        Benchmark("peer ring \(screens) hand-written flat table, events", configuration: perEvent) { benchmark in
            var ring = freshRing
            var position = 0
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                ring.send(pattern[position])
                position = position == pattern.count - 1 ? 0 : position + 1
            }
            benchmark.stopMeasurement()
            blackHole(ring.screen)
            blackHole(ring.steps)
            blackHole(ring.sheetOpener)
            blackHole(ring.history.count)
        }
    }

    // Loaded once per process and only when a peer-ring benchmark runs (loading 10,000 screens takes a while).
    let programs = PeerRingPrograms()
    for screens in peerRingSizes {
        Benchmark("peer ring \(screens) interpreter, events", configuration: perEvent) { benchmark in
            guard let program = programs.program(screens: screens) else {
                benchmark.error("peer ring \(screens): the flows did not load")
                return
            }
            try runInterpreter(program, screens: screens, events: benchmark.scaledIterations, benchmark)
        }
    }

    // Memory stays flat over a long run: the peak resident memory of 10 M events should equal that of 1 M.
    for millions in [1, 10] {
        Benchmark("peer ring 10000 interpreter memory, \(millions) M events",
                  configuration: .init(metrics: [.wallClock, .peakMemoryResident, .peakMemoryResidentDelta, .mallocCountTotal],
                                       maxDuration: .seconds(120), maxIterations: 1)) { benchmark in
            guard let program = programs.program(screens: 10_000) else {
                benchmark.error("peer ring 10000: the flows did not load")
                return
            }
            try runInterpreter(program, screens: 10_000, events: 0..<(millions * 1_000_000), benchmark)
        }
    }
}

/// The interpreter's programs for the peer rings, loaded on first use.
final class PeerRingPrograms: @unchecked Sendable {
    private let lock = NSLock()
    private var loaded: [Int: RuntimeProgram?] = [:]

    func program(screens: Int) -> RuntimeProgram? {
        lock.lock()
        defer { lock.unlock() }
        if let program = loaded[screens] { return program }
        let program = peerRingProgram(screens: screens)
        loaded[screens] = program
        return program
    }
}
