import FlowIR
import FlowRuntime

/// What the reports know that `flowc studio` shows beside a live run: each flow's picture (coloured by the
/// scenarios' coverage) and each criterion's status. Computed once per load of the flows.
public struct StudioReportViews: Sendable {
    public struct CriterionStatus: Sendable {
        public var id: String
        public var text: String
        /// `passed`, `failed`, `uncovered` or `not-automatable`.
        public var status: String
        /// Screens the criterion names or whose transitions it names.
        public var screens: [Int]
    }

    public let criteria: [CriterionStatus]
    let app: App
    /// Each flow's picture, built once: a click then only lays out what it draws.
    let flowPictures: [FlowPicture]

    public init(app: App, results: [ScenarioResult]) {
        self.app = app
        let coverage = CoverageReport(app: app, results: results)
        flowPictures = app.flows.indices.map { FlowPicture(FlowDiagram(flow: $0, app: app, coverage: coverage), app: app) }
        let report = AcceptanceReport(app: app, results: results, coverage: coverage)
        criteria = report.criteria.map { item in
            var screens = item.criterion.screens
            for transition in item.criterion.transitions where !screens.contains(transition.screen) { screens.append(transition.screen) }
            return CriterionStatus(id: item.criterion.id, text: item.criterion.text, status: item.status.rawValue, screens: screens)
        }
    }

    /// The picture of the flow `screen` belongs to: the whole flow when it is small enough to read, otherwise the
    /// screen with the screens that lead to it and those it leads to. Screen boxes link to `#screen-<ID>`.
    public func picture(around screen: Int) -> String {
        guard app.screens.indices.contains(screen) else { return "" }
        let flow = app.screens[screen].flow
        guard flowPictures.indices.contains(flow) else { return "" }
        let picture = flowPictures[flow]
        if picture.boxes.count <= overviewLimit {
            return picture.overview(labels: picture.arrows.count <= overviewLabelLimit, id: "studio-flow").svg
        }
        guard let center = picture.boxes.firstIndex(where: { $0.screen == screen }) else { return "" }
        return picture.neighbourhood(of: center, id: "studio-flow")
    }

    /// The styles the pictures need.
    public static var pictureCSS: String { pictureStyle.joined(separator: "\n") }
}
