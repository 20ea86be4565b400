import FlowIR
import FlowLowering

/// Translates and renders every lowered app's Swift module: the generation step of `compile`.
///
/// - Parameter apps: The apps as FlowCompiler's `lowerApps` stage lowered them (once, for both back ends).
/// - Parameter folder: The folder, under the output folder, that holds one `<App>Flow` folder per app.
/// - Parameter options: Access level, type prefix and table style (`flowc-config.yaml`; tests force a table style
///   to run the large-app shape on a small app).
/// - Returns: (path relative to the output folder, file text) pairs, sorted by path.
public func renderSwiftSources(_ apps: [LoweredApp], folder: String = "Sources", options: GeneratorOptions = GeneratorOptions()) -> [(path: String, text: String)] {
    let renderer = TextRenderer()
    var files: [(path: String, text: String)] = []
    for app in apps {
        for file in translateApp(app, folder: folder, options: options) {
            files.append((file.path, renderer.render(file)))
        }
    }
    return files.sorted { $0.path < $1.path }
}

/// The Swift module flowc generates for `app` (`TempoFlow`), named after the app's name.
public func generatedModuleName(for app: App) -> String { AppNames.module(for: app) }
