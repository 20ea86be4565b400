import FlowCompiler
import Foundation

/// The disk, seen from a base folder: relative paths are resolved against `base`, so diagnostics
/// name fixtures as `err/unknown-target/app.flow.yaml` on every machine.
public struct FixtureFileSystem: FileSystem {
    public let base: URL
    private let disk = DiskFileSystem()

    public init(base: URL) {
        self.base = base
    }

    private func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : base.appendingPathComponent(path).path
    }

    public func kind(of path: String) -> FileKind? { disk.kind(of: absolute(path)) }
    public func read(_ path: String) throws -> [UInt8] { try disk.read(absolute(path)) }
    public func list(_ path: String) throws -> [String] { try disk.list(absolute(path)) }
    public func resolvingSymlinks(_ path: String) -> String { disk.resolvingSymlinks(absolute(path)) }
    public func write(_ path: String, _ bytes: [UInt8]) throws { try disk.write(absolute(path), bytes) }
    public func remove(_ path: String) throws { try disk.remove(absolute(path)) }
    public func move(_ from: String, to: String) throws { try disk.move(absolute(from), to: absolute(to)) }
}
