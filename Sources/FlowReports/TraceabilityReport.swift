import FlowIR

/// The seed document traced sentence by sentence: each requirement's status from the criteria that prove it, and
/// each section's counts, so a reader sees at once which parts of the document nothing traces or proves.
struct TraceabilityReport {
    enum Status: String, CaseIterable {
        /// Every criterion it names is passing.
        case proved
        /// A criterion it names is failing.
        case failing
        /// It names criteria, but not all of them pass (uncovered, or only not automatable).
        case unproved
        /// Nothing headless can check it; the reason is given.
        case notAutomatable = "not-automatable"
        /// The document leaves it open; the flows' assumption is in the question.
        case openQuestion = "open-question"

        var title: String {
            switch self {
            case .proved: "Proved"
            case .failing: "Failing"
            case .unproved: "Not proved"
            case .notAutomatable: "Not automatable"
            case .openQuestion: "Open question"
            }
        }

        var icon: String {
            switch self {
            case .proved: "✅"
            case .failing: "❌"
            case .unproved: "⚠️"
            case .notAutomatable: "⏭️"
            case .openQuestion: "❓"
            }
        }
    }

    struct Entry {
        var requirement: Requirement
        var status: Status
        /// The proving criteria with their statuses, in the order written.
        var criteria: [(id: String, status: AcceptanceReport.Status)]
        var question: OpenQuestion?
    }

    struct Section {
        var title: String
        var entries: [Entry]
        func count(_ status: Status) -> Int { entries.filter { $0.status == status }.count }
        /// Sentences that name a flow element or a proving criterion.
        var traced: Int { entries.filter { !$0.requirement.encodedBy.isEmpty || !$0.requirement.provedBy.isEmpty }.count }
    }

    var sections: [Section]

    var entries: [Entry] { sections.flatMap(\.entries) }
    var untracedSections: [String] { sections.filter { $0.entries.isEmpty }.map(\.title) }
    func count(_ status: Status) -> Int { entries.filter { $0.status == status }.count }

    init?(app: App, criteria: [AcceptanceReport.Criterion]) {
        guard let traceability = app.traceability else { return nil }
        var sections = traceability.sections.map { Section(title: $0, entries: []) }
        var sectionIndex: [String: Int] = [:]
        for (index, section) in sections.enumerated() { sectionIndex[section.title] = index }
        for requirement in traceability.requirements {
            let proving = requirement.provedBy.filter { criteria.indices.contains($0) }
                .map { (id: criteria[$0].criterion.id, status: criteria[$0].status) }
            // Criteria that are themselves not automatable prove nothing headless; they leave the sentence not automatable.
            let automatable = proving.filter { $0.status != .notAutomatable }
            let status: Status
            if automatable.contains(where: { $0.status == .failed }) {
                status = .failing
            } else if !automatable.isEmpty && automatable.allSatisfy({ $0.status == .passed }) {
                status = .proved
            } else if !automatable.isEmpty {
                status = .unproved
            } else if requirement.notAutomatable != nil || !proving.isEmpty {
                status = .notAutomatable
            } else {
                status = .openQuestion
            }
            let question = requirement.question.flatMap { app.questions.indices.contains($0) ? app.questions[$0] : nil }
            let entry = Entry(requirement: requirement, status: status, criteria: proving, question: question)
            if let index = sectionIndex[requirement.section] {
                sections[index].entries.append(entry)
            } else {
                // The checker refuses an undeclared section; kept visible rather than dropped if one gets through.
                sectionIndex[requirement.section] = sections.count
                sections.append(Section(title: requirement.section, entries: [entry]))
            }
        }
        self.sections = sections
    }

    /// `12 sentences in 9 sections: 8 proved, 2 not automatable, 1 open question, 1 not proved; 2 sections with no trace`.
    var summary: String {
        var parts = Status.allCases.compactMap { status -> String? in
            let count = count(status)
            guard count > 0 else { return nil }
            return "\(count) \(status.title.lowercased())\(status == .openQuestion && count != 1 ? "s" : "")"
        }
        if parts.isEmpty { parts = ["none traced yet"] }
        let untraced = untracedSections.count
        let sentences = entries.count
        return "\(sentences) sentence\(sentences == 1 ? "" : "s") of the document in \(sections.count) section\(sections.count == 1 ? "" : "s"): "
            + parts.joined(separator: ", ")
            + (untraced == 0 ? "; every section traced" : "; \(untraced) section\(untraced == 1 ? "" : "s") with no trace")
    }
}

/// How an element of `encoded_by` reads in the reports: `ONB-004`, `ONB-004.given_name`, `equals.send_transfer`.
func tracedElementName(_ element: Requirement.Element, in app: App) -> String {
    func screen(_ index: Int) -> String { app.screens.indices.contains(index) ? app.screens[index].id : "#\(index)" }
    switch element {
    case .screen(let index): return screen(index)
    case .field(let index, let name): return "\(screen(index)).\(name)"
    case .flow(let index): return app.flows.indices.contains(index) ? app.flows[index].name : "#\(index)"
    case .service(let index): return app.services.indices.contains(index) ? app.services[index].name : "#\(index)"
    case .operation(let service, let operation):
        guard app.services.indices.contains(service), app.services[service].operations.indices.contains(operation) else { return "#\(service).\(operation)" }
        return "\(app.services[service].name).\(app.services[service].operations[operation].name)"
    case .value(let name), .event(let name): return name
    case .invariant(let index): return app.invariants.indices.contains(index) ? app.invariants[index].name : "#\(index)"
    case .scenario(let index): return app.scenarios.indices.contains(index) ? app.scenarios[index].name : "#\(index)"
    }
}

// MARK: Markdown

func renderTraceabilityMarkdown(_ report: TraceabilityReport, app: App) -> [String] {
    var lines = ["## Document traceability", ""]
    lines.append(escapeMarkdown(report.summary) + ".")
    lines.append("")
    lines.append("| Section | Sentences | Proved | Failing | Not proved | Not automatable | Open |")
    lines.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for section in report.sections {
        let title = section.entries.isEmpty ? "⚠️ \(escapeMarkdown(section.title)) _(no trace)_" : escapeMarkdown(section.title)
        lines.append("| \(title) | \(section.entries.count) | \(section.count(.proved)) | \(section.count(.failing)) | \(section.count(.unproved)) "
                     + "| \(section.count(.notAutomatable)) | \(section.count(.openQuestion)) |")
    }
    lines.append("")
    for section in report.sections where !section.entries.isEmpty {
        lines.append("### \(escapeMarkdown(section.title))")
        lines.append("")
        for entry in section.entries {
            let requirement = entry.requirement
            lines.append("- \(entry.status.icon) **\(escapeMarkdown(requirement.id))** \(entry.status.title): "
                         + "“\(escapeMarkdown(requirement.text.replacingOccurrences(of: "\n", with: " ")))”")
            if !requirement.encodedBy.isEmpty {
                lines.append("  - Encoded by: " + requirement.encodedBy.map { markdownCode(tracedElementName($0, in: app)) }.joined(separator: ", "))
            }
            if !entry.criteria.isEmpty {
                lines.append("  - Proved by: " + entry.criteria.map { "\($0.status.icon) \(escapeMarkdown($0.id))" }.joined(separator: ", "))
            }
            if let reason = requirement.notAutomatable { lines.append("  - Not automatable: \(escapeMarkdown(reason))") }
            if let question = entry.question { lines.append("  - Open question \(escapeMarkdown(question.id)): \(escapeMarkdown(question.assumption))") }
        }
        lines.append("")
    }
    return lines
}

// MARK: HTML

func renderTraceabilityHTML(_ report: TraceabilityReport, app: App, criterionLink: (String) -> String,
                            questionLink: (String) -> String) -> [String] {
    let e = { (text: String) in escapeMarkup(text) }
    var out = ["<section id=\"traceability\">", "<h2>Document traceability</h2>", "<p>\(e(report.summary)).</p>"]
    out.append("<table class=\"trace-sections\">")
    out.append("<tr><th>Section</th><th class=\"num\">Sentences</th><th class=\"num\">Proved</th><th class=\"num\">Failing</th>"
               + "<th class=\"num\">Not proved</th><th class=\"num\">Not automatable</th><th class=\"num\">Open</th></tr>")
    for (index, section) in report.sections.enumerated() {
        let title = section.entries.isEmpty
            ? "\(e(section.title)) <span class=\"badge uncovered\">no trace</span>"
            : "<a href=\"#trace-section-\(index)\">\(e(section.title))</a>"
        out.append("<tr><td>\(title)</td><td class=\"num\">\(section.entries.count)</td><td class=\"num\">\(section.count(.proved))</td>"
                   + "<td class=\"num\">\(section.count(.failing))</td><td class=\"num\">\(section.count(.unproved))</td>"
                   + "<td class=\"num\">\(section.count(.notAutomatable))</td><td class=\"num\">\(section.count(.openQuestion))</td></tr>")
    }
    out.append("</table>")
    for (index, section) in report.sections.enumerated() where !section.entries.isEmpty {
        out.append("<h3 id=\"trace-section-\(index)\">\(e(section.title))</h3>")
        out.append("<table class=\"trace\">")
        out.append("<tr><th>Requirement</th><th>Document</th><th>Encoded by</th><th>Evidence</th></tr>")
        for entry in section.entries {
            let requirement = entry.requirement
            var evidence: [String] = []
            if !entry.criteria.isEmpty {
                evidence.append(entry.criteria.map { "\(statusMark($0.status == .passed ? "passed" : $0.status == .failed ? "failed" : "uncovered")) \(criterionLink($0.id))" }
                    .joined(separator: ", "))
            }
            if let reason = requirement.notAutomatable { evidence.append("Not automatable: \(e(reason))") }
            if let question = entry.question { evidence.append("Open question \(questionLink(question.id))") }
            let elements = requirement.encodedBy.map { "<code>\(e(tracedElementName($0, in: app)))</code>" }.joined(separator: ", ")
            out.append("<tr id=\"\(escapeMarkup(anchor("requirement", requirement.id), attribute: true))\"><td><span class=\"badge \(entry.status.rawValue)\">"
                       + "\(e(entry.status.title))</span> \(e(requirement.id))</td><td>\(e(requirement.text))</td><td>\(elements)</td>"
                       + "<td>\(evidence.joined(separator: "<br>"))</td></tr>")
        }
        out.append("</table>")
    }
    out.append("</section>")
    return out
}

let traceabilityStyle: [String] = [
    ".badge.proved { background: var(--green); } .badge.failing { background: var(--red); } .badge.unproved { background: var(--amber); }",
    ".badge.open-question { background: #8250df; }",
]

// MARK: JSON

struct TraceabilityDocument: Encodable {
    struct Requirement: Encodable {
        var id: String
        var section: String
        var text: String
        var status: String
        var encodedBy: [String]
        var provedBy: [String]
        var notAutomatable: String?
        var question: String?
        var location: String
    }
    struct Section: Encodable {
        var title: String
        var sentences: Int
        var counts: [String: Int]
    }
    var summary: [String: Int]
    var sections: [Section]
    var untracedSections: [String]
    var requirements: [Requirement]

    init(_ report: TraceabilityReport, app: App) {
        var summary: [String: Int] = ["sentences": report.entries.count]
        for status in TraceabilityReport.Status.allCases { summary[status.rawValue] = report.count(status) }
        self.summary = summary
        sections = report.sections.map { section in
            var counts: [String: Int] = [:]
            for status in TraceabilityReport.Status.allCases { counts[status.rawValue] = section.count(status) }
            return Section(title: section.title, sentences: section.entries.count, counts: counts)
        }
        untracedSections = report.untracedSections
        requirements = report.entries.map { entry in
            Requirement(id: entry.requirement.id, section: entry.requirement.section, text: entry.requirement.text, status: entry.status.rawValue,
                        encodedBy: entry.requirement.encodedBy.map { tracedElementName($0, in: app) }, provedBy: entry.criteria.map(\.id),
                        notAutomatable: entry.requirement.notAutomatable, question: entry.question?.id, location: location(entry.requirement.range))
        }
    }
}
