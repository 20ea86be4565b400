import Foundation
import PackagePlugin

/// Writes `GeneratedMachines.swift` for a test target: every generated module the target depends on
/// (target names ending in `Flow`), with its machine type, so one generic driver runs them all and
/// a new app in flows/ needs no hand-written test code (see docs/generated-code.md).
@main
struct GeneratedMachinesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let modules = target.dependencies.compactMap { dependency -> String? in
            guard case .target(let dependencyTarget) = dependency, dependencyTarget.name.hasSuffix("Flow") else { return nil }
            return dependencyTarget.name
        }.sorted()
        let output = context.pluginWorkDirectoryURL.appending(path: "GeneratedMachines.swift")
        return [
            .buildCommand(
                displayName: "Listing the generated machines of \(target.name)",
                executable: try context.tool(named: "generated-machines-registry").url,
                arguments: [output.path] + modules,
                outputFiles: [output]
            ),
        ]
    }
}
