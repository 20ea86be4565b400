import FlowSource
import FlowSyntax

/// Finds the apps under the given paths and reads each one's root file and includes.
///
/// An app's root file is a `.flow.yaml` with an `app:` section; it lists the app's other
/// files under `include:`. The include rule: a path relative to the root file's folder,
/// ending in `.flow.yaml`, with no `..`, not absolute, and resolving (after symbolic links)
/// inside that folder. A folder given on the command line is searched for flow files; a flow
/// file that no app includes is reported as `orphan-file`.
struct SourceLoader {
    let fileSystem: any FileSystem
    let limits: YAMLLimits
    let diagnostics: any DiagnosticCollector
    /// Files an include that does not exist probably meant (its did-you-mean).
    private var meantByMissingIncludes: Set<String> = []

    /// Every file read, by display path, for quoting lines in diagnostics.
    private(set) var sources: [String: SourceFile] = [:]
    private var parsed: [String: FlowFileSyntax] = [:]
    private var attempted: Set<String> = []

    init(fileSystem: any FileSystem, limits: YAMLLimits, diagnostics: any DiagnosticCollector) {
        self.fileSystem = fileSystem
        self.limits = limits
        self.diagnostics = diagnostics
    }

    struct LoadedApp {
        var sources: AppSourcesSyntax
        var defaultID: String
        /// Included files that could not be read or parsed: the app is checked without them.
        var missingParts: [String] = []
    }

    mutating func loadApps(from paths: [String]) -> [LoadedApp] {
        var scanned: [String] = []
        var explicit: [String] = []
        for path in paths {
            let normalized = normalize(path)
            switch fileSystem.kind(of: normalized) {
            case .directory:
                scanned += flowFiles(in: normalized)
            case .file:
                explicit.append(normalized)
            case .other:
                diagnostics.error("unreadable-input", "'\(path)' is not a regular file or folder", at: .wholeFile(normalized))
            case nil:
                diagnostics.error("input-not-found", "no file or folder at '\(path)'", at: .wholeFile(normalized),
                                  notes: [Diagnostic.Note(path == "flows"
                                      ? "flowc reads flows/ in the current folder; run it where flows/ is, or name the folder: flowc check <folder>, flowc test --flows <folder>"
                                      : "check the path; it is read relative to the current folder")])
            }
        }
        var roots: [String] = []
        for path in scanned + explicit {
            guard let file = parse(path) else { continue }
            if file.app != nil {
                if !roots.contains(path) { roots.append(path) }
            } else if explicit.contains(path), let root = enclosingRoot(of: path), !roots.contains(root) {
                roots.append(root)
            }
        }
        // A file that could not be read as YAML may be the root or a part of an app: saying
        // "no app" or "not included" about its siblings would only add noise to the real error.
        let unreadable = (scanned + explicit).contains { attempted.contains($0) && parsed[$0] == nil }
        if roots.isEmpty && !paths.isEmpty && !(scanned + explicit).isEmpty && !unreadable {
            let first = (scanned + explicit)[0]
            diagnostics.error("no-app", "no app found: an app's root file has an 'app:' section, e.g. flows/<app>/app.flow.yaml", at: .wholeFile(first))
        } else if roots.isEmpty && scanned.isEmpty && explicit.isEmpty && !paths.isEmpty {
            if let path = paths.first, fileSystem.kind(of: normalize(path)) == .directory {
                diagnostics.error("no-app", "no flow files (*.flow.yaml) in '\(path)'", at: .wholeFile(normalize(path)))
            }
        }
        var apps: [LoadedApp] = []
        var included: Set<String> = []
        // A file some app includes is a part of that app, even if it (wrongly) has an `app:`
        // section: the checker reports that as misplaced-app instead of building a second app.
        let includedByOtherRoots = Set(roots.flatMap { root in
            (parsed[root]?.includes ?? [])
                .map { joinPath(parentPath(root), $0.value.split(separator: "/").filter { $0 != "." && !$0.isEmpty }.joined(separator: "/")) }
                .filter { $0 != root }
        })
        roots.removeAll { includedByOtherRoots.contains($0) }
        for root in roots.sorted() {
            guard let rootSyntax = parse(root) else { continue }
            var parts: [FlowFileSyntax] = []
            var missingParts: [String] = []
            var seen: [String: SourceRangeBox] = [:]
            for include in rootSyntax.includes {
                guard let path = resolveInclude(include, root: root) else {
                    missingParts.append(include.value)
                    continue
                }
                if let first = seen[path] {
                    diagnostics.error("duplicate-include", "'\(include.value)' is included twice; remove this line", at: include.range, notes: [.init("first included here", at: first.range)])
                    continue
                }
                seen[path] = SourceRangeBox(range: include.range)
                if path == root {
                    diagnostics.error("include-cycle", "the root file includes itself; remove this line (only other files are included)", at: include.range)
                    continue
                }
                included.insert(path)
                if let part = parse(path) { parts.append(part) } else { missingParts.append(path) }
            }
            apps.append(LoadedApp(sources: AppSourcesSyntax(root: rootSyntax, parts: parts), defaultID: defaultID(for: root),
                                  missingParts: missingParts))
        }
        for path in scanned where !unreadable && !roots.contains(path) && !included.contains(path) && !meantByMissingIncludes.contains(path) {
            if parsed[path] != nil {
                diagnostics.warning("orphan-file", "no app includes this file; add it to the 'include:' list of its app's root file", at: .wholeFile(path))
            }
        }
        return apps
    }

    private struct SourceRangeBox { var range: SourceRange }

    private func normalize(_ path: String) -> String {
        var result = path
        while result.hasPrefix("./") { result.removeFirst(2) }
        while result.count > 1 && result.hasSuffix("/") { result.removeLast() }
        return result.isEmpty ? "." : result
    }

    /// The `.flow.yaml` files below `directory`, sorted, skipping hidden folders. A folder reached through a
    /// symbolic link is not read (it could hold another app, or the whole disk), nor a flow file whose link
    /// leads out of `directory`: each is reported with the link's path, as an include through a link is.
    private func flowFiles(in directory: String) -> [String] {
        var result: [String] = []
        var pending = [directory]
        var visited: Set<String> = []
        let realRoot = fileSystem.resolvingSymlinks(directory)
        while let current = pending.popLast() {
            let realCurrent = fileSystem.resolvingSymlinks(current)
            guard visited.insert(realCurrent).inserted, visited.count < 10_000 else { continue }
            let names = ((try? fileSystem.list(current)) ?? []).sorted()
            for name in names where !name.hasPrefix(".") {
                let path = joinPath(current, name)
                let realPath = fileSystem.resolvingSymlinks(path)
                let isLink = realPath != joinPath(realCurrent, name)
                switch fileSystem.kind(of: path) {
                case .directory where isLink:
                    diagnostics.error("symlinked-folder", "'\(path)' is a symbolic link to a folder; flowc reads only the folders really inside the app's folder, so it skips it",
                                      at: .wholeFile(path))
                case .directory: pending.append(path)
                case .file where name.hasSuffix(".flow.yaml"):
                    if isLink && !realPath.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/") {
                        diagnostics.error("include-outside-app", "'\(path)' is a symbolic link to a flow file outside '\(directory)'; flowc reads only files inside it",
                                          at: .wholeFile(path))
                    } else {
                        result.append(path)
                    }
                default: break
                }
            }
        }
        return result.sorted()
    }

    /// The nearest `app.flow.yaml` in the file's folder or above it.
    private func enclosingRoot(of path: String) -> String? {
        var folder = parentPath(path)
        for _ in 0..<8 {
            let candidate = joinPath(folder, "app.flow.yaml")
            if candidate != path, case .file = fileSystem.kind(of: candidate) { return candidate }
            if folder == "." || folder == "/" { break }
            folder = parentPath(folder)
        }
        diagnostics.error("no-app", "this file belongs to no app: no app.flow.yaml in its folder or above", at: .wholeFile(path))
        return nil
    }

    private func defaultID(for root: String) -> String {
        let name = lastComponent(root)
        let base = name == "app.flow.yaml" ? lastComponent(parentPath(root)) : String(name.dropLast(".flow.yaml".count))
        var id = ""
        for scalar in base.lowercased().unicodeScalars {
            id.unicodeScalars.append(("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) ? scalar : "_")
        }
        if id.first.map({ !$0.isLetter }) ?? true { id = "app_" + id }
        return id
    }

    /// Applies the include rule; reports and returns nil for any path it forbids.
    private mutating func resolveInclude(_ include: Located<String>, root: String) -> String? {
        let path = include.value
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        if path.hasPrefix("/") || path.hasPrefix("~") || path.contains("\\") {
            diagnostics.error("include-outside-app", "include '\(path)' must be a path relative to the app's folder", at: include.range)
            return nil
        }
        if segments.contains("..") {
            diagnostics.error("include-outside-app", "include '\(path)' reaches outside the app's folder; '..' is not allowed in includes", at: include.range)
            return nil
        }
        guard path.hasSuffix(".flow.yaml") else {
            diagnostics.error("include-not-flow-file", "include '\(path)' is not a flow file; included files end in .flow.yaml", at: include.range)
            return nil
        }
        let folder = parentPath(root)
        let joined = joinPath(folder, segments.filter { $0 != "." && !$0.isEmpty }.joined(separator: "/"))
        switch fileSystem.kind(of: joined) {
        case .file: break
        case .directory:
            diagnostics.error("unreadable-input", "included file '\(path)' is a folder, not a flow file (\(joined))", at: include.range)
            return nil
        case .other:
            diagnostics.error("unreadable-input", "included file '\(path)' is not a regular file but a device, a pipe or a socket (\(joined)); flowc reads only regular files", at: include.range)
            return nil
        case nil:
            let siblings = ((try? fileSystem.list(parentPath(joined))) ?? []).filter { $0.hasSuffix(".flow.yaml") }.sorted()
            let match = closestMatch(to: lastComponent(joined), among: siblings)
            // The file meant is then not also reported as included by nobody.
            if let match { meantByMissingIncludes.insert(joinPath(parentPath(joined), match)) }
            let notes: [Diagnostic.Note] = match.map { [.init("did you mean '\($0)'?")] } ?? []
            diagnostics.error("include-not-found", "included file '\(path)' does not exist (looked for \(joined))", at: include.range, notes: notes)
            return nil
        }
        let realFolder = fileSystem.resolvingSymlinks(folder)
        let realFile = fileSystem.resolvingSymlinks(joined)
        guard realFile.hasPrefix(realFolder.hasSuffix("/") ? realFolder : realFolder + "/") else {
            diagnostics.error("include-outside-app", "include '\(path)' leads outside the app's folder through a symbolic link", at: include.range)
            return nil
        }
        return joined
    }

    /// Reads and parses a file once; later calls return the same result.
    private mutating func parse(_ path: String) -> FlowFileSyntax? {
        if attempted.contains(path) { return parsed[path] }
        attempted.insert(path)
        var result: FlowFileSyntax?
        switch fileSystem.kind(of: path) {
        case .file(let size) where size > limits.maxFileBytes:
            diagnostics.error("file-too-large", "file is \(size) bytes, over the \(limits.maxFileBytes)-byte limit for one flow file; split it with 'include'",
                              at: .wholeFile(path))
        case .file:
            do {
                let file = SourceFile(path: path, bytes: try fileSystem.read(path))
                sources[path] = file
                result = parseFlowFile(file, limits: limits, diagnostics: diagnostics)
            } catch {
                diagnostics.error("unreadable-input", "cannot read '\(path)'", at: .wholeFile(path))
            }
        default:
            diagnostics.error("unreadable-input", "'\(path)' is not a regular file", at: .wholeFile(path))
        }
        parsed[path] = result
        return result
    }
}
