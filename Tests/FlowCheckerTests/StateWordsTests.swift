import FlowCompiler
import FlowSource
import FlowTestSupport
import Foundation
import Testing

/// `untranslated-state-words`, one fixture per way words reach a shown text through state
/// (`Tests/Fixtures/state-words/<way>/`): a `set:` of a literal or of words joined to a value, an `append:`, an
/// `initial:`, a derived value, a copy from another state value, a service's answer, and a list's rows; and words
/// written inside a text's own value (`inside-…`: a screen text's `?:`, a toast's `+`, a row text's `??`), which are
/// warned about in an app of one locale too. Each `expected.txt` holds the exact warning; `none-…` folders show what is
/// not words (facts, codes, separators, enum labels, `when:` texts) and must stay quiet.
@Suite struct StateWordsTests {
    static let root = fixturesDirectory().appendingPathComponent("state-words")
    static var ways: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test func everyWayHasAFixture() {
        #expect(Set(Self.ways).isSuperset(of: ["set-literal", "set-concatenation", "append-literal", "initial-value", "derived-literal",
                                               "copied", "received", "row-text", "none-for-facts-and-codes",
                                               "inside-text-value", "inside-toast-value", "inside-row-text-value", "none-for-values-without-words"]))
    }

    @Test(arguments: StateWordsTests.ways)
    func wayIsCaught(way: String) {
        let (text, _, diagnostics) = DiagnosticFixtures.compileFixture("state-words/\(way)")
        let warned = diagnostics.filter { $0.code == "untranslated-state-words" }
        if way.hasPrefix("none-") {
            #expect(diagnostics.isEmpty, "\(text)")
        } else {
            #expect(warned.count == 1, "\(text)")
            #expect(diagnostics.count == warned.count, "only the planted words are reported:\n\(text)")
        }
        assertMatchesGolden(text, golden: Self.root.appendingPathComponent("\(way)/expected.txt"))
    }
}

/// A screen's text written `{ text, when }` (shown only while the condition holds): its mistakes, word for word
/// (`Tests/Fixtures/conditional-texts/<case>/expected.txt`). What it shows is checked by YOLE's scenarios in both
/// languages and, in the generated Swift, by the differential test.
@Suite struct ConditionalTextTests {
    @Test(arguments: [("when-not-bool", "type-mismatch"), ("no-text", "missing-key")])
    func mistakeIsReported(name: String, code: String) {
        let (text, _, diagnostics) = DiagnosticFixtures.compileFixture("conditional-texts/\(name)")
        #expect(diagnostics.map(\.code) == [code], "\(text)")
        assertMatchesGolden(text, golden: fixturesDirectory().appendingPathComponent("conditional-texts/\(name)/expected.txt"))
    }
}
