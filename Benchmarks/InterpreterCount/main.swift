import FlowCompiler
import FlowRuntime
import FlowSource
import Foundation

// Drives the interpreter round the peer ring (the events and trace of the `peer ring N interpreter` benchmark)
// for `scripts/count-interpreter-instructions.sh`, which counts the instructions a step takes under callgrind:
// a figure that does not move with the machine's load, unlike the benchmarks' times. It prints the CPU time per
// event too, for a quick look.
//
// Usage: InterpreterCount <flows folder of a peer ring> <events> [rounds]

let pattern = ["next", "next", "error", "retry", "error", "retry", "error", "retry", "next", "back", "next", "next"]
let arguments = CommandLine.arguments
guard arguments.count >= 3, let events = Int(arguments[2]), events >= 0 else {
    FileHandle.standardError.write(Data("usage: InterpreterCount <flows folder> <events> [rounds]\n".utf8))
    exit(64)
}
let rounds = arguments.count > 3 ? max(1, Int(arguments[3]) ?? 1) : 1
let diagnostics = DiagnosticBag()
guard let app = compile(CompilerConfig(inputs: [arguments[1]], generatesOutputs: false), diagnostics: diagnostics).program.apps.first,
      diagnostics.diagnostics.isEmpty else {
    FileHandle.standardError.write(Data("\(arguments[1]): the flows did not load\n".utf8))
    exit(1)
}
let program = RuntimeProgram(app: app)

func threadCPUNanoseconds() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return time.tv_sec * 1_000_000_000 + time.tv_nsec
}

for _ in 0..<rounds {
    var run = try Interpreter(program: program)
    run.retainedSteps = 1_000
    let numbers = pattern.compactMap { run.eventNumber($0) }
    guard numbers.count == pattern.count else {
        FileHandle.standardError.write(Data("an event of the pattern is missing\n".utf8))
        exit(1)
    }
    var position = 0
    let start = threadCPUNanoseconds()
    for _ in 0..<events {
        try run.send(eventNumber: numbers[position])
        position = position == numbers.count - 1 ? 0 : position + 1
    }
    let perEvent = Double(threadCPUNanoseconds() - start) / Double(max(1, events))
    print(String(format: "%d events: %.1f ns of CPU per event, ended on %@", events, perEvent, run.currentScreen.id))
}
