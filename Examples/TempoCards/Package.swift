// swift-tools-version: 6.0
import PackageDescription

// Tempo's card controls driven by FlowDriver: TempoCards holds the flows (a few Tempo screens) and a
// flowc-config.yaml; FlowcPlugin generates CardsMachine, CardsServices... at build time. TempoCardsUI
// holds SwiftUI views (compiled where SwiftUI exists); TempoCardsDemo runs the same flows on Linux with
// fake services and prints what happens.
let package = Package(
    name: "TempoCards",
    platforms: [.macOS(.v14), .iOS(.v17)],
    products: [
        .library(name: "TempoCardsUI", targets: ["TempoCardsUI"]),
    ],
    dependencies: [
        .package(name: "flowc", path: "../.."),
    ],
    targets: [
        .target(
            name: "TempoCards",
            dependencies: [.product(name: "FlowMachine", package: "flowc")],
            exclude: ["flows", "flowc-config.yaml"],
            plugins: [.plugin(name: "FlowcPlugin", package: "flowc")]
        ),
        .target(name: "TempoCardsUI", dependencies: ["TempoCards", .product(name: "FlowMachine", package: "flowc")]),
        .executableTarget(name: "TempoCardsDemo", dependencies: ["TempoCards", .product(name: "FlowMachine", package: "flowc")]),
    ],
    swiftLanguageModes: [.v6]
)
