/// The flows' logic compiled without optimisation, for `optimization: buildTime` (the default).
///
/// Most of an app's `-O -wmo` build of its generated module is the optimiser working through code whose speed an
/// app never notices: the action lists, guards and validators the engine runs once per tap or service answer, the
/// texts, rows and derived values a screen reads, and the events', calls' and outcomes' per-case
/// code (a `switch` over every case). `@_optimize(none)` on those functions and getters tells swiftc to compile them as
/// a debug build would, while the engine (FlowMachine, compiled once with the library) and everything else in the app
/// stay optimised. Tempo's module builds in 0.6–0.7 of the CPU time (Benchmarks/README.md, session 14); a step costs
/// about the same, a read of a screen's texts or a restart up to 1.35× (docs/generated-code.md says how much and how
/// to turn it off).
extension SwiftFileDescription {
    /// The file with `@_optimize(none)` on every function, initializer and multi-statement getter that has a body,
    /// except the declarations marked `staysOptimized`.
    func compiledForBuildTime() -> SwiftFileDescription {
        var file = self
        file.declarations = declarations.map { $0.compiledForBuildTime() }
        return file
    }
}

extension SwiftDeclaration {
    static let unoptimized = "@_optimize(none)"

    /// The declaration marked to stay optimised: an accessor the engine calls on every step, whose unoptimised code
    /// would cost each step more than it saves the build (Tempo's `TempoEvent.number`: 410 instructions per event
    /// optimised, 4,600 not).
    func keptOptimized() -> SwiftDeclaration {
        var declaration = self
        declaration.staysOptimized = true
        return declaration
    }

    func compiledForBuildTime() -> SwiftDeclaration {
        guard !staysOptimized else { return self }
        var declaration = self
        switch kind {
        case .struct(let name, let conformances, let members):
            declaration.kind = .struct(name: name, conformances: conformances, members: members.map { $0.compiledForBuildTime() })
        case .enum(let name, let conformances, let cases, let members):
            declaration.kind = .enum(name: name, conformances: conformances, cases: cases, members: members.map { $0.compiledForBuildTime() })
        case .extension(let name, let conformances, let members):
            declaration.kind = .extension(name: name, conformances: conformances, members: members.map { $0.compiledForBuildTime() })
        case .function, .initializer:
            declaration.attributes.append(Self.unoptimized)
        case .variable(_, _, _, _, _, let getter?):
            // A one-expression getter (`var isTimer: Bool { ... }` forwarding to another member) costs the optimiser
            // nothing worth the longer text; a `switch` over the cases does.
            if getter.count != 1 || !getter[0].isReturn { declaration.getterAttributes.append(Self.unoptimized) }
        case .variable, .typealias, .protocol, .requirement, .verbatim:
            break
        }
        return declaration
    }
}

extension SwiftStatement {
    fileprivate var isReturn: Bool {
        if case .return = self { return true }
        return false
    }
}
