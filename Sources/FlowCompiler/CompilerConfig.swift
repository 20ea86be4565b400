import FlowCodegen
import FlowSyntax

/// What to compile and where the outputs go.
public struct CompilerConfig: Sendable {
    /// Files or folders to read; folders are searched for `.flow.yaml` files.
    public var inputs: [String]
    /// The folder generated files are written to, relative to the working directory.
    public var outputDirectory: String
    public var limits: YAMLLimits
    /// Whether to render the generated files; `flowc check` only needs the diagnostics.
    public var generatesOutputs: Bool
    /// Whether `inventory.json` is among the generated files (`flowc generate-swift` writes only Swift).
    public var writesInventory = true
    /// The folder, under the output folder, that holds one `<App>Flow` module per app.
    public var swiftFolder = "Sources"
    /// How the generated Swift is shaped: access level, type prefix, table style (`flowc-config.yaml`).
    public var generatorOptions = GeneratorOptions()
    /// Forces a table style on the generated Swift (nil: by the app's size).
    public var tableStyle: TableStyle? {
        get { generatorOptions.tableStyle }
        set { generatorOptions.tableStyle = newValue }
    }
    /// Whether to run every scenario and render the acceptance and coverage reports (`flowc build`, `flowc test`).
    /// They run only when the flows have no errors.
    public var runsScenarios = false
    /// Whether to lower the checked apps when nothing is generated or run, for a stage that takes them lowered
    /// (`flowc explore`, `flowc mutate`); they are lowered only when the flows have no errors.
    public var lowersApps = false
    /// The apps whose scenarios run, by id (nil: all).
    public var scenarioApps: [String]? = nil
    /// Earlier complete `flowc mutate` results, whose scores the reports show while the flows are unchanged.
    public var storedMutation = StoredMutationResults()
    /// String Catalogs of the output folder edited since flowc wrote them, whose translations the flows must say.
    public var storedCatalogs = StoredStringCatalogs()
    /// The folder `inputs` are named from when it is not the current folder (nil): flows read from elsewhere
    /// (`--flows /ci/checkout/flows` is input `flows` from root `/ci/checkout`) are named the same in every
    /// output wherever they sit, so reports hold no machine's paths.
    public var sourceRoot: String? = nil

    /// The embedded default: `flows/` in, `generated/` out.
    public init(inputs: [String] = ["flows"], outputDirectory: String = "generated", limits: YAMLLimits = .default,
                generatesOutputs: Bool = true) {
        self.inputs = inputs
        self.outputDirectory = outputDirectory
        self.limits = limits
        self.generatesOutputs = generatesOutputs
    }
}

extension CompilerConfig {
    /// `flowc build`: every output, the scenarios run and the reports written beside the generated files.
    public static func build(inputs: [String], outputDirectory: String) -> CompilerConfig {
        var config = CompilerConfig(inputs: inputs, outputDirectory: outputDirectory)
        config.runsScenarios = true
        return config
    }
}
