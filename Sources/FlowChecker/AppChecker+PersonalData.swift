import FlowIR

extension AppChecker {
    /// Personal data (`personal: true` on state and fields) must not reach an analytics property or a push text,
    /// directly or through derived values and values set from it: each leak is reported with its path.
    func checkPersonalData() {
        guard app.marksPersonalData else { return }
        for finding in app.prove(.noPersonalDataInAnalyticsOrPushes, screens: []).findings {
            warning("personal-data-leak", finding.message, at: finding.range)
        }
    }
}

extension App {
    /// Whether any state value or field is marked `personal: true`.
    public var marksPersonalData: Bool {
        state.contains(where: \.personal) || screens.contains { $0.fields.contains(where: \.personal) }
    }
}
