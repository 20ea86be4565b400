@_spi(Generated) import FlowMachine
import Foundation
@_spi(Generated) import TempoFlow

// Drives Tempo's generated machine (generated/Sources/TempoFlow) for `scripts/count-tempo-steps.sh`, which builds it
// as an app's release build would (`swiftc -O -wmo`) and counts instructions with callgrind (Benchmarks/README.md,
// session 14). Modes:
//   (none)   ONB-001 ⇄ ONB-003 (`tap_im_new`, `tap_back`), every invariant checked after each step
//   texts    WAL-001 Home's texts, computed as a view reads them
//   logic    every guard (96) and every validator (44, with a blank and a filled input), once per round
//   restart  the machine back to the app's start (every state field reset, the start screen entered)
//
// Usage: TempoSteps <events> [rounds] [texts|logic|restart]
func threadCPUNanoseconds() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return time.tv_sec * 1_000_000_000 + time.tv_nsec
}
let arguments = CommandLine.arguments
guard arguments.count >= 2, let events = Int(arguments[1]) else { exit(64) }
let rounds = arguments.count > 2 ? max(1, Int(arguments[2]) ?? 1) : 1

// logic: every guard (96) and every validator (44, with a blank and a filled input) of Tempo, once per round.
if arguments.count > 3 && arguments[3] == "logic" {
    let machine = try TempoMachine(start: .onb001)
    let inputs: [FieldInput?] = [nil, .text("Ab1234")]
    var passed = 0
    for _ in 0..<rounds {
        let start = threadCPUNanoseconds()
        for _ in 0..<events {
            for id in Int32(1)...96 where (try? machine.evaluateGuard(id, nil)) == true { passed &+= 1 }
            for id in Int32(1)...44 { for input in inputs where (try? machine.validateField(id, input)) != nil { passed &+= 1 } }
        }
        let spent = threadCPUNanoseconds() - start
        print("\(events) rounds: \(Double(spent) / Double(events * (96 + 88))) ns per guard or validator call (\(passed))")
    }
    exit(0)
}
// restart: the machine back to the app's start (every state field reset, the start screen entered), as the flows' `restart` does.
if arguments.count > 3 && arguments[3] == "restart" {
    var machine = try TempoMachine(start: .wal001)
    var effects: [TempoEffect] = []
    for _ in 0..<rounds {
        let start = threadCPUNanoseconds()
        for _ in 0..<events { try machine.restart(into: &effects); effects.removeAll(keepingCapacity: true) }
        let spent = threadCPUNanoseconds() - start
        print("\(events) restarts: \(Double(spent) / Double(events)) ns per restart, on \(machine.screenID)")
    }
    exit(0)
}
// texts: WAL-001 Home's texts, computed as a view reads them.
if arguments.count > 3 && arguments[3] == "texts" {
    let machine = try TempoMachine(start: .wal001)
    var count = 0
    for _ in 0..<rounds {
        let start = threadCPUNanoseconds()
        for _ in 0..<events { count &+= machine.texts().count }
        let spent = threadCPUNanoseconds() - start
        print("\(events) reads: \(Double(spent) / Double(events)) ns per read of WAL-001's texts (\(count))")
    }
    exit(0)
}
let sent = try [TempoEvent(name: "tap_im_new"), TempoEvent(name: "tap_back")]
for _ in 0..<rounds {
    var effects: [TempoEffect] = []
    effects.reserveCapacity(16)
    var machine = try TempoMachine(start: .onb001)
    try machine.start(into: &effects)
    var position = 0
    let start = threadCPUNanoseconds()
    for _ in 0..<events {
        try machine.send(sent[position], into: &effects)
        if !effects.isEmpty { effects.removeAll(keepingCapacity: true) }
        position ^= 1
    }
    let spent = threadCPUNanoseconds() - start
    print("\(events) events: \(events == 0 ? 0 : Double(spent) / Double(events)) ns per event, ended on \(machine.screenID)")
}
