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
    /// Whether the generated files include the String Catalogs (`<App>.xcstrings`) and their fingerprints: the
    /// one switch for writing them and for reading an edited catalog back first (`compile`).
    public var writesStringCatalogs: Bool { generatesOutputs && writesInventory }
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
    /// String Catalogs of the output folder edited since flowc wrote them, whose translations the flows must say
    /// (an input, like `storedMutation`: `readingEditedCatalogs` fills it for a command that writes catalogs).
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
    /// The config with the output folder's edited String Catalogs read in when it writes catalogs: every command
    /// that writes outputs passes its config through here, so none overwrites a translator's catalog unread, and
    /// `compile` compares them with the flows the one way (`reportEditedCatalogs`).
    public func readingEditedCatalogs(fileSystem: any FileSystem = DiskFileSystem()) -> CompilerConfig {
        var config = self
        if writesStringCatalogs { config.storedCatalogs = .read(from: outputDirectory, fileSystem: fileSystem) }
        return config
    }

    /// `flowc build`: every output, the scenarios run and the reports written beside the generated files.
    public static func build(inputs: [String], outputDirectory: String) -> CompilerConfig {
        var config = CompilerConfig(inputs: inputs, outputDirectory: outputDirectory)
        config.runsScenarios = true
        return config
    }
}
