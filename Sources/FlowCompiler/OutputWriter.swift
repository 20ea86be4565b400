import FlowSource

/// Writes generated files under the output folder, or checks that they are up to date.
public struct OutputWriter: Sendable {
    public let outputDirectory: String
    public let fileSystem: any FileSystem

    /// Called once when another flowc process is writing the same folder and this one waits for it.
    public let waiting: @Sendable () -> Void

    public init(outputDirectory: String, fileSystem: any FileSystem = DiskFileSystem(), waiting: @escaping @Sendable () -> Void = {}) {
        self.outputDirectory = outputDirectory
        self.fileSystem = fileSystem
        self.waiting = waiting
    }

    /// The files whose bytes on disk differ from `outputs` (missing files included), sorted.
    public func staleFiles(_ outputs: [OutputFile]) -> [String] {
        outputs.sorted { $0.path < $1.path }.compactMap { output in
            let path = joinPath(outputDirectory, output.path)
            let current = try? fileSystem.read(path)
            return current == output.contents ? nil : path
        }
    }

    /// The list of what flowc wrote in the output folder; flowc deletes only files named in it.
    public static let manifestName = "flowc-outputs.txt"

    /// `outputs` and the manifest that names them: what a build writes.
    public static func withManifest(_ outputs: [OutputFile]) -> [OutputFile] {
        let paths = outputs.map(\.path).filter { $0 != manifestName }.sorted()
        let text = "# Files flowc writes in this folder. It deletes only files listed here, when they are no longer generated.\n"
            + paths.map { $0 + "\n" }.joined()
        return outputs.filter { $0.path != manifestName } + [OutputFile(path: manifestName, contents: Array(text.utf8))]
    }

    /// The files the previous build listed in its manifest (relative to the output folder); none without one.
    func previouslyWritten() -> [String] {
        guard let bytes = try? fileSystem.read(joinPath(outputDirectory, Self.manifestName)) else { return [] }
        return String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
            .filter { !$0.hasPrefix("#") && !$0.isEmpty && !$0.hasPrefix("/") && !$0.split(separator: "/").contains("..") }
    }

    /// Files flowc wrote before (its manifest says so) that `outputs` no longer contains, and that are still
    /// there: a report of a renamed flow, the Swift of an app that is gone. Nothing else is ever reported or
    /// removed: a file a person put in the output folder, even among generated ones, is left alone.
    public func orphanedFiles(_ outputs: [OutputFile]) -> [String] {
        let expected = Set(outputs.map(\.path))
        return previouslyWritten().filter { !expected.contains($0) }.sorted().map { joinPath(outputDirectory, $0) }
            .filter { if case .file = fileSystem.kind(of: $0) { true } else { false } }
    }

    /// Writes `outputs` (with their manifest) and removes the files flowc wrote before that are no longer
    /// generated; the old manifest is read before the new one replaces it.
    /// - Returns: The paths written and removed.
    ///
    /// Two builds into one folder take turns (an advisory lock on the folder): the second waits, then finds the
    /// files the first wrote and writes only what differs.
    @discardableResult
    public func update(_ outputs: [OutputFile]) throws -> [String] {
        try fileSystem.withLock(on: outputDirectory, waiting: waiting) {
            let orphans = orphanedFiles(outputs)
            let written = try writeHoldingLock(outputs)
            for path in orphans {
                do { try fileSystem.remove(path) } catch { throw OutputWriteError(path: path, written: written.count, reason: "\(error)", removing: true) }
            }
            return written + orphans
        }
    }

    /// Writes the files that changed, all or none: each is first written beside its place under a temporary
    /// name, and only when every one is written are they renamed into place; if one cannot be written, the
    /// temporary files are removed and nothing changes.
    /// - Returns: The paths written.
    @discardableResult
    public func write(_ outputs: [OutputFile]) throws -> [String] {
        try fileSystem.withLock(on: outputDirectory, waiting: waiting) { try writeHoldingLock(outputs) }
    }

    private func writeHoldingLock(_ outputs: [OutputFile]) throws -> [String] {
        var changed: [(path: String, staged: String)] = []
        do {
            for output in outputs.sorted(by: { $0.path < $1.path }) {
                // Names come from checked ids; refuse anything that could leave the output folder anyway.
                guard !output.path.hasPrefix("/"), !output.path.split(separator: "/").contains("..") else {
                    throw OutputPathError(path: output.path)
                }
                let path = joinPath(outputDirectory, output.path)
                if let current = try? fileSystem.read(path), current == output.contents { continue }
                let staged = joinPath(parentPath(path), ".\(lastComponent(path)).flowc-staged-\(uniqueSuffix())")
                do {
                    try fileSystem.write(staged, output.contents)
                } catch {
                    throw OutputWriteError(path: path, written: 0, reason: "\(error)")
                }
                changed.append((path, staged))
            }
        } catch {
            for file in changed { try? fileSystem.remove(file.staged) }
            throw error
        }
        for (index, file) in changed.enumerated() {
            do {
                try fileSystem.move(file.staged, to: file.path)
            } catch {
                for rest in changed[index...] { try? fileSystem.remove(rest.staged) }
                throw OutputWriteError(path: file.path, written: index, reason: "\(error)")
            }
        }
        return changed.map(\.path)
    }
}

/// A generated file that could not be put in place.
public struct OutputWriteError: Error, CustomStringConvertible {
    public var path: String
    /// How many files of this build were already in place.
    public var written: Int
    /// What the system said.
    public var reason: String
    /// Whether it was a file no longer generated that could not be removed.
    public var removing = false

    public init(path: String, written: Int, reason: String, removing: Bool = false) {
        self.path = path; self.written = written; self.reason = reason; self.removing = removing
    }

    public var description: String {
        let what = removing ? "could not remove '\(path)', which is no longer generated" : "could not write '\(path)'"
        let done = written == 0 ? "no file of this build was written" : "the \(written) file\(written == 1 ? "" : "s") written before it in this build \(written == 1 ? "is" : "are") in place, the rest are not"
        return "\(what) (\(reason)); \(done)"
    }
}

/// A generated file name that would leave the output folder.
public struct OutputPathError: Error, CustomStringConvertible {
    public var path: String
    public var description: String { "refusing to write '\(path)': generated files stay inside the output folder" }
}
