import Foundation

/// The file operations the compiler needs, so tests can run it on an in-memory tree.
public protocol FileSystem: Sendable {
    /// `.file` with its size, `.directory`, `.other` (devices, sockets), or nil when nothing is there.
    func kind(of path: String) -> FileKind?
    func read(_ path: String) throws -> [UInt8]
    /// Entries of a directory, names only, any order.
    func list(_ path: String) throws -> [String]
    /// The path with symbolic links resolved, for the include rule.
    func resolvingSymlinks(_ path: String) -> String
    func write(_ path: String, _ bytes: [UInt8]) throws
    func remove(_ path: String) throws
    /// Renames `from` to `to` in one step (the same folder), replacing `to`.
    func move(_ from: String, to: String) throws
}

public enum FileKind: Equatable, Sendable {
    case file(size: Int)
    case directory
    case other
}

/// The real disk.
public struct DiskFileSystem: FileSystem {
    public init() {}

    public func kind(of path: String) -> FileKind? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
              let type = attributes[.type] as? FileAttributeType else { return nil }
        switch type {
        case .typeRegular: return .file(size: (attributes[.size] as? NSNumber)?.intValue ?? 0)
        case .typeDirectory: return .directory
        case .typeSymbolicLink:
            let resolved = resolvingSymlinks(path)
            return resolved == path ? .other : kind(of: resolved)
        default: return .other
        }
    }

    public func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        return [UInt8](data)
    }

    public func list(_ path: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: path)
    }

    public func resolvingSymlinks(_ path: String) -> String {
        URL(fileURLWithPath: path).resolvingSymlinksInPath().standardizedFileURL.path
    }

    /// Writes through a temporary file in the same folder and a rename, so readers never see half a file.
    public func write(_ path: String, _ bytes: [UInt8]) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).flowc-tmp")
        try Data(bytes).write(to: temporary)
        if rename(temporary.path, url.path) != 0 {
            try? FileManager.default.removeItem(at: temporary)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
    }

    public func remove(_ path: String) throws {
        try FileManager.default.removeItem(atPath: path)
    }

    public func move(_ from: String, to: String) throws {
        if rename(from, to) != 0 { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: to]) }
    }
}

/// Joins display paths with `/`, dropping `.` segments; never resolves `..` (the include rule forbids it).
func joinPath(_ base: String, _ component: String) -> String {
    if base.isEmpty || base == "." { return component }
    return base.hasSuffix("/") ? base + component : base + "/" + component
}

func parentPath(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let parent = String(path[..<slash])
    return parent.isEmpty ? "/" : parent
}

func lastComponent(_ path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
}

/// Another file system seen from `root`: path `p` is `root/p` there. Flows read from outside the current folder
/// (`--flows /ci/checkout/flows`) are loaded through it, so every output names them from `root`
/// (`flows/shop/app.flow.yaml`) and the same flows give the same bytes wherever they sit.
public struct RootedFileSystem: FileSystem {
    public let root: String
    public let base: any FileSystem
    private let resolvedRoot: String

    public init(root: String, base: any FileSystem = DiskFileSystem()) {
        self.root = root
        self.base = base
        resolvedRoot = base.resolvingSymlinks(root)
    }

    private func onBase(_ path: String) -> String {
        path.hasPrefix("/") ? path : joinPath(root, path)
    }

    public func kind(of path: String) -> FileKind? { base.kind(of: onBase(path)) }
    public func read(_ path: String) throws -> [UInt8] { try base.read(onBase(path)) }
    public func list(_ path: String) throws -> [String] { try base.list(onBase(path)) }
    public func write(_ path: String, _ bytes: [UInt8]) throws { try base.write(onBase(path), bytes) }
    public func remove(_ path: String) throws { try base.remove(onBase(path)) }
    public func move(_ from: String, to: String) throws { try base.move(onBase(from), to: onBase(to)) }

    /// Resolved on the base, then named from the root again when it lies under it (the include rule compares
    /// two resolved paths, so both must be named the same way).
    public func resolvingSymlinks(_ path: String) -> String {
        let resolved = base.resolvingSymlinks(onBase(path))
        let prefix = resolvedRoot.hasSuffix("/") ? resolvedRoot : resolvedRoot + "/"
        return resolved.hasPrefix(prefix) ? String(resolved.dropFirst(prefix.count)) : resolved
    }
}
