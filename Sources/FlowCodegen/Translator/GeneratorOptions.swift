/// How generated Swift is shaped, as `flowc-config.yaml` sets it (the plugin and `flowc generate-swift --config`).
public struct GeneratorOptions: Sendable, Equatable {
    /// The access level of the generated API: `public` for a module other modules import, `package` or
    /// `internal` when the machine stays inside one package or target.
    public enum AccessModifier: String, Sendable, CaseIterable {
        case `public`, `package`, `internal`
    }

    /// What a release build of the generated module is optimised for.
    public enum Optimization: String, Sendable, CaseIterable {
        /// The flows' logic (action lists, guards, validators, derived values, texts, the events' per-case code...) is
        /// compiled without optimisation (`@_optimize(none)`): an app's `-O` build of the module takes 0.6–0.8 of the
        /// time; a step costs about the same (the engine is optimised either way), reading texts or restarting up to
        /// 1.35× (microseconds, far below what taps and service answers ask of it).
        case buildTime
        /// Every function is optimised as the build asks: the fastest machine, the slowest release build.
        case runtime
    }

    public var accessModifier: AccessModifier
    /// The prefix of every generated type (`Tempo` gives `TempoMachine`, `TempoScreen`...); nil: the app's name.
    public var typePrefix: String?
    /// The table style; nil: by the app's size.
    public var tableStyle: TableStyle?
    /// Whether the flows' logic is compiled for a quick build or for speed (default: a quick build).
    public var optimization: Optimization

    public init(accessModifier: AccessModifier = .public, typePrefix: String? = nil, tableStyle: TableStyle? = nil, optimization: Optimization = .buildTime) {
        self.accessModifier = accessModifier; self.typePrefix = typePrefix; self.tableStyle = tableStyle; self.optimization = optimization
    }
}
