import FlowExpression
import FlowIR
import FlowSource
import FlowSyntax

extension AppChecker {
    /// Every component use on the app's screens, after `expandComponents`.
    var componentExpansions: [ComponentExpansion] {
        sources.files.flatMap { file in file.flows.flatMap { flow in flow.screens.flatMap(\.expansions) } }
    }

    /// Checks the arguments of parameters that have a type (`bank: Bank`) and says, on every problem inside a
    /// component or at an argument, where the other half is: the uses of the component, or its declaration.
    /// - Returns: `held`'s diagnostics with those notes; a problem the body reports again at an argument already
    ///   reported as of the wrong type is left out (one mistake, one diagnostic).
    func checkComponentArguments(_ held: DiagnosticBag) -> [Diagnostic] {
        let expansions = componentExpansions
        guard !expansions.isEmpty else { return held.diagnostics }
        let before = Set(held.diagnostics)
        for expansion in expansions {
            for argument in expansion.typedArguments {
                let type = resolveType(argument.type)
                guard type != .error else { continue }
                _ = check(argument.value, expected: type, in: domainEnvironment(),
                          role: "argument '\(argument.parameter.value)' of component '\(expansion.component)'")
            }
        }
        let all = held.diagnostics
        let wrongArguments = all.filter { !before.contains($0) && $0.severity == .error }.map(\.range)
        var seen = Set<Diagnostic>()
        return all.compactMap { diagnostic -> Diagnostic? in
            if before.contains(diagnostic), wrongArguments.contains(where: { $0.contains(diagnostic.range) }) { return nil }
            var noted = diagnostic
            noted.notes += componentNotes(for: diagnostic.range, expansions: expansions)
            if !before.contains(diagnostic), let expansion = expansions.first(where: { $0.typedArguments.contains { $0.value.range.contains(diagnostic.range) } }),
               let parameter = expansion.typedArguments.first(where: { $0.value.range.contains(diagnostic.range) })?.parameter {
                noted.notes = diagnostic.notes + [.init("parameter '\(parameter.value)' of component '\(expansion.component)' is declared here", at: parameter.range)]
            }
            return seen.insert(noted).inserted ? noted : nil
        }
    }
}
