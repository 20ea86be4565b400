import FlowIR

/// Translates and renders every app's Swift module: the generation step of `compile`.
///
/// - Parameter folder: The folder, under the output folder, that holds one `<App>Flow` folder per app.
/// - Returns: (path relative to the output folder, file text) pairs, sorted by path.
/// - Parameter tableStyle: Forces a table style (tests use it to run the large-app shape on a small app).
public func renderSwiftSources(_ program: FlowProgram, folder: String = "Sources", tableStyle: TableStyle? = nil) -> [(path: String, text: String)] {
    let renderer = TextRenderer()
    var files: [(path: String, text: String)] = []
    for app in program.apps {
        for file in translateApp(app, folder: folder, tableStyle: tableStyle) {
            files.append((file.path, renderer.render(file)))
        }
    }
    return files.sorted { $0.path < $1.path }
}

/// The Swift module flowc generates for `app` (`TempoFlow`), named after the app's name.
public func generatedModuleName(for app: App) -> String { AppNames.module(for: app) }

