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
    /// Runs `body` holding the advisory lock of `directory` (created if missing), so that two flowc processes
    /// writing one output folder take turns; `waiting` is called once when another holds it.
    func withLock<T>(on directory: String, waiting: () -> Void, _ body: () throws -> T) throws -> T
}

extension FileSystem {
    /// In memory there is no other process to wait for.
    public func withLock<T>(on directory: String, waiting: () -> Void, _ body: () throws -> T) throws -> T { try body() }
}

/// A file operation that failed, in words: the path and the system's reason.
public struct FileSystemError: Error, CustomStringConvertible, Equatable {
    public var path: String
    public var reason: String
    public init(path: String, reason: String) { self.path = path; self.reason = reason }
    public var description: String { "\(path): \(reason)" }

    /// The current `errno`, said as the system says it.
    static func fromErrno(_ path: String) -> FileSystemError {
        FileSystemError(path: path, reason: String(cString: strerror(errno)))
    }
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

    /// Writes through a temporary file in the same folder and a rename, so readers never see half a file. The
    /// temporary name is this process's own, so two flowc processes never write over each other's.
    public func write(_ path: String, _ bytes: [UInt8]) throws {
        let url = URL(fileURLWithPath: path)
        try makeDirectory(parentPath(path))
        let temporary = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).flowc-tmp-\(uniqueSuffix())")
        do {
            try Data(bytes).write(to: temporary)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw FileSystemError(path: path, reason: "could not be written (\((error as NSError).localizedFailureReason ?? "the disk refused it"))")
        }
        if rename(temporary.path, url.path) != 0 {
            let failure = FileSystemError.fromErrno(path)
            try? FileManager.default.removeItem(at: temporary)
            throw failure
        }
    }

    /// Creates `path` and its parents; another process creating it at the same time is fine.
    func makeDirectory(_ path: String) throws {
        if kind(of: path) == .directory { return }
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            guard kind(of: path) == .directory else {
                // Say which part of the path is in the way: a file where a folder must go, or a folder that refuses.
                var blocker = path
                while blocker != "." && blocker != "/" && kind(of: blocker) == nil { blocker = parentPath(blocker) }
                if let found = kind(of: blocker), found != .directory {
                    throw FileSystemError(path: blocker, reason: "is a file, not a folder, so '\(path)' cannot be created")
                }
                throw FileSystemError(path: path, reason: "the folder cannot be created (\((error as NSError).localizedFailureReason ?? "permission denied?"))")
            }
        }
    }

    public func remove(_ path: String) throws {
        if unlink(path) != 0 && errno != ENOENT { throw FileSystemError.fromErrno(path) }
    }

    public func move(_ from: String, to: String) throws {
        if rename(from, to) != 0 { throw FileSystemError.fromErrno(to) }
    }

    /// An advisory lock (`flock`) on the folder itself, so no lock file is left in it; the kernel lets it go
    /// when the process ends, however it ends.
    public func withLock<T>(on directory: String, waiting: () -> Void, _ body: () throws -> T) throws -> T {
        try makeDirectory(directory)
        let descriptor = open(directory, O_RDONLY)
        guard descriptor >= 0 else { throw FileSystemError.fromErrno(directory) }
        defer { close(descriptor) }
        if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK else { throw FileSystemError.fromErrno(directory) }
            waiting()
            while flock(descriptor, LOCK_EX) != 0 {
                guard errno == EINTR else { throw FileSystemError.fromErrno(directory) }
            }
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }
}

/// A suffix no other process (and no other call in this one) uses at the same time.
func uniqueSuffix() -> String {
    "\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
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
