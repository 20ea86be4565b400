import FlowCompiler
import FlowIR
import FlowSource
import FlowTestSupport
import Foundation
import Testing

/// Static proofs (`verified_by: { static: … }`): each holds on `static-proofs/holds`, and each fails on the app with
/// its mistake planted (the diagnostics fixtures `personal-data-leak` and `static-proof-broken`), with the criterion
/// failed in the reports and a failing JUnit case.
@Suite struct StaticProofTests {
    static func build(_ input: String, expecting codes: [String]) -> Compilation {
        // Each of these fixtures also leaves one answer that can arrive where nothing handles it (not what they test).
        let diagnostics = TestDiagnosticCollector(expecting: codes + ["late-answer-unhandled"])
        let compilation = compile(CompilerConfig.build(inputs: [input], outputDirectory: "generated"),
                                  fileSystem: FixtureFileSystem(base: fixturesDirectory()), diagnostics: diagnostics)
        diagnostics.verify()
        return compilation
    }

    static func verdicts(_ compilation: Compilation) -> [String: StaticProofVerdict] {
        var found: [String: StaticProofVerdict] = [:]
        for criterion in compilation.program.apps.first?.criteria ?? [] {
            if case .staticProof(let verdict) = criterion.verification { found[criterion.id] = verdict }
        }
        return found
    }

    static func report(_ compilation: Compilation, _ name: String) -> String {
        compilation.reports.first { $0.path == "reports/wallet/\(name)" }.map { String(decoding: $0.contents, as: UTF8.self) } ?? ""
    }

    @Test func theThreeProofsHoldAndSayWhatTheyChecked() throws {
        let compilation = Self.build("static-proofs/holds", expecting: [])
        let verdicts = Self.verdicts(compilation)
        #expect(verdicts["AC-AN-05"]?.holds == true)
        #expect(verdicts["AC-AN-05"]?.checked == "2 analytics properties and push texts read none of the 2 values marked personal, directly or through derived and set values")
        #expect(verdicts["AC-SEC-07"]?.checked == "1 screen carries screenshot_protected (CARD); the generated screen type answers isScreenshotProtected for them")
        #expect(verdicts["AC-PERF-06"]?.checked == "1 screen named, 1 of them waiting for a service's answer; each shows a loading variant tied to the call or its answer")
        #expect(verdicts.values.allSatisfy { $0.holds })
        #expect(compilation.verdicts.first?.failedCriteria == [])
        let markdown = Self.report(compilation, "acceptance.md")
        #expect(markdown.contains("- **Verified statically:** `screenshot_protected`, a proof over the flows: 1 screen carries screenshot\\_protected (CARD)"))
        #expect(Self.report(compilation, "junit.xml").contains("AC-SEC-07 (static screenshot_protected)"))
    }

    /// The generated screen type says which screens block screenshots, so the app can set the window's secure flag.
    @Test func theGeneratedScreenTypeExposesScreenshotProtection() throws {
        let compilation = Self.build("static-proofs/holds", expecting: [])
        let types = try #require(compilation.outputs.first { $0.path.hasSuffix("Flow/Types.swift") })
        let text = String(decoding: types.contents, as: UTF8.self)
        #expect(text.contains("""
            public var isScreenshotProtected: Bool {
                @_optimize(none) get {
                    switch self {
                    case .card:
                        return true
                    default:
                        return false
                    }
                }
            }
        """))
    }

    @Test func aLeakOfPersonalDataBreaksTheProofWithItsPath() throws {
        let compilation = Self.build("diagnostics/personal-data-leak", expecting: ["personal-data-leak", "personal-data-leak"])
        let verdict = try #require(Self.verdicts(compilation)["AC-AN-05"])
        #expect(verdict.findings.map(\.message) == [
            "analytics 'email_changed' property 'domain' on HOME tap_save is computed from personal data: email_domain (derived) ← contact (set on HOME tap_save) ← email, marked personal",
            "push 'Your {plan} plan is ready for {form.new_email}' on HOME tap_save is computed from personal data: form.new_email, a field of HOME marked personal",
        ])
        #expect(compilation.verdicts.first?.failedCriteria == ["AC-AN-05"])
        #expect(Self.report(compilation, "junit.xml").contains("type=\"static\""))
    }

    @Test func anUnprotectedScreenAndALoadingStateTiedToNothingBreakTheirProofs() throws {
        let compilation = Self.build("diagnostics/static-proof-broken", expecting: ["static-proof-broken", "static-proof-broken"])
        let verdicts = Self.verdicts(compilation)
        #expect(verdicts["AC-SEC-07"]?.holds == false)
        #expect(verdicts["AC-PERF-06"]?.holds == false)
        #expect(verdicts["AC-AN-05"]?.holds == true)
        #expect(compilation.verdicts.first?.failedCriteria == ["AC-SEC-07", "AC-PERF-06"])
        #expect(Self.report(compilation, "acceptance.md").contains("screen 'CARD' (Card details) does not carry 'screenshot\\_protected: true'"))
    }

    /// A proof of personal data over an app that marks nothing proves nothing: it fails, it does not pass vacuously.
    @Test func nothingMarkedPersonalProvesNothing() throws {
        var app = try #require(Self.build("static-proofs/holds", expecting: []).program.apps.first)
        for index in app.state.indices { app.state[index].personal = false }
        for screen in app.screens.indices { for field in app.screens[screen].fields.indices { app.screens[screen].fields[field].personal = false } }
        let verdict = app.prove(.noPersonalDataInAnalyticsOrPushes, screens: [])
        #expect(verdict.findings.map(\.message) == ["no state value or field is marked 'personal: true', so nothing was proved"])
    }

    /// A screen that waits for an answer with no loading variant at all is named; one that waits for nothing is not
    /// held to the rule.
    @Test func aWaitingScreenWithoutALoadingVariantIsNamed() throws {
        var app = try #require(Self.build("static-proofs/holds", expecting: []).program.apps.first)
        let history = try #require(app.screens.firstIndex { $0.id == "HISTORY" })
        let card = try #require(app.screens.firstIndex { $0.id == "CARD" })
        app.screens[history].variants = app.screens[history].variants.map { variant in
            var plain = variant; plain.loading = false; return plain
        }
        let verdict = app.prove(.loadingStateWhileWaiting, screens: [history, card])
        #expect(verdict.findings.map(\.message) == ["screen 'HISTORY' waits for bank.list_history but has no 'loading: true' variant"])
        #expect(verdict.checked == "2 screens named, 1 of them waiting for a service's answer; each shows a loading variant tied to the call or its answer")
    }
}
