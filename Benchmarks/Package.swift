// swift-tools-version: 6.1
import PackageDescription

// Performance targets live here, not in timed unit tests (see ../docs/architecture.md).
// Run from this folder: swift package benchmark
let package = Package(
    name: "Benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "flowc", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // flowc's output for the synthetic 10,000-screen ring (scripts/generate-benchmark-machine.sh).
        .target(name: "SyntheticFlow", dependencies: [.product(name: "FlowMachine", package: "flowc")], path: "Generated/SyntheticFlow"),
        // flowc's output for the ring of the peers' semantics at 10, 1,000 and 10,000 screens (same script).
        .target(name: "PeerRing10Flow", dependencies: [.product(name: "FlowMachine", package: "flowc")], path: "Generated/PeerRing10Flow"),
        .target(name: "PeerRing1000Flow", dependencies: [.product(name: "FlowMachine", package: "flowc")], path: "Generated/PeerRing1000Flow"),
        .target(name: "PeerRing10000Flow", dependencies: [.product(name: "FlowMachine", package: "flowc")], path: "Generated/PeerRing10000Flow"),
        // The interpreter round the peer ring, for scripts/count-interpreter-instructions.sh (callgrind).
        .executableTarget(
            name: "InterpreterCount",
            dependencies: [.product(name: "FlowCompiler", package: "flowc"), .product(name: "FlowRuntime", package: "flowc")],
            path: "InterpreterCount"
        ),
        .executableTarget(
            name: "FlowBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "FlowCompiler", package: "flowc"),
                .product(name: "FlowRuntime", package: "flowc"),
                .product(name: "FlowMachine", package: "flowc"),
                .product(name: "FlowExplore", package: "flowc"),
                .product(name: "FlowSession", package: "flowc"),
                "SyntheticFlow",
                "PeerRing10Flow",
                "PeerRing1000Flow",
                "PeerRing10000Flow",
            ],
            path: "Benchmarks/FlowBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
