import FlowIR
@_spi(Generated) import FlowMachine
import FlowTestSupport
import Foundation
import RailFlow
import RegentFlow
import SemanticsFlow
import SmallFlow
import TempoFlow
import Testing
import YOLEFlow

/// Snapshot fuzzing: snapshots of random real runs (the small app, the semantics fixture and Rail), tampered as JSON
/// (numbers at the ends of `Int`, names swapped, keys dropped, arrays cut or grown, parts of another run's
/// snapshot spliced in, bytes flipped), then decoded, restored and driven a few steps. A trap ends the test
/// process (a crash is a finding by itself); besides, each of these is a finding:
/// - a snapshot of a real run that restore refuses (restore would throw away a person's progress);
/// - an accepted snapshot that does not come back as it was read (`snapshot()` differs);
/// - an accepted snapshot whose machine, a few steps on, is somewhere restore refuses (it was not a state the
///   flows reach, so it should have been refused);
/// - an error from restoring other than `SnapshotMismatch`.
///
/// Random real runs of the four apps' generated machines are restored after every step as well: a snapshot of a
/// state the engine reaches must restore (the engine and the rules of restoring agree).
///
/// Bounded in every `swift test` (`FUZZ_ITERATIONS`, default 40 runs of 12 tamperings each); the long run sets
/// `SNAPSHOT_FUZZ_SECONDS` (see docs/fuzzing.md) and prints the count of inputs and findings.
@Suite struct SnapshotFuzzTests {
    typealias JSON = [String: Any]

    struct Tally: CustomStringConvertible {
        var inputs = 0, refused = 0, accepted = 0, realSnapshots = 0, steps = 0
        /// Steps driven on machines restored from accepted tampered snapshots (of `steps`, which counts the real runs' too).
        var drivenSteps = 0
        var findings: [String] = []
        var description: String {
            "\(inputs) tampered snapshots (\(refused) refused, \(accepted) accepted and driven \(drivenSteps) steps), \(realSnapshots) snapshots of real runs restored (\(steps) steps in all), \(findings.count) findings"
        }
    }

    /// Drives one app's machine by the names of its events and fields.
    struct Fuzzer<Machine: FlowStateMachine & EngineHost> {
        let events: [String]
        /// The app's event names by their number in the tables.
        let eventNames: [Int32: String]
        var random: SeededGenerator
        var tally = Tally()

        init(app: App, seed: UInt64) {
            events = app.events.map(\.name)
            var names: [Int32: String] = [:]
            for name in events {
                if let event = try? Machine.Event(name: name, payload: [:]) { names[event.number] = name }
            }
            eventNames = names
            random = SeededGenerator(state: seed)
        }

        /// The events the current screen or its flow has a transition for, so that a walk gets somewhere in a big app.
        func handledEvents(_ machine: Machine) -> [String] {
            let tables = machine.tables
            let screen = tables.screens[Int(machine.engine.screenNumber)]
            let flow = tables.flows[Int(screen.flow)]
            let rows = tables.rows[Int(screen.rowStart)..<Int(screen.rowEnd)] + tables.rows[Int(flow.rowStart)..<Int(flow.rowEnd)]
            return rows.compactMap { eventNames[$0.event] }
        }

        mutating func finding(_ text: String) {
            tally.findings.append(text)
            Issue.record(Comment(rawValue: text))
        }

        /// One random step: an event, typing, back, a running timer firing, or the clock moving.
        mutating func step(_ machine: inout Machine) {
            var effects: [Machine.Effect] = []
            tally.steps += 1
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5:
                let handled = handledEvents(machine)
                let pool = handled.isEmpty || Int.random(in: 0..<4, using: &random) == 0 ? events : handled
                guard let name = pool.randomElement(using: &random),
                      let event = try? Machine.Event(name: name, payload: ["plan": "gold", "amount": "1.00"]) else { return }
                _ = try? machine.send(event, into: &effects)
            case 5, 6:
                guard let field = Machine.Field.allCases.randomElement(using: &random) else { return }
                _ = try? machine.fill(field, .text(["1234", "", "ada@example.com", "x"].randomElement(using: &random) ?? ""))
            case 7:
                _ = try? machine.back(into: &effects)
            case 8:
                guard let timer = machine.snapshot().navigation.runningTimers.randomElement(using: &random) else { return }
                // The host's clock: a real one stays within years 1 to 9999.
                if timer.due > machine.now, Timestamp.validRange.contains(timer.due.millisecondsSince1970) { machine.now = timer.due }
                _ = try? machine.send(.timerFired(token: timer.token), into: &effects)
            default:
                let (moved, overflow) = machine.now.millisecondsSince1970.addingReportingOverflow(Int.random(in: 0...120_000, using: &random))
                if !overflow, Timestamp.validRange.contains(moved) { machine.now = Timestamp(millisecondsSince1970: moved) }
            }
        }

        /// A random run from the start screen; every snapshot on the way must restore.
        mutating func realRun(steps: Int) throws -> [FlowSnapshot<Machine.State>] {
            var machine = try Machine(startScreenID: nil, now: .defaultClockStart)
            var effects: [Machine.Effect] = []
            try machine.start(into: &effects)
            var snapshots: [FlowSnapshot<Machine.State>] = []
            for index in 0..<steps {
                step(&machine)
                let snapshot = machine.snapshot()
                tally.realSnapshots += 1
                do {
                    _ = try Machine(restoring: snapshot)
                } catch {
                    finding("\(Machine.appID): a snapshot of a real run (step \(index + 1), on \(snapshot.screenID)) was refused: \(error)")
                }
                snapshots.append(snapshot)
            }
            return snapshots
        }

        static var interestingNumbers: [Int] {
            [Int.min, Int.min + 1, -1_000_000, -2, -1, 0, 1, 2, 3, 5, 40, 1_000, Int(Int32.max), Int(Int32.max) + 1, Int(Int32.min), 1 << 52, (1 << 52) + 1,
             Timestamp.validRange.upperBound, Timestamp.validRange.upperBound + 1, Timestamp.validRange.lowerBound - 1, Int.max - 1, Int.max]
        }

        /// Every path to a value in `value`, with the value.
        static func leaves(_ value: Any, _ path: [Any] = []) -> [([Any], Any)] {
            var result: [([Any], Any)] = [(path, value)]
            if let object = value as? JSON {
                for key in object.keys.sorted() { result += leaves(object[key] as Any, path + [key]) }
            } else if let array = value as? [Any] {
                for (index, element) in array.enumerated() { result += leaves(element, path + [index]) }
            }
            return result
        }

        static func get(_ value: Any, _ path: ArraySlice<Any>) -> Any? {
            guard let first = path.first else { return value }
            if let key = first as? String, let object = value as? JSON, let inner = object[key] { return get(inner, path.dropFirst()) }
            if let index = first as? Int, let array = value as? [Any], array.indices.contains(index) { return get(array[index], path.dropFirst()) }
            return nil
        }

        /// `value` with the thing at `path` replaced by `replacement` (nil: removed).
        static func set(_ value: Any, _ path: ArraySlice<Any>, _ replacement: Any?) -> Any? {
            guard let first = path.first else { return replacement }
            if let key = first as? String, var object = value as? JSON {
                object[key] = object[key].flatMap { set($0, path.dropFirst(), replacement) } ?? (path.count == 1 ? replacement : nil)
                return object
            }
            if let index = first as? Int, var array = value as? [Any], array.indices.contains(index) {
                if let inner = set(array[index], path.dropFirst(), replacement) { array[index] = inner } else { array.remove(at: index) }
                return array
            }
            return value
        }

        /// One tampering of `json`; `other` is another real snapshot, for splicing.
        mutating func tamper(_ json: JSON, other: JSON, strings: [String]) -> JSON {
            let paths = Self.leaves(json).filter { !$0.0.isEmpty }
            guard let (path, value) = paths.randomElement(using: &random) else { return json }
            let slice = path[...]
            var replacement: Any?
            switch Int.random(in: 0..<8, using: &random) {
            case 0, 1:
                // A number anywhere, at an interesting value (or what is there, moved by one).
                let numbers = Self.leaves(json).filter { $0.1 is NSNumber && !($0.1 is Bool) }
                guard let (numberPath, number) = numbers.randomElement(using: &random) else { return json }
                let near = ((number as? Int) ?? 0).addingReportingOverflow(Bool.random(using: &random) ? 1 : -1)
                let pick = Bool.random(using: &random) ? (Self.interestingNumbers.randomElement(using: &random) ?? 0) : near.partialValue
                return Self.set(json, numberPath[...], pick) as? JSON ?? json
            case 2:
                replacement = strings.randomElement(using: &random)
            case 3:
                replacement = nil   // a key or an element dropped
            case 4:
                // An array grown by a copy of one of its elements, or of a piece of the other snapshot.
                guard var array = value as? [Any], !array.isEmpty else { replacement = Self.get(other, slice) ?? value; break }
                array.append(array[Int.random(in: 0..<array.count, using: &random)])
                replacement = array
            case 5:
                // The same place in another real snapshot (consistent in itself, not with the rest).
                replacement = Self.get(other, slice)
            case 6:
                replacement = [NSNull(), "", [:] as JSON, [] as [Any], true, 0].randomElement(using: &random)
            default:
                // A whole navigation field from the other snapshot.
                let keys = ["screen", "inputs", "history", "overlayOpeners", "callFrames", "runningTimers", "nextTimerToken", "errors", "ended", "shownVariants", "callEvents"]
                let key = keys.randomElement(using: &random) ?? "screen"
                return Self.set(json, ["navigation", key][...], Self.get(other, ["navigation", key][...])) as? JSON ?? json
            }
            return Self.set(json, slice, replacement) as? JSON ?? json
        }

        /// Decodes, restores and drives one tampered input.
        mutating func check(_ data: Data) {
            tally.inputs += 1
            let snapshot: FlowSnapshot<Machine.State>
            var machine: Machine
            do {
                snapshot = try JSONDecoder().decode(FlowSnapshot<Machine.State>.self, from: data)
                machine = try Machine(restoring: snapshot)
            } catch is SnapshotMismatch {
                tally.refused += 1
                return
            } catch is DecodingError {
                // Not JSON at all (a flipped byte): the host's decoder refuses it before FlowMachine reads anything.
                tally.refused += 1
                return
            } catch {
                finding("\(Machine.appID): restoring threw \(type(of: error)), not SnapshotMismatch: \(error) — \(String(decoding: data, as: UTF8.self))")
                return
            }
            tally.accepted += 1
            // A restored machine writes its navigation in one canonical form: inputs by field number, no empty
            // table of shown variants, call events re-encoded with sorted keys. Compared in that form.
            func canonical(_ snapshot: FlowSnapshot<Machine.State>) -> FlowSnapshot<Machine.State> {
                var copy = snapshot
                copy.navigation.callEvents = nil
                copy.navigation.inputs.sort { $0.field < $1.field }
                if copy.navigation.shownVariants?.isEmpty ?? false { copy.navigation.shownVariants = nil }
                return copy
            }
            let again = canonical(machine.snapshot())
            let read = canonical(snapshot)
            if again != read {
                finding("\(Machine.appID): an accepted snapshot does not come back as it was read — \(String(decoding: data, as: UTF8.self))")
            }
            for timer in snapshot.navigation.runningTimers { _ = timer.remainingMilliseconds(at: machine.now) }
            for index in 0..<5 {
                step(&machine)
                tally.drivenSteps += 1
                do {
                    _ = try Machine(restoring: machine.snapshot())
                } catch {
                    finding("\(Machine.appID): an accepted snapshot led in \(index + 1) steps to one restore refuses (\(error)) — \(String(decoding: data, as: UTF8.self))")
                    return
                }
            }
        }

        /// One round: a real run, then `tamperings` tampered copies of its snapshots.
        mutating func round(tamperings: Int) throws {
            let snapshots = try realRun(steps: Int.random(in: 1...25, using: &random))
            let encoded = try snapshots.map { try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode($0)) as? JSON) }
            let strings = Array(Set(Self.leaves(encoded).compactMap { $0.1 as? String })).sorted() + ["", "hacked", "done", "closed", "cancelled"]
            for _ in 0..<tamperings {
                guard let base = encoded.randomElement(using: &random), let other = encoded.randomElement(using: &random) else { return }
                var json = base
                for _ in 0..<Int.random(in: 1...3, using: &random) { json = tamper(json, other: other, strings: strings) }
                guard var data = try? JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]) else { continue }
                if Int.random(in: 0..<10, using: &random) == 0, !data.isEmpty {
                    data[Int.random(in: 0..<data.count, using: &random)] ^= UInt8.random(in: 1...255, using: &random)
                }
                check(data)
            }
        }
    }

    static let apps = DifferentialTests.apps()

    /// Random real runs of an app, each snapshot on the way restored.
    static func realRuns<Machine: FlowStateMachine & EngineHost>(_: Machine.Type, seed: UInt64, until deadline: Date?, rounds: Int) throws -> Tally {
        let app = try #require(apps.first { $0.id == Machine.appID })
        var fuzzer = Fuzzer<Machine>(app: app, seed: seed)
        var round = 0
        repeat {
            _ = try fuzzer.realRun(steps: Int.random(in: 1...60, using: &fuzzer.random))
            round += 1
        } while deadline.map({ Date() < $0 }) ?? (round < rounds)
        return fuzzer.tally
    }

    static func fuzz<Machine: FlowStateMachine & EngineHost>(_: Machine.Type, seed: UInt64, until deadline: Date?, rounds: Int) throws -> Tally {
        let app = try #require(apps.first { $0.id == Machine.appID })
        var fuzzer = Fuzzer<Machine>(app: app, seed: seed)
        var round = 0
        repeat {
            try fuzzer.round(tamperings: 12)
            round += 1
        } while deadline.map({ Date() < $0 }) ?? (round < rounds)
        return fuzzer.tally
    }

    @Test func tamperedSnapshotsAreRefusedOrRestoreIntoReachableMachines() throws {
        let environment = ProcessInfo.processInfo.environment
        let seconds = environment["SNAPSHOT_FUZZ_SECONDS"].flatMap(Double.init)
        let rounds = Int(environment["FUZZ_ITERATIONS"] ?? "") ?? 40
        let seed = UInt64(environment["SNAPSHOT_FUZZ_SEED"] ?? "") ?? 26
        // In a long run the small app gets 30% of the time, the semantics fixture 35%, Rail's tampered snapshots 15%
        // (sub-flows called from a tab, left through the lock sheet) and the four apps' real runs 5% each (the apps
        // are compiled first, outside it).
        _ = Self.apps
        let started = Date()
        func until(_ share: Double) -> Date? { seconds.map { started.addingTimeInterval($0 * share) } }
        let small = try Self.fuzz(SmallMachine.self, seed: seed, until: until(0.3), rounds: rounds)
        let semantics = try Self.fuzz(SemanticsMachine.self, seed: seed &+ 1, until: until(0.65), rounds: rounds)
        let appRounds = max(1, rounds / 4)
        let railTampered = try Self.fuzz(RailMachine.self, seed: seed &+ 6, until: until(0.8), rounds: appRounds)
        let tempo = try Self.realRuns(TempoMachine.self, seed: seed &+ 2, until: until(0.85), rounds: appRounds)
        let regent = try Self.realRuns(RegentMachine.self, seed: seed &+ 3, until: until(0.9), rounds: appRounds)
        let yole = try Self.realRuns(YOLEMachine.self, seed: seed &+ 4, until: until(0.95), rounds: appRounds)
        let rail = try Self.realRuns(RailMachine.self, seed: seed &+ 5, until: until(1), rounds: appRounds)
        let apps = [("tempo", tempo), ("regent", regent), ("yole", yole), ("rail", rail)]
        let appSummary = apps.map { "\($0.0): \($0.1.realSnapshots) snapshots of real runs restored (\($0.1.steps) steps), \($0.1.findings.count) findings" }
        let summary = "snapshot fuzz, seed \(seed), \(Int(Date().timeIntervalSince(started))) s: small: \(small); semantics: \(semantics); rail tampered: \(railTampered); "
            + appSummary.joined(separator: "; ")
        print(summary)
        if let path = environment["SNAPSHOT_FUZZ_REPORT"] {
            let findings = small.findings + semantics.findings + railTampered.findings + apps.flatMap(\.1.findings)
            try? (summary + "\n" + findings.prefix(50).joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
        }
        #expect(small.inputs > 0 && semantics.inputs > 0 && railTampered.inputs > 0)
        #expect(apps.allSatisfy { $0.1.realSnapshots > 0 })
        #expect(small.refused > 0 && semantics.refused > 0, "the tamperings reach the checks")
    }
}
