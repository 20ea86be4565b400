import FlowTestSupport
import Foundation
import Testing

/// The front end (reading, parsing and checking flows) stands on its own: it never depends on the runtime library
/// generated code links (FlowMachine), on what runs expressions (FlowEvaluation) or on any back end, neither through
/// Package.swift (directly or through another module) nor by an `import` in its sources. The values a literal is
/// typed and folded with come from FlowValues, the module below both.
@Suite struct FrontEndDependencyTests {
    static let frontEnd: Set<String> = ["FlowSource", "FlowSyntax", "FlowExpression", "FlowIR", "FlowChecker"]
    /// What the front end may stand on besides itself.
    static let allowedBelow: Set<String> = ["FlowValues", "CYAML"]

    /// Each front-end module's dependencies (through others too) that are package modules outside the front end.
    static func manifestProblems(_ modules: [String: Set<String>]) -> [String] {
        var problems: [String] = []
        for module in frontEnd.sorted() {
            var reached: Set<String> = []
            var through: [String: String] = [:]
            var pending = Array(modules[module] ?? [])
            for direct in pending { through[direct] = module }
            while let next = pending.popLast() {
                guard reached.insert(next).inserted else { continue }
                for dependency in modules[next] ?? [] where through[dependency] == nil {
                    through[dependency] = next
                    pending.append(dependency)
                }
            }
            for forbidden in reached.subtracting(frontEnd).subtracting(allowedBelow).sorted() {
                let via = through[forbidden].map { $0 == module ? "" : " (through \($0))" } ?? ""
                problems.append("Package.swift: front-end module \(module) depends on \(forbidden)\(via)")
            }
        }
        return problems
    }

    /// The modules a Swift file imports (`import X`, `@_spi(S) import X`, `@_exported import X`, `import struct X.Y`).
    static func imports(_ source: String) -> [String] {
        // Only lines that can be imports go through the pattern (matching a pattern is slow, and most lines are not).
        source.split(separator: "\n").filter { $0.contains("import ") }.compactMap { line in
            line.prefixMatch(of: #/\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?([A-Za-z_][A-Za-z0-9_]*)/#)
                .map { String($0.1) }
        }
    }

    /// An import, in a front-end module's file, of a package module outside the front end and what it may stand on.
    static func importProblems(module: String, file: String, source: String, packageModules: Set<String>) -> [String] {
        imports(source).filter { packageModules.contains($0) && !frontEnd.contains($0) && !allowedBelow.contains($0) }
            .map { "\(file): front-end module \(module) imports \($0)" }
    }

    @Test func theFrontEndNeverDependsOnTheRuntime() throws {
        let root = packageRoot()
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let modules = ArchitectureDocTests.packageModules(manifest)
        #expect(Self.frontEnd.isSubset(of: Set(modules.keys)), "Package.swift read: \(modules.keys.sorted())")
        #expect(modules["FlowExpression"] == ["FlowSource", "FlowValues"], "FlowExpression's dependencies in Package.swift")
        var problems = Self.manifestProblems(modules)
        var filesRead = 0
        for module in Self.frontEnd.sorted() {
            let folder = root.appendingPathComponent("Sources/\(module)")
            let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
                .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
            for file in files.sorted(by: { $0.path < $1.path }) {
                let source = try String(contentsOf: file, encoding: .utf8)
                let relative = String(file.path.dropFirst(root.path.count + 1))
                problems += Self.importProblems(module: module, file: relative, source: source, packageModules: Set(modules.keys))
                filesRead += 1
            }
        }
        #expect(filesRead > 50, "front-end sources read: \(filesRead)")
        for problem in problems { Issue.record(Comment(rawValue: problem)) }
    }

    /// A front-end module that comes to depend on the runtime, directly, through another module or by an import in a
    /// file, is seen.
    @Test func aPlantedDependencyIsSeen() {
        let clean: [String: Set<String>] = [
            "FlowSource": [], "FlowValues": [], "CYAML": [], "FlowSyntax": ["FlowSource", "CYAML"],
            "FlowExpression": ["FlowSource", "FlowValues"], "FlowIR": ["FlowSource", "FlowExpression"],
            "FlowChecker": ["FlowSyntax", "FlowIR", "FlowExpression"], "FlowMachine": ["FlowValues"],
            "FlowEvaluation": ["FlowExpression", "FlowMachine"], "FlowRuntime": ["FlowEvaluation"],
        ]
        #expect(Self.manifestProblems(clean).isEmpty)
        var direct = clean
        direct["FlowExpression"] = ["FlowSource", "FlowValues", "FlowMachine"]
        #expect(Self.manifestProblems(direct) == [
            "Package.swift: front-end module FlowChecker depends on FlowMachine (through FlowExpression)",
            "Package.swift: front-end module FlowExpression depends on FlowMachine",
            "Package.swift: front-end module FlowIR depends on FlowMachine (through FlowExpression)",
        ])
        var indirect = clean
        indirect["FlowIR"] = ["FlowSource", "FlowExpression", "FlowRuntime"]
        #expect(Self.manifestProblems(indirect).contains("Package.swift: front-end module FlowIR depends on FlowEvaluation (through FlowRuntime)"))

        let source = """
            @_spi(Generated) import FlowMachine
            import Foundation
            @_exported import FlowValues
            @testable import struct FlowEvaluation.CompiledExpression
            import FlowSource
            // import FlowRuntime is only a comment
            """
        #expect(Self.imports(source) == ["FlowMachine", "Foundation", "FlowValues", "FlowEvaluation", "FlowSource"])
        #expect(Self.importProblems(module: "FlowExpression", file: "Sources/FlowExpression/X.swift", source: source,
                                    packageModules: Set(clean.keys)) == [
            "Sources/FlowExpression/X.swift: front-end module FlowExpression imports FlowMachine",
            "Sources/FlowExpression/X.swift: front-end module FlowExpression imports FlowEvaluation",
        ])
    }
}
