import Foundation
import FlowIR
import FlowSource

/// The shape of `mutation.json` (keys sorted; optional values left out when absent). `flowc build`
/// reads it back to show the scores in the acceptance reports.
public struct MutationDocument: Codable, Sendable {
    public struct Selection: Codable, Sendable {
        public var operators: [String]?
        public var limit: Int?
        public var shard: String?
        /// `--scenario` patterns: only the scenarios they name ran on the mutants.
        public var scenarios: [String]? = nil
    }
    public struct Summary: Codable, Sendable {
        /// Mutants the app has in all, before selection.
        public var total: Int
        public var ran: Int
        public var killed: Int
        public var survived: Int
    }
    public struct MutantEntry: Codable, Sendable {
        public var number: Int
        public var `operator`: String
        public var location: String
        public var change: String
        public var screen: String?
        public var flow: String
        public var event: String?
        /// How a criterion's `survivors:` names it (`PAY-003 field amount: drop amount.required`); absent in
        /// results written before keys existed, which still read.
        public var key: String?
        public var killed: Bool
        /// Every piece of evidence that caught the mutant: scenarios that failed on it, then properties a bounded
        /// exploration found broken, then static proofs that failed.
        public var killedBy: [Evidence]
        /// Invariants a scenario stopped on (absent when none), so shards can be merged without rerunning.
        public var brokenInvariants: [String]?
        /// Read from results written before `killedBy` named properties; never written now (they are in `killedBy`).
        public var brokenProperties: [String]?
    }
    /// One piece of evidence that caught a mutant: `{"kind": "scenario", "name": "log_in_works"}`. Results written
    /// before kinds existed list scenario names only, and still read.
    public struct Evidence: Codable, Sendable, Hashable {
        public enum Kind: String, Codable, Sendable {
            case scenario
            case property
            case staticProof = "static proof"
        }
        public var kind: Kind
        public var name: String

        public init(kind: Kind, name: String) { self.kind = kind; self.name = name }

        private enum CodingKeys: String, CodingKey { case kind, name }

        public init(from decoder: any Decoder) throws {
            if let name = try? decoder.singleValueContainer().decode(String.self) {
                self.init(kind: .scenario, name: name)
                return
            }
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.init(kind: try container.decode(Kind.self, forKey: .kind), name: try container.decode(String.self, forKey: .name))
        }

        /// `scenario `log_in_works``, as the Markdown report names it.
        public var markdown: String { "\(kind.rawValue) `\(name.replacingOccurrences(of: "`", with: "'"))`" }
    }
    public struct CriterionEntry: Codable, Sendable {
        public var id: String
        public var section: String?
        public var passed: Bool
        public var verification: String
        /// Mutants touching what the criterion concerns.
        public var mutants: Int
        /// Of those, how many its evidence kills.
        public var killed: Int
        /// Numbers of the touching mutants its evidence lets survive.
        public var survivors: [Int]
        /// Survivors its `survivors:` explains, with the reason (absent when none).
        public var explained: [Explained]?
        /// Explanations that name no surviving mutant of the criterion, with the problem (absent when none).
        public var staleExplanations: [StaleExplanation]?
    }
    public struct Explained: Codable, Sendable {
        public var number: Int
        public var reason: String
    }
    public struct StaleExplanation: Codable, Sendable {
        public var mutant: String
        public var location: String
        public var problem: String
    }
    public struct Tally: Codable, Sendable {
        public var name: String
        public var mutants: Int
        public var killed: Int
    }
    public var app: String
    /// FNV-1a (64-bit, hex) of the app's flow files; scores are shown only while it matches.
    public var fingerprint: String
    /// Whether every mutant ran (no `--limit`, `--operators` or `--shard`).
    public var complete: Bool
    public var selection: Selection
    public var summary: Summary
    public var criteria: [CriterionEntry]
    public var sections: [Tally]
    public var flows: [Tally]
    public var mutants: [MutantEntry]
    /// Scenarios that fail on the app as written, and so cannot kill anything.
    public var failingScenarios: [String]

    public init(_ report: MutationReport, fingerprint: String) {
        let run = report.run
        let app = run.app
        self.app = app.id
        self.fingerprint = fingerprint
        complete = run.selection.isComplete
        selection = Selection(operators: run.selection.operators?.map(\.rawValue), limit: run.selection.limit,
                              shard: run.selection.shard.map { "\($0.index)/\($0.count)" }, scenarios: run.selection.scenarios?.patterns)
        summary = Summary(total: run.totalMutants, ran: run.results.count, killed: report.killedCount,
                          survived: run.results.count - report.killedCount)
        criteria = report.criteria.map { score in
            let explained = score.explained.sorted { $0.key < $1.key }.map { Explained(number: $0.key, reason: $0.value) }
            let stale = score.staleNotes.map { StaleExplanation(mutant: $0.note.mutant, location: $0.note.range.description, problem: $0.problem) }
            return CriterionEntry(id: score.id, section: score.section, passed: score.passed, verification: score.verification,
                                  mutants: score.touching.count, killed: score.killed.count, survivors: score.survivors,
                                  explained: explained.isEmpty ? nil : explained, staleExplanations: stale.isEmpty ? nil : stale)
        }
        sections = report.sections.map { Tally(name: $0.name, mutants: $0.mutants, killed: $0.killed) }
        flows = report.flows.map { Tally(name: $0.name, mutants: $0.mutants, killed: $0.killed) }
        mutants = run.results.map { result in
            let mutant = result.mutant
            let broken = app.invariants.map(\.name).filter { name in result.failures.contains { $0.message.contains("invariant '\(name)'") } }
            return MutantEntry(number: mutant.number, operator: mutant.operator.rawValue, location: mutant.location, change: mutant.change,
                               screen: mutant.screen.map { app.screens[$0].id }, flow: app.flows[mutant.flow].name, event: mutant.event,
                               key: mutant.key(in: app), killed: result.killed, killedBy: result.evidence(in: app),
                               brokenInvariants: broken.isEmpty ? nil : broken, brokenProperties: nil)
        }
        failingScenarios = zip(app.scenarios, run.baseline).filter { !$1.passed }.map { $0.0.name }
    }

    /// Encoded with sorted keys, pretty printed, and a final newline.
    public func encoded() -> [UInt8] { sortedJSON(self) }

    /// Reads a `mutation.json`; nil when it is not one.
    public static func decode(_ bytes: [UInt8]) -> MutationDocument? {
        try? JSONDecoder().decode(MutationDocument.self, from: Data(bytes))
    }
}

extension MutantResult {
    /// What caught the mutant, every kind: scenarios in the order they ran, then properties and static proofs by name.
    public func evidence(in app: App) -> [MutationDocument.Evidence] {
        failures.map { MutationDocument.Evidence(kind: .scenario, name: app.scenarios[$0.scenario].name) }
            + brokenProperties.sorted().map { MutationDocument.Evidence(kind: .property, name: $0) }
            + brokenStaticProofs.sorted().map { MutationDocument.Evidence(kind: .staticProof, name: $0) }
    }
}

/// FNV-1a (64-bit) over the app's files, path and bytes, in the app's order: changes when any flow file does.
/// - Parameter sources: The compilation's sources by path.
public func appFingerprint(_ app: App, sources: [String: SourceFile]) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    func mix(_ bytes: some Sequence<UInt8>) {
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
    }
    for path in app.files {
        mix(path.utf8)
        mix([0])
        mix(sources[path]?.bytes ?? [])
        mix([0])
    }
    let hex = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - hex.count) + hex
}
