// swift-tools-version: 6.0
import Foundation
import PackageDescription

// Every app module flowc wrote under generated/Sources (one per app in flows/) is compiled here for
// the differential test, found by listing the folder: a new app needs no edit to this file. The
// flowc product never depends on them (`swift build --product flowc` compiles no app code).
let generatedAppModules = ((try? FileManager.default.contentsOfDirectory(atPath: Context.packageDirectory + "/generated/Sources")) ?? [])
    .filter { $0.hasSuffix("Flow") }
    .sorted()

// Modules follow the compiler's stages, dependencies pointing one way (docs/architecture.md draws the graph and has the
// table; FlowCompilerTests holds both, and this comment, to this file). "A <- B": B imports A.
//   Values (Foundation only): FlowSource (files, positions, diagnostics), FlowValues (money, dates, timestamps,
//     durations; the currency, dialling-code and locale tables).
//   Front end, which never imports the runtime (FrontEndDependencyTests):
//     FlowSource, FlowValues <- FlowExpression (the language: lexer, parser, checker, typed tree) <- FlowIR
//     FlowSource, CYAML <- FlowSyntax (the only importer of CYAML); FlowSyntax, FlowIR, FlowValues <- FlowChecker
//   Runtime: FlowValues <- FlowMachine (the library generated code imports; it re-exports FlowValues, so generated
//     code and hosts import FlowMachine alone)
//   Back end: FlowExpression, FlowMachine <- FlowEvaluation (running expressions) <- FlowRuntime, FlowSession
//     FlowIR, FlowMachine <- FlowLowering (FlowCompiler lowers each app once) <- FlowRuntime, FlowCodegen
//     FlowRuntime <- FlowReports, FlowMutation, FlowExplore, FlowSession
//     FlowChecker, FlowLowering, FlowCodegen, FlowRuntime, FlowReports, FlowMutation, FlowExplore <- FlowCompiler
//     FlowCompiler, FlowSession <- FlowStudio; FlowCompiler, FlowStudio <- flowc <- FlowcPlugin
//   Tests: FlowCompiler, FlowEvaluation <- FlowTestSupport; generated-machines-registry <- GeneratedMachinesPlugin
let package = Package(
    name: "flowc",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "flowc", targets: ["flowc"]),
        .library(name: "FlowCompiler", targets: ["FlowCompiler"]),
        .library(name: "FlowRuntime", targets: ["FlowRuntime"]),
        .library(name: "FlowExplore", targets: ["FlowExplore"]),
        // `flowc run`'s session (for Benchmarks/: a script step's cost).
        .library(name: "FlowSession", targets: ["FlowSession"]),
        // The runtime library generated state machines import (Foundation only): values, the function library.
        .library(name: "FlowMachine", targets: ["FlowMachine"]),
        // Applies flowc to a target's flows/ folder at build time (see docs/generated-code.md).
        .plugin(name: "FlowcPlugin", targets: ["FlowcPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // flowc studio's HTTP server: small (two modules, no SwiftNIO), Swift concurrency throughout.
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "FlowSource"),
        // The values flows compute with (money, dates, timestamps, durations) and the currency and locale tables: Foundation
        // only, below both the expression language (which types and folds literals with them) and FlowMachine.
        .target(name: "FlowValues"),
        // Imported by generated code: depends on Foundation and FlowValues (which it re-exports), never on the compiler.
        .target(name: "FlowMachine", dependencies: ["FlowValues"]),
        .target(name: "FlowExpression", dependencies: ["FlowSource", "FlowValues"]),
        // Evaluating checked expressions at run time (the closures the interpreter runs), over FlowMachine's library.
        .target(name: "FlowEvaluation", dependencies: ["FlowExpression", "FlowMachine"]),
        .target(name: "FlowSyntax", dependencies: ["FlowSource", "CYAML"]),
        .target(name: "FlowIR", dependencies: ["FlowSource", "FlowExpression"]),
        .target(name: "FlowChecker", dependencies: ["FlowSyntax", "FlowIR", "FlowExpression", "FlowValues"]),
        // The checked app as the engine's tables (FlowMachine's rows), for both back ends.
        .target(name: "FlowLowering", dependencies: ["FlowIR", "FlowExpression", "FlowMachine"]),
        .target(name: "FlowRuntime", dependencies: ["FlowIR", "FlowExpression", "FlowEvaluation", "FlowMachine", "FlowLowering"]),
        .target(name: "FlowCodegen", dependencies: ["FlowIR", "FlowExpression", "FlowLowering", "FlowMachine"]),
        // The whole pipeline: load, check, inventory, Swift, scenarios (FlowRuntime), reports (FlowReports).
        .target(name: "FlowCompiler", dependencies: ["FlowChecker", "FlowSyntax", "FlowIR", "FlowLowering", "FlowCodegen", "FlowRuntime", "FlowReports", "FlowMutation", "FlowExplore"]),
        .target(name: "FlowReports", dependencies: ["FlowIR", "FlowRuntime"]),
        // The interactive and scripted session of `flowc run` over the interpreter (the CLI keeps only the line editor).
        .target(name: "FlowSession", dependencies: ["FlowIR", "FlowExpression", "FlowEvaluation", "FlowRuntime", "FlowSource"]),
        // `flowc mutate`: plants small changes in the checked IR and scores the scenarios by the mutants they kill.
        .target(name: "FlowMutation", dependencies: ["FlowIR", "FlowRuntime", "FlowSource", "FlowExplore"]),
        // `flowc studio`: the flows as a clickable prototype in the browser, over a session of the interpreter.
        .target(name: "FlowStudio", dependencies: ["FlowCompiler", "FlowSession", "FlowRuntime", "FlowReports", "FlowIR", "FlowExpression",
                                                   .product(name: "FlyingFox", package: "FlyingFox")]),
        // `flowc explore`: walks every reachable state of an app on the interpreter, checks invariants and properties on every step.
        .target(name: "FlowExplore", dependencies: ["FlowIR", "FlowExpression", "FlowMachine", "FlowRuntime", "FlowSource"]),
        .executableTarget(
            name: "flowc",
            dependencies: [
                "FlowCompiler",
                "FlowCodegen",
                "FlowLowering",
                "FlowRuntime",
                "FlowReports",
                "FlowMutation",
                "FlowSession",
                "FlowStudio",
                "FlowExplore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .plugin(name: "FlowcPlugin", capability: .buildTool(), dependencies: ["flowc"]),
        // Test-only: writes the list of generated machines a test target links (see FlowCodegenTests).
        .executableTarget(name: "generated-machines-registry"),
        .plugin(name: "GeneratedMachinesPlugin", capability: .buildTool(), dependencies: ["generated-machines-registry"]),
        .target(name: "FlowTestSupport", dependencies: ["FlowCompiler", "FlowChecker", "FlowSyntax", "FlowIR", "FlowSource", "FlowExpression", "FlowEvaluation"]),
        // Generated by `flowc build` from flows/ (and from the codegen fixture): compiled here so the
        // differential tests run them against the interpreter, with warnings as errors as an app may build them.
        .target(name: "SmallFlow", dependencies: ["FlowMachine"], path: "Tests/Fixtures/codegen/small-app/expected/Sources/SmallFlow",
                swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
        // The same app in the shape flowc picks for very large apps (encoded tables, screen struct).
        .target(name: "SmallEncodedFlow", dependencies: ["FlowMachine"], path: "Tests/Fixtures/codegen/small-app/expected-encoded/SmallFlow",
                swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
        // The run-semantics conformance fixture (Tests/Fixtures/semantics), replayed on the generated machine.
        .target(name: "SemanticsFlow", dependencies: ["FlowMachine"], path: "Tests/Fixtures/semantics/expected/Sources/SemanticsFlow",
                swiftSettings: [.unsafeFlags(["-warnings-as-errors"])]),
        .testTarget(
            name: "FlowStudioTests",
            dependencies: ["FlowStudio", "FlowCompiler", "FlowRuntime", "FlowSource", "FlowTestSupport", .product(name: "FlyingFox", package: "FlyingFox")]
        ),
        .testTarget(
            name: "FlowCodegenTests",
            dependencies: ["FlowCodegen", "FlowMachine", "FlowCompiler", "FlowRuntime", "FlowTestSupport", "SmallFlow", "SmallEncodedFlow", "SemanticsFlow"]
                + generatedAppModules.map { .target(name: $0) },
            // Lists the generated modules above with their machines (GeneratedMachines.swift), for the one generic driver.
            plugins: ["GeneratedMachinesPlugin"]
        ),
        .testTarget(name: "FlowSourceTests", dependencies: ["FlowSource", "FlowTestSupport"]),
        .testTarget(name: "FlowMachineTests", dependencies: ["FlowMachine"]),
        .testTarget(name: "FlowExpressionTests", dependencies: ["FlowExpression", "FlowEvaluation", "FlowTestSupport"]),
        .testTarget(name: "FlowSyntaxTests", dependencies: ["FlowSyntax", "FlowTestSupport"]),
        .testTarget(name: "FlowRuntimeTests", dependencies: ["FlowRuntime", "FlowChecker", "FlowCompiler", "FlowTestSupport"]),
        .testTarget(name: "FlowCheckerTests", dependencies: ["FlowChecker", "FlowCompiler", "FlowEvaluation", "FlowTestSupport"]),
        .testTarget(name: "FlowReportsTests", dependencies: ["FlowReports", "FlowCompiler", "FlowLowering", "FlowTestSupport"]),
        .testTarget(name: "FlowSessionTests", dependencies: ["FlowSession", "FlowCompiler", "FlowTestSupport"]),
        .testTarget(name: "FlowMutationTests", dependencies: ["FlowMutation", "FlowCompiler", "FlowRuntime", "FlowTestSupport"]),
        .testTarget(name: "FlowExploreTests", dependencies: ["FlowExplore", "FlowCompiler", "FlowRuntime", "FlowTestSupport"]),
        .testTarget(name: "flowcTests", dependencies: ["FlowCompiler", "FlowTestSupport", "flowc"]),
        .testTarget(name: "FlowLoweringTests", dependencies: ["FlowLowering", "FlowMachine", "FlowCompiler", "FlowIR", "FlowSource", "FlowTestSupport"]),
        .testTarget(name: "FlowCompilerTests", dependencies: ["FlowCompiler", "FlowExplore", "FlowMutation", "FlowReports", "FlowRuntime", "FlowIR", "FlowSource", "FlowTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)

// Generated code must build without a warning (an app may build with warnings as errors).
package.targets += generatedAppModules.map {
    .target(name: $0, dependencies: ["FlowMachine"], path: "generated/Sources/\($0)", swiftSettings: [.unsafeFlags(["-warnings-as-errors"])])
}
