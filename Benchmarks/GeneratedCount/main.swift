import FlowMachine
import Foundation
import PeerRing10Flow

// Drives the generated machine of the peer ring of 10 screens (Benchmarks/Generated/PeerRing10Flow) round the
// pattern of the `peer ring N generated machine` benchmark, for `scripts/count-generated-instructions.sh`, which
// counts the instructions a step takes under callgrind (a figure the machine's load does not move). It prints
// the CPU time per event too, for a quick look.
//
// Usage: GeneratedCount <events> [rounds]

let pattern = ["next", "next", "error", "retry", "error", "retry", "error", "retry", "next", "back", "next", "next"]

func threadCPUNanoseconds() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return time.tv_sec * 1_000_000_000 + time.tv_nsec
}

let arguments = CommandLine.arguments
guard arguments.count >= 2, let events = Int(arguments[1]), events >= 0 else {
    FileHandle.standardError.write(Data("usage: GeneratedCount <events> [rounds]\n".utf8))
    exit(64)
}
let rounds = arguments.count > 2 ? max(1, Int(arguments[2]) ?? 1) : 1
let sent = pattern.compactMap { try? PeerRing10Event(name: $0, payload: [:]) }
guard sent.count == pattern.count else {
    FileHandle.standardError.write(Data("an event of the pattern is missing\n".utf8))
    exit(1)
}
for _ in 0..<rounds {
    var effects: [PeerRing10Effect] = []
    effects.reserveCapacity(16)
    var machine = try PeerRing10Machine(startScreenID: nil, now: Timestamp(millisecondsSince1970: 1_767_225_600_000))
    try machine.start(into: &effects)
    var position = 0
    let start = threadCPUNanoseconds()
    for _ in 0..<events {
        try machine.send(sent[position], into: &effects)
        if !effects.isEmpty { effects.removeAll(keepingCapacity: true) }
        position = position == sent.count - 1 ? 0 : position + 1
    }
    let spent = threadCPUNanoseconds() - start
    print("\(events) events: \(events == 0 ? 0 : Double(spent) / Double(events)) ns per event, ended on \(machine.screenID)")
}
