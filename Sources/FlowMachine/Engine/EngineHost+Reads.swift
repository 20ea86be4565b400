extension EngineHost {
    /// The first read of the current screen that throws, in words: `variant` and `texts` compute the screen's variant
    /// and texts; nil when both compute.
    @inlinable public func engineReadFailure(variant: () throws -> Void, texts: () throws -> Void) -> String? {
        do { try variant() } catch { return "the variant of '\(engineScreenID)' cannot be computed: \(error)" }
        do { try texts() } catch { return "the texts of '\(engineScreenID)' cannot be computed: \(error)" }
        return nil
    }
}
