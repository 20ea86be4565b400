import FlowCompiler
import FlowSource
import Foundation

/// `flowc check --watch`: checks, then re-checks whenever a flow file under the paths is saved, printing only
/// what changed: the diagnostics that are new (in full, with their snippet) and those that are gone (one line).
///
/// Files are found by polling their modification times and sizes every 100 ms: no file-system event API is
/// portable across Linux and macOS without a dependency, and a poll of a few dozen files costs microseconds.
/// A diagnostic is "the same" across runs when its file, code and message are, so inserting a line above it
/// does not report it fixed and new again.
struct WatchLoop {
    var options: InputOptions
    var interval: useconds_t = 100_000

    /// The identity of a diagnostic across edits.
    private func key(_ diagnostic: Diagnostic) -> String {
        "\(diagnostic.range.file)\u{0}\(diagnostic.severity.rawValue)\u{0}\(diagnostic.code)\u{0}\(diagnostic.message)"
    }

    func run() -> Never {
        var previous: [String: Diagnostic] = [:]
        var signature = filesSignature()
        var first = true
        var changedFiles: [String] = []
        while true {
            let started = Date()
            let bag = DiagnosticBag()
            let compilation = compile(located(CompilerConfig(inputs: options.paths, generatesOutputs: false)), diagnostics: bag)
            let shown = displayed(bag.diagnostics, sources: compilation.sources, root: compilation.sourceRoot)
            let found = shown.diagnostics
            let milliseconds = Int(Date().timeIntervalSince(started) * 1000)
            let current = Dictionary(found.map { (key($0), $0) }, uniquingKeysWith: { first, _ in first })
            let added = found.filter { previous[key($0)] == nil }
            let fixed = previous.values.filter { current[key($0)] == nil }.sorted(by: Diagnostic.presentationOrder)
            // The same diagnostic on another line (lines added or removed above it) is printed again where it is now:
            // the one on screen points at a line that no longer says that.
            let moved = found.filter { diagnostic in previous[key(diagnostic)].map { $0.range != diagnostic.range } ?? false }
            let errors = found.count { $0.severity == .error }
            let warnings = found.count { $0.severity == .warning }
            let totals = "\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
            if first {
                printLine("[watch] checked \(options.paths.joined(separator: " ")) in \(milliseconds) ms: \(totals); "
                          + "watching \(signature.count) file\(signature.count == 1 ? "" : "s") (Ctrl-C to stop)")
            } else {
                let what = changedFiles.count == 1 ? changedFiles[0] : "\(changedFiles.count) files"
                let delta = added.isEmpty && fixed.isEmpty && moved.isEmpty ? "no change in diagnostics"
                    : "\(added.count) new, \(fixed.count) fixed" + (moved.isEmpty ? "" : ", \(moved.count) moved")
                printLine("[watch] \(what) changed; checked in \(milliseconds) ms: \(totals) (\(delta))")
            }
            let renderer = DiagnosticRenderer(format: .text, colored: colored, sources: shown.sources)
            for diagnostic in added.sorted(by: Diagnostic.presentationOrder) { printLine(renderer.renderText(diagnostic).trimmingSuffixNewlines()) }
            for diagnostic in moved.sorted(by: Diagnostic.presentationOrder) {
                let was = previous[key(diagnostic)].map { "\($0.range.start.line)" } ?? "?"
                printLine("[watch] moved from line \(was):")
                printLine(renderer.renderText(diagnostic).trimmingSuffixNewlines())
            }
            for diagnostic in fixed {
                printLine("[watch] fixed: \(diagnostic.range.file):\(diagnostic.range.start.line): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code)]")
            }
            previous = current
            first = false
            // Wait for a save: a change of modification time or size, a new file or a deleted one.
            while true {
                usleep(interval)
                let now = filesSignature()
                if now != signature {
                    changedFiles = Set(now.keys).union(signature.keys).filter { now[$0] != signature[$0] }.sorted()
                    signature = now
                    break
                }
            }
        }
    }

    private var colored: Bool {
        switch options.color {
        case .always: true
        case .never: false
        case .auto: isatty(STDOUT_FILENO) != 0 && ProcessInfo.processInfo.environment["NO_COLOR"] == nil
        }
    }

    /// Every `.yaml` file under the paths, with its modification time and size.
    func filesSignature() -> [String: String] {
        var files: [String: String] = [:]
        let manager = FileManager.default
        for path in options.paths {
            var isFolder: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
            let candidates = isFolder.boolValue
                ? (manager.enumerator(atPath: path)?.compactMap { $0 as? String }.map { path + "/" + $0 } ?? [])
                : [path]
            for file in candidates where file.hasSuffix(".yaml") || file.hasSuffix(".yml") {
                guard let attributes = try? manager.attributesOfItem(atPath: file) else { continue }
                let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
                files[file] = "\(modified) \(attributes[.size] as? Int ?? 0)"
            }
        }
        return files
    }
}

extension String {
    fileprivate func trimmingSuffixNewlines() -> String {
        var text = self
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
