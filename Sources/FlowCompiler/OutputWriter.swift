import FlowSource

/// Writes generated files under the output folder, or checks that they are up to date.
public struct OutputWriter: Sendable {
    public let outputDirectory: String
    public let fileSystem: any FileSystem

    public init(outputDirectory: String, fileSystem: any FileSystem = DiskFileSystem()) {
        self.outputDirectory = outputDirectory
        self.fileSystem = fileSystem
    }

    /// The files whose bytes on disk differ from `outputs` (missing files included), sorted.
    public func staleFiles(_ outputs: [OutputFile]) -> [String] {
        outputs.sorted { $0.path < $1.path }.compactMap { output in
            let path = joinPath(outputDirectory, output.path)
            let current = try? fileSystem.read(path)
            return current == output.contents ? nil : path
        }
    }

    /// Writes the files that changed, each through a temporary file and a rename.
    /// - Returns: The paths written.
    @discardableResult
    public func write(_ outputs: [OutputFile]) throws -> [String] {
        var written: [String] = []
        for output in outputs.sorted(by: { $0.path < $1.path }) {
            // Names come from checked ids; refuse anything that could leave the output folder anyway.
            guard !output.path.hasPrefix("/"), !output.path.split(separator: "/").contains("..") else {
                throw OutputPathError(path: output.path)
            }
            let path = joinPath(outputDirectory, output.path)
            if let current = try? fileSystem.read(path), current == output.contents { continue }
            try fileSystem.write(path, output.contents)
            written.append(path)
        }
        return written
    }
}

/// A generated file name that would leave the output folder.
public struct OutputPathError: Error, CustomStringConvertible {
    public var path: String
    public var description: String { "refusing to write '\(path)': generated files stay inside the output folder" }
}
