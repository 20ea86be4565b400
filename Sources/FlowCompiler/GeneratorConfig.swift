import FlowCodegen
import FlowSource
import FlowSyntax

/// The file the build plugin looks for beside a target's flows, as swift-openapi-generator's plugin
/// reads `openapi-generator-config.yaml`.
public let generatorConfigFileName = "flowc-config.yaml"

/// Reads a `flowc-config.yaml`: how the generated Swift is shaped.
///
/// ```yaml
/// accessModifier: internal   # public (default), package or internal
/// typePrefix: Cards          # CardsMachine, CardsScreen...; default: the app's name
/// tableStyle: automatic      # automatic (default), literals or encoded
/// optimization: buildTime    # buildTime (default: the flows' logic unoptimised, `@_optimize(none)`) or runtime
/// ```
///
/// Every setting is optional; an empty file means the defaults. An unknown key or a value that is not
/// allowed is an error with its position (`unknown-key`, `invalid-value`), as in flow files.
/// - Returns: The options, or nil when the file has errors (each one reported to `diagnostics`).
public func loadGeneratorConfig(_ file: SourceFile, diagnostics: some DiagnosticCollector) -> GeneratorOptions? {
    let errors = DiagnosticBag()
    defer { for diagnostic in errors.diagnostics { diagnostics.emit(diagnostic) } }
    guard let root = loadYAML(file, diagnostics: errors) else { return errors.hasErrors ? nil : GeneratorOptions() }
    if root.isNull { return GeneratorOptions() }
    guard case .mapping(let pairs) = root.content else {
        errors.error("invalid-value", "\(generatorConfigFileName) must be a mapping of settings (\(GeneratorConfigKey.allCases.map(\.rawValue).joined(separator: ", "))), not \(root.kindDescription)",
                     at: root.range)
        return nil
    }
    var options = GeneratorOptions()
    // A key set twice is reported by the YAML loader (`duplicate-key`), which keeps the first.
    for pair in pairs {
        let name = pair.key.scalar ?? ""
        guard let key = GeneratorConfigKey(rawValue: name) else {
            let known = GeneratorConfigKey.allCases.map(\.rawValue)
            errors.error("unknown-key", "unknown key '\(name)' in \(generatorConfigFileName); the settings are \(known.joined(separator: ", "))", at: pair.key.range,
                         notes: closestMatch(to: name, among: known).map { [.init("did you mean '\($0)'?")] } ?? [])
            continue
        }
        guard let value = pair.value.scalar, !pair.value.isNull else {
            errors.error("invalid-value", "\(name) must be one of: \(key.allowed), not \(pair.value.kindDescription)", at: pair.value.range)
            continue
        }
        switch key {
        case .accessModifier:
            guard let modifier = GeneratorOptions.AccessModifier(rawValue: value) else {
                invalid(key, value, among: GeneratorOptions.AccessModifier.allCases.map(\.rawValue), at: pair.value.range, into: errors)
                continue
            }
            options.accessModifier = modifier
        case .tableStyle:
            if value == "automatic" { options.tableStyle = nil; continue }
            guard let style = TableStyle(rawValue: value) else {
                invalid(key, value, among: ["automatic"] + TableStyle.allCases.map(\.rawValue), at: pair.value.range, into: errors)
                continue
            }
            options.tableStyle = style
        case .optimization:
            guard let optimization = GeneratorOptions.Optimization(rawValue: value) else {
                invalid(key, value, among: GeneratorOptions.Optimization.allCases.map(\.rawValue), at: pair.value.range, into: errors)
                continue
            }
            options.optimization = optimization
        case .typePrefix:
            guard isTypePrefix(value) else {
                errors.error("invalid-value", "typePrefix '\(value)' is not a Swift type name: start with an uppercase letter, then letters and digits (\(key.allowed))",
                             at: pair.value.range)
                continue
            }
            let clashes = platformTypeClashes(forPrefix: value)
            guard clashes.isEmpty else {
                let named = clashes.map { "'\($0.type)' (\($0.framework))" }.joined(separator: ", ")
                errors.error("invalid-value", "typePrefix '\(value)' names generated types as the frameworks an app imports do: \(named); an app importing both could not name them",
                             at: pair.value.range)
                continue
            }
            options.typePrefix = value
        }
    }
    return errors.hasErrors ? nil : options
}

/// The settings of `flowc-config.yaml`.
enum GeneratorConfigKey: String, CaseIterable {
    case accessModifier, optimization, tableStyle, typePrefix

    /// The values allowed, as messages list them.
    var allowed: String {
        switch self {
        case .accessModifier: GeneratorOptions.AccessModifier.allCases.map(\.rawValue).joined(separator: ", ")
        case .optimization: GeneratorOptions.Optimization.allCases.map(\.rawValue).joined(separator: ", ")
        case .tableStyle: (["automatic"] + TableStyle.allCases.map(\.rawValue)).joined(separator: ", ")
        case .typePrefix: "for example 'Cards'"
        }
    }
}

private func invalid(_ key: GeneratorConfigKey, _ value: String, among allowed: [String], at range: SourceRange, into errors: DiagnosticBag) {
    errors.error("invalid-value", "\(key.rawValue) '\(value)' is not one of: \(allowed.joined(separator: ", "))", at: range,
                 notes: closestMatch(to: value, among: allowed).map { [.init("did you mean '\($0)'?")] } ?? [])
}

private func isTypePrefix(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first, ("A"..."Z").contains(first) else { return false }
    return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
}
