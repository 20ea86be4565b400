import FlowSyntax

/// What to compile and where the outputs go.
public struct CompilerConfig: Sendable {
    /// Files or folders to read; folders are searched for `.flow.yaml` files.
    public var inputs: [String]
    /// The folder generated files are written to, relative to the working directory.
    public var outputDirectory: String
    public var limits: YAMLLimits
    /// Whether to render the generated files; `flowc check` only needs the diagnostics.
    public var generatesOutputs: Bool

    /// The embedded default: `flows/` in, `generated/` out.
    public init(inputs: [String] = ["flows"], outputDirectory: String = "generated", limits: YAMLLimits = .default,
                generatesOutputs: Bool = true) {
        self.inputs = inputs
        self.outputDirectory = outputDirectory
        self.limits = limits
        self.generatesOutputs = generatesOutputs
    }
}

/// A file to write under the output folder.
public struct OutputFile: Sendable, Hashable {
    /// Relative to the output folder, with `/`.
    public var path: String
    public var contents: [UInt8]

    public init(path: String, contents: [UInt8]) {
        self.path = path
        self.contents = contents
    }
}
