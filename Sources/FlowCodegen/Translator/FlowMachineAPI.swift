/// How generated modules name the runtime library they are compiled against.
///
/// Generated code and FlowMachine change together: a module generated for API version N declares a
/// type conforming to `FlowMachineAPIVersion<N>`, a protocol only a FlowMachine of that version has.
/// Compiling it against another FlowMachine fails at that line with "cannot find type
/// 'FlowMachineAPIVersion6' in scope", which says what is wrong (regenerate with the flowc that ships
/// this FlowMachine) instead of drifting silently.
enum FlowMachineAPI {
    /// Bump together with `FlowMachine/APIVersion.swift` whenever generated code needs a changed library.
    static let version = 6

    /// The import every generated file starts with: the library helpers are SPI, kept out of the host app's namespace.
    static let importLine = "@_spi(Generated) FlowMachine"

    /// The declaration that fails to compile against a FlowMachine of another API version.
    static var versionCheck: SwiftDeclaration {
        SwiftDeclaration(
            doc: ["This module was generated for FlowMachine API version \(version); a compile error here means the",
                  "FlowMachine library and the flowc that generated this code come from different releases."],
            access: .fileprivate,
            .struct(name: "GeneratedForFlowMachineAPI", conformances: ["FlowMachineAPIVersion\(version)"], members: [])
        )
    }
}
