import Benchmark
import FlowCompiler
import FlowExplore
import FlowSource

/// `flowc explore` on Tempo: the target is at least 1 M explored steps (moves tried) per minute in release on
/// this 2-core machine. Each iteration explores 20,000 states (about 100,000 steps); throughput counts steps.
func exploreBenchmarks() {
    let tempo = checkedApp(CompilerConfig(inputs: [flowsFolder + "/tempo"], generatesOutputs: false), fileSystem: DiskFileSystem())
    Benchmark("explore Tempo, 20000 states", configuration: .init(metrics: [.wallClock, .throughput, .peakMemoryResident], maxIterations: 5)) { benchmark in
        guard let tempo else { return }
        benchmark.startMeasurement()
        let result = explore(tempo, bounds: ExploreBounds(depth: 40, states: 20_000))
        benchmark.stopMeasurement()
        blackHole(result.steps)
    }
}
