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

    /// Generated Swift files under `Sources/<App>Flow/` that `outputs` no longer contains (an app or
    /// file that is gone), sorted. Only `.swift` files in `Sources/*Flow/` folders are considered,
    /// so nothing a person put elsewhere in the output folder is ever reported or removed.
    public func orphanedSwiftFiles(_ outputs: [OutputFile]) -> [String] {
        let expected = Set(outputs.map(\.path))
        let sources = joinPath(outputDirectory, "Sources")
        guard fileSystem.kind(of: sources) == .directory, let modules = try? fileSystem.list(sources) else { return [] }
        var orphans: [String] = []
        for module in modules.sorted() where module.hasSuffix("Flow") {
            let folder = joinPath(sources, module)
            guard fileSystem.kind(of: folder) == .directory, let files = try? fileSystem.list(folder) else { continue }
            for file in files.sorted() where file.hasSuffix(".swift") && !expected.contains("Sources/\(module)/\(file)") {
                orphans.append(joinPath(folder, file))
            }
        }
        return orphans
    }

    /// Removes the generated Swift files whose app is gone.
    /// - Returns: The paths removed.
    @discardableResult
    public func removeOrphans(_ outputs: [OutputFile]) throws -> [String] {
        let orphans = orphanedSwiftFiles(outputs)
        for path in orphans { try fileSystem.remove(path) }
        return orphans
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
