/// A file a stage hands out, to be written under the output folder: the generated Swift and inventory, the reports,
/// the mutation and exploration results all take this one shape (`OutputWriter` in FlowCompiler writes it).
public struct OutputFile: Sendable, Hashable {
    /// Relative to the output folder, with `/`.
    public var path: String
    public var contents: [UInt8]

    public init(path: String, contents: [UInt8]) {
        self.path = path
        self.contents = contents
    }
}
