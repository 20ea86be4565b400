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
        .executableTarget(
            name: "FlowBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "FlowCompiler", package: "flowc"),
                .product(name: "FlowRuntime", package: "flowc"),
                "SyntheticFlow",
            ],
            path: "Benchmarks/FlowBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)
