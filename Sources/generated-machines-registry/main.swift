// Writes the Swift file that lists generated modules' machines (GeneratedMachinesPlugin's tool).
// Usage: generated-machines-registry <output.swift> <Module>...
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard let output = arguments.first else {
    FileHandle.standardError.write(Data("usage: generated-machines-registry <output.swift> <Module>...\n".utf8))
    exit(64)
}
let modules = arguments.dropFirst().sorted()
var text = "// Written at build time by GeneratedMachinesPlugin from the target's dependencies. DO NOT EDIT.\n\n"
text += "import FlowMachine\n"
for module in modules { text += "@_spi(Generated) import \(module)\n" }
text += "\n/// Each generated module this target links, by module name, with its machine type.\n"
if modules.isEmpty {
    text += "let generatedMachines: [String: any FlowStateMachine.Type] = [:]\n"
} else {
    text += "let generatedMachines: [String: any FlowStateMachine.Type] = [\n"
    for module in modules { text += "    \"\(module)\": \(module).GeneratedModule.machine,\n" }
    text += "]\n"
}
let data = Data(text.utf8)
// Written only when it changes, so the test target is not rebuilt for nothing.
if FileManager.default.contents(atPath: output) != data {
    do {
        try data.write(to: URL(fileURLWithPath: output), options: .atomic)
    } catch {
        FileHandle.standardError.write(Data("generated-machines-registry: cannot write \(output): \(error)\n".utf8))
        exit(1)
    }
}
