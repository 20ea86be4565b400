import FlowCodegen
import FlowTestSupport
import Foundation
import Testing

/// Generated Swift is read by iOS engineers in review and in the debugger: no line runs past `longestLine`. The
/// renderer lays out what it can (calls, closures called at once, long strings as multi-line literals, long
/// conformance lists); a line it cannot cut is a renderer defect this test names.
@Suite struct GeneratedLineLengthTests {
    static let longestLine = 160

    /// The committed modules of the four apps (CI's `flowc build --check` proves them current), read rather than
    /// generated again: lowering the four apps in a debug test build costs minutes.
    @Test func noGeneratedLineIsLong() throws {
        let sources = packageRoot().appendingPathComponent("generated/Sources")
        let modules = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasSuffix("Flow") }.sorted()
        #expect(modules.count >= 4)
        for module in modules {
            let folder = sources.appendingPathComponent(module)
            for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() where name.hasSuffix(".swift") {
                let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
                for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where line.count > Self.longestLine {
                    Issue.record("\(module)/\(name):\(number + 1) is \(line.count) characters: \(line.prefix(100))…")
                }
            }
        }
    }

    /// The layouts the four apps need, planted in a small file: each would be one long line without its rule.
    @Test func rendererCutsLongConstructs() {
        let words = (1...40).map { "word\($0)" }.joined(separator: " ")
        let record = SwiftExpression.call(.parenthesized(.closure(SwiftClosure(parameters: ["() throws -> Asset"], body: [
            .declare(isLet: false, name: "record", type: nil, value: .call(.id("Asset"), [])),
        ] + (1...12).map { .assign(.member(.id("record"), "field\($0)"), .string("value number \($0)")) } + [.return(.id("record"))]))), [])
        let list = SwiftExpression.prefix("!", .call(.member(.array((1...30).map { .string("C\($0)") }), "contains"), [SwiftArgument(nil, .id("country"))]))
        let file = SwiftFileDescription(path: "A.swift", header: [], imports: [], declarations: [
            SwiftDeclaration(access: .public, .protocol(name: "Services", conformances: ["Sendable"] + (1...12).map { "AppService\($0)Protocol" }, members: [])),
            SwiftDeclaration(.function(modifiers: [], name: "f", parameters: [], effects: ["throws"], returns: "Bool", body: [
                .declare(isLet: true, name: "asset", type: nil, value: .try(record)),
                .declare(isLet: true, name: "message", type: nil, value: .string(words)),
                .return(list),
            ])),
        ])
        let text = TextRenderer().render(file)
        let long = text.split(separator: "\n").filter { $0.count > Self.longestLine }
        #expect(long.isEmpty, "\(long)")
        #expect(text.contains("    var record = Asset()\n"))
        #expect(text.contains("let message = \"\"\"\n"))
        #expect(text.contains("public protocol Services:\n"))
        #expect(text.contains("        \"C29\",\n        \"C30\"\n    ].contains(country)"))
    }
    /// A doc line written for one indent overflows at a deeper one: the words it pushes over start the next line of
    /// the paragraph, not a line of their own. Planted: a pre-wrapped line of 123 characters two types deep.
    @Test func overflowingDocLinesCarryTheirTailIntoTheParagraph() {
        let first = "The options of choice field `field` on the current screen, each value (what `fill` takes) with its label in the current"
        let second = "locale, for a picker; empty for a field the screen does not show."
        let file = SwiftFileDescription(path: "A.swift", header: [], imports: [], declarations: [
            SwiftDeclaration(.enum(name: "Outer", conformances: [], cases: [], members: [
                SwiftDeclaration(.enum(name: "Inner", conformances: [], cases: [], members: [
                    SwiftDeclaration(doc: [first, second, "", "- a list item stays its own line"],
                                     .function(modifiers: [], name: "f", parameters: [], effects: [], returns: nil, body: [])),
                ])),
            ])),
        ])
        let lines = TextRenderer().render(file).split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        let doc = lines.filter { $0.hasPrefix("///") }
        #expect(doc == [
            "/// The options of choice field `field` on the current screen, each value (what `fill` takes) with its label in",
            "/// the current locale, for a picker; empty for a field the screen does not show.",
            "///",
            "/// - a list item stays its own line",
        ], "\(doc)")
    }
}
