import Benchmark
import FlowSession
import Foundation

// `flowc run --script` per step (issue 30): a step must cost the same in a 10,000-screen app as in a 10-screen one.
// The peer ring's event pattern as script lines, each answered with its JSON line (the answer is built and encoded
// as flowc prints it, then dropped); the flows are loaded once, outside the measurement.

func scriptBenchmarks() {
    let programs = PeerRingPrograms()
    for screens in [10, 10_000] {
        Benchmark("run --script peer ring \(screens), steps",
                  configuration: .init(metrics: [.wallClock, .throughput, .mallocCountTotal], scalingFactor: .kilo,
                                       maxDuration: .seconds(10), maxIterations: 20)) { benchmark in
            guard let app = programs.program(screens: screens)?.app else {
                benchmark.error("peer ring \(screens): the flows did not load")
                return
            }
            let lines = benchmark.scaledIterations.map { "{\"send\": \"\(peerRingPattern[$0 % peerRingPattern.count])\"}" }
            var session = try Session(app: app)
            var answered = 0
            benchmark.startMeasurement()
            let succeeded = session.runScript(lines) { answer in
                answered += 1
                blackHole(answer)
            }
            benchmark.stopMeasurement()
            // One answer for the start and one per line, every line accepted: otherwise the figure measures refusals.
            if !succeeded || answered != lines.count + 1 {
                benchmark.error("peer ring \(screens): \(answered) answers to \(lines.count) lines, succeeded: \(succeeded)")
            }
        }
    }
}
