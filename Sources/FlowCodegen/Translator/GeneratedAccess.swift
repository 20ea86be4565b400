extension GeneratorOptions {
    /// The access level of the host-facing API (`accessModifier` in flowc-config.yaml).
    var publicAccess: SwiftAccess {
        switch accessModifier {
        case .public: .public
        case .package: .package
        case .internal: .internal
        }
    }

    /// Readable by the host, written only by the module.
    var readOnlyAccess: SwiftAccess {
        switch accessModifier {
        case .public: .publicReadOnly
        case .package: .packageReadOnly
        case .internal: .internal
        }
    }
}

/// What FlowMachine's engine calls: public to it, hidden from the host app (`@_spi(Generated)`).
let generatedSPI = ["@_spi(Generated)"]
