import FlowCompiler
import FlowIR
import FlowMutation
import FlowRuntime
import FlowSource
import FlowTestSupport
import Foundation
import Testing

/// `Tests/Fixtures/mutation/expression-app/`: the expression-level operators plant mutants where a reviewer expects
/// them — the `>=` of the balance check and the condition beside it, each argument of the money-moving call, the
/// rounding, the enum, the list, the push, the analytics property, the variant, the derived value, `persist:`.
@Suite struct ExpressionMutantTests {
    static func app() throws -> App {
        let compilation = compileCleanly(CompilerConfig(inputs: ["mutation/expression-app"], generatesOutputs: false),
                                         fileSystem: FixtureFileSystem(base: fixturesDirectory()))
        return try #require(compilation.program.apps.first)
    }

    static func keys() throws -> [String: MutationOperator] {
        let app = try Self.app()
        var keys: [String: MutationOperator] = [:]
        for mutant in enumerateMutants(of: app) { keys[mutant.key(in: app)] = mutant.operator }
        return keys
    }

    @Test(arguments: [
        // The balance check: its boundary, its negation, its sum, the sub-condition beside it and the `&&`.
        ("PAY-001 confirm: if: balance >= amount + fee → balance > amount + fee", MutationOperator.relationalBoundary),
        ("PAY-001 confirm: if: balance >= amount + fee → balance < amount + fee", .conditionNegated),
        ("PAY-001 confirm: if: amount + fee → amount - fee", .arithmeticReplaced),
        ("PAY-001 confirm: if: !frozen → frozen", .conditionNegated),
        ("PAY-001 confirm: if: balance >= amount + fee && !frozen → balance >= amount + fee || !frozen", .logicalReplaced),
        // Each argument of the money-moving call.
        ("PAY-001 confirm: call payments.transfer amount → balance", .argumentReplaced),
        ("PAY-001 confirm: call payments.transfer fee → balance", .argumentReplaced),
        ("PAY-001 confirm: call payments.transfer speed → Speed.standard", .argumentReplaced),
        ("PAY-001 confirm: call payments.transfer: drop effective", .argumentDropped),
        ("PAY-001 confirm: call payments.transfer: amount ↔ fee", .argumentSwapped),
        // The new balance, the enum, the list, the effects.
        ("PAY-001 confirm: set balance: balance - amount - fee → balance - amount + fee", .arithmeticReplaced),
        ("PAY-001 confirm: set speed: Speed.instant → Speed.standard", .enumSwapped),
        ("PAY-001 confirm: set fee_rates: [1.0, 2.0] → reversed", .listReversed),
        ("PAY-001 confirm: analytics transfer_sent: drop amount", .propertyDropped),
        ("PAY-001 confirm: push \"Money sent\" → \"Money sent (changed)\"", .effectText),
        // The variant, the derived fee and its rounding, what survives a restart.
        ("PAY-001: variant short when: balance < amount + fee → balance <= amount + fee", .relationalBoundary),
        ("app: derived fee: round(amount * 0.015, 2, 'half_even') → mode 'half_up'", .rounding),
        ("app: derived fee: 2 → 3", .constant),
        ("app: derived fee: 0.015 → 0.03", .constant),
        ("app: state balance: persist: true → dropped", .persistDropped),
    ])
    func plantsTheExpectedMutant(key: String, op: MutationOperator) throws {
        let keys = try Self.keys()
        #expect(keys[key] == op, "no \(op.rawValue) mutant '\(key)'; planted: \(keys.keys.sorted().filter { $0.hasPrefix(String(key.prefix(20))) })")
    }

    /// Equivalent by construction, so not planted: negating `frozen` under its own `!` (the same as removing the `!`), a
    /// constant's variants that coincide, an `effective` argument replaced when no other date is in scope.
    @Test func equivalentChangesAreNotPlanted() throws {
        let keys = try Self.keys()
        #expect(keys["PAY-001 confirm: if: frozen → !frozen"] == nil)
        #expect(keys.keys.filter { $0.hasPrefix("PAY-001 confirm: set fee_rates: 1.0 → ") }.sorted()
                == ["PAY-001 confirm: set fee_rates: 1.0 → 0", "PAY-001 confirm: set fee_rates: 1.0 → 2"])
        #expect(!keys.keys.contains { $0.hasPrefix("PAY-001 confirm: call payments.transfer effective → ") })
        #expect(Set(keys.keys).count == enumerateMutants(of: try Self.app()).count, "two mutants share a key")
    }

    /// The scenario checks the new balance, so the sign of the fee in it is caught, while nothing checks the call's
    /// arguments: those survive, which is what the operators are for.
    @Test func theScenarioCatchesTheBalanceButNotTheArguments() throws {
        let app = try Self.app()
        let run = runMutation(of: app)
        let byKey = Dictionary(run.results.map { ($0.mutant.key(in: app), $0.killed) }, uniquingKeysWith: { first, _ in first })
        #expect(byKey["PAY-001 confirm: set balance: balance - amount - fee → balance - amount + fee"] == true)
        #expect(byKey["PAY-001 confirm: call payments.transfer: amount ↔ fee"] == false)
        #expect(byKey["app: derived fee: 0.015 → 0.03"] == true)
    }

    /// Mutants run on several cores give the results of one, in the same order.
    @Test func parallelRunsGiveTheSameResults() throws {
        let app = try Self.app()
        let one = runMutation(of: app, workers: 1)
        let two = runMutation(of: app, workers: 3)
        #expect(one.results.map(\.mutant.number) == two.results.map(\.mutant.number))
        #expect(one.results.map { $0.failures.map(\.scenario) } == two.results.map { $0.failures.map(\.scenario) })
    }
}
