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
    }
}
