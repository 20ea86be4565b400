import FlowRuntime
import Testing

/// `--scenario` patterns: a name as itself, `*` any run of characters, `?` one; a pattern that matches nothing is
/// reported, not taken as an empty selection.
@Suite struct ScenarioFilterTests {
    @Test(arguments: [
        ("plan_must_be_chosen", "plan_must_be_chosen", true),
        ("plan_must_be_chosen", "plan_must_be_chose", false),
        ("plan_*", "plan_must_be_chosen", true),
        ("*_chosen", "plan_must_be_chosen", true),
        ("*must*", "plan_must_be_chosen", true),
        ("p?an_*", "plan_must_be_chosen", true),
        ("p?an", "plan_x", false),
        ("*a*b", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaac", false),   // backtracks only to the last '*': no blow-up
        ("*", "", true),
        ("", "x", false),
    ])
    func matches(pattern: String, name: String, expected: Bool) {
        #expect(ScenarioFilter([pattern]).matches(name) == expected, "\(pattern) on \(name)")
    }

    @Test func unmatchedPatternsAreNamed() {
        let filter = ScenarioFilter(["login_*", "nope", "signup"])
        #expect(filter.unmatched(among: ["login_ok", "signup"]) == ["nope"])
    }
}
