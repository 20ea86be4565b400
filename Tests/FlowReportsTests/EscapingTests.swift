@testable import FlowReports
import Testing

@Suite struct EscapingTests {
    @Test func markupEscapesTheFiveCharactersAndReplacesForbiddenControls() {
        #expect(escapeMarkup("a < b & \"c\" > 'd'") == "a &lt; b &amp; &quot;c&quot; &gt; &#39;d&#39;")
        #expect(escapeMarkup("bell\u{07}") == "bell\u{FFFD}")
        #expect(escapeMarkup("two\nlines") == "two\nlines")
        #expect(escapeMarkup("two\nlines", attribute: true) == "two&#10;lines")
    }

    @Test func markdownTextRendersVerbatim() {
        #expect(escapeMarkdown("<Log In> & *bold* | x_y") == "\\<Log In\\> \\& \\*bold\\* \\| x\\_y")
        #expect(escapeMarkdown("one\ntwo") == "one two")
    }

    @Test func codeSpansHoldBackticksAndTableCellsEscapePipes() {
        #expect(markdownCode("a`b") == "``a`b``")
        #expect(markdownCode("`x`") == "`` `x` ``")
        #expect(markdownCellCode("a || b") == "`a \\|\\| b`")
    }

    @Test func diagramTextIsQuotedSafely() {
        #expect(escapeDOT("say \"hi\"\\\nnow") == "say \\\"hi\\\"\\\\\\nnow")
        #expect(mermaidText("a: b; #c \"d\" <e>") == "a  b   c 'd' ‹e›")
    }
}
