import Foundation
import PackagePlugin

/// Generates a target's state machine from the flows in its `flows/` folder at build time.
///
/// The target's folder holds `flows/<anything>.flow.yaml` with exactly one app (a root file with
/// `app:` and its includes). flowc checks them and writes `Types.swift`, `Machine.swift`, `Texts.swift` and
/// `Tables.swift` into the plugin's work folder, which SwiftPM compiles with the target. A flow
/// error fails the build with flowc's diagnostics. The generated code imports FlowMachine, so the
/// target depends on that product:
///
/// ```swift
/// .target(name: "CheckoutFlow",
///         dependencies: [.product(name: "FlowMachine", package: "flowc")],
///         exclude: ["flows", "flowc-config.yaml"],
///         plugins: [.plugin(name: "FlowcPlugin", package: "flowc")])
/// ```
///
/// A `flowc-config.yaml` beside the `flows/` folder (optional, as swift-openapi-generator's
/// `openapi-generator-config.yaml`) sets the access level, type prefix and table style; an unknown
/// key or a bad value fails the build with its position.
@main
struct FlowcPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        // `SourceModuleTarget.directoryURL` needs tools version 6.1; this package declares 6.0.
        let folder = URL(fileURLWithPath: target.directory.string)
        let flows = folder.appending(path: "flows")
        let inputs = flowFiles(in: flows)
        guard !inputs.isEmpty else {
            Diagnostics.warning("FlowcPlugin: no .flow.yaml files in \(flows.path); nothing to generate for '\(target.name)'")
            return []
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "Generated")
        let names = ["Types", "Machine", "Tables", "Texts"]
        let config = folder.appending(path: "flowc-config.yaml")
        let hasConfig = FileManager.default.fileExists(atPath: config.path)
        return [
            .buildCommand(
                displayName: "flowc: generating the state machine of \(target.name)",
                executable: try context.tool(named: "flowc").url,
                arguments: ["generate-swift", flows.path, "--output", output.path] + (hasConfig ? ["--config", config.path] : []),
                inputFiles: inputs + (hasConfig ? [config] : []),
                outputFiles: names.map { output.appending(path: "\($0).swift") }
            ),
        ]
    }

    /// The flow files under `folder`, sorted, so the command reruns when any of them changes.
    private func flowFiles(in folder: URL) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var files: [URL] = []
        for case let url as URL in enumerator where url.lastPathComponent.hasSuffix(".flow.yaml") { files.append(url) }
        return files.sorted { $0.path < $1.path }
    }
}
