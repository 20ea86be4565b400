// swift-tools-version: 6.0
import PackageDescription

// An app package that applies flowc to its own flows at build time: the CoffeeFlow target holds
// flows/app.flow.yaml, and FlowcPlugin turns it into CoffeeMachine and friends on every build.
let package = Package(
    name: "CoffeeOrder",
    platforms: [.macOS(.v13), .iOS(.v16)],
    dependencies: [
        .package(name: "flowc", path: "../.."),
    ],
    targets: [
        .target(
            name: "CoffeeFlow",
            // Generated code imports FlowMachine, flowc's runtime library, and nothing else but Foundation.
            dependencies: [.product(name: "FlowMachine", package: "flowc")],
            exclude: ["flows"],
            plugins: [.plugin(name: "FlowcPlugin", package: "flowc")]
        ),
        .executableTarget(name: "CoffeeDemo", dependencies: ["CoffeeFlow"]),
    ],
    swiftLanguageModes: [.v6]
)
