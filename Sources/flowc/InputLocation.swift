import FlowCompiler
import FlowSource
import Foundation

/// `config` with its inputs named as outputs name them, so the same flows give the same bytes wherever they sit.
/// Inside the current folder an input is named from it (`$PWD/flows` is `flows`). When one lies outside it
/// (`--flows /ci/checkout/flows`, `../shared/flows`), every input is named from the deepest folder holding them
/// all (`flows`, from `/ci/checkout`), which becomes the config's `sourceRoot`: no report then holds a path of
/// this machine.
func located(_ config: CompilerConfig) -> CompilerConfig {
    var config = config
    let currentURL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath).standardizedFileURL
    let current = currentURL.pathComponents
    let absolute = config.inputs.map { URL(fileURLWithPath: $0, relativeTo: currentURL).standardizedFileURL.pathComponents }
    guard absolute.contains(where: { !$0.starts(with: current) }) else {
        config.inputs = config.inputs.map(projectRelative)
        return config
    }
    var root = Array(absolute[0].dropLast())
    for input in absolute.dropFirst() {
        let parent = input.dropLast()
        root = Array(zip(root, parent).prefix { $0 == $1 }.map(\.0))
    }
    config.inputs = absolute.map { $0.dropFirst(root.count).joined(separator: "/") }
    config.sourceRoot = root.isEmpty ? "/" : NSString.path(withComponents: root)
    return config
}

/// Diagnostics and sources named for the terminal: from the current folder again when the compilation named its
/// files from a `sourceRoot`, so a path printed can be opened.
func displayed(_ diagnostics: [Diagnostic], sources: [String: SourceFile], root: String?)
    -> (diagnostics: [Diagnostic], sources: [String: SourceFile]) {
    guard let root else { return (diagnostics, sources) }
    func onDisk(_ file: String) -> String {
        file.hasPrefix("/") ? file : (root.hasSuffix("/") ? root + file : root + "/" + file)
    }
    func moved(_ range: SourceRange) -> SourceRange {
        var range = range
        range.file = onDisk(range.file)
        return range
    }
    let mapped = diagnostics.map { diagnostic in
        var diagnostic = diagnostic
        diagnostic.range = moved(diagnostic.range)
        diagnostic.notes = diagnostic.notes.map { note in
            var note = note
            note.range = note.range.map(moved)
            return note
        }
        return diagnostic
    }
    return (mapped, Dictionary(sources.map { (onDisk($0.key), $0.value) }, uniquingKeysWith: { first, _ in first }))
}
