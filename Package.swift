// swift-tools-version: 6.0
import PackageDescription

// Modules follow the compiler's stages; dependencies point one way:
// FlowSource <- FlowExpression <- FlowIR <- FlowChecker <- FlowCompiler <- flowc
//           \<- FlowSyntax (the only importer of CYAML) <-/
let package = Package(
    name: "flowc",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "flowc", targets: ["flowc"]),
        .library(name: "FlowCompiler", targets: ["FlowCompiler"]),
        .library(name: "FlowRuntime", targets: ["FlowRuntime"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "FlowSource"),
        .target(name: "FlowExpression", dependencies: ["FlowSource"]),
        .target(name: "FlowSyntax", dependencies: ["FlowSource", "CYAML"]),
        .target(name: "FlowIR", dependencies: ["FlowSource", "FlowExpression"]),
        .target(name: "FlowChecker", dependencies: ["FlowSyntax", "FlowIR", "FlowExpression"]),
        .target(name: "FlowRuntime", dependencies: ["FlowIR", "FlowExpression"]),
        .target(name: "FlowCompiler", dependencies: ["FlowChecker", "FlowSyntax", "FlowIR"]),
        .target(name: "FlowReports", dependencies: ["FlowIR", "FlowRuntime"]),
        .executableTarget(
            name: "flowc",
            dependencies: [
                "FlowCompiler",
                "FlowRuntime",
                "FlowReports",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(name: "FlowTestSupport", dependencies: ["FlowCompiler", "FlowSource"]),
        .testTarget(name: "FlowSourceTests", dependencies: ["FlowSource", "FlowTestSupport"]),
        .testTarget(name: "FlowExpressionTests", dependencies: ["FlowExpression", "FlowTestSupport"]),
        .testTarget(name: "FlowSyntaxTests", dependencies: ["FlowSyntax", "FlowTestSupport"]),
        .testTarget(name: "FlowRuntimeTests", dependencies: ["FlowRuntime", "FlowChecker", "FlowCompiler", "FlowTestSupport"]),
        .testTarget(name: "FlowCheckerTests", dependencies: ["FlowChecker", "FlowCompiler", "FlowTestSupport"]),
        .testTarget(name: "FlowReportsTests", dependencies: ["FlowReports", "FlowCompiler", "FlowTestSupport"]),
        .testTarget(name: "flowcTests", dependencies: ["FlowCompiler", "FlowTestSupport", "flowc"]),
    ],
    swiftLanguageModes: [.v6]
)
