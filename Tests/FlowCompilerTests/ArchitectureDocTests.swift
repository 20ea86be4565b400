import FlowTestSupport
import Foundation
import Testing

/// docs/architecture.md's table of modules is the package's: the same modules, each with the same direct
/// dependencies as Package.swift gives it (test targets and the compiled fixtures aside).
@Suite struct ArchitectureDocTests {
    /// Each module of Package.swift with its direct dependencies (a product by its name, e.g. FlyingFox).
    static func packageModules(_ manifest: String) -> [String: Set<String>] {
        var modules: [String: Set<String>] = [:]
        // The package's `targets:` argument (the products above it name targets too).
        let targets = manifest.firstRange(of: #/\n\s*targets: \[\s*\n/#).map { manifest[$0.upperBound...] } ?? manifest[...]
        let starts = targets.ranges(of: #/\.(target|executableTarget|systemLibrary|plugin|testTarget)\(\s*name: "([^"]+)"/#)
        for (index, range) in starts.enumerated() {
            let end = index + 1 < starts.count ? starts[index + 1].lowerBound : targets.endIndex
            let declaration = targets[range.lowerBound..<end]
            guard let match = declaration.prefixMatch(of: #/\.(target|executableTarget|systemLibrary|plugin|testTarget)\(\s*name: "([^"]+)"/#) else { continue }
            // Test targets, and the generated fixtures compiled for them (their sources live under Tests/), are not modules of flowc.
            if match.1 == "testTarget" || declaration.contains("path: \"Tests/") { continue }
            var dependencies: Set<String> = []
            if let list = declaration.firstMatch(of: #/dependencies: \[([^\]]*)\]/#) {
                let names = list.1.replacing(#/package: "[^"]*"/#, with: "")
                dependencies = Set(names.matches(of: #/"([^"]+)"/#).map { String($0.1) })
            }
            modules[String(match.2)] = dependencies
        }
        return modules
    }

    /// Each row of the "Modules, one per stage" table: the module and what its last column says it depends on.
    static func documentedModules(_ document: String) -> [String: Set<String>] {
        guard let section = document.firstRange(of: "## Modules, one per stage") else { return [:] }
        var modules: [String: Set<String>] = [:]
        for line in document[section.upperBound...].split(separator: "\n") {
            if line.hasPrefix("## ") { break }
            guard line.hasPrefix("| `"), let name = line.firstMatch(of: #/^\| `([^`]+)`/#)?.1 else { continue }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
            guard cells.count >= 3 else { continue }
            let last = cells[cells.count - 2].trimmingCharacters(in: .whitespaces)
            modules[String(name)] = last == "—" ? [] : Set(last.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).replacingOccurrences(of: "`", with: "") })
        }
        return modules
    }

    @Test func theModuleTableMatchesPackageSwift() throws {
        let root = packageRoot()
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let document = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let package = Self.packageModules(manifest)
        let documented = Self.documentedModules(document)
        #expect(package.count > 15 && package["FlowCompiler"]?.contains("FlowChecker") == true, "Package.swift read: \(package.keys.sorted())")
        for name in package.keys.sorted() where documented[name] == nil {
            Issue.record("module \(name) of Package.swift has no row in docs/architecture.md")
        }
        for name in documented.keys.sorted() where package[name] == nil {
            Issue.record("docs/architecture.md describes a module \(name) that Package.swift does not have")
        }
        for (name, dependencies) in package.sorted(by: { $0.key < $1.key }) {
            guard let written = documented[name], written != dependencies else { continue }
            Issue.record("docs/architecture.md: \(name) depends on \(dependencies.sorted().joined(separator: ", ")) (Package.swift), not \(written.sorted().joined(separator: ", "))")
        }
    }

    /// The graph drawn under "## Modules, one per stage" (the section's first code block).
    static func moduleDiagram(_ document: String) -> Substring {
        guard let section = document.firstRange(of: "## Modules, one per stage"),
              let open = document[section.upperBound...].firstRange(of: "```\n"),
              let close = document[open.upperBound...].firstRange(of: "```") else { return "" }
        return document[open.upperBound..<close.lowerBound]
    }

    /// Package.swift's comment on its modules: the `//` lines right above `let package`.
    static func packageComment(_ manifest: String) -> Substring {
        guard let declaration = manifest.firstRange(of: "\nlet package = ") else { return "" }
        var lines = manifest[..<declaration.lowerBound].split(separator: "\n", omittingEmptySubsequences: false)
        var comment: [Substring] = []
        while let last = lines.last, last.hasPrefix("//") { comment.insert(last, at: 0); lines.removeLast() }
        return Substring(comment.joined(separator: "\n"))
    }

    /// The modules `text` does not name as a whole word (`FlowIR` is not named by `FlowIRx`).
    static func unnamed(_ modules: some Sequence<String>, in text: Substring) -> [String] {
        modules.filter { name in
            !text.ranges(of: name).contains { range in
                let before = range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
                let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
                return ![before, after].contains { $0.map { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" } ?? false }
            }
        }.sorted()
    }

    /// A module added to Package.swift shows up in the graph of docs/architecture.md and in Package.swift's own comment
    /// on its modules, or this fails.
    @Test func theModuleGraphAndThePackageCommentNameEveryModule() throws {
        let root = packageRoot()
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let document = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let modules = Self.packageModules(manifest).keys
        let diagram = Self.moduleDiagram(document)
        #expect(diagram.contains("FlowValues"), "the module graph of docs/architecture.md: \(diagram)")
        for name in Self.unnamed(modules, in: diagram) { Issue.record("module \(name) of Package.swift is not in docs/architecture.md's module graph") }
        for name in Self.unnamed(modules, in: Self.packageComment(manifest)) {
            Issue.record("module \(name) is not in Package.swift's comment on its modules")
        }
    }

    /// A module left out of the graph or of the comment is seen.
    @Test func aModuleLeftOutIsSeen() {
        let document = """
            ## Modules, one per stage

            ```
            FlowIR ─▶ FlowExpression ─▶ FlowValues
            ```
            ## Next
            """
        let diagram = Self.moduleDiagram(document)
        #expect(Self.unnamed(["FlowIR", "FlowExpression", "FlowValues"], in: diagram).isEmpty)
        #expect(Self.unnamed(["FlowIR", "FlowExpression", "FlowValues", "FlowMachine", "Flow"], in: diagram) == ["Flow", "FlowMachine"])
        let manifest = """
            import PackageDescription

            // Modules: FlowValues <- FlowExpression
            //   <- FlowIR
            let package = Package(
            """
        #expect(Self.unnamed(["FlowIR", "FlowExpression", "FlowValues", "FlowMachine"], in: Self.packageComment(manifest)) == ["FlowMachine"])
    }

    /// The reading sees a planted difference, so the table cannot drift unseen.
    @Test func aDriftIsSeen() {
        let manifest = """
            products: [.plugin(name: "P", targets: ["A"])],
            targets: [
            .target(name: "A"),
            .target(name: "B", dependencies: ["A", .product(name: "Fox", package: "FlyingFox")]),
            .target(name: "Fixture", dependencies: ["A"], path: "Tests/Fixtures/x"),
            .testTarget(name: "BTests", dependencies: ["B"]),
            """
        #expect(Self.packageModules(manifest) == ["A": [], "B": ["A", "Fox"]])
        let document = """
            ## Modules, one per stage

            | module | job | depends on |
            | --- | --- | --- |
            | `A` | the base | — |
            | `B` | uses `A` | A, Fox |

            ## Next
            | `C` | not a module row | A |
            """
        #expect(Self.documentedModules(document) == ["A": [], "B": ["A", "Fox"]])
        #expect(Self.documentedModules(document.replacingOccurrences(of: "| `B` | uses `A` | A, Fox |\n", with: "")) == ["A": []])
    }
}
