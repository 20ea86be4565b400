import Foundation

/// Turns diagnostics into the text users and machines read.
///
/// Three forms:
/// - `.text`: `path:line:col: error: message [code]`, then the source line with a caret
///   under the range and any notes, as compilers print them;
/// - `.json`: `{"diagnostics": [...], "errors": N, "warnings": N}` with sorted keys;
/// - `.sarif`: SARIF 2.1.0, which code hosts show inline on pull requests.
public struct DiagnosticRenderer: Sendable {
    public enum Format: String, Sendable, CaseIterable {
        case text, json, sarif
    }

    public var format: Format
    /// ANSI colours; only when writing to a terminal.
    public var colored: Bool
    /// Quotes source lines in `.text`; looked up by display path.
    public var sources: [String: SourceFile]

    public init(format: Format, colored: Bool = false, sources: [String: SourceFile] = [:]) {
        self.format = format
        self.colored = colored
        self.sources = sources
    }

    /// The whole output for a run; ends with a newline unless there is nothing to say.
    public func render(_ diagnostics: [Diagnostic]) -> String {
        switch format {
        case .text: renderText(diagnostics)
        case .json: renderJSON(diagnostics)
        case .sarif: renderSARIF(diagnostics)
        }
    }

    // MARK: Text

    func renderText(_ diagnostics: [Diagnostic]) -> String {
        var out = ""
        for diagnostic in diagnostics {
            out += renderText(diagnostic)
        }
        let errors = diagnostics.count { $0.severity == .error }
        let warnings = diagnostics.count { $0.severity == .warning }
        if errors + warnings > 0 {
            out += "\(counted(errors, "error")) and \(counted(warnings, "warning")) generated.\n"
        }
        return out
    }

    private func counted(_ n: Int, _ noun: String) -> String { "\(n) \(noun)\(n == 1 ? "" : "s")" }

    /// One diagnostic in terminal form: the headline, the quoted line with a caret, the notes.
    public func renderText(_ diagnostic: Diagnostic) -> String {
        let range = diagnostic.range
        // A diagnostic about a path that was never read (a missing folder, a folder without flow files) has no
        // line to point at: `flows: error: …`, as compilers say it, not a made-up `flows:1:1`.
        let location = sources[range.file] == nil && range == .wholeFile(range.file)
            ? "\(range.file): " : "\(range.file):\(range.start.line):\(range.start.column): "
        var out = paint(.bold, location)
        out += paint(color(for: diagnostic.severity), "\(diagnostic.severity.rawValue):")
        out += paint(.bold, " \(shortened(diagnostic.message)) [\(diagnostic.code)]") + "\n"
        if let line = sources[range.file]?.line(range.start.line) {
            let number = String(range.start.line)
            let gutter = String(repeating: " ", count: number.count)
            var visible = line.replacingOccurrences(of: "\t", with: " ")
            var startColumn = min(max(range.start.column, 1), visible.unicodeScalars.count + 1)
            var endColumn = range.end.line == range.start.line ? range.end.column : visible.unicodeScalars.count + 1
            // A very long line shows a window around the caret, so one line cannot flood a terminal.
            let all = Array(visible.unicodeScalars)
            if all.count > Self.longestQuotedLine {
                let from = max(0, min(startColumn - 1 - Self.longestQuotedLine / 4, all.count - Self.longestQuotedLine))
                let to = min(all.count, from + Self.longestQuotedLine)
                visible = (from > 0 ? "…" : "") + String(String.UnicodeScalarView(all[from..<to])) + (to < all.count ? "…" : "")
                let shift = from - (from > 0 ? 1 : 0)
                startColumn -= shift
                endColumn = min(endColumn - shift, visible.unicodeScalars.count + 1)
            }
            out += "\(gutter) |\n"
            out += "\(number) | \(visible)\n"
            let scalars = visible.unicodeScalars.count
            startColumn = min(max(startColumn, 1), scalars + 1)
            let width = max(1, min(endColumn, scalars + 1) - startColumn)
            let marker = "^" + String(repeating: "~", count: width - 1)
            out += "\(gutter) | " + String(repeating: " ", count: startColumn - 1) + paint(.green, marker) + "\n"
            for note in diagnostic.notes {
                out += "\(gutter) = " + paint(.cyan, "note:") + " \(noteText(note))\n"
            }
        } else {
            for note in diagnostic.notes {
                out += "  = " + paint(.cyan, "note:") + " \(noteText(note))\n"
            }
        }
        return out
    }

    private func noteText(_ note: Diagnostic.Note) -> String {
        guard let range = note.range else { return shortened(note.message) }
        return "\(shortened(note.message)) (\(range.file):\(range.start.line):\(range.start.column))"
    }

    /// Longest source line and message shown whole in terminal form.
    static let longestQuotedLine = 160
    static let longestMessage = 400

    /// A message quoting something huge (a pasted megabyte as a name) keeps its start and end.
    private func shortened(_ message: String) -> String {
        let scalars = Array(message.unicodeScalars)
        guard scalars.count > Self.longestMessage else { return message }
        let head = String(String.UnicodeScalarView(scalars.prefix(Self.longestMessage / 2)))
        let tail = String(String.UnicodeScalarView(scalars.suffix(Self.longestMessage / 4)))
        return "\(head)…(\(scalars.count - Self.longestMessage / 2 - Self.longestMessage / 4) more characters)…\(tail)"
    }

    private enum Style: String {
        case bold = "1", red = "1;31", yellow = "1;33", cyan = "1;36", green = "1;32"
    }

    private func color(for severity: Diagnostic.Severity) -> Style {
        switch severity {
        case .error: .red
        case .warning: .yellow
        case .note: .cyan
        }
    }

    private func paint(_ style: Style, _ text: String) -> String {
        colored ? "\u{1B}[\(style.rawValue)m\(text)\u{1B}[0m" : text
    }

    // MARK: JSON

    struct JSONReport: Encodable {
        struct Entry: Encodable {
            var file: String
            var line: Int
            var column: Int
            var endLine: Int
            var endColumn: Int
            var severity: String
            var code: String
            var message: String
            var notes: [NoteEntry]
        }
        struct NoteEntry: Encodable {
            var message: String
            var file: String?
            var line: Int?
            var column: Int?
        }
        var diagnostics: [Entry]
        var errors: Int
        var warnings: Int
    }

    func renderJSON(_ diagnostics: [Diagnostic]) -> String {
        let report = JSONReport(
            diagnostics: diagnostics.map { d in
                JSONReport.Entry(
                    file: d.range.file, line: d.range.start.line, column: d.range.start.column,
                    endLine: d.range.end.line, endColumn: d.range.end.column,
                    severity: d.severity.rawValue, code: d.code, message: d.message,
                    notes: d.notes.map { .init(message: $0.message, file: $0.range?.file, line: $0.range?.start.line, column: $0.range?.start.column) })
            },
            errors: diagnostics.count { $0.severity == .error },
            warnings: diagnostics.count { $0.severity == .warning })
        return encode(report)
    }

    // MARK: SARIF

    struct SARIFLog: Encodable {
        struct Run: Encodable {
            struct Tool: Encodable {
                struct Driver: Encodable {
                    /// A rule per code the results use: its name, meaning, fix and where docs/diagnostics.md explains it.
                    struct Rule: Encodable {
                        struct Text: Encodable { var text: String }
                        struct Configuration: Encodable { var level: String }
                        var id: String
                        var name: String
                        var shortDescription: Text
                        var fullDescription: Text
                        var help: Text
                        var helpUri: String
                        var defaultConfiguration: Configuration
                    }
                    var name: String
                    var informationUri: String
                    var rules: [Rule]
                }
                var driver: Driver
            }
            struct Result: Encodable {
                struct Message: Encodable { var text: String }
                struct Location: Encodable {
                    struct Physical: Encodable {
                        struct Artifact: Encodable { var uri: String }
                        struct Region: Encodable {
                            var startLine: Int
                            var startColumn: Int
                            var endLine: Int
                            var endColumn: Int
                        }
                        var artifactLocation: Artifact
                        var region: Region
                    }
                    var physicalLocation: Physical
                }
                /// A place a note points at (the did-you-mean's declaration, the first of two clashing names).
                struct RelatedLocation: Encodable {
                    var id: Int
                    var message: Message
                    var physicalLocation: Location.Physical
                }
                var ruleId: String
                var level: String
                var message: Message
                var locations: [Location]
                var relatedLocations: [RelatedLocation]?
            }
            var tool: Tool
            var results: [Result]
        }
        var version = "2.1.0"
        var schema = "https://json.schemastore.org/sarif-2.1.0.json"
        var runs: [Run]

        enum CodingKeys: String, CodingKey {
            case version, runs
            case schema = "$schema"
        }
    }

    /// Where docs/diagnostics.md is published; each rule's `helpUri` is its section there.
    static let diagnosticsDocument = "https://github.com/flowc/flowc/blob/main/docs/diagnostics.md"

    func renderSARIF(_ diagnostics: [Diagnostic]) -> String {
        var levels: [String: Diagnostic.Severity] = [:]
        for d in diagnostics { levels[d.code] = max(levels[d.code] ?? d.severity, d.severity) }
        let rules = levels.keys.sorted().map { code -> SARIFLog.Run.Tool.Driver.Rule in
            let entry = diagnosticCatalog[code]
            return .init(id: code, name: ruleName(code),
                         shortDescription: .init(text: entry.map { firstSentence($0.meaning) } ?? code),
                         fullDescription: .init(text: entry?.meaning ?? code),
                         help: .init(text: entry?.fix ?? "See docs/diagnostics.md."),
                         helpUri: "\(Self.diagnosticsDocument)#\(code)",
                         defaultConfiguration: .init(level: sarifLevel(levels[code] ?? .error)))
        }
        let results = diagnostics.map { d in
            var text = d.message
            for note in d.notes { text += "\nnote: " + noteText(note) }
            let related = d.notes.enumerated().compactMap { index, note -> SARIFLog.Run.Result.RelatedLocation? in
                guard let range = note.range else { return nil }
                return .init(id: index + 1, message: .init(text: note.message), physicalLocation: physical(range))
            }
            return SARIFLog.Run.Result(
                ruleId: d.code, level: sarifLevel(d.severity), message: .init(text: text),
                locations: [.init(physicalLocation: physical(d.range))],
                relatedLocations: related.isEmpty ? nil : related)
        }
        let log = SARIFLog(runs: [.init(
            tool: .init(driver: .init(name: "flowc", informationUri: Self.diagnosticsDocument, rules: rules)),
            results: results)])
        return encode(log)
    }

    private func physical(_ range: SourceRange) -> SARIFLog.Run.Result.Location.Physical {
        .init(artifactLocation: .init(uri: range.file),
              region: .init(startLine: range.start.line, startColumn: range.start.column, endLine: range.end.line, endColumn: range.end.column))
    }

    /// SARIF's levels are `error`, `warning` and `note`, as flowc's severities are.
    private func sarifLevel(_ severity: Diagnostic.Severity) -> String { severity.rawValue }

    /// `unknown-target` → `UnknownTarget`: SARIF's rule name is an identifier.
    private func ruleName(_ code: String) -> String {
        code.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    private func firstSentence(_ text: String) -> String {
        guard let end = text.range(of: ". ") else { return text }
        return String(text[..<end.lowerBound]) + "."
    }

    private func encode(_ value: some Encodable) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else { return "{}\n" }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
