// swift-tools-version: 6.0
import PackageDescription

// flowc's two example apps in one package, so that building both builds flowc (the FlowcPlugin's tool and
// FlowMachine) once. Each app keeps its own folder and reads as an app package of its own would:
//
// - CoffeeOrder/: the smallest use of the plugin. The CoffeeFlow target holds flows/app.flow.yaml, and
//   FlowcPlugin turns it into CoffeeMachine and friends on every build; CoffeeDemo runs it.
// - TempoCards/: Tempo's card controls driven by FlowDriver. The TempoCards target holds the flows (a few Tempo
//   screens) and a flowc-config.yaml (typePrefix: Cards), so FlowcPlugin generates CardsMachine,
//   CardsServices...; TempoCardsUI holds SwiftUI views (compiled where SwiftUI exists); TempoCardsDemo runs
//   the same flows on Linux with fake services and prints what happens.
//
// In an app's own Package.swift, the targets below are written the same way, with flowc as a package
// dependency: `.package(url: "https://github.com/<org>/flowc", from: "0.1.0")`.
let package = Package(
    name: "FlowcExamples",
    platforms: [.macOS(.v14), .iOS(.v17)],   // TempoCards' SwiftUI views; CoffeeOrder alone needs macOS 13 / iOS 16
    products: [
        .executable(name: "CoffeeDemo", targets: ["CoffeeDemo"]),
        .library(name: "TempoCardsUI", targets: ["TempoCardsUI"]),
        .executable(name: "TempoCardsDemo", targets: ["TempoCardsDemo"]),
    ],
    dependencies: [
        .package(name: "flowc", path: ".."),
    ],
    targets: [
        // CoffeeOrder
        .target(
            name: "CoffeeFlow",
            // Generated code imports FlowMachine, flowc's runtime library, and nothing else but Foundation.
            dependencies: [.product(name: "FlowMachine", package: "flowc")],
            path: "CoffeeOrder/Sources/CoffeeFlow",
            exclude: ["flows"],
            plugins: [.plugin(name: "FlowcPlugin", package: "flowc")]
        ),
        .executableTarget(name: "CoffeeDemo", dependencies: ["CoffeeFlow"], path: "CoffeeOrder/Sources/CoffeeDemo"),

        // TempoCards
        .target(
            name: "TempoCards",
            dependencies: [.product(name: "FlowMachine", package: "flowc")],
            path: "TempoCards/Sources/TempoCards",
            exclude: ["flows", "flowc-config.yaml"],
            plugins: [.plugin(name: "FlowcPlugin", package: "flowc")]
        ),
        .target(name: "TempoCardsUI", dependencies: ["TempoCards", .product(name: "FlowMachine", package: "flowc")],
                path: "TempoCards/Sources/TempoCardsUI"),
        .executableTarget(name: "TempoCardsDemo", dependencies: ["TempoCards", .product(name: "FlowMachine", package: "flowc")],
                          path: "TempoCards/Sources/TempoCardsDemo"),
    ],
    swiftLanguageModes: [.v6]
)
