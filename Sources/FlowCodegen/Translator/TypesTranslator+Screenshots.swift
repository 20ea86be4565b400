import FlowIR

extension TypesTranslator {
    /// `isScreenshotProtected` on the screen type: true for the screens marked `screenshot_protected: true`, so the
    /// app sets its secure window flag (a secure text layer on iOS) while one shows. The `screenshot_protected`
    /// static proof checks the marking; this is where the app reads it.
    func screenshotProtectionMember(access: SwiftAccess) -> SwiftDeclaration {
        let doc = ["Whether screenshots and screen recording must be blocked while this screen shows (`screenshot_protected: true`)."]
        let protected = app.screens.indices.filter { app.screens[$0].screenshotProtected }
        let getter: [SwiftStatement]
        if protected.isEmpty {
            getter = [.return(.id("false"))]
        } else if style == .encoded {
            // The large screen type is a number: look it up among the protected screens' numbers.
            getter = [.return(.call(.member(.array(protected.map { .int($0) }), "contains"), [SwiftArgument(nil, .call(.id("Int"), [SwiftArgument(nil, .id("number"))]))]))]
        } else if protected.count == names.screenCases.count {
            getter = [.return(.id("true"))]
        } else {
            getter = [.switch(.id("self"), [
                SwiftSwitchCase(protected.map { ".\(names.screenCases[$0])" }, [.return(.id("true"))]),
                .default([.return(.id("false"))]),
            ])]
        }
        return SwiftDeclaration(doc: doc, access: access,
                                .variable(isLet: false, isStatic: false, name: "isScreenshotProtected", type: "Bool", value: nil, getter: getter))
    }
}
