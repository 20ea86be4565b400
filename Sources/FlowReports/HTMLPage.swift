import FlowSource

/// What the HTML reports share: how they link to the flow files, how they name anchors, and their base style.
///
/// The reports live at `<output>/reports/<app id>/`; the flow files' paths are relative to the package root,
/// so a link to `flows/tempo/criteria.flow.yaml` climbs back with `sourceRoot` (`../../../` for `generated/`).
/// Links carry the line as a fragment (`#L19`), which code hosts and most editors' previewers follow.
struct HTMLLinks {
    /// The path from the report's folder back to the package root, ending in `/` (empty when they are the same).
    var sourceRoot: String

    /// `<a href="../../../flows/x.flow.yaml#L19"><code>flows/x.flow.yaml:19</code></a>`.
    func source(_ range: SourceRange) -> String {
        let href = escapeMarkup(sourceRoot + range.file + "#L\(range.start.line)", attribute: true)
        return "<a class=\"source\" href=\"\(href)\"><code>\(escapeMarkup(location(range)))</code></a>"
    }
}

/// An `id` attribute value made of `kind` and `name`: letters, digits, `-` and `_` kept, anything else as `.` and its
/// code point, so distinct names never share an anchor (`screen-ONB-003`, `scenario-plan_must_be_chosen`).
func anchor(_ kind: String, _ name: String) -> String {
    var out = kind + "-"
    for scalar in name.unicodeScalars {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_": out.unicodeScalars.append(scalar)
        default: out += ".\(String(scalar.value, radix: 16))"
        }
    }
    return out
}

/// `7 of 9 (77%)`: whole percents rounded down, so 99.9% never reads as 100%.
func percentText(_ covered: Int, of total: Int) -> String {
    total == 0 ? "none declared" : "\(covered * 100 / total)%"
}

/// The style both HTML reports start from: readable type, tables that wrap long code instead of widening
/// the page, and print rules that keep every text (no filters, no collapsed content, no page-split cards).
let baseStyle: [String] = [
    ":root { --green: #1a7f37; --red: #cf222e; --amber: #9a6700; --grey: #6e7781; --line: #d0d7de; --soft: #f6f8fa; }",
    "body { font: 15px/1.5 -apple-system, system-ui, 'Segoe UI', sans-serif; margin: 1.5rem auto; max-width: 84rem; padding: 0 1.5rem; color: #1f2328; }",
    "h1 { font-size: 1.6rem; margin-bottom: .3rem; } h2 { border-bottom: 1px solid var(--line); padding-bottom: .2rem; margin-top: 2rem; }",
    "a { color: #0969da; text-decoration: none; } a:hover { text-decoration: underline; }",
    "code { font: 13px/1.4 ui-monospace, SFMono-Regular, Menlo, monospace; background: var(--soft); padding: 0 .25rem; border-radius: 4px; overflow-wrap: anywhere; }",
    "table { border-collapse: collapse; margin: .8rem 0; max-width: 100%; }",
    "th, td { border: 1px solid var(--line); padding: .3rem .6rem; text-align: left; vertical-align: top; overflow-wrap: anywhere; }",
    "th { background: var(--soft); } th.num, td.num { text-align: right; white-space: nowrap; }",
    "nav.contents { margin: .6rem 0 1rem; } nav.contents a { margin-right: 1rem; }",
    ".badge { display: inline-block; border-radius: 1rem; padding: 0 .6rem; font-size: 85%; font-weight: 600; color: #fff; white-space: nowrap; }",
    ".badge.passed { background: var(--green); } .badge.failed { background: var(--red); }",
    ".badge.uncovered { background: var(--amber); } .badge.not-automatable { background: var(--grey); }",
    "pre { background: var(--soft); padding: .6rem; overflow-x: auto; font-size: 12px; }",
    ".muted { color: var(--grey); }",
    "@media print {",
    "  body { max-width: none; margin: 0; padding: 0; font-size: 11pt; }",
    "  nav.contents, .filters, .no-print { display: none !important; }",
    "  .hidden { display: block !important; }",
    "  a { color: inherit; }",
    "  article, tr, .failure, svg { break-inside: avoid; }",
    "  h2, h3 { break-after: avoid; }",
    "}",
]
