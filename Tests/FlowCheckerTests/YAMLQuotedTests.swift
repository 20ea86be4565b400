import FlowIR
import FlowSource
import FlowSyntax
import Testing

/// The scenarios flowc writes (`flowc run`'s `save`, the studio's recording, explore's counterexamples) quote texts
/// with `yamlQuoted`: every text must read back as itself, line breaks, tabs, quotes, backslashes and control characters
/// (which YAML does not allow unescaped) included.
@Suite struct YAMLQuotedTests {
    @Test(arguments: ["plain", "say \"hi\"", "C:\\path\\", "two\nlines", "tab\there", "cr\rlf", "£12.50 · ✓", "", "bell\u{7}", "del\u{7F}", "c1\u{85}\u{9B}"])
    func aQuotedTextReadsBackAsItself(text: String) throws {
        let bag = DiagnosticBag()
        let node = loadYAML(SourceFile(path: "t.flow.yaml", text: "value: \(yamlQuoted(text))\n"), diagnostics: bag)
        #expect(bag.diagnostics.isEmpty, "\(bag.diagnostics)")
        guard case .mapping(let pairs)? = node?.content, let value = pairs.first?.value.scalar else {
            Issue.record("not read as one mapping")
            return
        }
        #expect(value == text)
    }
}
