import Benchmark
import FlowCompiler
import FlowIR
import FlowRuntime
import FlowSource
import Foundation
import SyntheticFlow

/// The flows/ folder of the package this benchmark sits in.
let flowsFolder = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("flows").path

/// An in-memory file system holding one synthetic app.
struct MemoryFileSystem: FileSystem {
    var files: [String: [UInt8]]

    func kind(of path: String) -> FileKind? {
        if let bytes = files[path] { return .file(size: bytes.count) }
        return files.keys.contains { $0.hasPrefix(path + "/") } ? .directory : nil
    }
    func read(_ path: String) throws -> [UInt8] { files[path] ?? [] }
    func list(_ path: String) throws -> [String] {
        Array(Set(files.keys.filter { $0.hasPrefix(path + "/") }.map { String($0.dropFirst(path.count + 1).split(separator: "/")[0]) }))
    }
    func resolvingSymlinks(_ path: String) -> String { "/" + path }
    func write(_ path: String, _ bytes: [UInt8]) throws {}
    func remove(_ path: String) throws {}
    func move(_ from: String, to: String) throws {}
}

/// The synthetic N-screen ring of DESIGN.md (the same shape as scripts/make-synthetic-app.py):
/// `next` moves on while a counter is under a limit, `back` returns, `fail` opens an error sheet.
/// With `forms`, every tenth screen also has a field with two rules (for the checker; a run would
/// stop there until the field is filled, so the interpreter benchmark leaves them out).
func syntheticApp(screens n: Int, forms: Bool = true) -> MemoryFileSystem {
    let root = """
        app:
          name: Synthetic
          id: synthetic
          currency: GBP
          locale: en-GB
          start: ring
        include:
          - screens.flow.yaml
        state:
          counter: { type: int, initial: 0 }
          limit: { type: int, initial: 1000000000 }

        """
    var lines = ["flows:", "  ring:", "    start: S-0", "    on:", "      fail: { overlay: ERR-0 }", "    screens:"]
    for i in 0..<n {
        lines.append("      S-\(i):")
        lines.append("        name: Screen \(i)")
        lines.append("        analytics: s_\(i)_view")
        if forms && i % 10 == 0 {
            lines += ["        fields:", "          code:", "            type: digits(6)", "            rules:",
                      "              - required: true", "                message: Enter the 6-digit code",
                      "              - check: \"!is_sequence(value)\"", "                message: Avoid obvious sequences"]
        }
        lines += ["        on:", "          next:", "            - if: counter < limit", "              to: S-\((i + 1) % n)",
                  "              do:", "                - set: { counter: counter + 1 }", "            - to: ERR-0", "          back: back"]
    }
    lines += ["      ERR-0:", "        name: Error", "        presentation: sheet", "        on:", "          retry: back"]
    return MemoryFileSystem(files: [
        "flows/synthetic/app.flow.yaml": Array(root.utf8),
        "flows/synthetic/screens.flow.yaml": Array((lines.joined(separator: "\n") + "\n").utf8),
    ])
}

func checkedApp(_ config: CompilerConfig, fileSystem: any FileSystem) -> App? {
    compile(config, fileSystem: fileSystem, diagnostics: DiagnosticBag()).program.apps.first
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration.maxDuration = .seconds(5)
    Benchmark.defaultConfiguration.maxIterations = 50
    peerRingBenchmarks()
    scriptBenchmarks()

    for screens in [1_000, 10_000] {
        let fileSystem = syntheticApp(screens: screens)
        Benchmark("check synthetic \(screens) screens", configuration: .init(metrics: [.wallClock, .mallocCountTotal])) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(checkedApp(CompilerConfig(inputs: ["flows"], generatesOutputs: false), fileSystem: fileSystem))
            }
        }
    }

    Benchmark("check + inventory Tempo", configuration: .init(metrics: [.wallClock])) { benchmark in
        for _ in benchmark.scaledIterations {
            blackHole(compile(CompilerConfig(inputs: [flowsFolder + "/tempo"]), diagnostics: DiagnosticBag()))
        }
    }

    // Interpreter throughput: one macro step per event, full semantics (guards, actions, validation,
    // timers, invariants, the trace recorded). The program is prepared once, as `flowc test` does.
    let ring = checkedApp(CompilerConfig(inputs: ["flows"], generatesOutputs: false), fileSystem: syntheticApp(screens: 10_000, forms: false))
    let ringProgram = ring.map(RuntimeProgram.init)
    Benchmark("interpreter synthetic 10000 screens, 100000 events",
              configuration: .init(metrics: [.wallClock, .throughput, .mallocCountTotal], scalingFactor: .kilo)) { benchmark in
        guard let ringProgram else { return }
        var run = try Interpreter(program: ringProgram)
        guard let next = run.eventNumber("next") else { return }
        benchmark.startMeasurement()
        for _ in 0..<100 {
            for _ in benchmark.scaledIterations { try run.send(eventNumber: next) }
        }
        benchmark.stopMeasurement()
        blackHole(run.screen)
    }

    // The ring itself, one `next` per scaled iteration (so throughput is events/s); the code field of
    // every tenth screen is filled first, so the run goes round instead of stopping at S-0.
    // Generated machine, interpreter and a hand-written flat table on the same path.
    Benchmark("ring generated machine, events", configuration: .init(metrics: [.wallClock, .throughput, .mallocCountTotal], scalingFactor: .kilo)) { benchmark in
        var effects: [SyntheticEffect] = []
        effects.reserveCapacity(16)
        var machine = try SyntheticMachine()
        try machine.start(into: &effects)
        for index in benchmark.scaledIterations {
            if index % 1000 == 0 {
                machine = try SyntheticMachine()
                try machine.start(into: &effects)
            }
            if machine.screen.number % 10 == 0 { try machine.fill(.code, .text("482913")) }
            effects.removeAll(keepingCapacity: true)
            try machine.send(.next, into: &effects)
        }
        blackHole(machine.screen)
    }

    Benchmark("ring hand-written flat table, events", configuration: .init(metrics: [.wallClock, .throughput, .mallocCountTotal], scalingFactor: .kilo)) { benchmark in
        var effects: [HandWrittenRing.Effect] = []
        effects.reserveCapacity(16)
        var ring = HandWrittenRing()
        for index in benchmark.scaledIterations {
            if index % 1000 == 0 { ring = HandWrittenRing() }
            if ring.screen % 10 == 0 { ring.fillCode("482913") }
            effects.removeAll(keepingCapacity: true)
            ring.next(into: &effects)
        }
        blackHole(ring.screen)
    }

    // The same ring with its forms, prepared once; screen index i is S-i, so every tenth has the code field.
    let formRingProgram = checkedApp(CompilerConfig(inputs: ["flows"], generatesOutputs: false), fileSystem: syntheticApp(screens: 10_000))
        .map(RuntimeProgram.init)
    Benchmark("ring interpreter, events", configuration: .init(metrics: [.wallClock, .throughput, .mallocCountTotal], scalingFactor: .kilo)) { benchmark in
        guard let formRingProgram else { return }
        var run = try Interpreter(program: formRingProgram)
        guard let next = run.eventNumber("next") else { return }
        for index in benchmark.scaledIterations {
            if index % 1000 == 0 { run = try Interpreter(program: formRingProgram) }
            if run.screen % 10 == 0 { try run.fill("code", .text("482913")) }
            try run.send(eventNumber: next)
        }
        blackHole(run.screen)
    }

    let tempo = checkedApp(CompilerConfig(inputs: [flowsFolder + "/tempo"], generatesOutputs: false), fileSystem: DiskFileSystem())
    let tempoProgram = tempo.map(RuntimeProgram.init)
    Benchmark("interpreter Tempo onboarding, 100000 events",
              configuration: .init(metrics: [.wallClock, .throughput, .mallocCountTotal], scalingFactor: .kilo)) { benchmark in
        guard let tempoProgram else { return }
        var run = try Interpreter(program: tempoProgram)
        try run.advance(by: 2_000)
        guard let forward = run.eventNumber("tap_im_new"), let backward = run.eventNumber("tap_back") else { return }
        benchmark.startMeasurement()
        for _ in 0..<50 {
            for _ in benchmark.scaledIterations {
                try run.send(eventNumber: forward)
                try run.send(eventNumber: backward)
            }
        }
        benchmark.stopMeasurement()
        blackHole(run.screen)
    }
    exploreBenchmarks()
}
