/// How generated Swift is shaped, as `flowc-config.yaml` sets it (the plugin and `flowc generate-swift --config`).
public struct GeneratorOptions: Sendable, Equatable {
    /// The access level of the generated API: `public` for a module other modules import, `package` or
    /// `internal` when the machine stays inside one package or target.
    public enum AccessModifier: String, Sendable, CaseIterable {
        case `public`, `package`, `internal`
    }

    public var accessModifier: AccessModifier
    /// The prefix of every generated type (`Tempo` gives `TempoMachine`, `TempoScreen`...); nil: the app's name.
    public var typePrefix: String?
    /// The table style; nil: by the app's size.
    public var tableStyle: TableStyle?

    public init(accessModifier: AccessModifier = .public, typePrefix: String? = nil, tableStyle: TableStyle? = nil) {
        self.accessModifier = accessModifier; self.typePrefix = typePrefix; self.tableStyle = tableStyle
    }
}
