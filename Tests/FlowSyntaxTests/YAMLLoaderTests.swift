import FlowSource
import FlowTestSupport
import Testing
@testable import FlowSyntax

private func load(_ text: String, limits: YAMLLimits = .default) -> (YAMLNode?, [Diagnostic]) {
    let bag = DiagnosticBag()
    let node = loadYAML(SourceFile(path: "t.flow.yaml", text: text), limits: limits, diagnostics: bag)
    return (node, bag.diagnostics)
}

private func oneLine(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.map { "\($0.range.start.line):\($0.range.start.column): \($0.code): \($0.message)" }
}

@Suite struct YAMLLoaderTests {
    @Test func scalarsKeepTheirSourceText() throws {
        let (node, diagnostics) = load("on: NO\ncode: 0012\nflag: yes\nempty:\n")
        #expect(diagnostics.isEmpty)
        guard case .mapping(let pairs) = node?.content else { Issue.record("not a mapping"); return }
        #expect(pairs.map { $0.key.scalar } == ["on", "code", "flag", "empty"])
        #expect(pairs.map { $0.value.scalar } == ["NO", "0012", "yes", ""])
        #expect(pairs[3].value.isNull)
        #expect(!pairs[0].value.isNull)
    }

    @Test func everyNodeHasStartAndEnd() {
        let (node, _) = load("screens:\n  ONB-004:\n    name: Your Name\n")
        guard case .mapping(let top) = node?.content, case .mapping(let screens) = top[0].value.content,
              case .mapping(let screen) = screens[0].value.content else { Issue.record("shape"); return }
        #expect(screens[0].key.range.start == SourceLocation(line: 2, column: 3))
        #expect(screens[0].key.range.end == SourceLocation(line: 2, column: 10))
        #expect(screen[0].value.range.start == SourceLocation(line: 3, column: 11))
        #expect(screen[0].value.range.end == SourceLocation(line: 3, column: 20))
    }

    @Test func duplicateKeysNameTheFirstOccurrence() {
        let (node, diagnostics) = load("a: 1\nb: 2\na: 3\n")
        #expect(oneLine(diagnostics) == ["3:1: duplicate-key: key 'a' appears twice in the same mapping; the first one is kept"])
        #expect(diagnostics.first?.notes.first?.range?.start == SourceLocation(line: 1, column: 1))
        guard case .mapping(let pairs) = node?.content else { Issue.record("shape"); return }
        #expect(pairs.map { $0.value.scalar } == ["1", "2"])
    }

    @Test func tabIndentationIsNamed() {
        let (node, diagnostics) = load("a:\n\tb: 1\n")
        #expect(node == nil)
        #expect(oneLine(diagnostics) == ["2:1: tab-indentation: tab character used for indentation; YAML indents with spaces only"])
    }

    @Test func malformedYAMLPointsAtTheProblem() {
        let (node, diagnostics) = load("a: [1, 2\nb: 3\n")
        #expect(node == nil)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.code == "yaml-syntax")
        #expect(diagnostics.first?.message.hasPrefix("malformed YAML: ") == true)
    }

    @Test func aliasBombsStopAtTheNodeBudget() {
        var text = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 1...9 {
            let previous = "*a\(level - 1)"
            text += "a\(level): &a\(level) [\(Array(repeating: previous, count: 10).joined(separator: ", "))]\n"
        }
        let (node, diagnostics) = load(text)
        #expect(node == nil)
        #expect(diagnostics.map(\.code) == ["alias-limit"])
    }

    @Test func deepNestingIsBounded() {
        let depth = 10_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let (node, diagnostics) = load(text)
        #expect(node == nil)
        #expect(oneLine(diagnostics) == ["1:65: nesting-too-deep: YAML nesting is deeper than 64 levels; flatten the structure"])
    }

    @Test func invalidUTF8IsReportedWithItsPosition() {
        let bytes: [UInt8] = Array("name: ok\nbad: ".utf8) + [0xC3, 0x28] + Array("\n".utf8)
        let bag = DiagnosticBag()
        let node = loadYAML(SourceFile(path: "t.flow.yaml", bytes: bytes), diagnostics: bag)
        #expect(node == nil)
        #expect(oneLine(bag.diagnostics) == ["2:6: invalid-utf8: file is not valid UTF-8 (byte 0xC3 at offset 14); save it as UTF-8"])
    }

    @Test func aSecondDocumentIsRejected() {
        let (_, diagnostics) = load("a: 1\n---\nb: 2\n")
        #expect(diagnostics.map(\.code) == ["multiple-documents"])
    }

    @Test func utf8ValidatorAcceptsAndRejects() {
        #expect(firstInvalidUTF8Offset(Array("£4.99 € 🏎".utf8)) == nil)
        #expect(firstInvalidUTF8Offset([0x41, 0xED, 0xA0, 0x80]) == 1)  // a UTF-16 surrogate
        #expect(firstInvalidUTF8Offset([0xC0, 0x80]) == 0)  // overlong NUL
        #expect(firstInvalidUTF8Offset([0xE2, 0x82]) == 0)  // truncated
    }
}
